import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import { XP_DAY_MS } from '../../domain/levels'
import type { Page } from '../../http/paging'
import { type Ranked, rankUsers, seriesScoresX2 } from '../gangs'
import { USER_CARD_FIELDS } from '../users'

/**
 * Leaderboards (docs/social.md): `all-time` ranks players by XP, `weekly` by XP earned since
 * Monday 00:00 (UTC, game clock), `series-{id}` by the series score of reference §2.8 (each
 * completed match's Team 1 score summed, as `GET /api/series/{id}/leaderboard`).
 * Scores are kept ×2 internally (series scores have halves); ranks are competition ranks.
 */
export type BoardId = 'weekly' | 'all-time' | `series-${number}`

export interface Board {
  id: BoardId
  kind: 'weekly' | 'all_time' | 'series'
  name: string
  series_id: number | null
  starts_at_in_millis: number | null
}

/** Monday 00:00 UTC of the week holding `nowMs` (1 January 1970 was a Thursday). */
export function weekStartMs(nowMs: number): number {
  const day = Math.floor(nowMs / XP_DAY_MS)
  return (day - ((day + 3) % 7)) * XP_DAY_MS
}

export async function listBoards(deps: Deps): Promise<Board[]> {
  const now = deps.clock.now()
  const series = await deps.db
    .selectFrom('series as s')
    .select(['s.id', 's.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('matches as m')
          .select('m.id')
          .whereRef('m.series_id', '=', 's.id')
          .where('m.status', '=', 'completed'),
      ),
    )
    .orderBy('s.id', 'desc')
    .execute()
  return [
    {
      id: 'weekly',
      kind: 'weekly',
      name: 'This week',
      series_id: null,
      starts_at_in_millis: weekStartMs(now),
    },
    { id: 'all-time', kind: 'all_time', name: 'All time', series_id: null, starts_at_in_millis: null },
    ...series.map((s) => ({
      id: `series-${s.id}` as const,
      kind: 'series' as const,
      name: s.name,
      series_id: Number(s.id),
      starts_at_in_millis: null,
    })),
  ]
}

/** The board an id names, or undefined (then 404). */
export async function findBoard(deps: Deps, id: string): Promise<Board | undefined> {
  const series = /^series-(\d{1,10})$/.exec(id)
  if (series) {
    const row = await deps.db
      .selectFrom('series')
      .select(['id', 'name'])
      .where('id', '=', Number(series[1]))
      .executeTakeFirst()
    return row
      ? {
          id: `series-${row.id}`,
          kind: 'series',
          name: row.name,
          series_id: Number(row.id),
          starts_at_in_millis: null,
        }
      : undefined
  }
  if (id === 'weekly' || id === 'all-time') return (await listBoards(deps)).find((b) => b.id === id)
  return undefined
}

async function scoresX2(db: Executor, board: Board): Promise<Map<number, number>> {
  if (board.kind === 'series') return seriesScoresX2(db, board.series_id as number, null)
  const rows =
    board.kind === 'all_time'
      ? await db
          .selectFrom('users')
          .select(['id as user_id', 'xp_points as points'])
          .where('role', '=', 'player')
          .where('status', '=', 'active')
          .where('xp_points', '>', 0)
          .execute()
      : await db
          .selectFrom('xp_awards as x')
          .innerJoin('users as u', 'u.id', 'x.user_id')
          .select((eb) => ['x.user_id', eb.fn.sum<number>('x.points').as('points')])
          .where('x.created_at_ms', '>=', board.starts_at_in_millis as number)
          .where('u.status', '=', 'active')
          .groupBy('x.user_id')
          .execute()
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.points) * 2]))
}

/**
 * One page of a board and the viewer's own row — always, even far down the board or off
 * it (then with score 0, ranked after everyone who scored).
 */
export async function boardPage(deps: Deps, board: Board, page: Page, viewerId: number | null) {
  const scores = await scoresX2(deps.db, board)
  const ranked = rankUsers([...scores.keys()], scores)
  const slice = ranked.slice(page.offset, page.offset + page.per_page)
  let mine: Ranked | undefined
  if (viewerId !== null)
    mine = ranked.find((r) => r.userId === viewerId) ?? {
      userId: viewerId,
      scoreX2: 0,
      rank: ranked.length + 1,
    }
  const ids = [...new Set([...slice.map((r) => r.userId), ...(mine ? [mine.userId] : [])])]
  const users = ids.length
    ? await deps.db
        .selectFrom('users as u')
        .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
        .select(['u.id', ...USER_CARD_FIELDS])
        .where('u.id', 'in', ids)
        .execute()
    : []
  const byId = new Map(users.map((u) => [Number(u.id), u]))
  const row = (r: Ranked) => {
    const u = byId.get(r.userId)
    return {
      rank: r.rank,
      score: r.scoreX2 / 2,
      user: {
        id: r.userId,
        slug: u?.slug ?? '',
        username: u?.username ?? '',
        display_name: u?.full_name || u?.username || '',
        team_name: u?.team_name ?? null,
        image: u?.image_url ?? u?.avatar_url ?? null,
      },
    }
  }
  return { rows: slice.map(row), current_user_row: mine ? row(mine) : null, total: ranked.length }
}
