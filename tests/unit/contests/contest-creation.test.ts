import { describe, expect, it } from 'vitest'
import {
  amountRangeErrors,
  amountsFromPercents,
  contestBill,
  percentRangeErrors,
  percentsFromAmounts,
  percentToBps,
  prizeOption,
  prizeOptions,
  shrinkToMembers,
} from '../../../server/domain/contest-creation'
import { GAME_KINDS, gameKind } from '../../../server/domain/game-kinds'

describe('game kinds', () => {
  it('lists every creation slug once, the esports kinds open (created through their own endpoint)', () => {
    const slugs = GAME_KINDS.map((k) => k.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    expect(slugs).toContain('single-match')
    expect(gameKind('pubg')?.available).toBe(true)
    expect(gameKind('auction')?.target).toBe('auction')
    expect(gameKind('nope')).toBeNull()
  })
})

describe('prizeOptions', () => {
  it('offers only winner takes all to two members', () => {
    expect(prizeOptions(2).map((o) => o.key)).toEqual(['winner_takes_all'])
  })

  it('offers top 3 from four members and percent tables without repeating a winner count', () => {
    expect(prizeOptions(4).map((o) => o.key)).toEqual(['winner_takes_all', 'top_3', 'top_50_percent'])
    // 25% of 12 is 3 winners — the same count as top 3, so not offered twice.
    expect(prizeOptions(12).map((o) => o.key)).toEqual(['winner_takes_all', 'top_3', 'top_50_percent'])
    expect(prizeOptions(100).map((o) => o.key)).toEqual([
      'winner_takes_all',
      'top_3',
      'top_10_percent',
      'top_25_percent',
      'top_50_percent',
    ])
  })

  it('labels percent tables with their winner count', () => {
    expect(prizeOption('top_25_percent', 100)?.label).toBe('Top 25% (25 winners)')
    expect(prizeOption('top_3', 3)).toBeNull()
  })
})

describe('percentRangeErrors', () => {
  it('accepts a contiguous table summing to 100%', () => {
    expect(
      percentRangeErrors(
        [
          { from: 1, to: 1, percent_bps: 5000 },
          { from: 2, to: 3, percent_bps: 2500 },
        ],
        10,
      ),
    ).toBeNull()
  })

  it('names the range that overlaps or leaves a gap', () => {
    expect(
      percentRangeErrors(
        [
          { from: 1, to: 2, percent_bps: 4000 },
          { from: 2, to: 2, percent_bps: 2000 },
        ],
        10,
      ),
    ).toEqual({ 'prize_ranges.1.from': ['Overlaps rank 2; start at 3'] })
    expect(
      percentRangeErrors(
        [
          { from: 1, to: 1, percent_bps: 6000 },
          { from: 3, to: 3, percent_bps: 4000 },
        ],
        10,
      ),
    ).toEqual({ 'prize_ranges.1.from': ['Leaves a gap; start at 2'] })
    expect(percentRangeErrors([{ from: 2, to: 2, percent_bps: 10_000 }], 10)).toEqual({
      'prize_ranges.0.from': ['Leaves a gap; start at 1'],
    })
  })

  it('refuses sums other than 100%, more winners than members, zero and rising percents', () => {
    expect(percentRangeErrors([{ from: 1, to: 2, percent_bps: 4000 }], 10)).toEqual({
      prize_ranges: ['Percentages add up to 80%, not 100%'],
    })
    expect(percentRangeErrors([{ from: 1, to: 5, percent_bps: 2000 }], 4)).toEqual({
      'prize_ranges.0.to': ['More winners than members (4)'],
    })
    expect(
      percentRangeErrors(
        [
          { from: 1, to: 1, percent_bps: 10_000 },
          { from: 2, to: 2, percent_bps: 0 },
        ],
        4,
      ),
    ).toEqual({ 'prize_ranges.1.percent': ['Must be more than 0'] })
    expect(
      percentRangeErrors(
        [
          { from: 1, to: 1, percent_bps: 4000 },
          { from: 2, to: 2, percent_bps: 6000 },
        ],
        4,
      ),
    ).toEqual({ 'prize_ranges.1.percent': ['Must not be more than the rank above'] })
    expect(percentRangeErrors([], 4)).toEqual({ prize_ranges: ['Add at least one prize rank'] })
    expect(percentRangeErrors([{ from: 3, to: 2, percent_bps: 10_000 }], 4)).toEqual({
      'prize_ranges.0.to': ['Must be at least 3'],
    })
  })
})

describe('amountRangeErrors', () => {
  it('wants the pool paid exactly', () => {
    expect(amountRangeErrors([{ from: 1, to: 1, amount_paise: 8500 }], 8500, 2)).toBeNull()
    expect(amountRangeErrors([{ from: 1, to: 1, amount_paise: 8000 }], 8500, 2)).toEqual({
      prize_ranges: ['Prizes add up to ₹80, not the pool of ₹85'],
    })
    expect(amountRangeErrors([{ from: 1, to: 1, amount_paise: 100 }], 0, 2)).not.toBeNull()
  })
})

describe('conversions', () => {
  it('floors amounts per rank and gives the odd paise to rank 1, splitting a shared top range', () => {
    expect(amountsFromPercents(1001, [{ from: 1, to: 2, percent_bps: 5000 }])).toEqual([
      { from: 1, to: 1, amount_paise: 501 },
      { from: 2, to: 2, amount_paise: 500 },
    ])
    expect(amountsFromPercents(1000, [{ from: 1, to: 2, percent_bps: 5000 }])).toEqual([
      { from: 1, to: 2, amount_paise: 500 },
    ])
  })

  it('turns amounts back into percents summing to 100%', () => {
    expect(
      percentsFromAmounts(30_000, [
        { from: 1, to: 1, amount_paise: 20_000 },
        { from: 2, to: 2, amount_paise: 10_000 },
      ]),
    ).toEqual([
      { from: 1, to: 1, percent_bps: 6667 },
      { from: 2, to: 2, percent_bps: 3333 },
    ])
  })

  it('shrinks a table to the members who came and rescales it', () => {
    expect(
      shrinkToMembers(
        [
          { from: 1, to: 1, percent_bps: 5000 },
          { from: 2, to: 2, percent_bps: 3000 },
          { from: 3, to: 3, percent_bps: 2000 },
        ],
        2,
      ),
    ).toEqual([
      { from: 1, to: 1, percent_bps: 6250 },
      { from: 2, to: 2, percent_bps: 3750 },
    ])
    expect(shrinkToMembers([{ from: 1, to: 1, percent_bps: 10_000 }], 5)).toEqual([
      { from: 1, to: 1, percent_bps: 10_000 },
    ])
  })

  it('reads percents with at most two decimals', () => {
    expect(percentToBps(33.33)).toBe(3333)
    expect(percentToBps(50)).toBe(5000)
    expect(percentToBps(33.333)).toBeNull()
    expect(percentToBps(Number.NaN)).toBeNull()
  })
})

describe('contestBill', () => {
  it('takes the house rake and floors the pool to whole rupees', () => {
    expect(contestBill(5000, 4)).toEqual({
      entry_fee_paise: 5000,
      members_limit: 4,
      rake_bps: 1500,
      pool_paise: 17_000,
      rake_paise: 3000,
      you_pay_paise: 5000,
    })
    expect(contestBill(0, 10).pool_paise).toBe(0)
  })
})
