import { createRng } from '../../server/domain/rng'
import type { SimTeam, SimTools, TimedEvent } from '../../server/index'
import { UsageError } from '../lib/errors'
import type { Io } from '../lib/io'
import { cricketPool, demoSquads, type NamedSquad, pickPair } from '../lib/sim-squads'
import { createProgress } from '../ui/progress'

export const SIM_SPORTS = ['cricket', 'f1', 'football'] as const
export type SimSport = (typeof SIM_SPORTS)[number]

/** What `fanspole sim` simulates: the sport, its format, its profile (an era or a league). */
export interface SimPlan {
  sport: SimSport
  format: 'T20' | 'ODI' | 'Race' | 'Match'
  /** The cricket era or football league; null for F1. */
  profile: string | null
}

/** The flags as given (commander's strings), checked against what each sport takes. */
export interface PlanFlags {
  sport: SimSport
  format?: string | undefined
  era?: string | undefined
  league?: string | undefined
}

const oneOf = (flag: string, valid: readonly string[], got: string) =>
  new UsageError(`${flag}: expected one of ${valid.join(', ')}, got ${JSON.stringify(got)}`)

/** The plan of a run, or a usage error (exit 2) naming the valid values. */
export function simPlan(tools: SimTools, flags: PlanFlags): SimPlan {
  const refuse = (flag: string, sports: string) => {
    throw new UsageError(`${flag} is for ${sports} only (this run is --sport ${flags.sport})`)
  }
  if (flags.sport !== 'cricket') {
    if (flags.format !== undefined) refuse('--format', 'cricket')
    if (flags.era !== undefined) refuse('--era', 'cricket')
  }
  if (flags.sport === 'f1') {
    if (flags.league !== undefined) refuse('--league', 'football')
    return { sport: 'f1', format: 'Race', profile: null }
  }
  if (flags.sport === 'football') {
    const league = flags.league ?? 'premier-league'
    if (!(tools.FOOTBALL_LEAGUES as readonly string[]).includes(league))
      throw oneOf('--league', tools.FOOTBALL_LEAGUES, league)
    return { sport: 'football', format: 'Match', profile: league }
  }
  if (flags.league !== undefined) refuse('--league', 'football')
  const format = flags.format ?? (flags.era === 'odi-2015' ? 'ODI' : 'T20')
  if (format !== 'T20' && format !== 'ODI') throw oneOf('--format', ['T20', 'ODI'], format)
  const eras = tools.CRICKET_ERAS.filter((e) => (format === 'ODI') === e.startsWith('odi'))
  const era = flags.era ?? (eras[0] as string)
  if (!(eras as readonly string[]).includes(era)) throw oneOf(`--era (${format})`, eras, era)
  return { sport: 'cricket', format, profile: era }
}

/** The game-clock start of every simulated match: it only shifts the events' instants. */
export const SIM_START_MS = Date.UTC(2026, 0, 1, 14, 0)

export interface SimulatedMatch {
  number: number
  teams: NamedSquad[]
  events: TimedEvent[]
}

/** The sides a run draws from: the demo league's squads, nations for ODIs and franchises for T20s. */
export function runSides(plan: SimPlan): { squads: NamedSquad[]; pool: NamedSquad[] } {
  const squads = demoSquads(plan.sport)
  return {
    squads,
    pool: plan.sport === 'cricket' ? cricketPool(squads, plan.format as 'T20' | 'ODI') : squads,
  }
}

/**
 * Match n of a run: its sides and its randomness come from streams named after n, so a run of
 * 10 is the start of a run of 500. The realism tests (tests/unit/sim) measure exactly these.
 */
export function simulatedMatch(
  simulate: SimTools['simulateMatch'],
  plan: SimPlan,
  sides: { squads: NamedSquad[]; pool: NamedSquad[] },
  rng: ReturnType<typeof createRng>,
  n: number,
): SimulatedMatch {
  const teams = plan.sport === 'f1' ? sides.squads : pickPair(rng.stream(`sim:teams:${n}`), sides.pool)
  const events = simulate({
    sportSlug: plan.sport,
    format: plan.format,
    startMs: SIM_START_MS,
    teams: teams as SimTeam[],
    rng: rng.stream(`sim:match:${n}`),
    profile: plan.profile,
  })
  return { number: n, teams, events }
}

/**
 * Simulates `count` matches of the plan from `seed`, in this process (`simulatedMatch`).
 * Progress on stderr; the event loop gets a turn every few matches so the bar can draw.
 */
export async function simulateMany(
  io: Io,
  tools: SimTools,
  plan: SimPlan,
  options: { count: number; seed: number; progress: boolean },
  each: (match: SimulatedMatch) => void | Promise<void>,
): Promise<void> {
  const sides = runSides(plan)
  const rng = createRng(options.seed)
  const title = `Simulating ${options.count} ${plan.sport === 'cricket' ? plan.format : plan.sport} matches${plan.profile ? ` (${plan.profile})` : ''}, seed ${options.seed}`
  const progress = createProgress(io, title, { stderr: true, quiet: !options.progress })
  for (let n = 1; n <= options.count; n++) {
    await each(simulatedMatch(tools.simulateMatch, plan, sides, rng, n))
    if (n % 10 === 0 || n === options.count) {
      progress.update(`${Math.floor((n * 10) / options.count) * 10}%`, n, options.count)
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  await progress.finish(`${options.count} matches simulated`)
}
