import type { MatchEvent } from '../../domain/events/schema'
import { creditsBowler } from '../../domain/events/schema'
import type { BallEvent, TimedEvent } from '../types'

/**
 * A simulated limited-overs match read back from its events, in the shape the figures need:
 * the two regular innings ball by ball, the super-over balls apart. A ball is a super-over
 * ball when it says so (`super_over: true`) or lies past the second innings (the scorer's
 * rule: innings 3 and 4 of a T20 or ODI are super overs).
 */
export type StatsBall = BallEvent & { free_hit?: boolean; super_over?: boolean }

export interface ReadInnings {
  number: 1 | 2
  balls: StatsBall[]
  runs: number
  wickets: number
  /** Legal balls (no wide, no no-ball). */
  legal: number
  /** Ten wickets down (one fewer than the batting side's lineup). */
  allOut: boolean
}

export interface ReadMatch {
  innings: ReadInnings[]
  superOverBalls: StatsBall[]
  /** Lineups by team id, for the point calculator. */
  lineups: Array<{ team_id: number; player_ids: number[] }>
  events: MatchEvent[]
}

export const ballRuns = (b: BallEvent) =>
  b.runs + b.extras.wides + b.extras.noballs + b.extras.byes + b.extras.legbyes
export const isLegal = (b: BallEvent) => b.extras.wides === 0 && b.extras.noballs === 0
export const isSuperOver = (b: StatsBall) => b.super_over === true || b.innings > 2

export function readMatch(timed: readonly TimedEvent[]): ReadMatch {
  const events = timed.map((t) => t.event)
  const lineups: ReadMatch['lineups'] = []
  const superOverBalls: StatsBall[] = []
  const byInnings: StatsBall[][] = [[], []]
  for (const e of events) {
    if (e.type === 'lineup') lineups.push({ team_id: e.team_id, player_ids: [...e.player_ids] })
    if (e.type !== 'ball') continue
    const b = e as StatsBall
    if (isSuperOver(b)) superOverBalls.push(b)
    else byInnings[b.innings - 1]?.push(b)
  }
  const xiSize = (balls: StatsBall[]) => {
    const first = balls[0]
    const side = first && lineups.find((l) => l.player_ids.includes(first.batter_id))
    return side ? side.player_ids.length : 11
  }
  const innings = byInnings
    .filter((balls) => balls.length > 0)
    .map((balls, i): ReadInnings => {
      const wickets = balls.filter((b) => b.wicket).length
      return {
        number: (i + 1) as 1 | 2,
        balls,
        runs: balls.reduce((s, b) => s + ballRuns(b), 0),
        wickets,
        legal: balls.filter(isLegal).length,
        allOut: wickets >= xiSize(balls) - 1,
      }
    })
  return { innings, superOverBalls, lineups, events }
}

/** Runs off the bat per batter in one innings, and who was out. */
export function batterInnings(inn: ReadInnings): Array<{ id: number; runs: number; out: boolean }> {
  const by = new Map<number, { id: number; runs: number; out: boolean }>()
  const touch = (id: number) => {
    let r = by.get(id)
    if (!r) {
      r = { id, runs: 0, out: false }
      by.set(id, r)
    }
    return r
  }
  for (const b of inn.balls) {
    touch(b.batter_id).runs += b.runs
    touch(b.non_striker_id)
    if (b.wicket) touch(b.wicket.player_out_id).out = true
  }
  return [...by.values()]
}

/** Per bowler in one innings: wickets credited to them, and their maidens. */
export function bowlerInnings(inn: ReadInnings): { wickets: number[]; maidens: number } {
  const wickets = new Map<number, number>()
  for (const b of inn.balls)
    if (b.wicket && creditsBowler(b.wicket.kind))
      wickets.set(b.bowler_id, (wickets.get(b.bowler_id) ?? 0) + 1)
  let maidens = 0
  for (const over of oversOf(inn)) {
    // A maiden: a complete over (six legal balls) conceding nothing to the bowler (byes and leg byes don't count against them).
    const legal = over.filter(isLegal).length
    const conceded = over.reduce((s, b) => s + b.runs + b.extras.wides + b.extras.noballs, 0)
    if (legal === 6 && conceded === 0) maidens++
  }
  return { wickets: [...wickets.values()], maidens }
}

/** The innings' balls grouped by over, in order. */
export function oversOf(inn: ReadInnings): StatsBall[][] {
  const by = new Map<number, StatsBall[]>()
  for (const b of inn.balls) {
    const list = by.get(b.over)
    if (list) list.push(b)
    else by.set(b.over, [b])
  }
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([, balls]) => balls)
}
