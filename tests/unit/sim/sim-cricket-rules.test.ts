import { describe, expect, it } from 'vitest'
import type { MatchEvent } from '../../../server/domain/events/schema'
import { createRng } from '../../../server/domain/rng'
import { simulateMatch } from '../../../server/sim'
import { fixtureTeams, ofType, problems, START_MS } from './sim.fixtures'

type Ball = Extract<MatchEvent, { type: 'ball' }>

const play = (seed: number, format: 'T20' | 'ODI' = 'T20', profile: string | null = null) =>
  simulateMatch({
    sportSlug: 'cricket',
    format,
    startMs: START_MS,
    teams: fixtureTeams('cricket', seed),
    rng: createRng(seed).stream('sim:match:1'),
    profile,
  })

const runsOf = (balls: Ball[]) =>
  balls.reduce((s, b) => s + b.runs + b.extras.wides + b.extras.noballs + b.extras.byes + b.extras.legbyes, 0)

describe('cricket simulator: free hits, wides, super overs, eras (issue 30)', () => {
  it('bowls a free hit after every no-ball (and after a wide on one); only a run out dismisses on it', () => {
    let freeHits = 0
    let wideRuns = 0
    let wideStumpings = 0
    for (let seed = 0; seed < 150; seed++) {
      const balls = ofType(play(seed), 'ball')
      balls.forEach((b, i) => {
        const prev = balls[i - 1]
        const earned =
          prev !== undefined &&
          prev.innings === b.innings &&
          (prev.extras.noballs > 0 || (prev.free_hit === true && prev.extras.wides > 0))
        expect(b.free_hit === true, `seed ${seed} ball ${i}`).toBe(earned)
        if (b.free_hit) freeHits++
        if (b.free_hit && b.wicket) expect(b.wicket.kind).toBe('run out')
        if (b.extras.wides > 1) wideRuns++
        if (b.extras.wides > 0 && b.wicket?.kind === 'stumped') wideStumpings++
      })
    }
    expect(freeHits).toBeGreaterThan(50)
    expect(wideRuns).toBeGreaterThan(20)
    expect(wideStumpings).toBeGreaterThan(0)
  })

  it('settles a tie with super overs: one over, three batters, two wickets end it, repeated while tied', () => {
    let ties = 0
    for (let seed = 0; seed < 400 && ties < 4; seed++) {
      const events = play(seed)
      const balls = ofType(events, 'ball')
      const main = [1, 2].map((n) => runsOf(balls.filter((b) => b.innings === n)))
      if (main[0] !== main[1]) {
        expect(balls.some((b) => b.super_over)).toBe(false)
        continue
      }
      ties++
      const extra = balls.filter((b) => b.innings > 2)
      expect(extra.length).toBeGreaterThan(0)
      expect(extra.every((b) => b.super_over === true && b.over === 0)).toBe(true)
      const innings = [...new Set(extra.map((b) => b.innings))]
      expect(innings.length % 2).toBe(0)
      for (const n of innings) {
        const inn = extra.filter((b) => b.innings === n)
        expect(inn.filter((b) => b.extras.wides === 0 && b.extras.noballs === 0).length).toBeLessThanOrEqual(
          6,
        )
        expect(inn.filter((b) => b.wicket).length).toBeLessThanOrEqual(2)
        expect(new Set(inn.flatMap((b) => [b.batter_id, b.non_striker_id])).size).toBeLessThanOrEqual(3)
        expect(new Set(inn.map((b) => b.bowler_id)).size).toBe(1)
      }
      // Every super over but the last pair was tied; the last one was not (or the fifth still tied).
      const pairs = innings.length / 2
      const totals = innings.map((n) => runsOf(extra.filter((b) => b.innings === n)))
      for (let k = 0; k < pairs - 1; k++) expect(totals[2 * k]).toBe(totals[2 * k + 1])
      if (pairs < 5) expect(totals[2 * pairs - 2]).not.toBe(totals[2 * pairs - 1])
      expect(problems('cricket', 'T20', fixtureTeams('cricket', seed), events)).toEqual([])
    }
    expect(ties).toBeGreaterThan(0)
  })

  it('plays the era it is given, the same match for the same seed', () => {
    const a = play(7, 'T20', 't20-2024')
    expect(play(7, 'T20', 't20-2024')).toEqual(a)
    expect(play(7, 'T20', 't20-2008')).not.toEqual(a)
    // No profile: the default era of the format.
    expect(play(7, 'T20', null)).toEqual(play(7, 'T20', 't20-2008'))
    expect(play(7, 'ODI', null)).toEqual(play(7, 'ODI', 'odi-2015'))
  })
})
