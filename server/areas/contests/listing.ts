import type { Expression, SqlBool } from 'kysely'
import type { Deps } from '../../core/deps'
import { filterCondition } from './filters'
import { listTotal } from './list-total'
import { type ContestConditions, type ContestRow, contestBase, contestScope } from './queries'

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
  /**
   * Private contests are in no public list; only in the lists of the contests a player joined,
   * read by that player (`joined_by` is the viewer).
   */
  include_private?: boolean
  order?: 'sort' | 'popular' | 'newest'
  /** Sports listed first (the viewer's interests); the usual order holds within each group. */
  prefer_sports?: string[]
  /** Only these sports, or every sport but these (how the preferred groups are read). */
  sports?: { in: string[] } | { not_in: string[] }
}

/** Which contests a query lists, as one SQL condition over the contest, its match and sport. */
function listCondition(eb: ContestConditions, q: ContestQuery, now: number): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = []
  if (!q.include_private) all.push(eb('c.is_private', '=', 0))
  if (q.type === 'upcoming') {
    all.push(eb('m.status', '=', 'upcoming'), eb('m.event_time_ms', '>', now))
    if (q.joined_by === undefined) all.push(eb('c.status', '=', 'open'))
  } else if (q.type === 'live') {
    all.push(
      eb.or([
        eb('m.status', '=', 'live'),
        eb.and([eb('m.status', '=', 'upcoming'), eb('m.event_time_ms', '<=', now)]),
      ]),
    )
  } else if (q.type === 'finished') all.push(eb('m.status', 'in', ['completed', 'abandoned']))
  if (q.sport_slug) all.push(eb('s.slug', '=', q.sport_slug))
  if (q.sports && 'in' in q.sports) all.push(eb('s.slug', 'in', q.sports.in))
  if (q.sports && 'not_in' in q.sports) all.push(eb('s.slug', 'not in', q.sports.not_in))
  if (q.game_id) all.push(eb('s.id', '=', q.game_id))
  if (q.match_id) all.push(eb('c.match_id', '=', q.match_id))
  if (q.series_id) all.push(eb('m.series_id', '=', q.series_id))
  // A member's contests are few: `in` lets the planner start from their memberships.
  if (q.joined_by !== undefined)
    all.push(
      eb(
        'c.id',
        'in',
        eb.selectFrom('contest_members as cm').select('cm.contest_id').where('cm.user_id', '=', q.joined_by),
      ),
    )
  if (q.filter_ids?.length) all.push(filterCondition(eb, q.filter_ids))
  return eb.and(all)
}

type OrderTerm = [
  column:
    | 'c.created_at_ms'
    | 'c.id'
    | 'c.members_count'
    | 'c.sort'
    | 'c.starts_at_ms'
    | (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS],
  direction: 'asc' | 'desc',
]

/** The full order of a list, most significant first; ties end on the contest id. */
function orderOf(q: ContestQuery): OrderTerm[] {
  const order = q.order ?? (q.type === 'feed' ? 'newest' : 'sort')
  if (order === 'newest')
    return [
      ['c.created_at_ms', 'desc'],
      ['c.id', 'desc'],
    ]
  if (order === 'popular')
    return [
      ['c.members_count', 'desc'],
      ['c.prize_pool_paise', 'desc'],
      ['c.id', 'asc'],
    ]
  // `starts_at_ms` is the match's start kept on the contest, so an index can hold the order.
  const terms: OrderTerm[] = q.type === 'finished' ? [['c.starts_at_ms', 'desc']] : []
  terms.push(
    [SORT_COLUMNS[q.sort ?? 1], (q.direction ?? -1) === -1 ? 'desc' : 'asc'],
    ['c.starts_at_ms', 'asc'],
    ['c.sort', 'asc'],
    ['c.id', 'asc'],
  )
  return terms
}

/**
 * One page of a contest list: filters, sorting and paging all happen in SQL, so a page
 * costs the same however many contests there are. The default order (prize, then match
 * start, `sort`, id) is one index of migration 2026-11-24-002 both ways, read up to the
 * page's end. For the other orders an index holds only the first term; so the value of that
 * term at the page's last position is read first (an index walk that stops there) and the
 * full order is applied only to the rows up to that value: the page plus the ties at its end.
 * The total is a separate `count(*)`, cached while the list cannot have changed.
 */
export async function queryContests(
  deps: Deps,
  q: ContestQuery,
  page: { offset: number; per_page: number },
): Promise<{ rows: ContestRow[]; total: number }> {
  if (q.prefer_sports?.length) return preferredFirst(deps, q, q.prefer_sports, page)
  const now = deps.clock.now()
  const order = orderOf(q)
  const [first, firstDir] = order[0] as OrderTerm
  const edge = await contestScope(deps.db)
    .where((eb) => listCondition(eb, q, now))
    .select(`${first} as k` as `${typeof first} as k`)
    .orderBy(first, firstDir)
    .limit(1)
    .offset(page.offset + page.per_page - 1)
    .executeTakeFirst()
  let sel = contestBase(deps.db).where((eb) => listCondition(eb, q, now))
  if (edge) sel = sel.where(first, firstDir === 'desc' ? '>=' : '<=', edge.k)
  for (const [column, dir] of order) sel = sel.orderBy(column, dir)
  const rows = await sel.limit(page.per_page).offset(page.offset).execute()
  const total = await listTotal(deps, listKey(q), now, (db) =>
    contestScope(db)
      .where((eb) => listCondition(eb, q, now))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  )
  return { rows, total }
}

/**
 * The viewer's sports first: the list read as two groups, each in the usual order and each
 * served by the same indexes — the preferred sports' contests, then everyone else's. A page
 * that straddles the two takes the end of one and the start of the other.
 */
async function preferredFirst(
  deps: Deps,
  q: ContestQuery,
  sports: string[],
  page: { offset: number; per_page: number },
): Promise<{ rows: ContestRow[]; total: number }> {
  const plain = { ...q, prefer_sports: undefined }
  const first = await queryContests(deps, { ...plain, sports: { in: sports } }, page)
  const skip = Math.max(0, page.offset - first.total)
  const room = page.per_page - first.rows.length
  const rest = await queryContests(
    deps,
    { ...plain, sports: { not_in: sports } },
    { offset: skip, per_page: Math.max(1, room) },
  )
  return { rows: room > 0 ? [...first.rows, ...rest.rows] : first.rows, total: first.total + rest.total }
}

/** What decides a list's members (not its order or page): the cache key of its total. */
function listKey(q: ContestQuery): string | null {
  // Membership lists change with every join, which bumps no version: never cached.
  if (q.joined_by !== undefined) return null
  const filters = [...new Set(q.filter_ids ?? [])].sort((a, b) => a - b).join('.')
  const sports = q.sports ? ('in' in q.sports ? `+${q.sports.in}` : `-${q.sports.not_in}`) : ''
  return [
    q.type,
    q.sport_slug ?? '',
    q.game_id ?? '',
    q.match_id ?? '',
    q.series_id ?? '',
    filters,
    sports,
  ].join('|')
}
