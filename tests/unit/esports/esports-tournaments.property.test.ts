import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkDefinition,
  firstRoundSeeding,
  goingOn,
  lobbiesFor,
  qualifiers,
  roundStandings,
  type SlotResult,
  snakeSeed,
  type TournamentDefinition,
} from '../../../server/domain/esports/tournaments'

// The pure tournament rules (docs/esports.md, "Tournaments, rounds and slots").

const NOW = Date.UTC(2026, 10, 22, 6)
const H = 3_600_000

function def(over: Partial<TournamentDefinition> = {}): TournamentDefinition {
  return {
    name: 'Cup',
    kind: 'pubg',
    game: 'pubg',
    mode: 'squad',
    squads_limit: 32,
    registration_closes_at_ms: NOW + H,
    rounds: [
      { lobby_size: 16, qualify_rule: 'top_per_lobby', qualify_count: 8, starts_at_ms: NOW + 2 * H },
      { lobby_size: 16, qualify_rule: 'top_per_lobby', qualify_count: 0, starts_at_ms: NOW + 3 * H },
    ],
    ...over,
  }
}

describe('lobbiesFor', () => {
  it('splits as evenly as possible into as few lobbies as fit', () => {
    expect(lobbiesFor(32, 16)).toEqual([16, 16])
    expect(lobbiesFor(33, 16)).toEqual([11, 11, 11])
    expect(lobbiesFor(17, 16)).toEqual([9, 8])
    expect(lobbiesFor(0, 16)).toEqual([])
  })
  it('property: sums to n, sizes ≤ lobby size, differ by at most 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 2, max: 100 }), (n, size) => {
        const lobbies = lobbiesFor(n, size)
        expect(lobbies.reduce((a, b) => a + b, 0)).toBe(n)
        expect(Math.max(...lobbies)).toBeLessThanOrEqual(size)
        expect(Math.max(...lobbies) - Math.min(...lobbies)).toBeLessThanOrEqual(1)
        expect(lobbies.length).toBe(Math.ceil(n / size))
      }),
    )
  })
})

describe('checkDefinition', () => {
  it('accepts the two-round example', () => {
    expect(checkDefinition(def(), NOW)).toEqual({})
  })
  it('names each problem field', () => {
    const errors = checkDefinition(
      def({
        squads_limit: 1,
        registration_closes_at_ms: NOW,
        rounds: [
          { lobby_size: 30, qualify_rule: 'top_overall', qualify_count: 0, starts_at_ms: NOW },
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 2, starts_at_ms: NOW - 1 },
        ],
      }),
      NOW,
    )
    expect(Object.keys(errors).sort()).toEqual(
      [
        'registration_closes_at',
        'squads_limit',
        'rounds.0.lobby_size',
        'rounds.0.starts_at',
        'rounds.0.qualify_count',
        'rounds.1.starts_at',
        'rounds.1.qualify_count',
      ].sort(),
    )
  })
  it('needs at least 2 going on and some eliminated', () => {
    const one = checkDefinition(
      def({
        rounds: [
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 1, starts_at_ms: NOW + 2 * H },
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 0, starts_at_ms: NOW + 3 * H },
        ],
      }),
      NOW,
    )
    expect(one['rounds.0.qualify_count']?.[0]).toMatch(/at least 2/)
    const all = checkDefinition(
      def({
        rounds: [
          { lobby_size: 16, qualify_rule: 'top_per_lobby', qualify_count: 16, starts_at_ms: NOW + 2 * H },
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 0, starts_at_ms: NOW + 3 * H },
        ],
      }),
      NOW,
    )
    expect(all['rounds.0.qualify_count']?.[0]).toMatch(/eliminate/)
    expect(checkDefinition(def({ rounds: [] }), NOW).rounds).toBeDefined()
  })
  it('goingOn counts per lobby', () => {
    expect(goingOn(32, { lobby_size: 16, qualify_rule: 'top_per_lobby', qualify_count: 8 })).toBe(16)
    expect(goingOn(5, { lobby_size: 16, qualify_rule: 'top_per_lobby', qualify_count: 8 })).toBe(5)
    expect(goingOn(32, { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 10 })).toBe(10)
  })
})

describe('seeding', () => {
  it('snake: seed 1 → lobby 1, 2 → lobby 2, 3 → lobby 2, 4 → lobby 1 …; slots in seed order', () => {
    const ids = Array.from({ length: 8 }, (_, i) => 100 + i)
    const seeded = snakeSeed(ids, 4)
    const lobby = (n: number) => seeded.filter((s) => s.lobby_no === n).map((s) => s.seed_no)
    expect(lobby(1)).toEqual([1, 4, 5, 8])
    expect(lobby(2)).toEqual([2, 3, 6, 7])
    expect(seeded.filter((s) => s.lobby_no === 2).map((s) => s.slot_no)).toEqual([1, 2, 3, 4])
    expect(seeded.find((s) => s.seed_no === 1)?.tournament_squad_id).toBe(100)
  })
  it('property: every squad seated once, lobbies sized by lobbiesFor, slots 1..k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), fc.integer({ min: 2, max: 25 }), (n, size) => {
        const ids = Array.from({ length: n }, (_, i) => i + 1)
        const seeded = snakeSeed(ids, size)
        expect(seeded.map((s) => s.tournament_squad_id).sort((a, b) => a - b)).toEqual(ids)
        expect(seeded.map((s) => s.seed_no).sort((a, b) => a - b)).toEqual(ids)
        const sizes = lobbiesFor(n, size)
        sizes.forEach((k, l) => {
          const slots = seeded.filter((s) => s.lobby_no === l + 1)
          expect(slots.map((s) => s.slot_no)).toEqual(Array.from({ length: k }, (_, i) => i + 1))
          const seeds = slots.map((s) => s.seed_no)
          expect(seeds).toEqual([...seeds].sort((a, b) => a - b))
        })
      }),
    )
  })
  it('property: round 1 is a function of the seed and the squads (not their order)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 2, maxLength: 60 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (ids, seed) => {
          const a = firstRoundSeeding(ids, 16, seed)
          const b = firstRoundSeeding([...ids].reverse(), 16, seed)
          expect(a).toEqual(b)
        },
      ),
    )
    const ids = Array.from({ length: 32 }, (_, i) => i + 1)
    expect(firstRoundSeeding(ids, 16, 1)).not.toEqual(firstRoundSeeding(ids, 16, 2))
  })
})

describe('standings and qualifiers', () => {
  const row = (
    id: number,
    lobby: number,
    seed: number,
    placement: number | null,
    kills: number | null,
  ): SlotResult => ({
    tournament_squad_id: id,
    lobby_no: lobby,
    seed_no: seed,
    placement,
    kills,
  })
  it('ranks by points, then kills, then best placement, then seed', () => {
    const rows = [
      row(1, 1, 1, 1, 0), // 15
      row(2, 2, 2, 1, 0), // 15, same → seed
      row(3, 1, 3, 2, 3), // 15 (12 + 3) with more kills → first
      row(4, 2, 4, 3, 5), // 15 (10 + 5), more kills still
      row(5, 1, 5, null, null), // no result
    ]
    const s = roundStandings('pubg', rows)
    expect(s.map((x) => x.tournament_squad_id)).toEqual([4, 3, 1, 2, 5])
    expect(s.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5])
    expect(s[0]?.points).toBe(15)
  })
  it('qualifiers per lobby and overall', () => {
    const rows = [row(1, 1, 1, 1, 9), row(2, 1, 2, 2, 0), row(3, 2, 3, 1, 0), row(4, 2, 4, 2, 0)]
    const s = roundStandings('pubg', rows)
    expect([...qualifiers('top_per_lobby', 1, s)].sort()).toEqual([1, 3])
    expect([...qualifiers('top_overall', 2, s)].sort()).toEqual([1, 3])
    expect(qualifiers('top_overall', 0, s).size).toBe(0)
  })
})
