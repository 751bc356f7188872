import type { AfterCommit, Tx } from '../../db/tx'
import {
  amountsFromPercents,
  type PercentRange,
  shrinkToMembers,
  winnersOf,
} from '../../domain/contest-creation'
import { prizePool } from '../../domain/prizes'
import { type ContestType, recordActivity } from './activities'

/**
 * What happens to a contest when its match (or phase) starts (docs/contest-creation.md "At the
 * start"). The house's contests keep their rule: not full and not guaranteed → cancelled, else
 * locked (a guaranteed one pays its prizes even unfilled, the house topping up). A player's
 * contest: not full and not guaranteed → cancelled; only its creator in it → cancelled; a
 * guaranteed one that did not fill runs with the members it has, its percent table shrunk to
 * them and paid from what they paid in (fee × entries less the rake) — the house adds nothing.
 */
export type LockDecision =
  | { action: 'cancel'; reason: string }
  | { action: 'lock'; rescaled?: { prize_pool_paise: number; prize_structure: string; winner_count: number } }

interface AtLock {
  id: number
  created_by_id: number | null
  members_count: number
  members_limit: number
  guaranteed: number
  entry_fee_paise: number | string
  rake_bps: number
  prize_percents: string | null
}

export async function decideAtLock(
  tx: Tx,
  type: ContestType,
  c: AtLock,
  unfilledReason: string,
): Promise<LockDecision> {
  const unfilled = c.members_count < c.members_limit
  if (unfilled && !c.guaranteed) return { action: 'cancel', reason: unfilledReason }
  if (c.created_by_id === null) return { action: 'lock' }
  const table = type === 'contest' ? 'contest_members' : 'championship_contest_members'
  const players = await tx
    .selectFrom(table)
    .select('user_id')
    .distinct()
    .where('contest_id', '=', c.id)
    .execute()
  if (players.length < 2) return { action: 'cancel', reason: 'Nobody joined the contest but its creator' }
  if (!unfilled) return { action: 'lock' }
  const percents = c.prize_percents ? (JSON.parse(c.prize_percents) as PercentRange[]) : []
  const pool = prizePool(Number(c.entry_fee_paise), c.members_count, c.rake_bps)
  const shrunk = shrinkToMembers(percents, c.members_count)
  const prizes = pool > 0 ? amountsFromPercents(pool, shrunk) : []
  return {
    action: 'lock',
    rescaled: {
      prize_pool_paise: pool,
      prize_structure: JSON.stringify(prizes),
      winner_count: winnersOf(prizes),
    },
  }
}

/** The `locked` activity (with the rescaled pool when there is one). */
export async function lockedActivity(
  tx: Tx,
  after: AfterCommit,
  type: ContestType,
  id: number,
  decision: LockDecision,
  atMs: number,
) {
  const rescaled = decision.action === 'lock' ? decision.rescaled : undefined
  await recordActivity(
    tx,
    after,
    {
      type,
      contestId: id,
      kind: 'locked',
      userId: null,
      body: rescaled
        ? `Locked with the members it has: the prize pool is now ₹${rescaled.prize_pool_paise / 100}`
        : 'Locked: the contest has started',
      data: rescaled ? { prize_pool_paise: rescaled.prize_pool_paise } : {},
    },
    atMs,
  )
}
