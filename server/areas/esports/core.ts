import type { Selectable } from 'kysely'
import type { EsportsContestsTable, EsportsGame, GameAccountsTable } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { AppError, forbidden } from '../../http/errors'
import { visibleContest } from '../contests'

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
