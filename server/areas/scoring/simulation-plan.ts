import type { Deps } from '../../core/deps'
import { rowWhere } from '../../db/query'
import type { Executor } from '../../db/tx'
import { hashString, randomStream } from '../../domain/rng'
import {
  resolveProfile,
  type SimFormat,
  type SimInput,
  type SimTeam,
  simulateMatch,
  type TimedEvent,
} from '../../sim'
import { matchSquad, requireMatch } from '../matches'

export type Plan = TimedEvent[]

/** What a simulation plays from, fixed when it first starts (`match_simulations`). */
export interface SimulationInput {
  seed: number
  startMs: number
  /** The last event seq stored before the simulation began: its event i gets seq base + i + 1. */
  baseSeq: number
  teams: SimTeam[]
  /** The era or league it plays under, resolved (null: the sport has none): docs/simulation.md. */
  profile: string | null
}

/**
 * The simulation's inputs, stored the first time a match is simulated and read back ever
 * after. The plan must not depend on anything its own events change: ingested lineup events
 * rewrite `match_players.in_lineup`, and a plan rebuilt from those flags after a restart is a
 * different match whose next ball fails validation. So the squads are kept as they were, and
 * so is the profile: `profile` when given (already checked against the sport and format by the
 * caller), else the series' (`series.sim_profile`), resolved to its default when it names none.
 */
export async function simulationInput(
  deps: Deps,
  matchId: number,
  profile?: string | null,
): Promise<SimulationInput> {
  const stored = await readInput(deps.db, matchId)
  if (stored) return stored
  const match = await requireMatch(deps.db, matchId)
  const squad = await matchSquad(deps.db, matchId)
  const sides = new Map<number, SimTeam['players']>()
  for (const p of squad) {
    const list = sides.get(p.real_team_id) ?? []
    list.push({
      id: p.id,
      style: p.style,
      value_tenths: p.value_tenths,
      in_lineup: p.in_lineup === null ? null : p.in_lineup === 1,
    })
    sides.set(p.real_team_id, list)
  }
  const last = await deps.db
    .selectFrom('match_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('match_id', '=', matchId)
    .executeTakeFirst()
  await deps.db
    .insertInto('match_simulations')
    .values({
      match_id: matchId,
      seed: hashString(`${deps.rng.seed}:sim:match:${matchId}`),
      start_ms: Number(match.locked_at_ms ?? match.event_time_ms),
      base_seq: Number(last?.seq ?? 0),
      teams: JSON.stringify(
        [...sides].sort((a, b) => a[0] - b[0]).map(([team_id, players]) => ({ team_id, players })),
      ),
      profile: resolveProfile(match.sport_slug, match.format, profile ?? match.series_sim_profile),
      created_at_ms: deps.clock.now(),
    })
    // Two starts at once (or two servers): the first stored input is the one both play.
    .onConflict((oc) => oc.column('match_id').doNothing())
    .execute()
  return (await readInput(deps.db, matchId)) as SimulationInput
}

async function readInput(db: Executor, matchId: number): Promise<SimulationInput | undefined> {
  const row = await rowWhere(db, 'match_simulations', { match_id: matchId })
  if (!row) return undefined
  return {
    seed: Number(row.seed),
    startMs: Number(row.start_ms),
    baseSeq: Number(row.base_seq),
    teams: JSON.parse(row.teams) as SimTeam[],
    profile: row.profile,
  }
}

/** What the simulator is given for a match and its stored input (its profile included). */
export function simInputOf(
  match: { sport_slug: string; format: string | null },
  input: SimulationInput,
): SimInput {
  return {
    sportSlug: match.sport_slug,
    format: match.format as SimFormat,
    startMs: input.startMs,
    teams: input.teams,
    rng: randomStream(input.seed),
    profile: input.profile,
  }
}

const plans = new WeakMap<Deps, Map<number, Plan>>()

/** Drops every kept plan (the database under them was replaced: docs/snapshots.md). */
export function forgetPlans(deps: Deps): void {
  plans.delete(deps)
}

/**
 * The whole simulated match: a pure function of the sport, the format and the stored input
 * (its profile too), so every process and every restart gets the same events. Kept in memory
 * while it plays (a cache only: anything may rebuild it).
 */
export async function planFor(deps: Deps, matchId: number): Promise<Plan> {
  let byMatch = plans.get(deps)
  if (!byMatch) {
    byMatch = new Map()
    plans.set(deps, byMatch)
  }
  const cached = byMatch.get(matchId)
  if (cached) return cached
  const match = await requireMatch(deps.db, matchId)
  const plan = simulateMatch(simInputOf(match, await simulationInput(deps, matchId)))
  byMatch.set(matchId, plan)
  return plan
}

export function forgetPlan(deps: Deps, matchId: number): void {
  plans.get(deps)?.delete(matchId)
}

/**
 * How far the simulation has got: the number of its events already stored. Read from the
 * database every time (never from a job's payload), so a step that crashed half-way — some
 * events committed, its job not moved — carries on at the first event that is missing.
 */
export async function storedProgress(deps: Deps, matchId: number): Promise<number> {
  const input = await simulationInput(deps, matchId)
  const last = await deps.db
    .selectFrom('match_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('match_id', '=', matchId)
    .executeTakeFirst()
  return Math.max(0, Number(last?.seq ?? 0) - input.baseSeq)
}
