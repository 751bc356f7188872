import type { Deps } from '../../core/deps'
import { hasRow } from '../../db/query'
import { withTx } from '../../db/tx'
import { AppError } from '../../http/errors'
import { requireMatch } from '../matches'
import { forgetPlan, type Plan, planFor, simulationInput, storedProgress } from '../scoring'
import { completeMatch, simJobKey } from './complete'
import { ingestMatchEvents } from './ingest'
import { lockMatch } from './lifecycle'
import { checkStartedProfile, type ProfileChoice, requestedProfile } from './simulation-profile'

export const SIM_JOB = 'match.sim'

/**
 * Plays a match with the simulator. `instant`: every event now, then completion and
 * settlement. `live`: each event at its own game-clock time (so at the clock's speed), from
 * a job that re-arms itself; a clock jump plays everything it passes. Either way the match
 * carries on from the events already stored, so a second call after a restart (or an
 * `instant` after a `live`) never plays an event twice. `choice`: the era or league to play
 * under (simulation-profile.ts); only the first start fixes it, a later one naming another is
 * refused.
 */
export async function startSimulation(
  deps: Deps,
  matchId: number,
  mode: 'instant' | 'live',
  choice: ProfileChoice = {},
) {
  let match = await requireMatch(deps.db, matchId)
  if (match.status === 'completed' || match.status === 'abandoned')
    throw new AppError('MATCH_STATE', `The match is already ${match.status}`)
  const profile = requestedProfile(match, choice)
  if (match.sim_mode === 'live' && mode === 'live' && (await simJobPending(deps, matchId)))
    throw new AppError('MATCH_STATE', 'The match is already being simulated')
  if (match.status === 'upcoming') await lockMatch(deps, matchId, deps.clock.now())
  match = await requireMatch(deps.db, matchId)
  checkStartedProfile(match, (await simulationInput(deps, matchId, profile)).profile, profile)
  const plan = await planFor(deps, matchId)
  await deps.db.updateTable('matches').set({ sim_mode: mode }).where('id', '=', matchId).execute()
  if (mode === 'instant') {
    await deps.scheduler.cancel(deps.db, simJobKey(matchId))
    await ingestFrom(deps, matchId, plan, plan.length, deps.clock.now())
    await completeMatch(deps, matchId)
    forgetPlan(deps, matchId)
    return { mode, events: plan.length }
  }
  await scheduleStep(deps, matchId, plan, await storedProgress(deps, matchId))
  return { mode, events: plan.length }
}

async function simJobPending(deps: Deps, matchId: number): Promise<boolean> {
  return hasRow(deps.db, 'scheduled_jobs', { unique_key: simJobKey(matchId), status: 'pending' })
}

/** Re-arms the job at the next planned event (or now, to complete the match when none is left). */
async function scheduleStep(deps: Deps, matchId: number, plan: Plan, next: number) {
  await withTx(deps, (tx) =>
    deps.scheduler.schedule(tx, {
      kind: SIM_JOB,
      runAtMs: plan[next]?.atMs ?? deps.clock.now(),
      payload: { match_id: matchId, next },
      uniqueKey: simJobKey(matchId),
    }),
  )
  deps.scheduler.kick()
}

/**
 * Ingests the planned events from the first one not stored up to (not including) `end`, each
 * with its planned seq, so that replaying one that did get stored is a no-op correction and
 * never a second ball. `atMs`: the instant to store them at (default: each its own).
 */
async function ingestFrom(deps: Deps, matchId: number, plan: Plan, end: number, atMs?: number) {
  const { baseSeq } = await simulationInput(deps, matchId)
  const from = await storedProgress(deps, matchId)
  if (from >= end) return
  const steps = Array.from({ length: end - from }, (_, k) => from + k)
  const events = steps.map((i) => ({ ...(plan[i] as Plan[number]).event, seq: baseSeq + i + 1 }))
  // Every event that is due, each at its own instant, in one batch: live pages still get one
  // message per ball, while a clock jump that passes a whole match writes it in one
  // transaction rather than one per ball.
  await ingestMatchEvents(deps, matchId, events, atMs ?? steps.map((i) => (plan[i] as Plan[number]).atMs))
}

/**
 * The job: ingest every planned event that is due, then re-arm for the next, or finish. Where
 * to start comes from the stored events, not from the job, so a restart — even one in the
 * middle of a step — continues exactly where the database says the match stopped.
 */
export async function runSimulationStep(deps: Deps, matchId: number): Promise<void> {
  const match = await requireMatch(deps.db, matchId)
  if (match.status !== 'live' || match.sim_mode !== 'live') return
  const plan = await planFor(deps, matchId)
  const now = deps.clock.now()
  let end = await storedProgress(deps, matchId)
  while (end < plan.length && (plan[end] as Plan[number]).atMs <= now) end++
  await ingestFrom(deps, matchId, plan, end)
  if (end >= plan.length) {
    await completeMatch(deps, matchId)
    forgetPlan(deps, matchId)
    return
  }
  await scheduleStep(deps, matchId, plan, end)
}
