import { type Kysely, sql } from 'kysely'
import { type Param, prepared, preparedFirst } from '../../db/prepared'
import { countRows } from '../../db/query'
import type { Database, MatchStatus } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { PLAYER_FIELDS, SIDE_FIELDS } from './players.queries'

/**
 * A match row with what every view of it needs: its sport and series, and the profile its
 * simulation started with (null before it starts: the series' then applies).
 */
export function matchBase(db: Executor | Kysely<Database>) {
  return db
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .innerJoin('series as se', 'se.id', 'm.series_id')
    .leftJoin('match_simulations as ms', 'ms.match_id', 'm.id')
    .selectAll('m')
    .select([
      's.slug as sport_slug',
      's.name as sport_name',
      's.team_size as team_size',
      'se.name as series_name',
      'se.short_name as series_short_name',
      'se.sim_profile as series_sim_profile',
      'ms.profile as simulation_profile',
    ])
}

export type MatchRow = Awaited<ReturnType<ReturnType<typeof matchBase>['executeTakeFirstOrThrow']>>

const matchById = preparedFirst((db, $: Param<{ id: number }>) => matchBase(db).where('m.id', '=', $('id')))

/** One match (compiled once: every match read starts here). */
export function findMatch(db: Executor, id: number): Promise<MatchRow | undefined> {
  return matchById(db, { id })
}

export interface MatchFilter {
  sport_slug?: string
  status?: MatchStatus[]
  series_id?: number
  phase_id?: number
  /** Only matches starting at or after this instant. */
  from_ms?: number
  /** Sports listed first (the viewer's interests); the usual order holds within each group. */
  prefer_sports?: string[]
}

/** `case when sport in (…) then 0 else 1 end`: the viewer's sports first, in any dialect. */
export function preferSports(slugs: string[]) {
  return sql<number>`case when s.slug in (${sql.join(slugs)}) then 0 else 1 end`
}

export async function listMatches(
  db: Executor,
  filter: MatchFilter,
  page: { offset: number; per_page: number },
) {
  let q = matchBase(db)
  if (filter.sport_slug) q = q.where('s.slug', '=', filter.sport_slug)
  if (filter.status?.length) q = q.where('m.status', 'in', filter.status)
  if (filter.series_id) q = q.where('m.series_id', '=', filter.series_id)
  if (filter.phase_id) q = q.where('m.phase_id', '=', filter.phase_id)
  if (filter.from_ms !== undefined) q = q.where('m.event_time_ms', '>=', filter.from_ms)
  const total = await countRows(q)
  // Finished matches newest first; everything else soonest first.
  const finished = filter.status?.length && filter.status.every((s) => s === 'completed' || s === 'abandoned')
  const preferred = filter.prefer_sports?.length ? q.orderBy(preferSports(filter.prefer_sports)) : q
  const rows = await preferred
    .orderBy('m.event_time_ms', finished ? 'desc' : 'asc')
    .orderBy('m.id')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return { rows, total }
}

export function teamsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('real_teams').selectAll().where('id', 'in', ids).execute()
}

export type RealTeamRow = Awaited<ReturnType<typeof teamsByIds>>[number]

/** The sides of each match (slot order). */
const sidesIn = prepared((db, $: Param<{ matchIds: number[] }>) =>
  db
    .selectFrom('match_teams as mt')
    .innerJoin('real_teams as t', 't.id', 'mt.real_team_id')
    .selectAll('t')
    .select(['mt.match_id', 'mt.slot'])
    .where('mt.match_id', 'in', $.list('matchIds'))
    .orderBy('mt.match_id')
    .orderBy('mt.slot'),
)

/** Each match's two sides, in slot order (one compiled query for a page of matches). */
export async function sidesOf(db: Executor, matchIds: number[]): Promise<Map<number, RealTeamRow[]>> {
  const out = new Map<number, RealTeamRow[]>()
  if (matchIds.length === 0) return out
  const rows = await sidesIn(db, { matchIds })
  for (const { match_id, slot: _slot, ...team } of rows) {
    const list = out.get(match_id) ?? []
    list.push(team)
    out.set(match_id, list)
  }
  return out
}

/** The squad of a match: every player with the match's credit value, side and lineup flag. */
export function matchSquad(db: Executor, matchId: number) {
  return db
    .selectFrom('match_players as mp')
    .innerJoin('players as p', 'p.id', 'mp.player_id')
    .innerJoin('real_teams as t', 't.id', 'mp.real_team_id')
    .select([...PLAYER_FIELDS, 'mp.value_tenths', 'mp.in_lineup', 'mp.real_team_id', ...SIDE_FIELDS])
    .where('mp.match_id', '=', matchId)
    .orderBy('mp.value_tenths', 'desc')
    .orderBy('p.id')
    .execute()
}

export type SquadPlayer = Awaited<ReturnType<typeof matchSquad>>[number]

const firstStartFrom = preparedFirst((db, $: Param<{ fromMs: number }>) =>
  db
    .selectFrom('matches')
    .select((eb) => eb.fn.min('event_time_ms').as('t'))
    .where('status', '=', 'upcoming')
    .where('event_time_ms', '>=', $('fromMs')),
)

/**
 * The first instant at or after `fromMs` at which an upcoming match starts: until then no
 * contest locks and no list moves by the clock alone (what cached answers hold until).
 * Infinity when no match is waiting to start.
 */
export async function nextMatchStartMs(db: Executor, fromMs: number): Promise<number> {
  const row = await firstStartFrom(db, { fromMs })
  return row?.t === null || row?.t === undefined ? Number.POSITIVE_INFINITY : Number(row.t)
}

/** The ids of the series of a sport and status (either optional). */
export async function seriesIds(
  db: Executor,
  q: { sport_slug?: string; series_status?: 'upcoming' | 'live' | 'completed' },
): Promise<number[]> {
  let sel = db.selectFrom('series as se').innerJoin('sports as s', 's.id', 'se.sport_id').select('se.id')
  if (q.sport_slug) sel = sel.where('s.slug', '=', q.sport_slug)
  if (q.series_status) sel = sel.where('se.status', '=', q.series_status)
  return (await sel.execute()).map((r) => r.id)
}

export async function phaseExists(db: Executor, phaseId: number): Promise<boolean> {
  const row = await db.selectFrom('series_phases').select('id').where('id', '=', phaseId).executeTakeFirst()
  return row !== undefined
}

/** How many events a match has had. */
export async function matchEventCount(db: Executor, matchId: number): Promise<number> {
  const row = await db
    .selectFrom('match_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('match_id', '=', matchId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A match's stored events in seq order: what scoring read, corrections applied (a replaced seq holds its latest word). */
export async function matchEventLog(
  db: Executor,
  matchId: number,
): Promise<Array<{ seq: number; payload: string }>> {
  return db
    .selectFrom('match_events')
    .select(['seq', 'payload'])
    .where('match_id', '=', matchId)
    .orderBy('seq')
    .execute()
}
