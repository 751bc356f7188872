import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Body, data, http, type Schema } from '../../lib/client'

/** Leaderboards (docs/social.md): weekly and all-time XP boards and one per series. */
export type Leaderboard = Schema<'Leaderboard'>
export type BoardRow = Schema<'LeaderboardRow'>
/** Signed in, `current_user_row` is always my row, however far down (score 0, ranked last, when I have no score). */
export type BoardPage = Body<'/api/leaderboards/{id}'>

export const BOARD_PER_PAGE = 50

export const boardsQuery = queryOptions({
  queryKey: ['leaderboards'],
  queryFn: async () => (await data(http.GET('/api/leaderboards'))).leaderboards,
  staleTime: 60_000,
})

export const boardQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ['leaderboards', id, page],
    queryFn: () =>
      data(
        http.GET('/api/leaderboards/{id}', {
          params: { path: { id }, query: { page, per_page: BOARD_PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** What a board's score counts, for its column head. */
export const scoreLabel = (board: Leaderboard) => (board.kind === 'series' ? 'Points' : 'XP')
