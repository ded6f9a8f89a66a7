import type { Ok } from '@htv/shared';

/** The success envelope. */
export const ok = <T>(data: T): Ok<T> => ({ code: '0', data });
