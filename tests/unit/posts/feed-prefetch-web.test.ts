import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { feedQuery } from '../../../web/src/features/feeds/api'
import { feedRoutes } from '../../../web/src/features/feeds/routes'
import { queryClient } from '../../../web/src/lib/query-client'
import * as session from '../../../web/src/lib/session'

/** `/feeds` starts its first page beside the page's chunk, for a player only (a visitor goes to /login). */
function visitFeeds() {
  const loader = feedRoutes.find((r) => r.path === 'feeds')?.loader
  if (typeof loader !== 'function') throw new Error('no loader on /feeds')
  const args = { request: new Request('http://localhost/feeds'), params: {}, context: undefined }
  return loader(args as LoaderFunctionArgs)
}

afterEach(() => vi.restoreAllMocks())

describe("the feed's data starts with its chunk", () => {
  it("starts the feed's own query for a player, quietly, without waiting", () => {
    vi.spyOn(session, 'isSignedIn').mockReturnValue(true)
    const pages = vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockResolvedValue(undefined)
    expect(visitFeeds()).toBeNull()
    expect(pages.mock.calls.map(([o]) => o.queryKey)).toEqual([feedQuery.queryKey])
    expect(pages.mock.calls[0]?.[0].meta).toEqual({ silent: true })
  })

  it('starts nothing for a visitor', () => {
    vi.spyOn(session, 'isSignedIn').mockReturnValue(false)
    const pages = vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockResolvedValue(undefined)
    visitFeeds()
    expect(pages).not.toHaveBeenCalled()
  })
})
