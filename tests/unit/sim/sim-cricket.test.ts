import { describe, expect, it } from 'vitest'
import type { MatchEvent } from '../../../server/domain/events/schema'
import { STYLE } from '../../../server/domain/styles'
import type { SimTeam, TimedEvent } from '../../../server/sim'
import { fixtureTeams, ofType, quantile, START_MS, simulate } from './sim.fixtures'

type Ball = Extract<MatchEvent, { type: 'ball' }>
const total = (b: Ball) => b.runs + b.extras.wides + b.extras.noballs + b.extras.byes + b.extras.legbyes
const legal = (b: Ball) => b.extras.wides === 0 && b.extras.noballs === 0

interface Innings {
  balls: Ball[]
  runs: number
  wickets: number
}

function innings(events: TimedEvent[]): Innings[] {
  const out: Innings[] = []
  for (const b of ofType(events, 'ball')) {
    const inn = out[b.innings - 1] ?? { balls: [], runs: 0, wickets: 0 }
    out[b.innings - 1] = inn
    inn.balls.push(b)
    inn.runs += total(b)
    if (b.wicket) inn.wickets++
  }
  return out
}

/** Every rule of a limited-overs innings the simulator must keep; returns the broken ones. */
function breaches(inn: Innings, overs: number, quota: number, target: number | null, xi: number[]): string[] {
  const out: string[] = []
  const byOver = new Map<number, Ball[]>()
  for (const b of inn.balls) byOver.set(b.over, [...(byOver.get(b.over) ?? []), b])
  const lastOver = Math.max(...byOver.keys())
  const finishedEarly = inn.wickets === xi.length - 1 || (target !== null && inn.runs >= target)
  const oversBy = new Map<number, number>()
  let previousBowler = 0
  for (const [over, balls] of byOver) {
    const bowler = balls[0]?.bowler_id as number
    if (balls.some((b) => b.bowler_id !== bowler)) out.push(`over ${over} has two bowlers`)
    if (bowler === previousBowler) out.push(`over ${over}: bowler ${bowler} bowled the previous over too`)
    previousBowler = bowler
    oversBy.set(bowler, (oversBy.get(bowler) ?? 0) + 1)
    const legals = balls.filter(legal).length
    if (legals !== 6 && !(over === lastOver && finishedEarly))
      out.push(`over ${over} has ${legals} legal balls`)
    if (legals > 6) out.push(`over ${over} has ${legals} legal balls`)
    balls.forEach((b, i) => {
      if (b.ball !== i + 1) out.push(`over ${over} ball ${i + 1} is numbered ${b.ball}`)
    })
  }
  if (lastOver >= overs) out.push(`over ${lastOver} is past ${overs}`)
  for (const [bowler, n] of oversBy) if (n > quota) out.push(`bowler ${bowler} bowled ${n} overs`)
  if (inn.wickets > 10) out.push(`${inn.wickets} wickets`)
  if (target !== null) {
    const before = inn.runs - total(inn.balls.at(-1) as Ball)
    if (before >= target) out.push('the chase went on after the target was passed')
  }
  const out_ = new Set<number>()
  for (const b of inn.balls) {
    for (const id of [b.batter_id, b.non_striker_id]) {
      if (!xi.includes(id)) out.push(`${id} bats but is not in the XI`)
      if (out_.has(id)) out.push(`${id} bats after being dismissed`)
    }
    if (b.wicket) out_.add(b.wicket.player_out_id)
  }
  return out
}

/** After a ball with an odd number of runs run (wides run included), the batters have crossed; at the end of an over they swap ends. */
function strikeBreaches(inn: Innings): string[] {
  const out: string[] = []
  for (let i = 1; i < inn.balls.length; i++) {
    const prev = inn.balls[i - 1] as Ball
    const b = inn.balls[i] as Ball
    if (prev.wicket) continue
    // Runs run: off the bat, byes, leg byes, and those taken off a wide (a wide of 5 reached the boundary).
    const wideRuns = prev.extras.wides === 5 ? 0 : Math.max(0, prev.extras.wides - 1)
    const crossed = (prev.runs + prev.extras.byes + prev.extras.legbyes + wideRuns) % 2 === 1
    const overChanged = b.over !== prev.over
    const expected = crossed !== overChanged ? prev.non_striker_id : prev.batter_id
    if (b.batter_id !== expected) out.push(`over ${b.over} ball ${b.ball}: wrong striker`)
  }
  return out
}

function lineupOf(events: TimedEvent[], teamId: number): number[] {
  return ofType(events, 'lineup').find((l) => l.team_id === teamId)?.player_ids ?? []
}

function battingXi(events: TimedEvent[], teams: SimTeam[], inn: Innings): number[] {
  const first = inn.balls[0] as Ball
  const team = teams.find((t) => t.players.some((p) => p.id === first.batter_id)) as SimTeam
  return lineupOf(events, team.team_id)
}

describe('cricket simulator', () => {
  it('picks a balanced XI per side, better players first, in batting order', () => {
    let chosenValue = 0
    let benchValue = 0
    for (let seed = 0; seed < 40; seed++) {
      const teams = fixtureTeams('cricket', seed)
      const events = simulate('cricket', 'T20', seed, teams)
      for (const team of teams) {
        const ids = lineupOf(events, team.team_id)
        const xi = team.players.filter((p) => ids.includes(p.id))
        const count = (styles: number[]) => xi.filter((p) => styles.includes(p.style)).length
        expect(ids).toHaveLength(11)
        expect(new Set(ids).size).toBe(11)
        expect(count([STYLE.BATTER_KEEPER, STYLE.PURE_KEEPER])).toBeGreaterThanOrEqual(1)
        expect(count([STYLE.BATTER, STYLE.BATTER_ALLROUNDER, STYLE.BATTER_KEEPER])).toBeGreaterThanOrEqual(4)
        expect(count([STYLE.ALLROUNDER, STYLE.ALLROUNDER_BOWLER, STYLE.BOWLER])).toBeGreaterThanOrEqual(5)
        chosenValue += xi.reduce((s, p) => s + p.value_tenths, 0) / xi.length
        const bench = team.players.filter((p) => !ids.includes(p.id))
        benchValue += bench.reduce((s, p) => s + p.value_tenths, 0) / bench.length
        // Specialist bowlers bat at the bottom of the order.
        const bowlerSlots = ids.flatMap((id, i) =>
          xi.find((p) => p.id === id)?.style === STYLE.BOWLER ? [i] : [],
        )
        expect(Math.min(...bowlerSlots)).toBeGreaterThanOrEqual(5)
      }
    }
    expect(chosenValue).toBeGreaterThan(benchValue)
  })

  it('plays an announced XI as announced', () => {
    const [a, b] = fixtureTeams('cricket', 3) as [SimTeam, SimTeam]
    const announced = a.players.slice(-11).map((p) => p.id)
    const teams = [
      { ...a, players: a.players.map((p) => ({ ...p, in_lineup: announced.includes(p.id) })) },
      b,
    ]
    const events = simulate('cricket', 'T20', 3, teams)
    expect([...lineupOf(events, a.team_id)].sort()).toEqual([...announced].sort())
  })

  it('keeps the laws of a T20 in every innings of 60 matches', () => {
    for (let seed = 0; seed < 60; seed++) {
      const teams = fixtureTeams('cricket', seed)
      const events = simulate('cricket', 'T20', seed, teams)
      const [first, second] = innings(events) as [Innings, Innings]
      const problems = [
        ...breaches(first, 20, 4, null, battingXi(events, teams, first)),
        ...breaches(second, 20, 4, first.runs + 1, battingXi(events, teams, second)),
        ...strikeBreaches(first),
        ...strikeBreaches(second),
      ]
      expect(problems, `seed ${seed}`).toEqual([])
      // A tie goes on to super overs (innings 3 and 4, …); otherwise two innings.
      const ends = ofType(events, 'innings_end').map((e) => e.innings)
      const tied = first.runs === second.runs
      expect(ends).toEqual(tied ? ends.map((_, i) => i + 1) : [1, 2])
      if (tied) expect(ends.length % 2 === 0 && ends.length >= 4).toBe(true)
      expect(events.at(-1)?.event.type).toBe('player_of_the_match')
    }
  })

  it('keeps the laws of an ODI: 50 overs, 10 overs a bowler', () => {
    for (let seed = 0; seed < 15; seed++) {
      const teams = fixtureTeams('cricket', seed)
      const events = simulate('cricket', 'ODI', seed, teams)
      const [first, second] = innings(events) as [Innings, Innings]
      expect(breaches(first, 50, 10, null, battingXi(events, teams, first)), `seed ${seed}`).toEqual([])
      expect(
        breaches(second, 50, 10, first.runs + 1, battingXi(events, teams, second)),
        `seed ${seed}`,
      ).toEqual([])
    }
  })

  it('plays a Test over up to five days: four innings at most, sessions, a result or a draw', () => {
    const outcomes = new Set<string>()
    for (let seed = 0; seed < 12; seed++) {
      const events = simulate('cricket', 'Test', seed)
      const inns = innings(events)
      expect(inns.length).toBeGreaterThanOrEqual(2)
      expect(inns.length).toBeLessThanOrEqual(4)
      for (const inn of inns) {
        expect(inn.wickets).toBeLessThanOrEqual(10)
        for (let i = 1; i < inn.balls.length; i++) {
          const [p, b] = [inn.balls[i - 1] as Ball, inn.balls[i] as Ball]
          if (b.over !== p.over) expect(b.bowler_id, `seed ${seed} over ${b.over}`).not.toBe(p.bowler_id)
        }
      }
      // Play happens in the day: from the start of each day for 90 overs (seven to eight hours with the breaks).
      for (const { atMs } of events) expect((atMs - START_MS) % 86_400_000).toBeLessThan(8.5 * 3_600_000)
      expect((events.at(-1)?.atMs as number) - START_MS).toBeLessThan(5 * 86_400_000)
      const runs = (n: number) => inns[n - 1]?.runs ?? 0
      const [a, b] = [runs(1) + runs(3), runs(2) + runs(4)]
      const lastAllOut = (inns.at(-1) as Innings).wickets === 10
      outcomes.add(b > a ? 'second wins' : lastAllOut && a > b ? 'first wins' : 'other')
    }
    expect(outcomes.has('first wins') || outcomes.has('second wins')).toBe(true)
  })

  it('paces a T20 like the real thing: ~38 s a ball, a 15–20 minute break, about 3 h 20 m', () => {
    const events = simulate('cricket', 'T20', 5)
    const balls = events.filter((e) => e.event.type === 'ball')
    const gaps = balls.slice(1).map((e, i) => (e.atMs - (balls[i]?.atMs as number)) / 1000)
    expect(quantile(gaps, 0.5)).toBeGreaterThanOrEqual(34)
    expect(quantile(gaps, 0.5)).toBeLessThanOrEqual(45)
    const end1 = events.find((e) => e.event.type === 'innings_end') as TimedEvent
    const firstOf2 = balls.find((e) => e.event.type === 'ball' && e.event.innings === 2) as TimedEvent
    const breakMin = (firstOf2.atMs - end1.atMs) / 60_000
    expect(breakMin).toBeGreaterThanOrEqual(15)
    expect(breakMin).toBeLessThanOrEqual(21)
  })

  it('scores like T20 cricket over 200 matches: first innings median 140–190, every kind of dismissal', () => {
    const totals: number[] = []
    const wickets: number[] = []
    const kinds = new Map<string, number>()
    let keeperStumpings = 0
    let stumpings = 0
    let sixes = 0
    let fours = 0
    let extras = 0
    for (let seed = 0; seed < 200; seed++) {
      const teams = fixtureTeams('cricket', seed)
      const events = simulate('cricket', 'T20', seed, teams)
      const [first] = innings(events) as [Innings]
      totals.push(first.runs)
      wickets.push(first.wickets)
      const keepers = new Set(
        teams
          .flatMap((t) =>
            t.players.filter((p) => p.style === STYLE.BATTER_KEEPER || p.style === STYLE.PURE_KEEPER),
          )
          .map((p) => p.id),
      )
      for (const b of first.balls) {
        if (b.boundary && b.runs === 6) sixes++
        if (b.boundary && b.runs === 4) fours++
        extras += total(b) - b.runs
        if (!b.wicket) continue
        kinds.set(b.wicket.kind, (kinds.get(b.wicket.kind) ?? 0) + 1)
        if (b.wicket.kind === 'stumped') {
          stumpings++
          if (keepers.has(b.wicket.fielder_ids[0] as number)) keeperStumpings++
        }
      }
    }
    expect(quantile(totals, 0.5)).toBeGreaterThanOrEqual(140)
    expect(quantile(totals, 0.5)).toBeLessThanOrEqual(190)
    expect(quantile(totals, 0.1)).toBeGreaterThanOrEqual(100)
    expect(quantile(totals, 0.9)).toBeLessThanOrEqual(240)
    const meanWickets = wickets.reduce((a, b) => a + b, 0) / wickets.length
    expect(meanWickets).toBeGreaterThan(4.5)
    expect(meanWickets).toBeLessThan(8)
    expect(fours / 200).toBeGreaterThan(10)
    expect(fours / 200).toBeLessThan(20)
    expect(sixes / 200).toBeGreaterThan(4)
    expect(sixes / 200).toBeLessThan(12)
    expect(extras / 200).toBeGreaterThan(4)
    expect(extras / 200).toBeLessThan(16)
    for (const kind of ['caught', 'bowled', 'lbw', 'run out', 'stumped', 'caught and bowled'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0)
    expect((kinds.get('caught') ?? 0) / wickets.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.4)
    expect(keeperStumpings).toBe(stumpings)
  })

  it('scores like ODI and Test cricket', () => {
    const odi = Array.from(
      { length: 60 },
      (_, seed) => (innings(simulate('cricket', 'ODI', seed))[0] as Innings).runs,
    )
    expect(quantile(odi, 0.5)).toBeGreaterThanOrEqual(220)
    expect(quantile(odi, 0.5)).toBeLessThanOrEqual(310)
    const test = Array.from(
      { length: 30 },
      (_, seed) => (innings(simulate('cricket', 'Test', seed))[0] as Innings).runs,
    )
    expect(quantile(test, 0.5)).toBeGreaterThanOrEqual(230)
    expect(quantile(test, 0.5)).toBeLessThanOrEqual(420)
  })
})
