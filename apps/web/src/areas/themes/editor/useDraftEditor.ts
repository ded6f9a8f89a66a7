import type { ThemeDocument } from '@htv/shared/areas/themes/index';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, showApiError } from '../../../api/client';
import { themeApi } from '../api';

/** Saved, a save under way, changes waiting for the pause, or stopped by someone else's save. */
export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'stale';

/** Pause after the last change before the draft saves itself. */
export const AUTOSAVE_MS = 2000;
/** How often a save put off by a held button looks again. */
const HELD_RECHECK_MS = 250;
const HISTORY_LIMIT = 200;
/** Changes of the same kind this close together undo as one (typing in a property, nudging). */
const MERGE_MS = 800;

export type Problems = Record<string, string[]>;

/** Whether a pointer button is down anywhere on the page (a drag, a resize, a box selection). */
let held = false;
const pointerHeld = () => held;
if (typeof addEventListener === 'function') {
  addEventListener('pointerdown', () => void (held = true), true);
  for (const type of ['pointerup', 'pointercancel']) addEventListener(type, () => void (held = false), true);
}

export const problemsOf = (error: unknown): Problems | undefined =>
  error instanceof ApiError && error.status === 422 ? Object.fromEntries(Object.entries(error.errors ?? {}).map(([path, list]) => [path, Array.isArray(list) ? list : [list]])) : undefined;

/**
 * A theme draft being edited: the document with undo and redo, saved by itself a moment after the
 * last change (the whole document with its revision). A save refused as stale (another editor saved
 * since) stops saving and keeps the local document until the user reloads: nothing is overwritten
 * silently on either side.
 */
export function useDraftEditor(id: number, loaded: { document: ThemeDocument; draftRevision: number } | undefined) {
  const [doc, setDocState] = useState<ThemeDocument | null>(null);
  const [revision, setRevision] = useState(0);
  const [past, setPast] = useState<ThemeDocument[]>([]);
  const [future, setFuture] = useState<ThemeDocument[]>([]);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [stale, setStale] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const saved = useRef<ThemeDocument | null>(null);
  const saving = useRef<Promise<boolean> | null>(null);
  const lastMerge = useRef<{ key: string; at: number } | null>(null);
  const current = useRef({ doc, revision, stale });
  current.current = { doc, revision, stale };

  const reset = useCallback((document: ThemeDocument, draftRevision: number) => {
    saved.current = document;
    setDocState(document);
    setRevision(draftRevision);
    setPast([]);
    setFuture([]);
    setStale(null);
    setProblems({});
    setStatus('saved');
  }, []);

  useEffect(() => {
    if (loaded && current.current.doc === null) reset(loaded.document, loaded.draftRevision);
  }, [loaded, reset]);

  /** Applies a change to a copy of the document; `merge` names changes that undo together. */
  const change = useCallback((mutate: (draft: ThemeDocument) => void, merge?: string) => {
    const before = current.current.doc;
    if (!before) return;
    const next = structuredClone(before);
    mutate(next);
    const now = Date.now();
    const merging = merge !== undefined && lastMerge.current?.key === merge && now - lastMerge.current.at < MERGE_MS;
    lastMerge.current = merge !== undefined ? { key: merge, at: now } : null;
    if (!merging) setPast((p) => [...p.slice(-HISTORY_LIMIT + 1), before]);
    setFuture([]);
    current.current = { ...current.current, doc: next };
    setDocState(next);
  }, []);

  const undo = useCallback(() => {
    const now = current.current.doc;
    const previous = past.at(-1);
    if (!now || !previous) return;
    lastMerge.current = null;
    setPast(past.slice(0, -1));
    setFuture((f) => [now, ...f]);
    setDocState(previous);
  }, [past]);

  const redo = useCallback(() => {
    const now = current.current.doc;
    const next = future[0];
    if (!now || !next) return;
    lastMerge.current = null;
    setFuture(future.slice(1));
    setPast((p) => [...p, now]);
    setDocState(next);
  }, [future]);

  /** Saves the document as it is now; resolves whether the server has it. */
  const save = useCallback(async (): Promise<boolean> => {
    // One save at a time, in order: two callers woken by the same save would both send its revision.
    while (saving.current) await saving.current;
    const { doc: sent, revision: base, stale: refused } = current.current;
    if (!sent || refused) return false;
    if (sent === saved.current) return true;
    setStatus('saving');
    const run = (async () => {
      try {
        const answer = await themeApi.saveDraft(id, base, sent);
        saved.current = sent;
        current.current = { ...current.current, revision: answer.draftRevision };
        setRevision(answer.draftRevision);
        setProblems({});
        setStatus(current.current.doc === sent ? 'saved' : 'unsaved');
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && error.errkey === 'theme.staleDraft') {
          current.current = { ...current.current, stale: error.message };
          setStale(error.message);
          setStatus('stale');
          return false;
        }
        const found = problemsOf(error);
        if (found) setProblems(found);
        else showApiError(error);
        setStatus('unsaved');
        return false;
      }
    })();
    saving.current = run;
    try {
      return await run;
    } finally {
      if (saving.current === run) saving.current = null;
    }
  }, [id]);

  // Saves a moment after the last change, not while a button is held (a save re-renders the page, which
  // would cost a drag its frames); a refused save (422) waits for the next change.
  useEffect(() => {
    if (!doc || doc === saved.current || stale) return;
    setStatus((s) => (s === 'saving' ? s : 'unsaved'));
    let timer: ReturnType<typeof setTimeout>;
    const due = () => {
      if (pointerHeld()) timer = setTimeout(due, HELD_RECHECK_MS);
      else void save();
    };
    timer = setTimeout(due, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [doc, stale, save]);

  return { doc, revision, status, stale, problems, setProblems, change, undo, redo, canUndo: past.length > 0, canRedo: future.length > 0, save, reset };
}
