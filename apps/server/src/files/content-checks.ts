import type { FileType, UploadRuleName } from '@htv/shared';
import type { Storage } from './storage.js';

/** A file stored under an upload rule, before its row is recorded. */
export interface StoredUpload {
  key: string;
  /** The client's file name, cleaned (`cleanFileName`). */
  name: string;
  type: FileType;
  size: number;
  width: number | null;
  height: number | null;
}

/**
 * A deeper check of a rule's content than magic bytes and the header's pixel size (decoding the
 * pixels, reading a video's resolution from its stream, an archive's frames): it reads the stored
 * bytes and throws an `UploadRejected` (or `UploadFindings`) to refuse the file, whose bytes are then
 * removed. It may answer facts the header did not give (a video's picture size) to record with the file.
 */
export type ContentCheck = (upload: StoredUpload, storage: Storage) => Promise<{ width?: number | null; height?: number | null } | void>;

const checks = new Map<string, ContentCheck>();

/** Registers the content check of an upload rule (one per rule; areas add theirs from their module). */
export function addContentCheck(rule: UploadRuleName, check: ContentCheck): void {
  if (checks.has(rule)) throw new Error(`content check of ${rule} is already registered`);
  checks.set(rule, check);
}

export function contentCheckOf(rule: string): ContentCheck | undefined {
  return checks.get(rule);
}
