import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contestQuery, homeQuery, matchContestsQuery } from '../../../web/src/features/contests/api'
import { contestRoutes, contestTabRoutes } from '../../../web/src/features/contests/routes'
import { queryClient } from '../../../web/src/lib/query-client'

/** A route's loader, run as the router runs it on a visit to `url` (params as the router matched them). */
function visit(routes: RouteObject[], match: (r: RouteObject) => boolean, url: string, params = {}) {
  const route = routes.find(match)
  if (typeof route?.loader !== 'function') throw new Error(`no loader on the route for ${url}`)
  const args = { request: new Request(`http://localhost${url}`), params, context: undefined }
  return route.loader(args as LoaderFunctionArgs)
}
const byPath = (path: string) => (r: RouteObject) => r.path === path

function spies() {
  const query = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined)
  const pages = vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockResolvedValue(undefined)
  const keys = () => [...query.mock.calls, ...pages.mock.calls].map(([options]) => options.queryKey)
  return { query, pages, keys }
}

afterEach(() => vi.restoreAllMocks())

describe("an entry page's data starts with its chunk (the route's loader)", () => {
  it('/contests starts the home query of the sport in the address, and does not wait for it', () => {
    const { keys } = spies()
    expect(visit(contestRoutes, byPath('contests'), '/contests?sport=cricket')).toBeNull()
    expect(keys()).toEqual([homeQuery('cricket').queryKey])
  })

  it("/matches/:id/contests starts the match's list with the sorting and filters of the address", () => {
    const { keys, pages } = spies()
    visit(contestRoutes, byPath('matches/:id/contests'), '/matches/7/contests?sort=3&dir=1&filters=5,2', {
      id: '7',
    })
    expect(keys()).toEqual([matchContestsQuery(7, { sort: 3, direction: 1, filterIds: [5, 2] }).queryKey])
    // Quietly: a failure is the page's to show.
    expect(pages.mock.calls[0]?.[0].meta).toEqual({ silent: true })
  })

  it('a daily contest tab starts the contest; an esports id or a non-number starts nothing', () => {
    const { keys } = spies()
    const index = (r: RouteObject) => r.index === true
    visit(contestTabRoutes, index, '/contests/12', { id: '12' })
    visit(contestTabRoutes, byPath('members'), '/contests/12/members', { id: '12' })
    expect(keys()).toEqual([contestQuery(12).queryKey, contestQuery(12).queryKey])
    visit(contestTabRoutes, index, '/contests/1000001', { id: '1000001' })
    expect(() => visit(contestTabRoutes, index, '/contests/abc', { id: 'abc' })).toThrow()
    expect(keys()).toHaveLength(2)
  })
})
