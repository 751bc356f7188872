import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type AfterCommit, type Executor, withTx } from '../../db/tx'
import { MIN_SQUADS_TO_PLAY } from '../../domain/esports/rules'
import { AppError, notFound } from '../../http/errors'
import { visibleContest } from '../contests'
import { notify } from '../notifications'
import { type Caller, type EsportsContestRow, findContest, isAdmin, notifyEach } from './core'
import { publishContest, publishToMembers, stillIn } from './live'
import { cancelEsportsContest } from './money'
import { roomAccess, roomAccessOf } from './visibility'

/**
 * Room details and the reveal (docs/esports.md "Room details"). One scheduler job per open
 * contest, at `starts_at − reveal_minutes`: under the contest's row lock it cancels and refunds
 * a contest with fewer than `MIN_SQUADS_TO_PLAY` squads, or locks the squads and reveals the
 * room to the members. The job lives in `scheduled_jobs`, so it survives a restart and is
 * claimed by one process; a late run (a restart, a clock jump) does the same thing once.
 */
export const REVEAL_JOB = 'esports.reveal'
export const revealJobKey = (contestId: number) => `esports_contest:${contestId}:reveal`

export const revealAtMs = (c: Pick<EsportsContestRow, 'starts_at_ms' | 'reveal_minutes'>) =>
  Number(c.starts_at_ms) - Number(c.reveal_minutes) * 60_000

/**
 * Whether the contest still has a reveal to come: an open contest (its squads lock then too),
 * or a tournament lobby — created locked by its round's seeding, its squads fixed — whose room
 * has not been revealed yet.
 */
export const awaitsReveal = (c: Pick<EsportsContestRow, 'status'> & { revealed_at_ms?: number | null }) =>
  c.status === 'open' || (c.status === 'locked' && (c.revealed_at_ms ?? null) === null)

type RevealRow = Pick<EsportsContestRow, 'id' | 'starts_at_ms' | 'reveal_minutes' | 'status'> & {
  revealed_at_ms?: number | null
}

/**
 * Schedules (or moves, when the host changed the start or the reveal) the contest's reveal
 * job; a contest with no reveal to come has none. Inside the caller's transaction when given
 * one (contest creation and edits, a round's seeding), the scheduler re-armed after its commit.
 */
export async function scheduleReveal(
  deps: Pick<Deps, 'scheduler' | 'db' | 'bus'>,
  contest: RevealRow,
  scope?: { tx: Executor; after: AfterCommit },
): Promise<void> {
  const write = async (tx: Executor, after: AfterCommit) => {
    if (!awaitsReveal(contest)) await deps.scheduler.cancel(tx, revealJobKey(contest.id))
    else
      await deps.scheduler.schedule(tx, {
        kind: REVEAL_JOB,
        runAtMs: revealAtMs(contest),
        payload: { contest_id: contest.id },
        uniqueKey: revealJobKey(contest.id),
      })
    after.run(() => deps.scheduler.kick())
  }
  if (scope) await write(scope.tx, scope.after)
  else await withTx(deps, write)
}

export type RevealOutcome = 'locked' | 'cancelled' | 'skipped'

/**
 * The reveal, at `atMs` (the job's instant). Does nothing unless the contest is still open and
 * its reveal time has come (a job left from before a move finds it later and leaves it).
 */
export async function revealContest(deps: Deps, contestId: number, atMs: number): Promise<RevealOutcome> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'esports_contests', contestId)
    const contest = await findContest(tx, contestId)
    if (!contest || !awaitsReveal(contest)) return 'skipped'
    if (revealAtMs(contest) > Math.max(atMs, deps.clock.now())) return 'skipped'
    const at = Math.max(atMs, revealAtMs(contest))
    const path = `/contests/${contest.id}`
    const squads = await playingSquads(tx, contest.id)
    // A tournament lobby's squads were fixed by its round: it is revealed whoever is left.
    if (contest.status === 'open' && squads < MIN_SQUADS_TO_PLAY) {
      const reason = `Fewer than ${MIN_SQUADS_TO_PLAY} squads joined by the lock`
      const refunded = await cancelEsportsContest(tx, after, { contest, reason, nowMs: at })
      const paid = contest.entry_fee_paise > 0
      await notifyEach(
        tx,
        after,
        new Set(refunded),
        {
          kind: 'esports_contest_cancelled',
          body: `${contest.name} was cancelled: fewer than ${MIN_SQUADS_TO_PLAY} squads joined.${
            paid ? ' Your entry fee is refunded to your unused balance.' : ''
          }`,
          data: { path, esports_contest_id: contest.id },
        },
        at,
      )
      if (!refunded.includes(contest.host_id))
        await notify(
          tx,
          after,
          contest.host_id,
          {
            kind: 'esports_contest_cancelled',
            body: `${contest.name} was cancelled at the lock: fewer than ${MIN_SQUADS_TO_PLAY} squads joined.`,
            data: { path, esports_contest_id: contest.id },
          },
          at,
        )
      publishContest(after, contest.id, { type: 'status', status: 'cancelled', reason })
      return 'cancelled'
    }
    await tx
      .updateTable('esports_contests')
      .set({ status: 'locked', locked_at_ms: contest.locked_at_ms ?? at, revealed_at_ms: at })
      .where('id', '=', contest.id)
      .execute()
    const set = contest.room_id !== null && contest.room_password !== null
    const members = await memberIds(tx, contest.id)
    await notifyEach(
      tx,
      after,
      members,
      {
        kind: 'esports_room_details',
        body: set
          ? `Room details for ${contest.name} are out`
          : `Squads are locked for ${contest.name}; room details will appear here as soon as the host sets them`,
        data: { path, esports_contest_id: contest.id },
      },
      at,
    )
    publishContest(after, contest.id, { type: 'status', status: 'locked', revealed_at_in_millis: at })
    if (set) await publishToMembers(tx, after, contest.id, roomMessage(contest))
    return 'locked'
  })
}

/** Squads with at least one member still in (a squad whose members all left does not play). */
async function playingSquads(db: Executor, contestId: number): Promise<number> {
  return (await stillIn(db, contestId, 'squad_id')).length
}

/** The users of the contest still in, each once. */
function memberIds(db: Executor, contestId: number): Promise<number[]> {
  return stillIn(db, contestId, 'user_id')
}

const roomMessage = (c: Pick<EsportsContestRow, 'room_id' | 'room_password'>) => ({
  type: 'room',
  room_id: c.room_id,
  room_password: c.room_password,
})

export function registerEsportsJobs(deps: Deps): void {
  deps.scheduler.register(REVEAL_JOB, async (job) => {
    await revealContest(deps, Number(job.payload.contest_id), job.run_at_ms)
  })
}

/**
 * At every start (and after a snapshot restore): every contest awaiting its reveal (open, or a
 * tournament lobby not yet revealed) has its reveal job. One
 * whose job is missing (a crash between a write and its job, a restored database) gets it
 * again; a reveal time already past runs at once, exactly once, under the row lock.
 */
export async function resumeEsportsReveals(deps: Deps): Promise<number> {
  const open = await deps.db
    .selectFrom('esports_contests')
    .select(['id', 'starts_at_ms', 'reveal_minutes', 'status', 'revealed_at_ms'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'open'),
        eb.and([eb('status', '=', 'locked'), eb('revealed_at_ms', 'is', null)]),
      ]),
    )
    .execute()
  if (open.length === 0) return 0
  const pending = new Set(
    (
      await deps.db
        .selectFrom('scheduled_jobs')
        .select('unique_key')
        .where('status', '=', 'pending')
        .where('kind', '=', REVEAL_JOB)
        .execute()
    ).map((j) => j.unique_key),
  )
  const missing = open.filter((c) => !pending.has(revealJobKey(c.id)))
  if (missing.length === 0) return 0
  await withTx(deps, async (tx, after) => {
    for (const c of missing) await scheduleReveal(deps, c, { tx, after })
  })
  return missing.length
}

// --- the room details themselves

export interface RoomDetailsJson {
  room_id: string | null
  room_password: string | null
  reveal_at_in_millis: number
  starts_at_in_millis: number
  set_at_in_millis: number | null
  /** The caller is the host or an admin: may set them (the web's form). */
  is_host: boolean
}

export function roomDetailsJson(c: EsportsContestRow, isHost: boolean): RoomDetailsJson {
  return {
    room_id: c.room_id,
    room_password: c.room_password,
    reveal_at_in_millis: revealAtMs(c),
    starts_at_in_millis: Number(c.starts_at_ms),
    set_at_in_millis: c.room_set_at_ms === null ? null : Number(c.room_set_at_ms),
    is_host: isHost,
  }
}

/** GET …/room_details: the details, or 404 saying when they appear (to a member). */
export async function readRoomDetails(
  deps: Deps,
  caller: Caller,
  contestId: number,
): Promise<RoomDetailsJson> {
  const contest = await visibleContest(deps.db, 'esports_contest', contestId, caller)
  const access = roomAccess(contest, await roomAccessOf(deps.db, contest, caller))
  if (access === 'always') return roomDetailsJson(contest, true)
  if (access === 'none') throw notFound('Room details')
  if (contest.revealed_at_ms === null)
    throw new AppError(
      'NOT_FOUND',
      `Room details appear here at ${new Date(revealAtMs(contest)).toISOString()}, ${contest.reveal_minutes} minutes before the start`,
    )
  if (contest.room_id === null || contest.room_password === null)
    throw new AppError(
      'NOT_FOUND',
      'The host has not set the room details yet; they appear here as soon as they do',
    )
  return roomDetailsJson(contest, false)
}

/**
 * PUT …/room_details (host or admin). Before the reveal it only stores them; after it, every
 * member is notified and gets them live at once. 409 on a cancelled or completed contest.
 */
export async function setRoomDetails(
  deps: Deps,
  caller: Caller,
  contestId: number,
  input: { room_id: string; room_password: string },
): Promise<RoomDetailsJson> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'esports_contests', contestId)
    const contest = await visibleContest(tx, 'esports_contest', contestId, caller)
    if (contest.host_id !== caller.id && !isAdmin(caller))
      throw new AppError('FORBIDDEN', 'Only the contest’s host or an admin may set the room details')
    if (contest.status === 'cancelled' || contest.status === 'completed')
      throw new AppError('CONFLICT', `The contest is ${contest.status}: its room details cannot change`)
    const now = deps.clock.now()
    await tx
      .updateTable('esports_contests')
      .set({ room_id: input.room_id, room_password: input.room_password, room_set_at_ms: now })
      .where('id', '=', contest.id)
      .execute()
    const updated = { ...contest, ...input, room_set_at_ms: now }
    const changed = contest.room_id !== input.room_id || contest.room_password !== input.room_password
    if (contest.revealed_at_ms !== null && changed) {
      const first = contest.room_id === null
      await notifyEach(
        tx,
        after,
        await memberIds(tx, contest.id),
        {
          kind: 'esports_room_details',
          body: first
            ? `Room details for ${contest.name} are out`
            : `The room details for ${contest.name} changed`,
          data: { path: `/contests/${contest.id}`, esports_contest_id: contest.id },
        },
        now,
      )
      await publishToMembers(tx, after, contest.id, roomMessage(updated))
    }
    return roomDetailsJson(updated, true)
  })
}
