import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Lazily loaded screens give up after 120 s (spec §7, §9). */
export const LAZY_TIMEOUT_MS = 120_000;

/**
 * A page's code that could not be loaded: the file is missing (a deploy replaced the hashed files),
 * the network failed, or it took longer than LAZY_TIMEOUT_MS. Error boundaries show a page that
 * offers a reload (spec §8).
 */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_MESSAGES = [/dynamically imported module/i, /importing a module script failed/i, /failed to fetch/i, /loading (css )?chunk/i, /unable to preload/i];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Rejects with a ChunkLoadError when the import fails or does not settle within `ms`. */
export function withTimeout<T>(load: Promise<T>, ms = LAZY_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`page load timed out after ${ms / 1000} s`)), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error && error.name === 'ChunkLoadError' ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}

/** React.lazy with the timeout and the ChunkLoadError of the spec. */
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => withTimeout(load()));
}
