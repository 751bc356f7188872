import type { ComponentType } from 'react'
import { data, type LoaderFunctionArgs } from 'react-router'

/** The building blocks of the features' route modules (features/X/routes.ts), composed in routes.tsx. */

/** A lazy route: the page's module loads when the route is first visited. */
export const page = <K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) => ({
  lazy: async () => ({ Component: (await load())[name] }),
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
