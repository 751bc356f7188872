import { lockRows } from '../../db/lock'
import { type Executor, type Tx, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { AppError, conflict, forbidden, invalid, notFound } from '../../http/errors'
import { notify } from '../notifications'
import { visibleUser } from '../users'
import { type Caller, esportsContestStream, findContest, memberRow } from './core'
import { assertSquadsOpen, type MembersType, membersTypeOf, nameTaken, takeOut } from './members.service'

/**
 * A squad the caller belongs to, locked (contest row first, then the squad), with its contest.
 * Not in the squad (or no such squad): 404; `captain` and not its captain: 403; after the lock: 409.
 */
async function mySquadForWrite(tx: Tx, caller: Caller, squadId: number, captain: boolean) {
  const found = await tx
    .selectFrom('esports_squads')
    .select('contest_id')
    .where('id', '=', squadId)
    .executeTakeFirst()
  if (!found) throw notFound('Squad')
  await lockRows(tx, 'esports_contests', Number(found.contest_id))
  await lockRows(tx, 'esports_squads', squadId)
  const squad = await tx.selectFrom('esports_squads').selectAll().where('id', '=', squadId).executeTakeFirst()
  const contest = await findContest(tx, Number(found.contest_id))
  if (!squad || !contest) throw notFound('Squad')
  const me = await memberRow(tx, contest.id, caller.id)
  if (!me || Number(me.squad_id) !== squadId) throw notFound('Squad')
  if (captain && Number(squad.captain_id) !== caller.id)
    throw forbidden('Only the squad’s captain may do that')
  assertSquadsOpen(contest)
  return { squad, contest }
}

async function squadMembers(tx: Executor, squadId: number) {
  return tx
    .selectFrom('esports_members')
    .selectAll()
    .where('squad_id', '=', squadId)
    .where('refunded', '=', 0)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export async function renameSquad(deps: Deps, caller: Caller, squadId: number, name: string) {
  await withTx(deps, async (tx, after) => {
    const { squad, contest } = await mySquadForWrite(tx, caller, squadId, true)
    if (await nameTaken(tx, contest.id, name, Number(squad.id)))
      throw invalid({ name: ['is taken in this contest'] })
    await tx.updateTable('esports_squads').set({ name }).where('id', '=', squadId).execute()
    after.publish(esportsContestStream(contest.id), { type: 'squads' })
  })
}

/**
 * The captain invites a player by username: a notification with the squad's invite link.
 * Unknown username: 404; already in the contest: 409; the squad full: 409.
 */
export async function inviteToSquad(
  deps: Deps,
  caller: Caller,
  squadId: number,
  username: string,
): Promise<{ user: { id: number; slug: string; username: string }; url: string }> {
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    const { squad, contest } = await mySquadForWrite(tx, caller, squadId, true)
    const user = await visibleUser(tx, { username }).catch(() => {
      throw notFound('Player')
    })
    if (await memberRow(tx, contest.id, Number(user.id)))
      throw conflict(`${user.username} is already in this contest`, 'ALREADY_JOINED')
    if (Number(squad.members_count) >= contest.team_size) throw conflict('The squad is full', 'CONTEST_FULL')
    const captain = await tx
      .selectFrom('users')
      .select('username')
      .where('id', '=', caller.id)
      .executeTakeFirstOrThrow()
    const url = `/contests/${contest.id}/squads?invite=${squad.invite_code}`
    await notify(
      tx,
      after,
      Number(user.id),
      {
        kind: 'esports_squad_invite',
        body: `${captain.username} invited you to the squad ${squad.name} in ${contest.name}`,
        data: { path: url, url, contest_id: contest.id, squad_id: squadId, invite_code: squad.invite_code },
      },
      now,
    )
    return { user: { id: Number(user.id), slug: user.slug, username: user.username }, url }
  })
}

/** The captain removes a member (refunded); not themself (422: leave instead); not in the squad: 404. */
export async function removeFromSquad(deps: Deps, caller: Caller, squadId: number, userId: number) {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const { squad, contest } = await mySquadForWrite(tx, caller, squadId, true)
    if (userId === caller.id)
      throw invalid({ user_id: ['is you: leave the contest instead of removing yourself'] })
    const member = (await squadMembers(tx, Number(squad.id))).find((m) => Number(m.user_id) === userId)
    if (!member) throw notFound('Squad member')
    await takeOut(tx, after, contest, { id: Number(member.id), squad_id: squadId, user_id: userId }, now)
    await notify(
      tx,
      after,
      userId,
      {
        kind: 'esports_squad_removed',
        body: `You were removed from the squad ${squad.name} in ${contest.name}; your entry fee is refunded`,
        data: { path: `/contests/${contest.id}`, contest_id: contest.id },
      },
      now,
    )
  })
}

/** The captain hands the captaincy to another member of the squad. */
export async function handOverCaptaincy(deps: Deps, caller: Caller, squadId: number, userId: number) {
  await withTx(deps, async (tx, after) => {
    const { squad, contest } = await mySquadForWrite(tx, caller, squadId, true)
    if (userId === caller.id) throw invalid({ user_id: ['is you: you are the captain already'] })
    const member = (await squadMembers(tx, Number(squad.id))).find((m) => Number(m.user_id) === userId)
    if (!member) throw notFound('Squad member')
    await tx.updateTable('esports_squads').set({ captain_id: userId }).where('id', '=', squadId).execute()
    after.publish(esportsContestStream(contest.id), { type: 'squads' })
  })
}

/**
 * A member's row edited: their own in-game name (only them), or their position (only the
 * captain; the member at that position swaps). The path's game must be the contest's (404).
 */
export async function updateMember(
  deps: Deps,
  caller: Caller,
  type: MembersType,
  memberId: number,
  input: { in_game_name?: string | undefined; position?: number | undefined },
) {
  return withTx(deps, async (tx, after) => {
    const found = await tx
      .selectFrom('esports_members')
      .select(['squad_id'])
      .where('id', '=', memberId)
      .where('refunded', '=', 0)
      .executeTakeFirst()
    if (!found) throw notFound('Member')
    // A member of a squad the caller is not in is as missing as one that never was.
    const { squad, contest } = await mySquadForWrite(tx, caller, Number(found.squad_id), false).catch(
      (error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound('Member') : error
      },
    )
    if (membersTypeOf(contest) !== type) throw notFound('Member')
    const members = await squadMembers(tx, Number(squad.id))
    const member = members.find((m) => Number(m.id) === memberId)
    if (!member) throw notFound('Member')
    if (input.in_game_name !== undefined && Number(member.user_id) !== caller.id)
      throw forbidden('Only the player themself may change their in-game name')
    if (input.position !== undefined && Number(squad.captain_id) !== caller.id)
      throw forbidden('Only the squad’s captain may change positions')
    if (input.position !== undefined && input.position > members.length)
      throw invalid({ position: [`must be from 1 to ${members.length}`] })
    if (input.in_game_name !== undefined)
      await tx
        .updateTable('esports_members')
        .set({ in_game_name: input.in_game_name })
        .where('id', '=', memberId)
        .execute()
    if (input.position !== undefined && input.position !== Number(member.position)) {
      const other = members.find((m) => Number(m.position) === input.position)
      if (other)
        await tx
          .updateTable('esports_members')
          .set({ position: Number(member.position) })
          .where('id', '=', Number(other.id))
          .execute()
      await tx
        .updateTable('esports_members')
        .set({ position: input.position })
        .where('id', '=', memberId)
        .execute()
    }
    after.publish(esportsContestStream(contest.id), { type: 'squads' })
    return { contestId: contest.id, squadId: Number(squad.id) }
  })
}

/**
 * The captain sets every position at once: `members` names each member of the squad once and
 * the positions are 1..members_count, each once (422 `members` / `members.i.position`).
 */
export async function reorderMembers(
  deps: Deps,
  caller: Caller,
  type: MembersType,
  squadId: number,
  order: Array<{ id: number; position: number }>,
) {
  return withTx(deps, async (tx, after) => {
    const { squad, contest } = await mySquadForWrite(tx, caller, squadId, true)
    if (membersTypeOf(contest) !== type) throw notFound('Squad')
    const members = await squadMembers(tx, Number(squad.id))
    const ids = new Set(members.map((m) => Number(m.id)))
    const listed = new Set(order.map((o) => o.id))
    if (
      order.length !== members.length ||
      listed.size !== order.length ||
      ![...listed].every((id) => ids.has(id))
    )
      throw invalid({ members: ['must list each member of the squad exactly once'] })
    const fields: Record<string, string[]> = {}
    const seen = new Set<number>()
    for (const [i, o] of order.entries()) {
      if (o.position > members.length)
        fields[`members.${i}.position`] = [`must be from 1 to ${members.length}`]
      else if (seen.has(o.position)) fields[`members.${i}.position`] = ['is given to another member too']
      seen.add(o.position)
    }
    if (Object.keys(fields).length > 0) throw invalid(fields)
    for (const o of order)
      await tx.updateTable('esports_members').set({ position: o.position }).where('id', '=', o.id).execute()
    after.publish(esportsContestStream(contest.id), { type: 'squads' })
    return { contestId: contest.id }
  })
}
