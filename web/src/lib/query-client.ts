import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api'
import { showSnackbar } from './snackbar'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean }
    mutationMeta: { silent?: boolean }
  }
}

/**
 * Errors the page does not show itself go to the snackbar. A 401 is the session flow's
 * business (refresh, or off to /login); a 422 with field messages is shown under the
 * fields by the form that sent it.
 */
function report(error: Error, silent: boolean | undefined, fromForm: boolean): void {
  if (silent) return
  if (error instanceof ApiError) {
    if (error.status === 401) return
    if (fromForm && error.isValidation) return
  }
  showSnackbar(error.message)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Retries happen once, in lib/api (safe reads only); the cache must not add more.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.silent, false) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta?.silent, true),
    }),
  })
}

export const queryClient = createQueryClient()
