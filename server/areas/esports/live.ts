import type { AfterCommit, Executor } from '../../db/tx'
import { esportsContestStream, esportsTournamentStream } from './core'

/**
 * What reaches clients over /cable (docs/esports.md "Live", docs/channels.md
 * `EsportsContestChannel`, `EsportsTournamentChannel`). Every message is queued on the
 * transaction's `after`, so it goes out only once the change it describes has committed; the
 * bus numbers it (`seq`) per stream, across server processes on PostgreSQL.
 *
 * The shared streams carry ids and counts only (the client refetches over HTTP); what only a
 * contest's members may see — the room id and password — goes to each member's own stream.
 */
export type ContestMessageType = 'squads' | 'status' | 'results' | 'standings'
export type TournamentMessageType = 'slots' | 'round' | 'standings' | 'status'

/** A member's (or the host's) own stream of one esports contest: `room` messages. */
export const esportsContestUserStream = (contestId: number, userId: number) =>
  `esports:contest:${contestId}:user:${userId}`

/** `{type, contest_id, …}` to everyone watching the contest (never room details). */
export function publishContest(
  after: AfterCommit,
  contestId: number,
  message: { type: ContestMessageType; [key: string]: unknown },
): void {
  after.publish(esportsContestStream(contestId), { ...message, contest_id: contestId })
}

/** `{type, tournament_id, …}` to everyone watching the tournament. */
export function publishTournament(
  after: AfterCommit,
  tournamentId: number,
  message: { type: TournamentMessageType; [key: string]: unknown },
): void {
  after.publish(esportsTournamentStream(tournamentId), { ...message, tournament_id: tournamentId })
}

/** The distinct users (or squads) of a contest with a member still in (not refunded), in order. */
export async function stillIn(
  db: Executor,
  contestId: number,
  column: 'user_id' | 'squad_id',
): Promise<number[]> {
  const rows = await db
    .selectFrom('esports_members')
    .select(column)
    .distinct()
    .where('contest_id', '=', contestId)
    .where('refunded', '=', 0)
    .orderBy(column)
    .execute()
  return rows.map((r) => Number(r[column]))
}

/** The users a members-only message goes to: every member not refunded, and the host. */
export async function memberAndHostIds(db: Executor, contestId: number): Promise<number[]> {
  const members = await stillIn(db, contestId, 'user_id')
  const host = await db
    .selectFrom('esports_contests')
    .select('host_id')
    .where('id', '=', contestId)
    .executeTakeFirst()
  const ids = new Set(members)
  if (host) ids.add(Number(host.host_id))
  return [...ids].sort((a, b) => a - b)
}

/**
 * A members-only message (`room`): one copy on each member's and the host's own stream, read
 * inside the transaction that made the change, so nobody who left before it gets one.
 */
export async function publishToMembers(
  tx: Executor,
  after: AfterCommit,
  contestId: number,
  message: { type: string; [key: string]: unknown },
): Promise<number[]> {
  const ids = await memberAndHostIds(tx, contestId)
  for (const id of ids)
    after.publish(esportsContestUserStream(contestId, id), { ...message, contest_id: contestId })
  return ids
}
