import { describe, expect, it } from 'vitest'
import type { MatchEvent } from '../../../server/domain/events/schema'
import type { TimedEvent } from '../../../server/sim'
import { FOOTBALL_LEAGUES } from '../../../server/sim/profiles'
import { band, distribution } from '../../../server/sim/stats/figures'
import { FOOTBALL_TARGETS, footballFigures } from '../../../server/sim/stats/football'
import { RACE_TARGETS, raceFigures, rankCorrelation, safetyCarLaps } from '../../../server/sim/stats/race'

const SEQ = { seq: 0 } as const
const at = (atMs: number, event: Record<string, unknown>): TimedEvent => ({
  atMs,
  event: { ...SEQ, ...event } as unknown as MatchEvent,
})
const mean = (figures: ReturnType<typeof raceFigures>, key: string) =>
  distribution(figures.find((f) => f.key === key)?.values ?? []).mean

/** A four-car race: leader's laps 90 s, except the given ones. */
function race(grid: number[], finish: number[], slowLaps: Record<number, number>, dnfs = 0): TimedEvent[] {
  const events = [at(0, { type: 'grid', order: grid })]
  let t = 0
  for (let lap = 1; lap <= 10; lap++) {
    t += slowLaps[lap] ?? 90_000
    events.push(at(t, { type: 'lap', lap, order: finish }))
  }
  for (let i = 0; i < dnfs; i++) events.push(at(t, { type: 'dnf', driver_id: 90 + i, lap: 10 }))
  events.push(at(t, { type: 'fastest_lap', driver_id: finish[3] as number, lap: 4 }))
  events.push(at(t, { type: 'finish', order: finish }))
  return events
}

describe('race figures', () => {
  it('counts a run of slow laps as a neutralisation, not one slow lap or a slow lap one', () => {
    expect(safetyCarLaps([Number.NaN, 90, 90, 120, 118, 90, 90])).toBe(2)
    expect(safetyCarLaps([Number.NaN, 90, 112, 90, 90, 90])).toBe(0)
    expect(safetyCarLaps([Number.NaN, 90, 90, 90, 90])).toBe(0)
  })

  it('correlates grid and finish over the classified cars only', () => {
    expect(rankCorrelation([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1)
    expect(rankCorrelation([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1)
    // Car 2 retired: 1, 3, 4 finished in grid order.
    expect(rankCorrelation([1, 2, 3, 4], [1, 3, 4])).toBe(1)
    expect(rankCorrelation([1, 2], [1, 2])).toBeNull()
  })

  it('reads pole, front row, retirements and safety cars from the events', () => {
    const figures = raceFigures([
      race([1, 2, 3, 4], [1, 2, 3, 4], { 5: 115_000, 6: 115_000 }, 2),
      race([1, 2, 3, 4], [2, 1, 3, 4], {}),
      race([1, 2, 3, 4], [3, 1, 2, 4], { 3: 110_000 }, 1),
    ])
    expect(mean(figures, 'retirements')).toBe(1)
    expect(mean(figures, 'pole_win')).toBeCloseTo(1 / 3)
    expect(mean(figures, 'front_row_win')).toBeCloseTo(2 / 3)
    expect(mean(figures, 'safety_car')).toBeCloseTo(1 / 3)
    expect(mean(figures, 'laps')).toBe(10)
    expect(mean(figures, 'fastest_lap_podium')).toBe(0)
    for (const target of RACE_TARGETS) expect(figures.map((f) => f.key)).toContain(target.key)
  })
})

function match(home: number, away: number, cards: number): TimedEvent[] {
  const events = [
    at(0, { type: 'lineup', team_id: 7, player_ids: [1], substitute_ids: [] }),
    at(0, { type: 'lineup', team_id: 8, player_ids: [2], substitute_ids: [] }),
  ]
  for (let i = 0; i < home; i++) events.push(at(1, { type: 'goal', minute: 10, team_id: 7, player_id: 1 }))
  for (let i = 0; i < away; i++) events.push(at(2, { type: 'goal', minute: 20, team_id: 8, player_id: 2 }))
  for (let i = 0; i < cards; i++)
    events.push(at(3, { type: 'card', minute: 30, player_id: 1, color: 'yellow' }))
  return events
}

describe('football figures', () => {
  it('reads the result from the first lineup’s side as home', () => {
    const figures = footballFigures([match(2, 1, 3), match(0, 0, 1), match(1, 1, 0), match(0, 2, 4)])
    const m = (key: string) => distribution(figures.find((f) => f.key === key)?.values ?? []).mean
    expect(m('goals')).toBe(7 / 4)
    expect(m('home_win')).toBe(1 / 4)
    expect(m('draw')).toBe(2 / 4)
    expect(m('away_win')).toBe(1 / 4)
    expect(m('btts')).toBe(2 / 4)
    expect(m('nil_nil')).toBe(1 / 4)
    expect(m('cards')).toBe(2)
  })

  it('gives every league a target for every figure, shares under 10% within ±1.5 points', () => {
    const keys = footballFigures([]).map((f) => f.key)
    for (const league of FOOTBALL_LEAGUES) {
      expect(FOOTBALL_TARGETS[league].map((t) => t.key).sort()).toEqual([...keys].sort())
      const nilNil = FOOTBALL_TARGETS[league].find((t) => t.key === 'nil_nil')
      if (!nilNil) throw new Error('no 0–0 target')
      expect(band(nilNil)[1] - nilNil.value).toBeCloseTo(0.015)
    }
  })
})
