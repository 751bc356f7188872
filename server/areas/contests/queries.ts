import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely'
import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import { USER_CARD_FIELDS } from '../users'

/** Contests with their match and sport in scope (`c`, `m`, `s`), nothing selected yet: lists count over it. */
export function contestScope(db: Executor) {
  return db
    .selectFrom('contests as c')
    .innerJoin('matches as m', 'm.id', 'c.match_id')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
}

type ScopeDb =
  ReturnType<typeof contestScope> extends SelectQueryBuilder<infer DB, infer _TB, infer _O> ? DB : never
/** Conditions over a contest, its match and its sport. */
export type ContestConditions = ExpressionBuilder<ScopeDb, 'c' | 'm' | 's'>

export function contestBase(db: Executor) {
  return contestScope(db)
    .leftJoin('users as cu', 'cu.id', 'c.created_by_id')
    .selectAll('c')
    .select([
      'cu.slug as created_by_slug',
      'cu.username as created_by_username',
      'm.status as match_status',
      'm.event_time_ms',
      'm.title as match_title',
      'm.series_id',
      's.slug as sport_slug',
      's.id as sport_id',
      (eb) =>
        eb
          .selectFrom('contest_likes as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.contest_id', '=', 'c.id')
          .as('likes_count'),
    ])
}

export type ContestRow = Awaited<ReturnType<ReturnType<typeof contestBase>['executeTakeFirstOrThrow']>>

export function findContest(db: Executor, id: number): Promise<ContestRow | undefined> {
  return contestBase(db).where('c.id', '=', id).executeTakeFirst()
}

/** The caller's entries in each of the given contests, with their stored standing. */
/** A viewer's entries and likes among a page of contests: compiled once per page size class (db/prepared.ts). */
const entriesIn = prepared((db, $: Param<{ userId: number; contestIds: number[] }>) =>
  db
    .selectFrom('contest_members')
    .select(['id', 'contest_id', 'user_team_id', 'rank', 'points_x2', 'prize_paise', 'refunded'])
    .where('user_id', '=', $('userId'))
    .where('contest_id', 'in', $.list('contestIds'))
    .orderBy('id'),
)

const likesIn = prepared((db, $: Param<{ userId: number; contestIds: number[] }>) =>
  db
    .selectFrom('contest_likes')
    .select('contest_id')
    .where('user_id', '=', $('userId'))
    .where('contest_id', 'in', $.list('contestIds')),
)

export async function myEntries(db: Executor, userId: number, contestIds: number[]) {
  const out = new Map<number, MyEntryRow[]>()
  if (contestIds.length === 0) return out
  const rows = await entriesIn(db, { userId, contestIds })
  for (const r of rows) {
    const list = out.get(r.contest_id) ?? []
    list.push({
      member_id: r.id,
      user_team_id: r.user_team_id,
      rank: r.rank,
      points_x2: r.points_x2,
      prize_paise: Number(r.prize_paise),
      refunded: r.refunded === 1,
    })
    out.set(r.contest_id, list)
  }
  return out
}

export interface MyEntryRow {
  member_id: number
  user_team_id: number
  rank: number | null
  points_x2: number
  prize_paise: number
  refunded: boolean
}

export async function likedBy(db: Executor, userId: number, contestIds: number[]): Promise<Set<number>> {
  if (contestIds.length === 0) return new Set()
  const rows = await likesIn(db, { userId, contestIds })
  return new Set(rows.map((r) => r.contest_id))
}

export function membersOf(db: Executor, contestId: number) {
  return db
    .selectFrom('contest_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .innerJoin('user_teams as t', 't.id', 'cm.user_team_id')
    .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
    .select([
      'cm.id',
      'cm.user_id',
      'cm.user_team_id',
      'cm.points_x2',
      'cm.rank',
      'cm.prize_paise',
      'cm.refunded',
      'cm.entry_fee_paise',
      'cm.joined_at_ms',
      ...USER_CARD_FIELDS,
      't.team_no',
    ])
    .where('cm.contest_id', '=', contestId)
}

export type MemberRow = Awaited<ReturnType<ReturnType<typeof membersOf>['execute']>>[number]

/** How many teams a player made for a match, and in how many of its contests they play. */
export async function matchEntryCounts(db: Executor, userId: number, matchId: number) {
  const teams = await db
    .selectFrom('user_teams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('match_id', '=', matchId)
    .executeTakeFirstOrThrow()
  const joined = await db
    .selectFrom('contest_members as cm')
    .innerJoin('contests as ct', 'ct.id', 'cm.contest_id')
    .select((eb) => eb.fn.count<number>('ct.id').distinct().as('n'))
    .where('cm.user_id', '=', userId)
    .where('ct.match_id', '=', matchId)
    .executeTakeFirstOrThrow()
  return { teams_count: Number(teams.n), joined_contests_count: Number(joined.n) }
}

/** The games (one per sport) in their display order. */
export function gamesInOrder(db: Executor) {
  return db.selectFrom('sports').select(['id', 'slug', 'name', 'team_size']).orderBy('sort').execute()
}

/** The sport slugs a player picked at sign-up (or later in settings). */
export async function interestsOf(db: Executor, userId: number): Promise<string[]> {
  const row = await db.selectFrom('users').select('interests').where('id', '=', userId).executeTakeFirst()
  const interests = row ? (JSON.parse(row.interests) as unknown) : []
  return Array.isArray(interests) ? interests.filter((s): s is string => typeof s === 'string') : []
}

/** In how many contests a player has ever played. */
export async function joinedContestsCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('contest_members')
    .select((eb) => eb.fn.count<number>('contest_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Takes a seat of a daily or championship contest when one is left; false when it is full.
 * One conditional update, so two players joining at once never both get the last seat.
 */
export async function takeSeat(
  tx: Executor,
  table: 'contests' | 'championship_contests',
  contestId: number,
): Promise<boolean> {
  const seat = await tx
    .updateTable(table)
    .set({ members_count: sql<number>`members_count + 1` })
    .where('id', '=', contestId)
    .where('members_count', '<', sql<number>`members_limit`)
    .executeTakeFirst()
  return Number(seat.numUpdatedRows) > 0
}
