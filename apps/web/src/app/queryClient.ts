import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, showApiError } from '../api/client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The caller handles failures itself (no toast). */
      silent?: boolean;
    };
    mutationMeta: {
      /** The mutation's own onError shows the failure (e.g. on form fields). */
      handlesErrors?: boolean;
    };
  }
}

/** Retry only what may pass a second time: network failures and 5xx, once. */
function retry(failureCount: number, error: unknown) {
  if (failureCount >= 1) return false;
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) showApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 10_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
