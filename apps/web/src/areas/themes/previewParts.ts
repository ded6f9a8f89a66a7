import { useQuery } from '@tanstack/react-query';
import type { LoginInfo } from '../../auth/access';
import { useSession } from '../../auth/session';

type PartSource = (user: LoginInfo) => Promise<unknown>;
const sources = new Map<string, PartSource>();

/**
 * What a theme preview gives the TV areas' pages in place of a TV's configuration part of that name
 * (docs/tv.md, "Areas"): an area's web module adds how the console builds it from what the user sees.
 */
export function addPreviewPart(name: string, source: PartSource): void {
  sources.set(name, source);
}

/** The preview's configuration parts, fetched once per preview; a part its user may not read is left out. */
export function usePreviewParts(): Record<string, unknown> {
  const user = useSession();
  const parts = useQuery({
    queryKey: ['themes', 'preview-parts', user.id],
    queryFn: async () => Object.fromEntries(await Promise.all([...sources].map(async ([name, source]) => [name, await source(user).catch(() => undefined)] as const))),
  });
  return parts.data ?? {};
}
