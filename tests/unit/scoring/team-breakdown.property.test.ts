import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MatchEvent } from '../../../server/domain/events/schema'
import { createScorer, type ScorerOptions, SYSTEM_KEY } from '../../../server/domain/scoring'
import { ballToken } from '../../../server/domain/scoring/ball-token'
import { POINT_SYSTEMS } from '../../../server/domain/scoring/point-systems'
import { type TeamRole, teamPlayerBreakdown } from '../../../server/domain/scoring/team-breakdown'
import { cricketPlayers, footballPlayers, racePlayers } from './scoring-fixtures'
import { cricketStream, footballStream, raceStream, royalePlayers, royaleStream } from './scoring-generators'

const CASES: Array<{ name: string; options: ScorerOptions; stream: fc.Arbitrary<MatchEvent[]> }> = [
  ...(['T20', 'ODI', 'Test'] as const).map((format) => ({
    name: `cricket ${format}`,
    options: { family: 'cricket' as const, format, players: cricketPlayers },
    stream: cricketStream(format),
  })),
  { name: 'football', options: { family: 'football', players: footballPlayers }, stream: footballStream },
  { name: 'race', options: { family: 'race', players: racePlayers }, stream: raceStream },
  {
    name: 'battle royale',
    options: { family: 'battle_royale', players: royalePlayers },
    stream: royaleStream,
  },
]

const ROLES: TeamRole[] = [null, 'captain', 'vice_captain']

describe.each(CASES)('teamPlayerBreakdown, $name point system', ({ options, stream }) => {
  const system = POINT_SYSTEMS[SYSTEM_KEY[options.family]]!

  it("sums to the player's points times the multiplier for every player, role and stream", () => {
    let scored = 0
    fc.assert(
      fc.property(stream, (events) => {
        const scorer = createScorer(options)
        for (const e of events) scorer.apply(e)
        for (const p of options.players) {
          const score = scorer.playerScore(p.id)!
          for (const role of ROLES) {
            const b = teamPlayerBreakdown(score, role, system)
            const multiplier =
              role === 'captain'
                ? system.multipliers.captain
                : role === 'vice_captain'
                  ? system.multipliers.vice_captain
                  : 1
            expect(b.multiplier).toBe(multiplier)
            expect(b.base_points).toBe(scorer.points(p.id))
            expect(b.points).toBe(scorer.points(p.id) * multiplier)
            expect(b.lines.reduce((sum, l) => sum + l.points, 0)).toBe(b.points)
            // Every line but the leader's bonus is a rule of the point system.
            const rules = new Set(system.sections.flatMap((s) => s.rules.map((r) => r.id)))
            for (const line of b.lines.slice(0, score.breakdown.length))
              expect(rules.has(line.rule)).toBe(true)
            if (role && score.total_score !== 0) {
              expect(b.lines).toHaveLength(score.breakdown.length + 1)
              expect(b.lines.at(-1)).toMatchObject({ rule: `${role}_multiplier` })
            }
          }
          if (score.total_score !== 0) scored++
        }
      }),
      { numRuns: 25 },
    )
    // The streams did score players: the sums above were not all of empty lines.
    expect(scored).toBeGreaterThan(0)
  })
})

describe('ballToken', () => {
  const none = { wides: 0, noballs: 0, byes: 0, legbyes: 0 }
  it('prints each kind of delivery as a score strip shows it', () => {
    const t = (b: Parameters<typeof ballToken>[0]) => ballToken(b).text
    expect(t({ runs: 0, boundary: false, extras: none })).toBe('.')
    expect(t({ runs: 2, boundary: false, extras: none })).toBe('2')
    expect(ballToken({ runs: 4, boundary: true, extras: none })).toEqual({ text: '4', kind: 'four' })
    expect(ballToken({ runs: 6, boundary: true, extras: none })).toEqual({ text: '6', kind: 'six' })
    expect(t({ runs: 4, boundary: false, extras: none })).toBe('4')
    expect(t({ runs: 0, boundary: false, extras: { ...none, wides: 1 } })).toBe('1wd')
    expect(t({ runs: 4, boundary: true, extras: { ...none, noballs: 1 } })).toBe('5nb')
    expect(t({ runs: 0, boundary: false, extras: { ...none, legbyes: 2 } })).toBe('2lb')
    expect(t({ runs: 0, boundary: false, extras: { ...none, byes: 1 } })).toBe('1b')
    expect(ballToken({ runs: 0, boundary: false, extras: none, wicket: { kind: 'caught' } })).toEqual({
      text: 'W',
      kind: 'wicket',
    })
    expect(t({ runs: 1, boundary: false, extras: none, wicket: { kind: 'retired hurt' } })).toBe('1')
  })
})
