import { PUBLISH_RECEIPTS_PATH, type PublishedOnTv } from '@htv/shared/areas/publishing/device';
import { useCallback, useEffect, useState } from 'react';
import { useAreaReport } from '../host';

/** Ids this TV has reported delivered, per kind: each once per page load. */
const delivered = new Map<string, Set<number>>();

/**
 * Receipts of the items published to the room (docs/publishing.md): reports each item delivered once
 * it is here, and answers the items with their read state, `read(id)` marking one read at once on
 * screen and reporting it (the part says so for the room's other TVs after the server's push).
 */
export function usePublished<T extends PublishedOnTv>(kind: string, items: readonly T[]): { items: T[]; read: (id: number) => void } {
  const report = useAreaReport();
  const [readHere, setReadHere] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const seen = delivered.get(kind) ?? new Set<number>();
    delivered.set(kind, seen);
    const fresh = items.map((item) => item.id).filter((id) => !seen.has(id));
    if (!fresh.length) return;
    fresh.forEach((id) => seen.add(id));
    report(PUBLISH_RECEIPTS_PATH, { kind, ids: fresh.slice(0, 100), state: 'delivered' });
  }, [kind, items, report]);
  const read = useCallback(
    (id: number) => {
      setReadHere((current) => new Set([...current, id]));
      report(PUBLISH_RECEIPTS_PATH, { kind, ids: [id], state: 'read' });
    },
    [kind, report],
  );
  return { items: items.map((item) => (readHere.has(item.id) && !item.read ? { ...item, read: true } : item)), read };
}

/** A published time as the TV shows it: the day and the time, in the TV's zone. */
export function shownTime(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
