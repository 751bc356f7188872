import { clamp } from './common'
import type { InningsState } from './cricket-innings'

/** Balls a wicket in hand should "cover": with more balls than this per wicket left, batters get careful. */
const BALLS_PER_WICKET = { T20: 15, ODI: 32 }
/** Required rate (runs an over) at which a T20 and an ODI chase is even. */
const PAR = { T20: 8.2, ODI: 4.4 }
/** How much of that caution a chasing side keeps: an ODI chase that falls behind goes for it and collapses more often. */
const CHASE_CAUTION = { T20: 1, ODI: 0.4 }

/**
 * Batting intent (−1 … +1) of a limited-overs innings. Both innings share the shape real sides
 * bat to: a steady start, a surge over the last fifth of the innings, and caution as soon as
 * the wickets in hand are short for the balls left — sides bat out their overs rather than
 * being bowled out. A chase adds the pressure of the required rate.
 */
export function limitedOversIntent(format: 'T20' | 'ODI', overs: number, target: number | null) {
  return (s: InningsState, over: number): number => {
    const ballsLeft = overs * 6 - s.balls
    const inHand = Math.max(1, 10 - s.wickets)
    const careful = clamp(ballsLeft / (inHand * BALLS_PER_WICKET[format]) - 1, 0, 1)
    const caution = target == null ? careful : careful * CHASE_CAUTION[format]
    const death = overs * 0.8
    const surge = over >= death ? (0.7 * (over - death + 1)) / (overs - death) : 0
    let push = surge
    if (target != null) {
      const required = ((target - s.runs) * 6) / Math.max(1, ballsLeft)
      push = Math.max(surge, clamp((required - PAR[format]) / 5, -0.4, 0.8))
    }
    return push * (1 - caution) - 0.8 * caution
  }
}
