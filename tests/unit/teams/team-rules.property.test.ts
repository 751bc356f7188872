import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canComplete, type TeamPlayer, validateTeam } from '../../../server/domain/team-rules'
import { CRICKET_STYLES, FOOTBALL_STYLES } from './team-rules.fixtures'

/**
 * A deliberately simple reference: every player tries every role its style allows (2^k
 * assignments, player by player, no counting tricks), football counts positions, and
 * completion is brute force over the styles or players that could be added.
 */
const ROLES: Record<number, string[]> = {
  1: ['BAT'],
  3: ['BAT', 'AR'],
  5: ['BAT', 'WK'],
  7: ['WK'],
  9: ['AR'],
  11: ['AR', 'BOWL'],
  13: ['BOWL'],
}

function assignments(styles: number[]): string[][] {
  if (styles.length === 0) return [[]]
  const [first, ...rest] = styles
  const tails = assignments(rest)
  return (ROLES[first!] ?? []).flatMap((role) => tails.map((tail) => [role, ...tail]))
}

function met(roles: string[]): boolean[] {
  const n = (role: string) => roles.filter((r) => r === role).length
  return [n('WK') >= 1, n('BAT') >= 4, n('AR') >= 1, n('BOWL') >= 2, n('AR') + n('BOWL') >= 5]
}

function positionsOk(sport: string, styles: number[]): boolean {
  const n = (style: number) => styles.filter((s) => s === style).length
  if (sport === 'cricket') return n(7) <= 1 && assignments(styles).some((roles) => met(roles).every(Boolean))
  if (sport === 'football')
    return (
      n(101) === 1 && n(102) >= 3 && n(102) <= 5 && n(103) >= 3 && n(103) <= 5 && n(104) >= 1 && n(104) <= 3
    )
  return true
}

const SIZE: Record<string, number> = { cricket: 11, football: 11, f1: 5 }
const STYLES: Record<string, readonly number[]> = {
  cricket: CRICKET_STYLES,
  football: FOOTBALL_STYLES,
  f1: [201],
}

function referenceValid(sport: string, team: TeamPlayer[]): boolean {
  const cost = team.reduce((sum, p) => sum + p.value_tenths, 0)
  return (
    team.length === SIZE[sport] &&
    cost <= 1000 &&
    positionsOk(
      sport,
      team.map((p) => p.style),
    )
  )
}

/** Multisets of `size` styles (non-decreasing index), for "can the free places fix it". */
function multisets(styles: readonly number[], size: number, from = 0): number[][] {
  if (size === 0) return [[]]
  return styles
    .slice(from)
    .flatMap((style, i) => multisets(styles, size - 1, from + i).map((m) => [style, ...m]))
}

function subsets<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]]
  if (items.length < size) return []
  const [first, ...rest] = items
  return [...subsets(rest, size - 1).map((s) => [first!, ...s]), ...subsets(rest, size)]
}

// Values in half credits, 6.0–10.0 (F1 10.0–30.0); styles weighted so that many random XIs are valid.
const value = fc.integer({ min: 12, max: 20 }).map((half) => half * 5)
const driverValue = fc.integer({ min: 20, max: 60 }).map((half) => half * 5)
const cricketStyle = fc.oneof(
  { arbitrary: fc.constantFrom(1, 13), weight: 4 },
  { arbitrary: fc.constantFrom(3, 5, 9, 11), weight: 3 },
  { arbitrary: fc.constant(7), weight: 1 },
)
const footballStyle = fc.oneof(
  { arbitrary: fc.constant(101), weight: 1 },
  { arbitrary: fc.constantFrom(102, 103), weight: 8 },
  { arbitrary: fc.constant(104), weight: 2 },
)
function poolOf(sport: string, min: number, max: number) {
  const style = sport === 'cricket' ? cricketStyle : sport === 'football' ? footballStyle : fc.constant(201)
  return fc
    .array(fc.record({ style, value_tenths: sport === 'f1' ? driverValue : value }), {
      minLength: min,
      maxLength: max,
    })
    .map((rows) => rows.map((r, i) => ({ ...r, id: i + 1, real_team_id: 1 + (i % 2) })))
}
const squad = (sport: string, min: number, max: number, pick: [number, number]) =>
  poolOf(sport, min, max).chain((players) =>
    fc.tuple(
      fc.constant(players),
      fc.shuffledSubarray(players, {
        minLength: Math.min(pick[0], players.length),
        maxLength: Math.min(pick[1], players.length),
      }),
    ),
  )

/** A pool and a selection, mostly of the team size, sometimes one short or one over. */
const nearlyFull = (sport: string) => {
  const size = SIZE[sport]!
  return fc
    .tuple(poolOf(sport, size + 1, size + 5), fc.constantFrom(size, size, size, size, size - 1, size + 1))
    .chain(([players, pick]) =>
      fc.tuple(fc.constant(players), fc.shuffledSubarray(players, { minLength: pick, maxLength: pick })),
    )
}

describe('validateTeam agrees with the brute-force reference', () => {
  it.each(['cricket', 'football', 'f1'])('%s: valid_team on random squads', (sport) => {
    const seen = { valid: 0, invalid: 0 }
    fc.assert(
      fc.property(nearlyFull(sport), ([players, team]) => {
        const check = validateTeam(sport, players, {
          player_ids: team.map((p) => p.id),
          captain_id: team[0]!.id,
          vice_captain_id: team[1]!.id,
        })
        const expected = referenceValid(sport, team)
        seen[expected ? 'valid' : 'invalid']++
        expect(check.valid_team).toBe(expected)
        expect(check.players_valid).toBe(expected)
        expect(check.violations.length === 0).toBe(expected)
      }),
      { numRuns: 400 },
    )
    // Both outcomes must be common, or the property proves little.
    expect(seen.valid).toBeGreaterThan(20)
    expect(seen.invalid).toBeGreaterThan(20)
  })

  it('cricket: the flags are those of the assignment meeting the most minimums', () => {
    fc.assert(
      fc.property(squad('cricket', 3, 14, [0, 11]), ([, team]) => {
        const styles = team.map((p) => p.style)
        const check = validateTeam('cricket', team, { player_ids: team.map((p) => p.id) })
        const flags = [
          check.balanced_wk,
          check.balanced_bat,
          check.balanced_ar,
          check.balanced_bowl,
          check.balanced_ar_and_bowl,
        ]
        const achievable = assignments(styles).map(met)
        const most = Math.max(...achievable.map((m) => m.filter(Boolean).length))
        expect(flags.filter(Boolean).length).toBe(most)
        expect(achievable.some((m) => m.every((bit, i) => bit === flags[i]))).toBe(true)
        expect(check.balanced_pure_wk).toBe(styles.filter((s) => s === 7).length <= 1)
        // One violation per flag that is false, in table order.
        const ruleOfFlag = [
          'cricket_min_keeper',
          'cricket_min_batters',
          'cricket_min_allrounders',
          'cricket_min_bowlers',
          'cricket_min_allrounders_and_bowlers',
        ]
        expect(check.violations.map((v) => v.rule).filter((r) => ruleOfFlag.includes(r))).toEqual(
          ruleOfFlag.filter((_, i) => !flags[i]),
        )
      }),
      { numRuns: 300 },
    )
  })

  it.each(['cricket', 'football'])(
    '%s: can_still_be_valid means some styles in the free places fix it',
    (sport) => {
      fc.assert(
        fc.property(squad(sport, 7, 12, [7, 12]), ([, team]) => {
          const check = validateTeam(sport, team, { player_ids: team.map((p) => p.id) })
          const styles = team.map((p) => p.style)
          const free = 11 - team.length
          const cost = team.reduce((sum, p) => sum + p.value_tenths, 0)
          const expected =
            free >= 0 &&
            cost <= 1000 &&
            multisets(STYLES[sport]!, free).some((extra) => positionsOk(sport, [...styles, ...extra]))
          expect(check.can_still_be_valid).toBe(expected)
        }),
        { numRuns: 200 },
      )
    },
  )
})

describe('canComplete agrees with brute force over the pool', () => {
  it.each([
    ['cricket', 6],
    ['football', 6],
    ['f1', 1],
  ] as const)('%s', (sport, minPicked) => {
    const size = SIZE[sport]!
    const seen = { yes: 0, no: 0 }
    fc.assert(
      fc.property(squad(sport, size, size + 4, [minPicked, size]), ([players, picked]) => {
        const pickedIds = new Set(picked.map((p) => p.id))
        const rest = players.filter((p) => !pickedIds.has(p.id))
        const expected = subsets(rest, size - picked.length).some((extra) =>
          referenceValid(sport, [...picked, ...extra]),
        )
        seen[expected ? 'yes' : 'no']++
        expect(canComplete(sport, players, [...pickedIds])).toBe(expected)
      }),
      { numRuns: 300 },
    )
    expect(seen.yes).toBeGreaterThan(20)
    expect(seen.no).toBeGreaterThan(20)
  })
})
