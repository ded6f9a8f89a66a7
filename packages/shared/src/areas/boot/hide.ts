import type { ThemeAction, ThemeBlock } from '../themes/document.js';
import type { HideableModule } from './records.js';

/** Block types that are a module's own slot (or, for app launchers, its entrance). */
const MODULE_OF_TYPE: Readonly<Record<string, HideableModule>> = { vod: 'vod', shop: 'shop', music: 'music', introduction: 'introduction', app: 'apps' };

const HIDEABLE: ReadonlySet<string> = new Set<HideableModule>(['vod', 'live', 'shop', 'apps', 'music', 'introduction', 'ai']);

/** TV areas whose key is not their module's: live TV is the `channels` area, the voice assistant the `ai` module. */
const MODULE_OF_AREA: Readonly<Record<string, HideableModule>> = { channels: 'live', voice: 'ai' };

/** The content module a TV area belongs to (hidden with it at boot), if any. */
export function moduleOfArea(area: string): HideableModule | undefined {
  return MODULE_OF_AREA[area] ?? (HIDEABLE.has(area) ? (area as HideableModule) : undefined);
}

/** The module an action opens: a content area's, or any app (the `apps` module). */
function moduleOfAction(action: ThemeAction | undefined): HideableModule | undefined {
  if (action?.action === 'openApp') return 'apps';
  if (action?.action === 'openArea') return moduleOfArea(action.area);
  return undefined;
}

/**
 * The content modules a theme block belongs to: its type's (a VOD, shop, music or introduction slot,
 * an app launcher) and those its click or focus event opens (docs/boot.md, "Content hiding at boot").
 */
export function blockModules(block: ThemeBlock): HideableModule[] {
  const found = [MODULE_OF_TYPE[block.type], moduleOfAction(block.clickEvent as ThemeAction | undefined), moduleOfAction(block.focusEvent as ThemeAction | undefined)];
  return [...new Set(found.filter((module): module is HideableModule => !!module))];
}

/**
 * What a TV leaves out of its theme for the boot part's hidden modules: a block of a hidden module is
 * neither drawn nor focusable. Undefined when nothing is hidden (the renderer then filters nothing).
 */
export function hiddenBlocks(hidden: readonly HideableModule[] | undefined): ((block: ThemeBlock) => boolean) | undefined {
  if (!hidden?.length) return undefined;
  const set = new Set(hidden);
  return (block) => blockModules(block).some((module) => set.has(module));
}
