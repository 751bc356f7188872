import { queryOptions } from '@tanstack/react-query'
import { data, http, type Schema } from '../../../lib/client'

/** The debrief's shapes flow from the server's schemas (GET /api/auctions/{id}/debrief). */
export type Debrief = Schema<'AuctionDebrief'>
export type DebriefLot = Schema<'AuctionDebriefLot'>
export type DebriefManager = Schema<'AuctionDebriefManager'>

/** With `anonymous`, the server leaves the names and colours out: none reach the page. */
export const debriefQuery = (id: number, anonymous: boolean) =>
  queryOptions({
    queryKey: ['auction', id, 'debrief', anonymous],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/auctions/{id}/debrief', {
            params: { path: { id }, query: { anonymous: anonymous ? '1' : '0' } },
          }),
        )
      ).debrief,
    // A finished auction does not change.
    staleTime: 10 * 60_000,
    retry: false,
  })
