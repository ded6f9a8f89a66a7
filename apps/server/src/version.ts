import { readFileSync } from 'node:fs';

/** The product version from the root package.json (found from sources and from the bundle alike). */
export const VERSION: string = (() => {
  for (const candidate of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'hotel-tv-console' && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
})();
