import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { data, type LoaderFunctionArgs } from 'react-router'
import { queryClient } from './query-client'

/** The building blocks of the features' route modules (features/X/routes.ts), composed in routes.tsx. */

/** Starts a page's query (its own `queryOptions` / `infiniteQueryOptions` object) without waiting for it. */
export interface Start {
  query<T, E, D, K extends QueryKey>(options: FetchQueryOptions<T, E, D, K>): void
  pages<T, E, D, K extends QueryKey, P>(options: FetchInfiniteQueryOptions<T, E, D, K, P>): void
}
/** Starts what a page will ask for, from its address (nothing when it is not known, or not allowed, yet). */
export type Prefetch = (args: LoaderFunctionArgs, start: Start) => void

interface PageOptions {
  /** Started when the route matches, beside the page's chunk, so that the data does not wait for the code. */
  prefetch?: Prefetch
  /** Segments that must be whole numbers (as `byId`), checked before anything is fetched. */
  ids?: string[]
}

/**
 * A lazy route: the page's module loads when the route is first visited. With `prefetch`, the
 * route's loader starts the page's first queries at the same moment, into the shared query
 * cache, and does not wait for them: the navigation is not held up, and an error is the page's
 * to show (its own query finds it in the cache, and asks again on mount).
 */
export const page = <K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  options: PageOptions = {},
) => ({
  lazy: async () => ({ Component: (await load())[name] }),
  ...(options.prefetch ? { loader: prefetching(options.prefetch, options.ids ?? []) } : {}),
})

function prefetching(prefetch: Prefetch, ids: string[]) {
  return (args: LoaderFunctionArgs) => {
    wholeNumberParams(...ids)(args)
    prefetch(args, starter(queryClient))
    return null
  }
}

/**
 * Each query starts unless it is fresh in the cache. Silent: a failure is not reported here,
 * the page shows it (and, if it mounts after, asks again and reports that).
 */
export const starter = (client: QueryClient): Start => ({
  query: (options) => void client.prefetchQuery({ ...options, meta: { ...options.meta, silent: true } }),
  pages: (options) =>
    void client.prefetchInfiniteQuery({ ...options, meta: { ...options.meta, silent: true } }),
})

/**
 * For routes whose segments are ids (`/contests/:id`): a segment that is not a whole number
 * names no page, so the visitor gets the 404 page — `/contests/create` is not contest
 * "create", and must not be fetched as one and answered with an error banner.
 */
export function wholeNumberParams(...names: string[]) {
  return ({ params }: LoaderFunctionArgs) => {
    for (const name of names)
      if (!/^[1-9]\d{0,15}$/.test(params[name] ?? '')) throw data('Page not found', { status: 404 })
    return null
  }
}

/** Routes whose `:id` (and others named) must be a whole number, or the 404 page shows. */
export const byId = (...names: string[]) => ({
  loader: wholeNumberParams(...(names.length > 0 ? names : ['id'])),
})

/** Routes whose optional `:phase_id?` / `:team_id?`, when given, must be a whole number. */
export const optionalIds = (...names: string[]) => ({
  loader: (args: LoaderFunctionArgs) =>
    wholeNumberParams(...names.filter((n) => args.params[n] !== undefined))(args),
})
