import type { LocalText, ThemeBlock } from '@htv/shared/areas/themes/document';
import { fillVariables, formatClock, textIn } from '../model';
import { useNow } from '../hooks';
import type { BlockRendererProps } from '../registry';

type TextBlock = ThemeBlock & { text: LocalText; scroll: boolean };
type ClockBlock = ThemeBlock & { format: string };
type WeatherBlock = ThemeBlock & { city?: string };

const centred = { width: '100%', height: '100%', display: 'flex', alignItems: 'center', padding: '0 12px', boxSizing: 'border-box' } as const;

/**
 * A text in the current language (with the theme's fallback) and the host's variables filled in; a
 * scrolling one runs across the block.
 */
export function TextBlockView({ block, context }: BlockRendererProps<TextBlock>) {
  const written = textIn(block.text, context.lang, context.fallbacks);
  const text = context.variables ? fillVariables(written, context.variables, context.lang) : written;
  if (block.scroll) {
    return (
      <div style={{ ...centred, whiteSpace: 'nowrap' }}>
        <span style={{ display: 'inline-block', animation: context.live ? 'htv-marquee 12s linear infinite' : undefined }}>{text}</span>
      </div>
    );
  }
  return <div style={{ ...centred, whiteSpace: 'pre-wrap', justifyContent: alignToFlex(block.align as string) }}>{text}</div>;
}

const alignToFlex = (align: string | undefined) => (align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'flex-start');

/** The TV's local time in the block's format. */
export function ClockBlockView({ block }: BlockRendererProps<ClockBlock>) {
  const now = useNow(block.format.includes('ss') ? 1000 : 10_000);
  return <div style={{ ...centred, justifyContent: alignToFlex(block.align as string), fontVariantNumeric: 'tabular-nums' }}>{formatClock(block.format, now)}</div>;
}

/** The city's weather as the host reports it; the city alone until it does. */
export function WeatherBlockView({ block, context }: BlockRendererProps<WeatherBlock>) {
  const weather = context.weather?.(block.city);
  return (
    <div style={{ ...centred, justifyContent: alignToFlex(block.align as string), gap: 12 }}>
      {block.city && <span>{block.city}</span>}
      <span>{weather ? `${weather.temperature} ${weather.text}` : '--'}</span>
    </div>
  );
}
