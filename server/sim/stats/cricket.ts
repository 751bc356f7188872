import { createScorer } from '../../domain/scoring'
import type { TimedEvent } from '../types'
import {
  ballRuns,
  batterInnings,
  bowlerInnings,
  isLegal,
  oversOf,
  type ReadInnings,
  type ReadMatch,
  readMatch,
} from './cricket-read'
import type { FigureSample } from './figures'

export type LimitedOversFormat = 'T20' | 'ODI'

/** Over indexes (from 0) of the powerplay and the death overs: T20 overs 1–6 and 17–20, ODI 1–10 and 41–50. */
export const PHASES: Record<LimitedOversFormat, { powerplay: [number, number]; death: [number, number] }> = {
  T20: { powerplay: [0, 5], death: [16, 19] },
  ODI: { powerplay: [0, 9], death: [40, 49] },
}

/** The 1st-innings total a "big" score reaches: 200 in a T20, 300 in an ODI. */
export const BIG_TOTAL: Record<LimitedOversFormat, number> = { T20: 200, ODI: 300 }

type Builder = Omit<FigureSample, 'values'>

/**
 * Every headline figure of issue 30 from simulated limited-overs matches (T20 or ODI), in a
 * fixed order. Per-innings figures count the two regular innings; super-over balls count only
 * in `super_over_ties`. Definitions are in docs/simulation.md, "Measuring the simulator".
 */
export function cricketFigures(matches: readonly (readonly TimedEvent[])[], format: LimitedOversFormat) {
  const out = new Map<string, FigureSample>()
  const add = (f: Builder, ...values: number[]) => {
    let sample = out.get(f.key)
    if (!sample) {
      sample = { ...f, values: [] }
      out.set(f.key, sample)
    }
    sample.values.push(...values)
  }
  for (const figure of FIGURES) add(figure)
  for (const timed of matches) {
    const m = readMatch(timed)
    for (const inn of m.innings) inningsFigures(add, inn, format)
    matchFigures(add, m, format)
  }
  return [...out.values()]
}

const f = (key: string, label: string, kind: 'mean' | 'share' = 'mean'): Builder => ({ key, label, kind })

/** The figures in the order a report prints them. */
export const FIGURES: Builder[] = [
  f('total_1st', '1st-innings total'),
  f('total_2nd', '2nd-innings total'),
  f('run_rate', 'run rate (runs per over, per innings)'),
  f('all_out_1st', 'all out, 1st innings', 'share'),
  f('all_out_2nd', 'all out, 2nd innings', 'share'),
  f('rpo_powerplay_1st', 'runs per over, powerplay (1st innings)'),
  f('rpo_death_1st', 'runs per over, death overs (1st innings)'),
  f('fours', 'fours per innings'),
  f('sixes', 'sixes per innings'),
  f('dots', 'dot balls per innings'),
  f('strike_rate', 'batting strike rate (per innings)'),
  f('economy', 'bowling economy (per innings)'),
  f('ducks', 'ducks per innings'),
  f('five_wickets', '5-wicket hauls per innings'),
  f('three_wickets', '3+-wicket hauls per innings'),
  f('maidens', 'maidens per innings'),
  f('lbw_share', 'LBW share of wickets', 'share'),
  f('stumped_share', 'stumped share of wickets', 'share'),
  f('wides', 'wides (runs) per innings'),
  f('extras', 'extras (runs) per innings'),
  f('chasing_wins', 'chasing side wins', 'share'),
  f('failed_chase_all_out', 'failed chases ending all out', 'share'),
  f('big_total_1st', '1st-innings total ≥ 200 (ODI ≥ 300)', 'share'),
  f('boundary_share', 'boundary share of runs', 'share'),
  f('fantasy_points', 'fantasy points per player'),
  f('free_hit_dismissals', 'free-hit balls dismissing other than run out', 'share'),
  f('super_over_ties', 'ties decided by a super over', 'share'),
]
const FIG = Object.fromEntries(FIGURES.map((b) => [b.key, b])) as Record<string, Builder>

type Add = (f: Builder, ...values: number[]) => void

// Long: one pass per innings over every per-innings figure, each a line or two; split apart they would each walk the balls again.
function inningsFigures(add: Add, inn: ReadInnings, format: LimitedOversFormat) {
  const first = inn.number === 1
  const byKey = (key: string, ...values: number[]) => add(FIG[key] as Builder, ...values)
  byKey(first ? 'total_1st' : 'total_2nd', inn.runs)
  byKey(first ? 'all_out_1st' : 'all_out_2nd', inn.allOut ? 1 : 0)
  if (inn.legal > 0) byKey('run_rate', (inn.runs * 6) / inn.legal)
  if (first) {
    const { powerplay, death } = PHASES[format]
    byKey('rpo_powerplay_1st', ...phaseOvers(inn, powerplay))
    byKey('rpo_death_1st', ...phaseOvers(inn, death))
  }
  let fours = 0
  let sixes = 0
  let dots = 0
  let batRuns = 0
  let faced = 0
  let conceded = 0
  let wides = 0
  let extras = 0
  for (const b of inn.balls) {
    if (b.boundary && b.runs === 4) fours++
    if (b.boundary && b.runs === 6) sixes++
    if (isLegal(b) && ballRuns(b) === 0) dots++
    batRuns += b.runs
    if (b.extras.wides === 0) faced++
    conceded += b.runs + b.extras.wides + b.extras.noballs
    wides += b.extras.wides
    extras += b.extras.wides + b.extras.noballs + b.extras.byes + b.extras.legbyes
    if (b.wicket) {
      byKey('lbw_share', b.wicket.kind === 'lbw' ? 1 : 0)
      byKey('stumped_share', b.wicket.kind === 'stumped' ? 1 : 0)
    }
    if (b.free_hit === true) byKey('free_hit_dismissals', b.wicket && b.wicket.kind !== 'run out' ? 1 : 0)
  }
  byKey('fours', fours)
  byKey('sixes', sixes)
  byKey('dots', dots)
  if (faced > 0) byKey('strike_rate', (100 * batRuns) / faced)
  if (inn.legal > 0) byKey('economy', (conceded * 6) / inn.legal)
  byKey('ducks', batterInnings(inn).filter((r) => r.out && r.runs === 0).length)
  const bowling = bowlerInnings(inn)
  byKey('five_wickets', bowling.wickets.filter((w) => w >= 5).length)
  byKey('three_wickets', bowling.wickets.filter((w) => w >= 3).length)
  byKey('maidens', bowling.maidens)
  byKey('wides', wides)
  byKey('extras', extras)
  if (inn.runs > 0) byKey('boundary_share', (4 * fours + 6 * sixes) / inn.runs)
}

/** Runs per over of each over bowled in the phase (an unfinished last over scaled to six legal balls). */
function phaseOvers(inn: ReadInnings, [from, to]: [number, number]): number[] {
  const values: number[] = []
  for (const over of oversOf(inn)) {
    const index = over[0]?.over ?? -1
    if (index < from || index > to) continue
    const legal = over.filter(isLegal).length
    if (legal > 0) values.push((over.reduce((s, b) => s + ballRuns(b), 0) * 6) / legal)
  }
  return values
}

function matchFigures(add: Add, m: ReadMatch, format: LimitedOversFormat) {
  const byKey = (key: string, ...values: number[]) => add(FIG[key] as Builder, ...values)
  const [one, two] = m.innings
  if (one) byKey('big_total_1st', one.runs >= BIG_TOTAL[format] ? 1 : 0)
  if (one && two) {
    const tied = one.runs === two.runs
    if (tied) byKey('super_over_ties', m.superOverBalls.length > 0 ? 1 : 0)
    else byKey('chasing_wins', two.runs > one.runs ? 1 : 0)
    if (two.runs < one.runs) byKey('failed_chase_all_out', two.allOut ? 1 : 0)
  }
  byKey('fantasy_points', ...fantasyPoints(m, format))
}

/** Every lineup player's points under the product's own calculator. */
function fantasyPoints(m: ReadMatch, format: LimitedOversFormat): number[] {
  const players = m.lineups.flatMap((l) =>
    l.player_ids.map((id) => ({ id, style: 0, real_team_id: l.team_id })),
  )
  const scorer = createScorer({ family: 'cricket', format, players })
  for (const e of m.events) scorer.apply(e)
  return players.map((p) => scorer.points(p.id))
}
