import type { ThemePayload } from '@htv/shared/areas/themes/sends';

/**
 * What index.html's inline script started for a switched-on TV before its scripts arrived: the
 * configuration call with the stored token, and the version it showed read from its store (docs/tv.md,
 * "Switch-on"). Each is taken once, and only for what it was started for.
 */
interface Early {
  token: string;
  lang: string;
  config?: Promise<Response>;
  shownUrl?: string;
  shown?: Promise<({ data?: ThemePayload } & ThemePayload) | null>;
}

const early = (): Early | undefined => (globalThis as { htvEarly?: Early }).htvEarly;

/** The configuration answer already asked for with `token` in `lang`, once. */
export function takeEarlyConfig(token: string | undefined, lang: string): Promise<Response> | undefined {
  const started = early();
  if (!started?.config || started.token !== token || started.lang !== lang) return undefined;
  const config = started.config;
  started.config = undefined;
  return config;
}

/** The stored payload of version `url` already being read (null: the store does not hold it), once. */
export function takeEarlyShown(url: string): Early['shown'] | undefined {
  const started = early();
  if (!started?.shown || started.shownUrl !== url) return undefined;
  const shown = started.shown;
  started.shown = undefined;
  return shown;
}
