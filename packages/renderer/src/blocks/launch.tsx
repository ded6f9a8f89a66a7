import type { LocalText, ThemeBlock } from '@htv/shared/areas/themes/document';
import { textIn } from '../model';
import type { BlockRendererProps } from '../registry';

type AppBlock = ThemeBlock & { packageName: string; title: LocalText; iconMaterialId?: number };
type WebBlock = ThemeBlock & { url: string };
type SlotBlock = ThemeBlock & { title?: LocalText };

const column = { width: '100%', height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8 } as const;

/** An app launcher: its icon and title; Enter opens the app unless the block has its own click event. */
export function AppBlockView({ block, context }: BlockRendererProps<AppBlock>) {
  const icon = block.iconMaterialId ? context.assets(block.iconMaterialId) : undefined;
  return (
    <div style={column} data-package={block.packageName}>
      {icon && <img src={icon.url} alt="" draggable={false} style={{ maxWidth: '60%', maxHeight: '60%', objectFit: 'contain' }} />}
      <span>{textIn(block.title, context.lang, context.fallbacks)}</span>
    </div>
  );
}

/** A web page in a sandboxed frame (no top navigation, no pop-ups); a still stage shows its address. */
export function WebBlockView({ block, context }: BlockRendererProps<WebBlock>) {
  if (!context.live) return <div style={{ ...column, background: 'rgba(255,255,255,.08)' }}>{block.url}</div>;
  return <iframe src={block.url} title={block.key} sandbox="allow-scripts allow-same-origin" referrerPolicy="no-referrer" style={{ border: 0, width: '100%', height: '100%' }} />;
}

/**
 * A slot of an area still to fill it (notices, subtitles, shop, VOD, introductions, music): its title
 * and the area's name, until an area registers the type (`defineArea`'s `slots`, docs/tv.md "Areas");
 * also what a registered area's slot shows while its code loads.
 */
export function SlotBlockView({ block, context }: BlockRendererProps<SlotBlock>) {
  return (
    <div style={{ ...column, background: 'rgba(0,0,0,.25)' }} data-slot={block.type}>
      <span>{textIn(block.title, context.lang, context.fallbacks) || block.type}</span>
    </div>
  );
}
