import { describe, expect, it } from 'vitest'
import { type CricsheetContext, toCricsheet } from '../../../server/domain/events/cricsheet'
import { cricsheetOutcome } from '../../../server/domain/events/cricsheet-outcome'
import type { MatchEvent } from '../../../server/domain/events/schema'
import { createScorer } from '../../../server/domain/scoring'
import type { CricketSummary } from '../../../server/domain/scoring/types'
import type { SimTeam } from '../../../server/sim'
import { CricsheetMatch, inningsTotals } from '../../helpers/cricsheet-schema'
import { fixtureTeams, START_MS, simulate } from './sim.fixtures'

function context(teams: SimTeam[], matchType: 'T20' | 'ODI' | 'Test'): CricsheetContext {
  return {
    matchType,
    teams: teams.map((t) => ({ id: t.team_id, name: `Side ${t.team_id}` })),
    players: teams.flatMap((t) =>
      t.players.map((p) => ({ id: p.id, name: `Player ${p.id}`, team_id: t.team_id })),
    ),
    startMs: START_MS,
    event: { name: 'Sim Cup', match_number: 3 },
    teamType: 'club',
  }
}

function summary(events: MatchEvent[], teams: SimTeam[], format: string): CricketSummary {
  const players = teams.flatMap((t) =>
    t.players.map((p) => ({ id: p.id, style: p.style, real_team_id: t.team_id })),
  )
  const scorer = createScorer({ family: 'cricket', format, players })
  for (const e of events) scorer.apply(e)
  return scorer.summary() as CricketSummary
}

describe('toCricsheet', () => {
  for (const [format, seeds] of [
    ['T20', [1, 2, 3, 4, 5, 6]],
    ['ODI', [1, 2]],
    ['Test', [1]],
  ] as const)
    it(`writes ${format} matches that the Cricsheet schema accepts, with the match's own totals`, () => {
      for (const seed of seeds) {
        const teams = fixtureTeams('cricket', seed)
        const events = simulate('cricket', format, seed, teams).map((t) => t.event)
        const parsed = CricsheetMatch.safeParse(toCricsheet(events, context(teams, format)))
        expect(parsed.error?.issues ?? []).toEqual([])
        const file = parsed.data!
        const score = summary(events, teams, format)
        expect(inningsTotals(file)).toEqual(score.innings.map((i) => i.runs))
        expect(file.innings.map((i) => i.team)).toEqual(score.innings.map((i) => `Side ${i.team_id}`))
        expect(file.info.match_type).toBe(format)
        expect(file.info.dates).toEqual(['2026-11-22'])
        expect(Object.values(file.info.players).map((p) => p.length)).toEqual([11, 11])
        const deliveries = events.filter((e) => e.type === 'ball').length
        expect(file.innings.flatMap((i) => i.overs.flatMap((o) => o.deliveries))).toHaveLength(deliveries)
      }
    })

  it('names the winner and the margin: runs when defending, wickets in hand when chasing', () => {
    const outcomes = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
      const teams = fixtureTeams('cricket', seed)
      const events = simulate('cricket', 'T20', seed, teams).map((t) => t.event)
      const file = toCricsheet(events, context(teams, 'T20'))
      const [a, b] = inningsTotals(file) as [number, number]
      return { file, a, b }
    })
    for (const { file, a, b } of outcomes) {
      const outcome = file.info.outcome as { winner?: string; by?: { runs?: number; wickets?: number } }
      if (a > b) expect(outcome).toEqual({ winner: file.innings[0]?.team, by: { runs: a - b } })
      if (b > a) {
        expect(outcome.winner).toBe(file.innings[1]?.team)
        expect(outcome.by?.wickets).toBeGreaterThanOrEqual(0)
      }
    }
  })

  it('writes a tie decided by a super over: super-over innings and the eliminator', () => {
    const teams = [
      {
        team_id: 1,
        players: Array.from({ length: 11 }, (_, i) => ({ id: 1 + i, style: 0, value_tenths: 80 })),
      },
      {
        team_id: 2,
        players: Array.from({ length: 11 }, (_, i) => ({ id: 12 + i, style: 0, value_tenths: 80 })),
      },
    ]
    const ball = (innings: number, batter: number, runs: number, extra: Record<string, unknown> = {}) =>
      ({
        type: 'ball',
        innings,
        over: 0,
        ball: 1,
        batter_id: batter,
        non_striker_id: batter + 1,
        bowler_id: batter > 11 ? 1 : 12,
        runs,
        boundary: runs === 4 || runs === 6,
        extras: { wides: 0, noballs: 0, byes: 0, legbyes: 0 },
        ...extra,
      }) as MatchEvent
    const events: MatchEvent[] = [
      { type: 'lineup', team_id: 1, player_ids: teams[0]!.players.map((p) => p.id) },
      { type: 'lineup', team_id: 2, player_ids: teams[1]!.players.map((p) => p.id) },
      ball(1, 1, 4),
      ball(2, 12, 4),
      ball(3, 12, 6, { super_over: true }),
      ball(4, 1, 1, { super_over: true }),
    ]
    const file = CricsheetMatch.parse(toCricsheet(events, context(teams, 'T20')))
    expect(file.info.outcome).toEqual({ result: 'tie', eliminator: 'Side 2' })
    expect(file.innings.map((i) => i.super_over ?? false)).toEqual([false, false, true, true])
    expect(file.innings[3]?.target).toEqual({ runs: 7, overs: 1 })
    expect(file.innings[1]?.target).toEqual({ runs: 5, overs: 20 })
  })

  it('marks four runs that were run (not a boundary) as non_boundary, and lists only the extras there were', () => {
    const teams = fixtureTeams('cricket', 1)
    const [a, b] = teams as [SimTeam, SimTeam]
    const events: MatchEvent[] = [
      {
        type: 'ball',
        innings: 1,
        over: 0,
        ball: 1,
        batter_id: a.players[0]!.id,
        non_striker_id: a.players[1]!.id,
        bowler_id: b.players[0]!.id,
        runs: 4,
        boundary: false,
        extras: { wides: 0, noballs: 1, byes: 0, legbyes: 0 },
      },
    ]
    const delivery = toCricsheet(events, context(teams, 'T20')).innings[0]?.overs[0]?.deliveries[0]
    expect(delivery?.runs).toEqual({ batter: 4, extras: 1, total: 5, non_boundary: true })
    expect(delivery?.extras).toEqual({ noballs: 1 })
  })
})

describe('cricsheetOutcome', () => {
  const name = (id: number) => `Side ${id}`
  const inn = (number: number, teamId: number, runs: number, wickets: number, superOver = false) => ({
    number,
    teamId,
    runs,
    wickets,
    batters: 11,
    superOver,
  })

  it('reads a Test: an innings win, a chase won by wickets, a defence by runs, a draw', () => {
    expect(
      cricsheetOutcome([inn(1, 1, 500, 6), inn(2, 2, 200, 10), inn(3, 2, 150, 10)], 'Test', name),
    ).toEqual({
      winner: 'Side 1',
      by: { innings: 1, runs: 150 },
    })
    const firsts = [inn(1, 1, 300, 10), inn(2, 2, 250, 10)]
    expect(cricsheetOutcome([...firsts, inn(3, 1, 200, 10), inn(4, 2, 251, 4)], 'Test', name)).toEqual({
      winner: 'Side 2',
      by: { wickets: 6 },
    })
    expect(cricsheetOutcome([...firsts, inn(3, 1, 200, 10), inn(4, 2, 180, 10)], 'Test', name)).toEqual({
      winner: 'Side 1',
      by: { runs: 70 },
    })
    expect(cricsheetOutcome([...firsts, inn(3, 1, 200, 10), inn(4, 2, 180, 7)], 'Test', name)).toEqual({
      result: 'draw',
    })
  })

  it('reads a limited-overs tie: the super over that was won decides, a second one after a tied first', () => {
    const tied = [inn(1, 1, 160, 5), inn(2, 2, 160, 8)]
    const supers = [
      inn(3, 2, 10, 1, true),
      inn(4, 1, 10, 0, true),
      inn(5, 1, 8, 1, true),
      inn(6, 2, 9, 0, true),
    ]
    expect(cricsheetOutcome([...tied, ...supers], 'T20', name)).toEqual({
      result: 'tie',
      eliminator: 'Side 2',
    })
    expect(cricsheetOutcome(tied, 'T20', name)).toEqual({ result: 'tie' })
    expect(cricsheetOutcome([inn(1, 1, 160, 5)], 'ODI', name)).toEqual({ result: 'no result' })
  })
})
