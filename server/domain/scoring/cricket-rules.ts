import { MAX_INNINGS } from '../events/schema'
import type { PointSystem } from './point-systems'
import { type CompiledRule, columnIds, compileRules, type RuleSpec } from './rules'

/** Innings slots 1..12 (index 0 unused; 5–12 are repeated super overs) so per-innings rules can be summed directly. */
export const INNINGS_SLOTS = MAX_INNINGS + 1

/**
 * A cricket player's running stats. Totals count the scored innings only (super overs are
 * shown in the summary but never scored); the per-innings arrays hold every innings, because
 * milestones, ducks and hauls are per innings (a Test player bats and bowls twice).
 */
export interface CricketStats {
  inLineup: boolean
  runs: number
  balls: number
  fours: number
  sixes: number
  legalBalls: number
  conceded: number
  wickets: number
  maidens: number
  dots: number
  catches: number
  stumpings: number
  runOuts: number
  playerOfTheMatch: boolean
  inningsRuns: number[]
  inningsBalls: number[]
  inningsOut: boolean[]
  inningsLegal: number[]
  inningsConceded: number[]
  inningsWickets: number[]
  inningsMaidens: number[]
}

export function newCricketStats(): CricketStats {
  const slots = <T>(v: T) => new Array<T>(INNINGS_SLOTS).fill(v)
  return {
    inLineup: false,
    runs: 0,
    balls: 0,
    fours: 0,
    sixes: 0,
    legalBalls: 0,
    conceded: 0,
    wickets: 0,
    maidens: 0,
    dots: 0,
    catches: 0,
    stumpings: 0,
    runOuts: 0,
    playerOfTheMatch: false,
    inningsRuns: slots(0),
    inningsBalls: slots(0),
    inningsOut: slots(false),
    inningsLegal: slots(0),
    inningsConceded: slots(0),
    inningsWickets: slots(0),
    inningsMaidens: slots(0),
  }
}

/** Highest haul tier reached for a wicket count (0 when none), from the column's `haul_N` rules. */
function tierOf(tiers: number[], wickets: number): number {
  let tier = 0
  for (const t of tiers) if (wickets >= t && t > tier) tier = t
  return tier
}

/** Compiles the cricket rules of one format; `scored` is the number of innings that score (2, or 4 in a Test). */
export function cricketRules(
  system: PointSystem,
  column: string,
  scored: number,
): CompiledRule<CricketStats>[] {
  const sumInnings = (f: (s: CricketStats, i: number) => number) => (s: CricketStats) => {
    let total = 0
    for (let i = 1; i <= scored; i++) total += f(s, i)
    return total
  }
  const tiers = columnIds(system, column).flatMap((id) => {
    const m = /^haul_(\d+)$/.exec(id)
    return m ? [Number(m[1])] : []
  })
  const fixed: Record<string, RuleSpec<CricketStats>> = {
    run: { count: (s) => s.runs },
    four_bonus: { count: (s) => s.fours },
    six_bonus: { count: (s) => s.sixes },
    strike_rate_bonus: {
      variables: ['runs', 'balls'],
      formula: (s) => (s.balls > 0 ? { runs: s.runs, balls: s.balls } : null),
    },
    duck: { count: sumInnings((s, i) => (s.inningsOut[i] && s.inningsRuns[i] === 0 ? 1 : 0)) },
    wicket: { count: (s) => s.wickets },
    maiden: { count: (s) => s.maidens },
    economy_bonus: {
      variables: ['balls', 'runs conceded'],
      formula: (s) => (s.legalBalls > 0 ? { balls: s.legalBalls, 'runs conceded': s.conceded } : null),
    },
    dot_ball: { count: (s) => s.dots },
    catch: { count: (s) => s.catches },
    stumping_run_out: { count: (s) => s.stumpings + s.runOuts },
    player_of_the_match: { count: (s) => (s.playerOfTheMatch ? 1 : 0) },
  }
  return compileRules<CricketStats>(system, column, (id) => {
    const spec = fixed[id]
    if (spec) return spec
    const milestone = /^milestone_(\d+)$/.exec(id)
    if (milestone) {
      const every = Number(milestone[1])
      return { count: sumInnings((s, i) => Math.floor(s.inningsRuns[i]! / every)) }
    }
    const haul = /^haul_(\d+)$/.exec(id)
    if (haul) {
      const tier = Number(haul[1])
      return { count: sumInnings((s, i) => (tierOf(tiers, s.inningsWickets[i]!) === tier ? 1 : 0)) }
    }
    return undefined
  })
}

/** Legal balls as overs: 75 → '12.3'. */
export function oversText(legalBalls: number): string {
  return `${Math.floor(legalBalls / 6)}.${legalBalls % 6}`
}
