import { type Selectable, sql } from 'kysely'
import type { EsportsContestsTable, EsportsGame, GameAccountsTable } from '../../db/schema'
import type { AfterCommit, Executor } from '../../db/tx'
import { AppError, forbidden } from '../../http/errors'
import { visibleContest } from '../contests'
import { type NewNotification, notify } from '../notifications'

/**
 * What every part of the esports area needs (docs/esports.md): loading a contest and deciding
 * who the caller is to it. One rule for all of them — a contest, squad, room or result the
 * caller may not see is 404 (as if it did not exist), an action they may see but not do is 403.
 * Private contests are seen by their host, admins and members only; public ones by anyone
 * signed in.
 */
export type EsportsContestRow = Selectable<EsportsContestsTable>

export interface Caller {
  id: number
  role: 'player' | 'admin' | string
}

export const isAdmin = (caller: Caller) => caller.role === 'admin'

/** A user as esports answers name them (host, captain, member, reviewer). */
export interface UserRefJson {
  id: number
  slug: string
  username: string
}

/** The users an answer names, by id, in one query (each id once). */
export async function userRefsById(db: Executor, ids: number[]): Promise<Map<number, UserRefJson>> {
  const wanted = [...new Set(ids.map(Number))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'slug', 'username'])
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((u) => [Number(u.id), { id: Number(u.id), slug: u.slug, username: u.username }]))
}

/** The user of `id` from `refs`; blanks for one gone missing rather than failing the list. */
export const userRefOr = (refs: Map<number, UserRefJson>, id: number): UserRefJson =>
  refs.get(Number(id)) ?? { id: Number(id), slug: '', username: '' }

/** The same notification to each of `userIds`, in their order. */
export async function notifyEach(
  tx: Executor,
  after: AfterCommit,
  userIds: Iterable<number>,
  notification: NewNotification,
  nowMs: number,
): Promise<void> {
  for (const userId of userIds) await notify(tx, after, userId, notification, nowMs)
}

/** Every admin's id, in id order (the ones an esports request or dispute is sent to). */
export async function adminIds(db: Executor): Promise<number[]> {
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').execute()
  return admins.map((a) => Number(a.id))
}

/** The contest's squads by slot: id, name and slot. */
export function squadsBySlot(db: Executor, contestId: number) {
  return db
    .selectFrom('esports_squads')
    .select(['id', 'name', 'slot_no'])
    .where('contest_id', '=', contestId)
    .orderBy('slot_no')
    .orderBy('id')
    .execute()
}

/** The contest's players (not refunded), by squad position, with who they are; or one squad's. */
export function playersOf(db: Executor, contestId: number, onlySquadId?: number) {
  let mq = db
    .selectFrom('esports_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.squad_id',
      'm.user_id',
      'm.in_game_name',
      'm.character_id',
      'm.position',
      'm.kills',
      'm.prize_paise',
      'u.slug',
      'u.username',
    ])
    .where('m.contest_id', '=', contestId)
    .where('m.refunded', '=', 0)
  if (onlySquadId !== undefined) mq = mq.where('m.squad_id', '=', onlySquadId)
  return mq.orderBy('m.position').orderBy('m.id').execute()
}

export async function findContest(db: Executor, id: number): Promise<EsportsContestRow | undefined> {
  return db.selectFrom('esports_contests').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function memberRow(db: Executor, contestId: number, userId: number) {
  return db
    .selectFrom('esports_members')
    .selectAll()
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('refunded', '=', 0)
    .executeTakeFirst()
}

/** The contest if the caller is its host or an admin; 403 for others who may see it, 404 otherwise. */
export async function hostedContest(db: Executor, id: number, caller: Caller): Promise<EsportsContestRow> {
  const contest = await visibleContest(db, 'esports_contest', id, caller)
  if (contest.host_id !== caller.id && !isAdmin(caller))
    throw forbidden('Only the contest’s host or an admin may do that')
  return contest
}

/** 409 unless the contest is still open (squads and members change only before the lock). */
export function assertOpen(contest: EsportsContestRow): void {
  if (contest.status !== 'open')
    throw new AppError(
      'CONFLICT',
      contest.status === 'locked'
        ? 'Squads are locked: the room details are out'
        : `The contest is ${contest.status}`,
    )
}

/** The player's verified account for a game, or undefined. */
export async function verifiedAccount(
  db: Executor,
  userId: number,
  game: EsportsGame,
): Promise<Selectable<GameAccountsTable> | undefined> {
  return db
    .selectFrom('game_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('game', '=', game)
    .where('status', '=', 'verified')
    .executeTakeFirst()
}

/** Ledger account code of a contest's pool (entry fees in, prizes and refunds out). */
export const esportsPoolCode = (contestId: number) => `esports_contest:${contestId}:pool`

/** Streams of the live channels (docs/channels.md): everything a member may see, and one per user. */
export const esportsContestStream = (contestId: number) => `esports:contest:${contestId}`
export const esportsTournamentStream = (tournamentId: number) => `esports:tournament:${tournamentId}`

/** The counters esports rows keep of their squads and members, by table. */
interface Counters {
  esports_contests: 'members_count' | 'squads_count'
  esports_squads: 'members_count'
  esports_tournaments: 'squads_count'
  esports_tournament_squads: 'members_count'
}

/** One up or down on a row's counter, in the statement itself (two joins at once both count). */
export async function moveCount<T extends keyof Counters>(
  db: Executor,
  table: T,
  column: Counters[T],
  id: number,
  by: 1 | -1,
): Promise<void> {
  const counter = sql.ref(column)
  await sql`update ${sql.table(table)} set ${counter} = ${counter} + ${by} where id = ${id}`.execute(db)
}
