import { paiseToRupees } from './money'
import { hashString, randomStream } from './rng'

/**
 * Scratch-card rewards (DESIGN §5 "Wallet"): cash to the unused balance, coins, or nothing.
 * A card's reward is drawn once, when the card is earned, from the run's seed and the card's
 * unique source key — so the same seed and the same history give the same cards, and adding
 * cards elsewhere never changes an existing card's reward.
 */
export type RewardKind = 'cash' | 'coins' | 'none'

export interface RewardRow {
  kind: RewardKind
  /** Paise for `cash`, whole coins for `coins`, 0 for `none`. */
  amount: number
  /** Relative chance (a positive integer). */
  weight: number
}

export interface Reward {
  kind: RewardKind
  amount: number
}

/** The one reward table: weights sum to 100, so a weight reads as a percentage. */
export const REWARD_TABLE: readonly RewardRow[] = [
  { kind: 'none', amount: 0, weight: 30 },
  { kind: 'coins', amount: 10, weight: 22 },
  { kind: 'coins', amount: 25, weight: 15 },
  { kind: 'coins', amount: 50, weight: 8 },
  { kind: 'coins', amount: 100, weight: 3 },
  { kind: 'cash', amount: 500, weight: 12 },
  { kind: 'cash', amount: 1000, weight: 7 },
  { kind: 'cash', amount: 2500, weight: 2 },
  { kind: 'cash', amount: 5000, weight: 1 },
]

/** Coins each side gets when a referral code is used (the referrer and the new user). */
export const REFERRAL_COINS = 50

/** Where a card came from; also the prefix of its `source_key`. */
export type ScratchCardSource = 'contest_join' | 'referral' | 'referred'

/** Problems with a table (empty when it is usable): integer amounts and weights, sane kinds. */
export function rewardTableProblems(table: readonly RewardRow[]): string[] {
  const problems: string[] = []
  if (table.length === 0) problems.push('the table is empty')
  table.forEach((row, i) => {
    if (!Number.isSafeInteger(row.weight) || row.weight <= 0)
      problems.push(`row ${i}: weight must be a positive integer`)
    if (!Number.isSafeInteger(row.amount) || row.amount < 0)
      problems.push(`row ${i}: amount must be a whole number ≥ 0`)
    if (row.kind === 'none' ? row.amount !== 0 : row.amount <= 0)
      problems.push(`row ${i}: ${row.kind === 'none' ? 'a `none` row pays 0' : `a ${row.kind} row pays > 0`}`)
  })
  return problems
}

/**
 * The reward of the card with this source key, for this seed: a pure function, so the
 * server, tests and the CLI agree on every card. One uniform draw over the summed weights.
 */
export function drawReward(
  seed: number,
  sourceKey: string,
  table: readonly RewardRow[] = REWARD_TABLE,
): Reward {
  const total = table.reduce((sum, row) => sum + row.weight, 0)
  if (total <= 0) throw new RangeError('the reward table has no weight')
  let ticket = randomStream(hashString(`${seed}:scratch-card:${sourceKey}`)).int(1, total)
  for (const row of table) {
    ticket -= row.weight
    if (ticket <= 0) return { kind: row.kind, amount: row.amount }
  }
  throw new Error('unreachable: the ticket is within the total weight')
}

/** A line a person reads once the card is scratched. */
export function rewardLabel(reward: Reward): string {
  if (reward.kind === 'cash') {
    const rupees = paiseToRupees(reward.amount)
    return `₹${Number.isInteger(rupees) ? rupees : rupees.toFixed(2)} cash`
  }
  if (reward.kind === 'coins') return `${reward.amount} coin${reward.amount === 1 ? '' : 's'}`
  return 'Better luck next time'
}
