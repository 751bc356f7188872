import type { Deps } from '../../deps'
import { preferSports } from '../matches/queries'
import { matchesFilters } from './filters'
import { type ContestRow, contestBase } from './queries'

/** The per-type lists of spec §3: open contests of upcoming matches, live, finished, and the feed. */
export type ContestListType = 'upcoming' | 'live' | 'finished' | 'feed'

/** Spec §9 sort keys: 1 prize amount, 2 members limit, 3 winner count, 4 entry fee. */
export const SORT_COLUMNS = {
  1: 'c.prize_pool_paise',
  2: 'c.members_limit',
  3: 'c.winner_count',
  4: 'c.entry_fee_paise',
} as const

export interface ContestQuery {
  type: ContestListType
  sport_slug?: string
  game_id?: number
  match_id?: number
  series_id?: number
  filter_ids?: number[]
  sort?: keyof typeof SORT_COLUMNS
  /** −1 descending (the spec's default for prize pool), 1 ascending. */
  direction?: 1 | -1
  /** Only contests this user has joined (my contests, a user's history). */
  joined_by?: number
  order?: 'sort' | 'popular' | 'newest'
  /** Sports listed first (the viewer's interests); the usual order holds within each group. */
  prefer_sports?: string[]
}

export async function queryContests(
  deps: Deps,
  q: ContestQuery,
  page: { offset: number; per_page: number },
): Promise<{ rows: ContestRow[]; total: number }> {
  const now = deps.clock.now()
  let sel = contestBase(deps.db)
  if (q.type === 'upcoming') {
    sel = sel.where('m.status', '=', 'upcoming').where('m.event_time_ms', '>', now)
    if (q.joined_by === undefined) sel = sel.where('c.status', '=', 'open')
  } else if (q.type === 'live') {
    sel = sel.where((eb) =>
      eb.or([
        eb('m.status', '=', 'live'),
        eb.and([eb('m.status', '=', 'upcoming'), eb('m.event_time_ms', '<=', now)]),
      ]),
    )
  } else if (q.type === 'finished') sel = sel.where('m.status', 'in', ['completed', 'abandoned'])
  if (q.sport_slug) sel = sel.where('s.slug', '=', q.sport_slug)
  if (q.game_id) sel = sel.where('s.id', '=', q.game_id)
  if (q.match_id) sel = sel.where('c.match_id', '=', q.match_id)
  if (q.series_id) sel = sel.where('m.series_id', '=', q.series_id)
  if (q.joined_by !== undefined) {
    const userId = q.joined_by
    sel = sel.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('contest_members as cm')
          .select('cm.id')
          .whereRef('cm.contest_id', '=', 'c.id')
          .where('cm.user_id', '=', userId),
      ),
    )
  }
  if (q.prefer_sports?.length) sel = sel.orderBy(preferSports(q.prefer_sports))
  const order = q.order ?? (q.type === 'feed' ? 'newest' : 'sort')
  if (order === 'newest') sel = sel.orderBy('c.created_at_ms', 'desc').orderBy('c.id', 'desc')
  else if (order === 'popular')
    sel = sel.orderBy('c.members_count', 'desc').orderBy('c.prize_pool_paise', 'desc')
  else {
    const column = SORT_COLUMNS[q.sort ?? 1]
    const dir = (q.direction ?? -1) === -1 ? 'desc' : 'asc'
    if (q.type === 'finished') sel = sel.orderBy('m.event_time_ms', 'desc')
    sel = sel.orderBy(column, dir).orderBy('m.event_time_ms', 'asc').orderBy('c.sort', 'asc')
  }
  sel = sel.orderBy('c.id')
  // Filters are few and cheap to test; the lists they apply to are a few thousand rows at most.
  const all = await sel.execute()
  const filtered = q.filter_ids?.length ? all.filter((c) => matchesFilters(c, q.filter_ids ?? [])) : all
  return { rows: filtered.slice(page.offset, page.offset + page.per_page), total: filtered.length }
}
