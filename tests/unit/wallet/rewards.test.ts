import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  drawReward,
  REFERRAL_COINS,
  REWARD_TABLE,
  type RewardRow,
  rewardLabel,
  rewardTableProblems,
} from '../../../server/domain/rewards'

const totalWeight = REWARD_TABLE.reduce((s, r) => s + r.weight, 0)
const isRow = (reward: { kind: string; amount: number }) =>
  REWARD_TABLE.some((r) => r.kind === reward.kind && r.amount === reward.amount)

describe('the reward table', () => {
  it('is valid: positive integer weights summing to 100, integer amounts, cash, coins and nothing', () => {
    expect(rewardTableProblems(REWARD_TABLE)).toEqual([])
    expect(totalWeight).toBe(100)
    expect(new Set(REWARD_TABLE.map((r) => r.kind))).toEqual(new Set(['cash', 'coins', 'none']))
    expect(Number.isInteger(REFERRAL_COINS) && REFERRAL_COINS > 0).toBe(true)
  })

  it('finds the problems of a bad table', () => {
    const bad: RewardRow[] = [
      { kind: 'cash', amount: 10.5, weight: 1 },
      { kind: 'coins', amount: 0, weight: 2 },
      { kind: 'none', amount: 5, weight: 0 },
    ]
    expect(rewardTableProblems(bad)).toEqual([
      'row 0: amount must be a whole number ≥ 0',
      'row 1: a coins row pays > 0',
      'row 2: weight must be a positive integer',
      'row 2: a `none` row pays 0',
    ])
    expect(rewardTableProblems([])).toEqual(['the table is empty'])
  })
})

describe('drawReward', () => {
  it('is a pure function of (seed, source key): the same inputs give the same reward', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.string(), (seed, key) => {
        const a = drawReward(seed, key)
        expect(drawReward(seed, key)).toEqual(a)
        expect(isRow(a)).toBe(true)
      }),
    )
  })

  it('depends on the seed and on the key', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `join:${i}`)
    const bySeed = (seed: number) => keys.map((k) => drawReward(seed, k))
    expect(bySeed(42)).toEqual(bySeed(42))
    expect(bySeed(42)).not.toEqual(bySeed(43))
    expect(new Set(bySeed(42).map((r) => `${r.kind}:${r.amount}`)).size).toBeGreaterThan(4)
  })

  it('follows the weights: every row comes up about as often as its weight says', () => {
    const n = 20_000
    const counts = new Map<string, number>()
    for (let i = 0; i < n; i++) {
      const r = drawReward(42, `join:${i}`)
      counts.set(`${r.kind}:${r.amount}`, (counts.get(`${r.kind}:${r.amount}`) ?? 0) + 1)
    }
    for (const row of REWARD_TABLE) {
      const expected = (n * row.weight) / totalWeight
      const seen = counts.get(`${row.kind}:${row.amount}`) ?? 0
      // Five standard deviations of a binomial: fails only when the draw is really skewed.
      const sd = Math.sqrt(n * (row.weight / totalWeight) * (1 - row.weight / totalWeight))
      expect(Math.abs(seen - expected)).toBeLessThan(5 * sd + 1)
    }
  })

  it('draws only from the table it is given', () => {
    const onlyCoins: RewardRow[] = [{ kind: 'coins', amount: 7, weight: 3 }]
    expect(drawReward(1, 'x', onlyCoins)).toEqual({ kind: 'coins', amount: 7 })
    expect(() => drawReward(1, 'x', [])).toThrow(RangeError)
  })
})

describe('rewardLabel', () => {
  it('says what a card paid', () => {
    expect(rewardLabel({ kind: 'cash', amount: 1000 })).toBe('₹10 cash')
    expect(rewardLabel({ kind: 'cash', amount: 1050 })).toBe('₹10.50 cash')
    expect(rewardLabel({ kind: 'coins', amount: 1 })).toBe('1 coin')
    expect(rewardLabel({ kind: 'coins', amount: 25 })).toBe('25 coins')
    expect(rewardLabel({ kind: 'none', amount: 0 })).toBe('Better luck next time')
  })
})
