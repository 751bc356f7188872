import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  competitionRanks,
  distributePrizes,
  type PrizeRange,
  prizeAt,
  prizePool,
  rankText,
  tieredStructure,
  totalPrizes,
  winnerCount,
} from '../../../server/domain/prizes'

describe('prize pool and structures', () => {
  it('takes the rake from entry fee × members limit, in whole rupees', () => {
    expect(prizePool(4900, 2)).toBe(8300) // ₹98 − 15% = ₹83.30 → ₹83
    expect(prizePool(10_000, 100)).toBe(850_000)
    expect(prizePool(10_000, 100, 1000)).toBe(900_000)
    expect(prizePool(0, 1000)).toBe(0)
  })

  it('pays exactly the pool, best ranks most, in rupees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 2000 }),
        (rupees, winners) => {
          const pool = rupees * 100
          const s = tieredStructure(pool, Math.min(winners, rupees))
          expect(totalPrizes(s)).toBe(pool)
          expect(winnerCount(s)).toBe(Math.min(winners, rupees))
          for (let i = 1; i < s.length; i++)
            expect(s[i]!.amount_paise).toBeLessThanOrEqual(s[i - 1]!.amount_paise)
          for (const r of s) expect(r.amount_paise % 100).toBe(0)
        },
      ),
    )
  })

  it('labels ranges', () => {
    expect(rankText({ from: 1, to: 1, amount_paise: 1 })).toBe('1')
    expect(rankText({ from: 4, to: 10, amount_paise: 1 })).toBe('4-10')
  })
})

describe('ranks and ties', () => {
  it('ranks 1, 2, 2, 4', () => {
    expect(competitionRanks([10, 8, 8, 5])).toEqual([1, 2, 2, 4])
    expect(competitionRanks([5, 8, 10, 8])).toEqual([4, 2, 1, 2])
    expect(competitionRanks([])).toEqual([])
  })

  it('gives tied entries the summed prizes of the positions they occupy', () => {
    const structure = [
      { from: 1, to: 1, amount_paise: 1000 },
      { from: 2, to: 2, amount_paise: 600 },
      { from: 3, to: 3, amount_paise: 300 },
    ]
    // two share 2nd and 3rd: (600 + 300) / 2 each; the next team is 4th and gets nothing
    const entries = [
      { id: 1, rank: 1 },
      { id: 2, rank: 2 },
      { id: 3, rank: 2 },
      { id: 4, rank: 4 },
    ]
    expect(distributePrizes(structure, entries)).toEqual([1000, 450, 450, 0])
    // three tied first share everything
    expect(
      distributePrizes(structure, [
        { id: 1, rank: 1 },
        { id: 2, rank: 1 },
        { id: 3, rank: 1 },
      ]),
    ).toEqual([634, 633, 633])
    // a tie at the prize boundary: positions 3 and 4 share 300 + 0
    expect(prizeAt(structure, 4)).toBe(0)
    expect(
      distributePrizes(structure, [
        { id: 9, rank: 1 },
        { id: 8, rank: 2 },
        { id: 7, rank: 3 },
        { id: 6, rank: 3 },
      ]),
    ).toEqual([1000, 600, 150, 150])
  })

  it('never pays more or less than the structure, whatever the ties', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 60 }), (scores) => {
        const structure = tieredStructure(100_000, Math.min(10, scores.length))
        const ranks = competitionRanks(scores)
        const prizes = distributePrizes(
          structure,
          ranks.map((rank, id) => ({ id, rank })),
        )
        const paidPositions = Math.min(scores.length, winnerCount(structure))
        let expected = 0
        for (let p = 1; p <= paidPositions; p++) expected += prizeAt(structure, p)
        expect(prizes.reduce((a, b) => a + b, 0)).toBe(expected)
        // A better score never earns less.
        for (let i = 0; i < scores.length; i++)
          for (let j = 0; j < scores.length; j++)
            if (scores[i]! > scores[j]!) expect(prizes[i]!).toBeGreaterThanOrEqual(prizes[j]!)
      }),
    )
  })

  // distributePrizes looks positions up in a table (a mega contest has 400k of them); the
  // reference searches the structure for each position with prizeAt, as it did before.
  it('pays what a search of the structure for every position pays, overlapping ranges included', () => {
    const reference = (structure: PrizeRange[], entries: Array<{ id: number; rank: number }>) =>
      entries.map((e) => {
        const tied = entries.filter((o) => o.rank === e.rank).sort((a, b) => a.id - b.id)
        let pot = 0
        for (let p = e.rank; p < e.rank + tied.length; p++) pot += prizeAt(structure, p)
        const share = Math.floor(pot / tied.length)
        return share + (tied.indexOf(e) < pot - share * tied.length ? 1 : 0)
      })
    const range = fc
      .tuple(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5000 }),
      )
      .map(([from, span, amount_paise]) => ({ from, to: from + span, amount_paise }))
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 60 }),
        (structure, scores) => {
          const ranks = competitionRanks(scores)
          const entries = ranks.map((rank, i) => ({ id: (i * 7) % 61, rank }))
          expect(distributePrizes(structure, entries)).toEqual(reference(structure, entries))
          // As a board hands them over: in rank order (the walk takes them as they come).
          const byRank = [...entries].sort((a, b) => a.rank - b.rank)
          expect(distributePrizes(structure, byRank)).toEqual(reference(structure, byRank))
        },
      ),
    )
  })
})
