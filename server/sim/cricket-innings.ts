import type { RandomStream } from '../domain/rng'
import { normal, type Timeline } from './common'
import { BowlingPlan } from './cricket-bowling'
import { bowlDelivery, type CricketFormat, type Delivery } from './cricket-delivery'
import type { EraModel } from './cricket-eras'
import type { Cricketer, CricketSide } from './cricket-lineup'
import type { CricketPace } from './cricket-pace'
import { dismissal, type Impact, recordBall } from './cricket-wicket'
import type { BallEvent } from './types'

export interface InningsState {
  runs: number
  wickets: number
  /** Legal balls bowled so far. */
  balls: number
}

export interface InningsSpec {
  /** 1–4; a super over is numbered after the main innings (3, 4, then 5, 6 if tied again). */
  number: number
  format: CricketFormat
  model: EraModel
  /** Boundaries × this for the whole match (the pitch and the ground). */
  pitch: number
  /** A super over: one over, three batters (two wickets end it), one bowler; its balls say so. */
  superOver?: { batters: Cricketer[]; bowler: Cricketer }
  batting: CricketSide
  fielding: CricketSide
  /** 20 or 50 overs; null in a Test. */
  overs: number | null
  /** Most overs one bowler may bowl; null in a Test. */
  quota: number | null
  /** Runs that win the match for the batting side, when chasing. */
  target: number | null
  /** −1 … +1 batting intent from the situation (chase, wickets in hand, phase). */
  intent: (s: InningsState, overIndex: number) => number
  /** A Test declaration, checked at the end of each over. */
  declare?: (s: InningsState) => boolean
}

export type InningsEnd = 'all out' | 'overs' | 'target' | 'declared' | 'time'

/** Safety margin under the schema's 200-over limit: a side this far in declares. */
const MAX_TEST_OVERS = 190
/** Wickets fall more easily on a day-4 or day-5 pitch. */
const TEST_WEAR = [1, 1, 1.12, 1.3]

/** Plays one innings ball by ball onto the timeline; returns the score and why it ended. */
// Long: the ball-by-ball loop of an innings — the strike, free hits, wickets and the ends of overs and innings move together.
export function playInnings(
  rng: RandomStream,
  spec: InningsSpec,
  pace: CricketPace,
  timeline: Timeline,
  impact: Impact,
): InningsState & { end: InningsEnd } {
  const s: InningsState = { runs: 0, wickets: 0, balls: 0 }
  const xi = spec.superOver?.batters ?? spec.batting.xi
  const attack = spec.superOver ? [spec.superOver.bowler] : spec.fielding.attack
  const plan = new BowlingPlan(attack, spec.quota, spec.overs)
  let freeHit = false
  const faced = new Map<number, number>()
  // Batting-order positions of the two batters at the crease; next is the next man in.
  let striker = 0
  let nonStriker = 1
  let next = 2
  const lastWicket = xi.length - 1
  for (let over = 0; ; over++) {
    if (spec.overs != null && over >= spec.overs) return { ...s, end: 'overs' }
    if (pace.stumpsDrawn()) return { ...s, end: 'time' }
    if (spec.overs == null && over >= MAX_TEST_OVERS) return { ...s, end: 'declared' }
    const bowler = plan.next(rng, over)
    // Some overs are tighter than others (a bowler on song, a batter stuck): maidens come from these.
    const tight = Math.exp(spec.model.overSpread * normal(rng))
    let legal = 0
    for (let ball = 1; legal < 6; ball++) {
      const batter = xi[striker] as Cricketer
      const d = deliver(
        rng,
        spec,
        s,
        { over, ball, tight, freeHit },
        batter,
        bowler,
        faced.get(batter.id) ?? 0,
      )
      const ev: BallEvent = {
        type: 'ball',
        innings: spec.number,
        over,
        ball,
        batter_id: batter.id,
        non_striker_id: (xi[nonStriker] as Cricketer).id,
        bowler_id: bowler.id,
        runs: d.runs,
        boundary: d.boundary,
        extras: { wides: d.wides, noballs: d.noballs, byes: d.byes, legbyes: d.legbyes },
      }
      if (freeHit) ev.free_hit = true
      if (spec.superOver) ev.super_over = true
      // The ball after a no-ball is a free hit, and stays one until a legal ball is bowled.
      freeHit = d.noballs > 0 || (freeHit && d.wides > 0)
      let outPos = -1
      if (d.wicket) {
        outPos = d.nonStrikerOut ? nonStriker : striker
        ev.wicket = dismissal(rng, d.wicket, (xi[outPos] as Cricketer).id, bowler, spec.fielding)
      }
      timeline.add(pace.now(), ev)
      recordBall(impact, ev)
      if (d.wides === 0) faced.set(batter.id, (faced.get(batter.id) ?? 0) + 1)
      if (d.legal) legal++
      if (d.legal) s.balls++
      s.runs += d.runs + d.wides + d.noballs + d.byes + d.legbyes
      // Batters cross on an odd number of runs run; a boundary is not run.
      if (d.ran % 2 === 1) [striker, nonStriker] = [nonStriker, striker]
      if (d.wicket) {
        s.wickets++
        if (s.wickets >= lastWicket) return { ...s, end: 'all out' }
        const newcomer = next++
        if (outPos === striker) striker = newcomer
        else nonStriker = newcomer
      }
      if (spec.target != null && s.runs >= spec.target) return { ...s, end: 'target' }
      pace.delivery()
      if (d.wicket) pace.wicket()
    }
    ;[striker, nonStriker] = [nonStriker, striker]
    pace.overEnd()
    if (spec.declare?.(s)) return { ...s, end: 'declared' }
  }
}

/** One delivery; an over that keeps going wide is ended by forcing legal balls (the schema allows 20). */
function deliver(
  rng: RandomStream,
  spec: InningsSpec,
  s: InningsState,
  at: { over: number; ball: number; tight: number; freeHit: boolean },
  batter: Cricketer,
  bowler: Cricketer,
  faced: number,
): Delivery {
  const { over, ball, freeHit } = at
  const matchup = {
    format: spec.format,
    phase: phaseOf(spec, over),
    bat: batter.bat,
    bowl: bowler.bowl,
    intent: spec.intent(s, over),
    faced,
    wear: spec.format === 'Test' ? (TEST_WEAR[spec.number - 1] ?? 1) : 1,
    freeHit,
    tight: at.tight,
    pitch: spec.pitch,
    surge: s.wickets <= 6,
    down: s.wickets,
    model: spec.model,
  }
  for (;;) {
    const d = bowlDelivery(rng, matchup)
    if (d.legal || ball < 14) return d
  }
}

function phaseOf(spec: InningsSpec, over: number): 0 | 1 | 2 {
  if (spec.superOver) return 2
  if (spec.format === 'Test' || spec.overs == null) return 1
  const powerplay = spec.format === 'T20' ? 6 : 10
  const death = spec.format === 'T20' ? 16 : 40
  return over < powerplay ? 0 : over >= death ? 2 : 1
}
