import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { AppError } from '../../http/errors'
import { hashString, randomStream } from '../../lib/rng'
import { simulateMatch } from '../../sim'
import { lockMatch } from '../matches/lifecycle'
import { matchSquad } from '../matches/queries'
import { requireMatch } from '../matches/service'
import { completeMatch, simJobKey } from './complete'
import { ingestEvents } from './ingest'

export const SIM_JOB = 'match.sim'

type Plan = Array<{ atMs: number; event: unknown }>
const plans = new WeakMap<Deps, Map<number, Plan>>()

/**
 * The simulator's whole match, generated once from the run's seed and the match id (so it
 * is the same after a restart) and timed from the moment the match locked.
 */
async function planFor(deps: Deps, matchId: number): Promise<Plan> {
  let byMatch = plans.get(deps)
  if (!byMatch) {
    byMatch = new Map()
    plans.set(deps, byMatch)
  }
  const cached = byMatch.get(matchId)
  if (cached) return cached
  const match = await requireMatch(deps.db, matchId)
  const squad = await matchSquad(deps.db, matchId)
  const sides = new Map<
    number,
    Array<{ id: number; style: number; value_tenths: number; in_lineup: boolean | null }>
  >()
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
  const plan = simulateMatch({
    sportSlug: match.sport_slug,
    format: match.format as 'T20' | 'ODI' | 'Test' | 'Race' | 'Match' | null,
    startMs: Number(match.locked_at_ms ?? match.event_time_ms),
    teams: [...sides].sort((a, b) => a[0] - b[0]).map(([team_id, players]) => ({ team_id, players })),
    rng: randomStream(hashString(`${deps.rng.seed}:sim:match:${matchId}`)),
  })
  byMatch.set(matchId, plan)
  return plan
}

/**
 * Plays a match with the simulator. `instant`: every event now, then completion and
 * settlement. `live`: each event at its own game-clock time (so at the clock's speed), from
 * a job that re-arms itself; a clock jump plays everything it passes.
 */
export async function startSimulation(deps: Deps, matchId: number, mode: 'instant' | 'live') {
  let match = await requireMatch(deps.db, matchId)
  if (match.status === 'completed' || match.status === 'abandoned')
    throw new AppError('MATCH_STATE', `The match is already ${match.status}`)
  if (match.sim_mode === 'live' && mode === 'live')
    throw new AppError('MATCH_STATE', 'The match is already being simulated')
  if (match.status === 'upcoming') await lockMatch(deps, matchId, deps.clock.now())
  match = await requireMatch(deps.db, matchId)
  const plan = await planFor(deps, matchId)
  await deps.db.updateTable('matches').set({ sim_mode: mode }).where('id', '=', matchId).execute()
  if (mode === 'instant') {
    await deps.scheduler.cancel(deps.db, simJobKey(matchId))
    const done = await deps.db
      .selectFrom('match_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('match_id', '=', matchId)
      .executeTakeFirstOrThrow()
    const rest = plan.slice(Number(done.n))
    if (rest.length > 0)
      await ingestEvents(
        deps,
        matchId,
        rest.map((p) => p.event),
        deps.clock.now(),
      )
    await completeMatch(deps, matchId)
    return { mode, events: plan.length }
  }
  await scheduleNext(deps, matchId, 0, plan)
  return { mode, events: plan.length }
}

async function scheduleNext(deps: Deps, matchId: number, next: number, plan: Plan) {
  const at = plan[next]?.atMs
  if (at === undefined) return
  await withTx(deps, (tx) =>
    deps.scheduler.schedule(tx, {
      kind: SIM_JOB,
      runAtMs: at,
      payload: { match_id: matchId, next },
      uniqueKey: simJobKey(matchId),
    }),
  )
  deps.scheduler.kick()
}

/** The job: ingest every planned event that is due, then re-arm for the next, or finish. */
export async function runSimulationStep(deps: Deps, matchId: number, next: number): Promise<void> {
  const match = await requireMatch(deps.db, matchId)
  if (match.status !== 'live' || match.sim_mode !== 'live') return
  const plan = await planFor(deps, matchId)
  const now = deps.clock.now()
  let end = next
  while (end < plan.length && (plan[end] as Plan[number]).atMs <= now) end++
  // Every event that is due, each at its own instant, in one batch: live pages still get
  // one message per ball, while a clock jump that passes a whole match writes it in one
  // transaction rather than one per ball.
  if (end > next) {
    const due = plan.slice(next, end)
    await ingestEvents(
      deps,
      matchId,
      due.map((step) => step.event),
      due.map((step) => step.atMs),
    )
  }
  if (end >= plan.length) {
    await completeMatch(deps, matchId)
    return
  }
  await scheduleNext(deps, matchId, end, plan)
}
