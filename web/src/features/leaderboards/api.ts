import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Board } from '../../../../server/areas/social/leaderboards'
import { get } from '../../lib/api'
import type { Meta } from '../contests/api'

/** Leaderboards (docs/social.md): weekly and all-time XP boards and one per series. */
export type Leaderboard = Board
export interface BoardRow {
  rank: number
  score: number
  user: {
    id: number
    slug: string
    username: string
    display_name: string
    team_name: string | null
    image: string | null
  }
}
export interface BoardPage {
  leaderboard: Leaderboard
  rows: BoardRow[]
  /** Signed in: always my row, however far down (score 0, ranked last, when I have no score). */
  current_user_row: BoardRow | null
  meta: Meta
}

export const BOARD_PER_PAGE = 50

export const boardsQuery = queryOptions({
  queryKey: ['leaderboards'],
  queryFn: async () => (await get<{ leaderboards: Leaderboard[] }>('/api/leaderboards')).leaderboards,
  staleTime: 60_000,
})

export const boardQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ['leaderboards', id, page],
    queryFn: () =>
      get<BoardPage>(`/api/leaderboards/${encodeURIComponent(id)}`, {
        query: { page, per_page: BOARD_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** What a board's score counts, for its column head. */
export const scoreLabel = (board: Leaderboard) => (board.kind === 'series' ? 'Points' : 'XP')
