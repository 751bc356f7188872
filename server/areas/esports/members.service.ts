import type { Selectable } from 'kysely'
import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { EsportsSquadsTable } from '../../db/schema'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import { ESPORTS_GAMES, ESPORTS_KINDS } from '../../domain/esports/rules'
import { AppError, conflict, forbidden, invalid, notFound } from '../../http/errors'
import { drawInviteCode, visibleContest } from '../contests'
import {
  type Caller,
  type EsportsContestRow,
  esportsContestStream,
  findContest,
  isAdmin,
  memberRow,
  moveCount,
  verifiedAccount,
} from './core'
import { cancelEsportsContest, chargeEsportsEntry, refundEsportsMember } from './money'

/**
 * Members and squads of an esports contest (docs/esports.md, "Members and squads"): joining
 * (a new squad or a squad's invite code), leaving, and the captain's edits, all before the
 * lock. Every write locks the contest row, then the squad row, before it checks anything, and
 * keeps the squad's and the contest's counts in the same transaction; the squads' live
 * message goes out after the commit.
 */

export type SquadRow = Selectable<EsportsSquadsTable>
export type MembersType = 'pubg' | 'free_fire' | 'call_of_duty'

export const SQUAD_NAME_MIN = 2
export const SQUAD_NAME_MAX = 24
export const IN_GAME_NAME_MAX = 32

export interface JoinInput {
  squad_name?: string | undefined
  squad_invite_code?: string | undefined
  invite_code?: string | undefined
}

const SQUAD_CODE_LENGTH = 8

/** An 8-character squad invite code from `deps.rng`, mixed with who asks and when; drawn again on a clash. */
function freshSquadCode(deps: Deps, tx: Executor, userId: number, nowMs: number): Promise<string> {
  return drawInviteCode(
    deps,
    {
      stream: 'esports-squad-invite-codes',
      seedText: `${userId}:${nowMs}`,
      length: SQUAD_CODE_LENGTH,
      reseedAt: 4,
    },
    async (code) =>
      (await tx
        .selectFrom('esports_squads')
        .select('id')
        .where('invite_code', '=', code)
        .executeTakeFirst()) !== undefined,
    () => new AppError('CONFLICT', 'Could not draw a free squad invite code; try again'),
  )
}

const gameName = (contest: EsportsContestRow) => ESPORTS_GAMES[contest.game].name
export const membersTypeOf = (contest: EsportsContestRow): MembersType =>
  ESPORTS_KINDS[contest.kind].members_type

/** 403 naming what is missing: no account for the game, one pending or rejected, or too low a level. */
async function accountToPlay(tx: Executor, contest: EsportsContestRow, userId: number) {
  const account = await verifiedAccount(tx, userId, contest.game)
  const game = gameName(contest)
  if (!account) {
    const other = await tx
      .selectFrom('game_accounts')
      .select(['status', 'reject_reason'])
      .where('user_id', '=', userId)
      .where('game', '=', contest.game)
      .executeTakeFirst()
    if (other?.status === 'pending')
      throw forbidden(
        `Your ${game} game account is waiting for an admin to verify it; you can join once it is verified`,
      )
    if (other?.status === 'rejected')
      throw forbidden(
        `Your ${game} game account was rejected${other.reject_reason ? ` (${other.reject_reason})` : ''}: fix it in your profile settings to join`,
      )
    throw forbidden(`You need a verified ${game} game account to join: add one in your profile settings`)
  }
  if (account.game_level < contest.min_level)
    throw forbidden(
      `This contest needs ${game} level ${contest.min_level} or above; your account is level ${account.game_level}`,
    )
  return account
}

/** The lowest slot no squad of the contest holds (1-based). */
async function lowestFreeSlot(tx: Executor, contestId: number): Promise<number> {
  const taken = new Set(
    (
      await tx.selectFrom('esports_squads').select('slot_no').where('contest_id', '=', contestId).execute()
    ).map((r) => Number(r.slot_no)),
  )
  let slot = 1
  while (taken.has(slot)) slot++
  return slot
}

export async function nameTaken(tx: Executor, contestId: number, name: string, exceptSquadId?: number) {
  let q = tx
    .selectFrom('esports_squads')
    .select('id')
    .where('contest_id', '=', contestId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
  if (exceptSquadId !== undefined) q = q.where('id', '!=', exceptSquadId)
  return (await q.executeTakeFirst()) !== undefined
}

/** A squad name free in the contest: `base`, else `base 2`, `base 3`… (solo squads and defaults). */
async function freeName(tx: Executor, contestId: number, base: string): Promise<string> {
  const trimmed = base.slice(0, SQUAD_NAME_MAX).padEnd(SQUAD_NAME_MIN, '_')
  if (!(await nameTaken(tx, contestId, trimmed))) return trimmed
  for (let n = 2; ; n++) {
    const name = `${trimmed.slice(0, SQUAD_NAME_MAX - String(n).length - 1)} ${n}`
    if (!(await nameTaken(tx, contestId, name))) return name
  }
}

/**
 * Joins the contest: a new squad (caller its captain, the lowest free slot) or, with
 * `squad_invite_code`, that squad. Private contests need their `invite_code` too, unless the
 * caller joins by a squad invite of it. Solo: always a new squad of one named after the
 * player's in-game name. The entry fee is charged in the same transaction.
 */
export async function joinEsportsContest(
  deps: Deps,
  caller: Caller,
  contestId: number,
  input: JoinInput,
): Promise<{ memberId: number; squadId: number }> {
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'esports_contests', contestId)
    const contest = await findContest(tx, contestId)
    if (!contest) throw notFound('Contest')
    const squadCode = input.squad_invite_code?.trim().toUpperCase()
    let squad = squadCode ? await squadByInvite(tx, contest.id, squadCode) : undefined
    const hostOrAdmin = contest.host_id === caller.id || isAdmin(caller)
    if (contest.is_private && !hostOrAdmin && !squad) {
      const code = input.invite_code?.trim().toUpperCase()
      if (!code || code !== contest.invite_code.toUpperCase()) throw notFound('Contest')
    }
    if (squadCode && !squad) throw notFound('Squad invite code')
    if (await memberRow(tx, contest.id, caller.id))
      throw conflict('You are already in this contest', 'ALREADY_JOINED')
    if (contest.status !== 'open')
      throw conflict(
        contest.status === 'locked'
          ? 'Joining has closed: squads are locked and the room details are out'
          : `Joining has closed: the contest is ${contest.status}`,
        'CONTEST_CLOSED',
      )
    const account = await accountToPlay(tx, contest, caller.id)
    if (squad) {
      if (Number(squad.members_count) >= contest.team_size)
        throw conflict(`The squad is full (${contest.team_size} of ${contest.team_size})`, 'CONTEST_FULL')
    } else {
      if (Number(contest.squads_count) >= contest.slots) throw conflict('The room is full', 'CONTEST_FULL')
      squad = await openSquad(
        deps,
        tx,
        contest,
        caller.id,
        await squadNameFor(tx, contest, account, input),
        now,
      )
    }
    const squadId = Number(squad.id)
    const memberId = await addMember(tx, after, contest, squad, caller.id, account, now)
    after.publish(esportsContestStream(contest.id), { type: 'squads' })
    return { memberId, squadId }
  })
}

/** The joiner's member row in the squad (their game account as it is now), the entry fee charged, the counts raised. */
async function addMember(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  squad: SquadRow,
  userId: number,
  account: { id: number; in_game_name: string; character_id: string },
  now: number,
): Promise<number> {
  const squadId = Number(squad.id)
  // A player who left earlier has no row any more (leaving deletes it), so the unique
  // (contest, user) index only ever meets a current member, refused before this is called.
  const member = await tx
    .insertInto('esports_members')
    .values({
      contest_id: contest.id,
      squad_id: squadId,
      user_id: userId,
      game_account_id: Number(account.id),
      in_game_name: account.in_game_name,
      character_id: account.character_id,
      position: Number(squad.members_count) + 1,
      entry_fee_paise: contest.entry_fee_paise,
      joined_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const memberId = Number(member.id)
  await chargeEsportsEntry(tx, after, { contest, memberId, userId, nowMs: now })
  await moveCount(tx, 'esports_squads', 'members_count', squadId, 1)
  await moveCount(tx, 'esports_contests', 'members_count', contest.id, 1)
  return memberId
}

/** The squad a squad invite code opens in the contest, locked; undefined for an unknown code. */
async function squadByInvite(tx: Tx, contestId: number, code: string): Promise<SquadRow | undefined> {
  const found = await tx
    .selectFrom('esports_squads')
    .select('id')
    .where('contest_id', '=', contestId)
    .where('invite_code', '=', code)
    .executeTakeFirst()
  if (!found) return undefined
  await lockRows(tx, 'esports_squads', Number(found.id))
  return tx.selectFrom('esports_squads').selectAll().where('id', '=', Number(found.id)).executeTakeFirst()
}

/** A new squad's name: the one asked for (refused when taken), else one made from the in-game name. */
async function squadNameFor(
  tx: Executor,
  contest: EsportsContestRow,
  account: { in_game_name: string },
  input: JoinInput,
): Promise<string> {
  const requested = contest.team_size === 1 ? undefined : input.squad_name?.trim()
  if (!requested)
    return freeName(
      tx,
      contest.id,
      contest.team_size === 1 ? account.in_game_name : `${account.in_game_name}’s squad`,
    )
  if (await nameTaken(tx, contest.id, requested)) throw invalid({ squad_name: ['is taken in this contest'] })
  return requested
}

/** A new empty squad in the lowest free slot, the joiner its captain; the contest counts it. */
async function openSquad(
  deps: Deps,
  tx: Tx,
  contest: EsportsContestRow,
  captainId: number,
  name: string,
  now: number,
): Promise<SquadRow> {
  const squad = await tx
    .insertInto('esports_squads')
    .values({
      contest_id: contest.id,
      name,
      captain_id: captainId,
      invite_code: await freshSquadCode(deps, tx, captainId, now),
      slot_no: await lowestFreeSlot(tx, contest.id),
      members_count: 0,
      created_at_ms: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await moveCount(tx, 'esports_contests', 'squads_count', contest.id, 1)
  return squad
}

/**
 * Takes a member out before the lock (they left, or their captain removed them): the entry
 * back to their unused balance, the row deleted (the passbook keeps the fee and the refund),
 * the squad's positions closed up, the captaincy passed to the next member by position, and
 * an emptied squad deleted so its slot frees.
 */
export async function takeOut(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  member: { id: number; squad_id: number; user_id: number },
  nowMs: number,
): Promise<void> {
  await refundEsportsMember(tx, after, { contest, memberId: member.id, nowMs })
  await tx.deleteFrom('esports_members').where('id', '=', member.id).execute()
  const rest = await tx
    .selectFrom('esports_members')
    .select(['id', 'user_id', 'position'])
    .where('squad_id', '=', member.squad_id)
    .where('refunded', '=', 0)
    .orderBy('position')
    .orderBy('id')
    .execute()
  if (rest.length === 0) {
    await tx.deleteFrom('esports_members').where('squad_id', '=', member.squad_id).execute()
    await tx.deleteFrom('esports_squads').where('id', '=', member.squad_id).execute()
    await moveCount(tx, 'esports_contests', 'squads_count', contest.id, -1)
  } else {
    for (const [i, m] of rest.entries())
      if (Number(m.position) !== i + 1)
        await tx
          .updateTable('esports_members')
          .set({ position: i + 1 })
          .where('id', '=', Number(m.id))
          .execute()
    const squad = await tx
      .selectFrom('esports_squads')
      .select('captain_id')
      .where('id', '=', member.squad_id)
      .executeTakeFirstOrThrow()
    await tx
      .updateTable('esports_squads')
      .set((eb) => ({
        members_count: rest.length,
        captain_id:
          Number(squad.captain_id) === member.user_id ? Number(rest[0]?.user_id) : eb.ref('captain_id'),
      }))
      .where('id', '=', member.squad_id)
      .execute()
  }
  await moveCount(tx, 'esports_contests', 'members_count', contest.id, -1)
  after.publish(esportsContestStream(contest.id), { type: 'squads' })
}

/** Leaves the contest before the lock (refund). Not a member: 404; after the lock: 409. */
export async function leaveEsportsContest(deps: Deps, caller: Caller, contestId: number): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    await lockRows(tx, 'esports_contests', contestId)
    const contest = await visibleContest(tx, 'esports_contest', contestId, caller)
    const member = await memberRow(tx, contest.id, caller.id)
    if (!member) throw notFound('Your membership')
    await lockRows(tx, 'esports_squads', Number(member.squad_id))
    assertSquadsOpen(contest)
    await takeOut(
      tx,
      after,
      contest,
      { id: Number(member.id), squad_id: Number(member.squad_id), user_id: caller.id },
      now,
    )
  })
}

/** 409 once squads are final (every squad write after the lock). */
export function assertSquadsOpen(contest: EsportsContestRow): void {
  if (contest.status !== 'open')
    throw conflict(
      contest.status === 'locked'
        ? 'Squads are locked: the room details are out'
        : `Squads can no longer change: the contest is ${contest.status}`,
    )
}

/**
 * Every entry of a contest refunded and the contest cancelled (the host cancelled before the
 * lock, or fewer than two squads at the lock): the cross-part name of docs/esports.md over
 * money.ts's `cancelEsportsContest`. Returns the user ids refunded.
 */
export function refundAllMembers(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  reason: string,
  nowMs: number,
): Promise<number[]> {
  return cancelEsportsContest(tx, after, { contest, reason, nowMs })
}
