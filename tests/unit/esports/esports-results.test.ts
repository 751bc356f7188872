import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ordinal,
  type PayoutMember,
  payouts,
  type ResultSquad,
  standings,
  validateResults,
} from '../../../server/domain/esports/results'
import { TEAM_SIZES } from '../../../server/domain/esports/rules'
import { createRng } from '../../../server/domain/rng'
import { simulateResults } from '../../../server/sim/esports-results'

/** Esports results, pure (docs/esports.md "Results, payouts and corrections"). */
const squads = (sizes: number[]): ResultSquad[] =>
  sizes.map((players, i) => ({
    id: i + 1,
    name: `Squad ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i % 26]}${i}`,
    players,
  }))
const top3 = [
  { from: 1, to: 1, percent_bps: 5000 },
  { from: 2, to: 2, percent_bps: 3000 },
  { from: 3, to: 3, percent_bps: 2000 },
]

describe('validateResults', () => {
  const three = [
    { id: 10, name: 'Squad Alpha', players: 2 },
    { id: 11, name: 'Squad Bravo', players: 2 },
    { id: 12, name: 'Squad Charlie', players: 2 },
  ]
  const duo = (rows: Parameters<typeof validateResults>[1]) => validateResults(three, rows, { mode: 'duo' })
  it('accepts a possible outcome', () => {
    expect(
      duo([
        { squad_id: 10, placement: 2, kills: 3 },
        { squad_id: 11, placement: 1, kills: 2 },
        { squad_id: 12, placement: 3, kills: 0 },
      ]),
    ).toBeNull()
  })
  it('names the squads', () => {
    expect(
      duo([
        { squad_id: 10, placement: 3, kills: 30 },
        { squad_id: 11, placement: 3, kills: 0 },
        { squad_id: 11, placement: 1, kills: 0 },
      ]),
    ).toEqual({
      'results.0.kills': ['Squad Alpha has 30 kills; at most 4 players could be killed'],
      'results.1.placement': ['Squad Alpha and Squad Bravo both placed 3rd'],
      'results.2.squad_id': ['Squad Bravo has two rows'],
      results: ['Squad Charlie has no result: every squad of the contest needs one row'],
    })
  })
  it('bounds solo kills by the players out before', () => {
    const solo = squads([1, 1, 1, 1])
    const ok = [
      { squad_id: 1, placement: 1, kills: 3 },
      { squad_id: 2, placement: 2, kills: 0 },
      { squad_id: 3, placement: 3, kills: 0 },
      { squad_id: 4, placement: 4, kills: 0 },
    ]
    expect(validateResults(solo, ok, { mode: 'solo' })).toBeNull()
    const bad = ok.map((r) => (r.squad_id === 3 ? { ...r, kills: 2 } : r))
    expect(validateResults(solo, bad, { mode: 'solo' })?.['results.2.kills']?.[0]).toMatch(
      /placed 3rd has 2 kills; only 1 player was out before them/,
    )
  })
  it('spells ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ])
  })
})

describe('standings', () => {
  it('scores by the game’s table and shares tied ranks', () => {
    const table = standings('free-fire', [
      { squad_id: 1, placement: 2, kills: 3 },
      { squad_id: 2, placement: 1, kills: 0 },
      { squad_id: 3, placement: 3, kills: 0 },
    ])
    expect(table.map((s) => [s.squad_id, s.points, s.rank])).toEqual([
      [2, 12, 1],
      [1, 12, 1],
      [3, 8, 3],
    ])
    expect(standings('pubg', [{ squad_id: 1, placement: 13, kills: 2 }])[0]?.points).toBe(2)
  })
})

describe('payouts', () => {
  const members = (perSquad: number[]): PayoutMember[] =>
    perSquad.flatMap((k, s) =>
      Array.from({ length: k }, (_, p) => ({
        id: s * 10 + p + 1,
        squad_id: s + 1,
        position: p + 1,
        refunded: false,
      })),
    )
  /** Payouts of a PUBG contest whose squads 1 and 2 came 1st and 2nd with 3 and 1 kills. */
  const twoSquads = (contest: Parameters<typeof payouts>[0], perSquad: number[]) =>
    payouts(
      contest,
      standings('pubg', [
        { squad_id: 1, placement: 1, kills: 3 },
        { squad_id: 2, placement: 2, kills: 1 },
      ]),
      members(perSquad),
    )
  it('is the worked example of docs/esports.md', () => {
    const table = standings('free-fire', [
      { squad_id: 1, placement: 1, kills: 3 },
      { squad_id: 2, placement: 2, kills: 1 },
      { squad_id: 3, placement: 3, kills: 0 },
    ])
    const pay = payouts(
      { entry_fee_paise: 5000, rake_bps: 1500, per_kill_paise: 200, prize_percents: top3 },
      table,
      members([2, 2, 2]),
    )
    expect(pay.gross).toBe(30_000)
    expect(pay.pool).toBe(25_500)
    expect(pay.squads).toEqual([
      { squad_id: 1, kill_prize: 600, rank_prize: 12_350, total: 12_950 },
      { squad_id: 2, kill_prize: 200, rank_prize: 7_410, total: 7_610 },
      { squad_id: 3, kill_prize: 0, rank_prize: 4_940, total: 4_940 },
    ])
    expect([...pay.members.values()]).toEqual([6475, 6475, 3805, 3805, 2470, 2470])
    expect(pay.house).toBe(4_500)
  })
  it('gives the odd paise to the lowest position and leaves refunded members out', () => {
    const table = standings('pubg', [
      { squad_id: 1, placement: 1, kills: 0 },
      { squad_id: 2, placement: 2, kills: 0 },
    ])
    const ms = members([3, 1])
    ms[2] = { ...(ms[2] as PayoutMember), refunded: true }
    const pay = payouts(
      {
        entry_fee_paise: 3333,
        rake_bps: 0,
        per_kill_paise: 0,
        prize_percents: [{ from: 1, to: 1, percent_bps: 10_000 }],
      },
      table,
      ms,
    )
    // 3 paid × ₹33.33 = ₹99.99 → pool ₹99, to squad 1's two paying members: ₹49.50 each.
    expect(pay.pool).toBe(9_900)
    expect(pay.members.get(1)).toBe(4_950)
    expect(pay.members.get(2)).toBe(4_950)
    expect(pay.members.has(3)).toBe(false)
    expect(pay.house).toBe(99)
  })
  it('scales kill prizes down when they would exceed the pool', () => {
    const pay = twoSquads(
      { entry_fee_paise: 1000, rake_bps: 0, per_kill_paise: 10_000, prize_percents: top3 },
      [1, 1],
    )
    expect(pay.squads.map((s) => s.kill_prize)).toEqual([1500, 500])
    expect(pay.paid).toBe(2000)
  })
  it('pays nothing in a free contest', () => {
    const pay = twoSquads(
      { entry_fee_paise: 0, rake_bps: 1500, per_kill_paise: 500, prize_percents: top3 },
      [2, 2],
    )
    expect(pay.paid).toBe(0)
    expect(pay.house).toBe(0)
  })

  it('property: amounts ≥ 0, Σ paid ≤ pool ≤ gross, squads’ totals reach their members', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.constantFrom(
          top3,
          [{ from: 1, to: 1, percent_bps: 10_000 }],
          [
            { from: 1, to: 1, percent_bps: 4000 },
            { from: 2, to: 5, percent_bps: 1500 },
          ],
        ),
        (sizes, fee, rake, perKill, seed, percents) => {
          const sq = sizes.map((k, i) => ({
            id: i + 1,
            member_ids: Array.from({ length: k }, (_, p) => i * 10 + p + 1),
          }))
          const rows = simulateResults(createRng(seed).stream('t'), sq, 'pubg')
          const table = standings('pubg', rows)
          const pay = payouts(
            { entry_fee_paise: fee, rake_bps: rake, per_kill_paise: perKill, prize_percents: percents },
            table,
            members(sizes),
          )
          for (const v of pay.members.values()) expect(v).toBeGreaterThanOrEqual(0)
          expect(pay.paid).toBeLessThanOrEqual(pay.pool)
          expect(pay.pool).toBeLessThanOrEqual(pay.gross)
          expect(pay.house).toBe(pay.gross - pay.paid)
          expect(pay.squads.reduce((n, s) => n + s.total, 0)).toBe(pay.paid)
          if (fee === 0) expect(pay.paid).toBe(0)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('simulateResults', () => {
  it('property: always valid, and the same seed gives the same result', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('solo', 'duo', 'squad' as const),
        fc.integer({ min: 2, max: 25 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.boolean(),
        (mode, n, seed, short) => {
          const size = TEAM_SIZES[mode as 'solo' | 'duo' | 'squad']
          const sizes = Array.from({ length: n }, (_, i) =>
            short && i % 3 === 0 ? Math.max(1, size - 1) : size,
          )
          const sq = sizes.map((k, i) => ({
            id: 100 + i,
            member_ids: Array.from({ length: k }, (_, p) => i * 10 + p + 1),
          }))
          const rows = simulateResults(createRng(seed).stream('esports:results:1:v1'), sq, 'free-fire')
          expect(
            validateResults(
              squads(sizes).map((s, i) => ({ ...s, id: 100 + i })),
              rows,
              { mode },
            ),
          ).toBeNull()
          expect(simulateResults(createRng(seed).stream('esports:results:1:v1'), sq, 'free-fire')).toEqual(
            rows,
          )
        },
      ),
      { numRuns: 60 },
    )
  })
  it('places a squad without players last', () => {
    const rows = simulateResults(
      createRng(1).stream('x'),
      [
        { id: 1, member_ids: [] },
        { id: 2, member_ids: [5, 6] },
        { id: 3, member_ids: [7, 8] },
      ],
      'pubg',
    )
    expect(rows[0]).toEqual({ squad_id: 1, placement: 3, kills: 0 })
  })
})
