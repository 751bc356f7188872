import { type Violation, violation } from '../team/violations'

/**
 * Championship transfer accounting (reference §4.2; docs/championship.md
 * "Rules"), pure and shared by the server (the authority at save and at lock), the web builder
 * and the CLI.
 *
 * - A transfer is one player changed relative to the team **as it stood at its last lock**:
 *   swapping a player out and back before the next lock costs nothing (net, not gross).
 * - Before a team's first lock changes are unlimited.
 * - Each lock banks 2 free transfers for the next match; unused ones carry forward.
 * - Beyond the bank, up to 2 paid transfers per match (₹15, then ₹25); they do not carry.
 * - A late joiner's first lock banks 2 × (phase matches that started before it) more, so a
 *   team first locked at match 6 has 12 free transfers for match 7 — the same as a team that
 *   played from match 1 and never transferred.
 * - Captain and vice-captain are not players changed: they are always free.
 */
export const FREE_TRANSFERS_PER_MATCH = 2
export const PAID_TRANSFER_FEES_PAISE: readonly number[] = [1500, 2500] // 1st ₹15, 2nd ₹25
export const PAID_TRANSFERS_PER_MATCH = PAID_TRANSFER_FEES_PAISE.length

/** A team's standing at its last lock; null before its first lock (changes are unlimited). */
export interface LockedState {
  player_ids: number[]
  free_left: number
}

export interface TransferPlan {
  unlimited: boolean
  /** Net change vs the team at the last lock, ascending ids. */
  player_in: number[]
  player_out: number[]
  used: number
  free_used: number
  paid_used: number
  /** After this plan; null while unlimited. paid_left never goes below 0 (see checkTransfers). */
  free_left: number | null
  paid_left: number | null
  /** What the next lock would charge (the first PAID_TRANSFERS_PER_MATCH paid fees). */
  cost_paise: number
}

export function planTransfers(state: LockedState | null, playerIds: readonly number[]): TransferPlan {
  if (state === null)
    return {
      unlimited: true,
      player_in: [],
      player_out: [],
      used: 0,
      free_used: 0,
      paid_used: 0,
      free_left: null,
      paid_left: null,
      cost_paise: 0,
    }
  const { player_in, player_out } = netChange(state.player_ids, playerIds)
  // A full team has as many in as out; a short one (refused by the team rules anyway) still
  // counts each removed player as a change.
  const used = Math.max(player_in.length, player_out.length)
  const free_used = Math.min(used, state.free_left)
  const paid_used = used - free_used
  return {
    unlimited: false,
    player_in,
    player_out,
    used,
    free_used,
    paid_used,
    free_left: state.free_left - free_used,
    paid_left: Math.max(0, PAID_TRANSFERS_PER_MATCH - paid_used),
    cost_paise: paidCost(paid_used),
  }
}

/** [] when allowed, else one `too_many_transfers` violation naming the numbers. */
export function checkTransfers(state: LockedState | null, playerIds: readonly number[]): Violation[] {
  const plan = planTransfers(state, playerIds)
  if (state === null || plan.paid_used <= PAID_TRANSFERS_PER_MATCH) return []
  return [
    violation(
      'too_many_transfers',
      `transfers: ${plan.used} used, ${state.free_left} free + ${PAID_TRANSFERS_PER_MATCH} paid left`,
      plan.player_in,
    ),
  ]
}

export interface LockResult {
  next: LockedState
  free_sub_used: number
  paid_sub_used: number
  cost_paise: number
  player_in: number[]
  player_out: number[]
}

/**
 * The lock of one match: the new state and the counters stored on that match's score row.
 * `matchesBefore` = phase matches that started before this one; it only matters at the
 * team's first lock (state null). Throws on a plan `checkTransfers` refuses: every save is
 * checked against the same last-lock state, so reaching here with one is a bug, not input.
 */
export function lockTransfers(
  state: LockedState | null,
  playerIds: readonly number[],
  matchesBefore: number,
): LockResult {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b)
  if (state === null) {
    const banked = FREE_TRANSFERS_PER_MATCH * (Math.max(0, Math.floor(matchesBefore)) + 1)
    return {
      next: { player_ids: ids, free_left: banked },
      free_sub_used: 0,
      paid_sub_used: 0,
      cost_paise: 0,
      player_in: [],
      player_out: [],
    }
  }
  const plan = planTransfers(state, ids)
  if (plan.paid_used > PAID_TRANSFERS_PER_MATCH)
    throw new RangeError(`lockTransfers: ${plan.used} transfers exceed ${state.free_left} free + 2 paid`)
  return {
    next: { player_ids: ids, free_left: (plan.free_left ?? 0) + FREE_TRANSFERS_PER_MATCH },
    free_sub_used: plan.free_used,
    paid_sub_used: plan.paid_used,
    cost_paise: plan.cost_paise,
    player_in: plan.player_in,
    player_out: plan.player_out,
  }
}

/**
 * Spec §4 "Free transfers left" for the builder: the free transfers the page loaded with,
 * minus the players brought in since the last save (players now in − players in at last save,
 * both counted against the last lock). Never below 0: beyond that the changes are paid
 * (`planTransfers` gives the exact split).
 */
export function freeTransfersLeft(
  originalFree: number,
  playersNowIn: number,
  playersInAtLastSave: number,
): number {
  return Math.max(0, originalFree - (playersNowIn - playersInAtLastSave))
}

/** The fee of the next paid transfer after `paidUsed` of them, or null when none is left. */
export function nextPaidFee(paidUsed: number): number | null {
  return PAID_TRANSFER_FEES_PAISE[paidUsed] ?? null
}

/** Players in `playerIds` and not at the last lock, and the reverse (distinct, ascending). */
export function netChange(
  lockedIds: readonly number[],
  playerIds: readonly number[],
): { player_in: number[]; player_out: number[] } {
  const locked = new Set(lockedIds)
  const now = new Set(playerIds)
  const asc = (a: number, b: number) => a - b
  return {
    player_in: [...now].filter((id) => !locked.has(id)).sort(asc),
    player_out: [...locked].filter((id) => !now.has(id)).sort(asc),
  }
}

function paidCost(paidUsed: number): number {
  return PAID_TRANSFER_FEES_PAISE.slice(0, paidUsed).reduce((sum, fee) => sum + fee, 0)
}

/**
 * The state at the last lock, recovered from what a saved team reports (its free and paid
 * transfers left after its own plan): bank = free left + transfers used − paid used. For the
 * builder, when the server gives the counts after the saved plan rather than the bank.
 */
export function lockedStateFromSave(
  lastLockIds: readonly number[],
  savedIds: readonly number[],
  freeLeftAfterSave: number,
  paidLeftAfterSave: number,
): LockedState {
  const { player_in, player_out } = netChange(lastLockIds, savedIds)
  const used = Math.max(player_in.length, player_out.length)
  const paidUsed = PAID_TRANSFERS_PER_MATCH - paidLeftAfterSave
  return { player_ids: [...lastLockIds], free_left: freeLeftAfterSave + used - paidUsed }
}
