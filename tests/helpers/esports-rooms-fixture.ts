import { chargeEsportsEntry } from '../../server/areas/esports/money'
import type { Deps } from '../../server/core/deps'
import { withTx } from '../../server/db/tx'
import { rowWhere } from './db'

/**
 * Esports contests, squads and members written straight into the database (the esports rooms'
 * part is built beside the contest/join routes, which its tests must not wait for). Entry fees
 * go through the area's real money code, so refunds and `verifyLedger` see a true ledger.
 */
let counter = 0

export interface FixtureContest {
  id: number
  name: string
  starts_at_ms: number
  reveal_minutes: number
}

export async function insertEsportsContest(
  deps: Deps,
  o: {
    hostId: number
    startsInMs?: number
    revealMinutes?: number
    entryFeePaise?: number
    isPrivate?: boolean
    name?: string
    status?: 'open' | 'locked' | 'completed' | 'cancelled'
  },
): Promise<FixtureContest> {
  counter++
  const now = deps.clock.now()
  const startsAt = now + (o.startsInMs ?? 60 * 60_000)
  const name = o.name ?? `Room test ${counter}`
  const row = await deps.db
    .insertInto('esports_contests')
    .values({
      kind: 'pubg',
      game: 'pubg',
      mode: 'solo',
      team_size: 1,
      name,
      description: null,
      map: 'Erangel',
      host_id: o.hostId,
      entry_fee_paise: o.entryFeePaise ?? 0,
      prize_percents: JSON.stringify([{ from: 1, to: 1, percent: 100 }]),
      slots: 10,
      is_private: o.isPrivate ? 1 : 0,
      invite_code: `RT${process.pid}X${counter}${Math.floor(Math.random() * 1e6)}`,
      starts_at_ms: startsAt,
      reveal_minutes: o.revealMinutes ?? 15,
      status: o.status ?? 'open',
      created_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: Number(row.id), name, starts_at_ms: startsAt, reveal_minutes: o.revealMinutes ?? 15 }
}

/** A solo squad of one for `userId` (a verified PUBG account made for them), fee charged. */
export async function insertSquadMember(deps: Deps, contestId: number, userId: number) {
  counter++
  const now = deps.clock.now()
  return withTx(deps, async (tx, after) => {
    const contest = await tx
      .selectFrom('esports_contests')
      .selectAll()
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow()
    const account =
      (await rowWhere(tx, 'game_accounts', { user_id: userId, game: 'pubg' }, 'id')) ??
      (await tx
        .insertInto('game_accounts')
        .values({
          user_id: userId,
          game: 'pubg',
          in_game_name: `ign${userId}`,
          character_id: `5${String(userId).padStart(8, '0')}${counter}`,
          game_level: 40,
          status: 'verified',
          reject_reason: null,
          reviewed_by_id: null,
          reviewed_at_ms: now,
          created_at_ms: now,
          updated_at_ms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow())
    const slot = Number(contest.squads_count) + 1
    const squad = await tx
      .insertInto('esports_squads')
      .values({
        contest_id: contestId,
        name: `Squad ${counter}`,
        captain_id: userId,
        invite_code: `SQ${process.pid}X${counter}${Math.floor(Math.random() * 1e6)}`,
        slot_no: slot,
        members_count: 1,
        tournament_squad_id: null,
        created_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const member = await tx
      .insertInto('esports_members')
      .values({
        contest_id: contestId,
        squad_id: squad.id,
        user_id: userId,
        game_account_id: account.id,
        in_game_name: `ign${userId}`,
        character_id: '123456789',
        position: 1,
        entry_fee_paise: contest.entry_fee_paise,
        joined_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx
      .updateTable('esports_contests')
      .set((eb) => ({ squads_count: eb('squads_count', '+', 1), members_count: eb('members_count', '+', 1) }))
      .where('id', '=', contestId)
      .execute()
    await chargeEsportsEntry(tx, after, { contest, memberId: member.id, userId, nowMs: now })
    return { squadId: Number(squad.id), memberId: Number(member.id) }
  })
}
