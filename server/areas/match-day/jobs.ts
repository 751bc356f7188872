import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { AppError } from '../../http/errors'
import { DEADLINE_JOB, deadlineJobs, LOCK_JOB, lockJobKey } from '../matches'
import { simJobKey } from './complete'
import { lockMatch } from './lifecycle'
import { settleMatch } from './settle'
import { runSimulationStep, SIM_JOB, startSimulation } from './simulation'

export const SETTLE_JOB = 'match.settle'
const settleJobKey = (matchId: number) => `match:${matchId}:settle`

/**
 * The scheduler's match jobs: lock at the start time (then simulate, if enabled), the
 * simulator's steps, and settlement left unfinished by a crash.
 */
export function registerMatchJobs(deps: Deps): void {
  deps.scheduler.register(LOCK_JOB, async (job) => {
    const matchId = Number(job.payload.match_id)
    const locked = await lockMatch(deps, matchId, job.run_at_ms)
    if (!deps.config.autoSimulate) return
    if (!locked) {
      // Run again after a crash between the lock and the simulation's start (its claimer
      // died, here or in another process): the match this job locked still gets simulated.
      const match = await deps.db
        .selectFrom('matches')
        .select(['status', 'locked_at_ms', 'sim_mode'])
        .where('id', '=', matchId)
        .executeTakeFirst()
      const ours = match?.status === 'live' && Number(match.locked_at_ms) === job.run_at_ms
      if (!ours || match.sim_mode === 'instant') return
    }
    try {
      await startSimulation(deps, matchId, 'live')
    } catch (error) {
      // Already being simulated (the first run got that far): nothing left to do.
      if (!(error instanceof AppError)) throw error
    }
  })
  deps.scheduler.register(SIM_JOB, async (job) => {
    await runSimulationStep(deps, Number(job.payload.match_id))
  })
  deps.scheduler.register(SETTLE_JOB, async (job) => {
    await settleMatch(deps, Number(job.payload.match_id))
  })
}

/**
 * At every start, before the server listens (all of it cheap): every upcoming match has its
 * lock job; a match that was simulating live has its step job (the step reads where to go on
 * from the stored events); a completed match whose settlement a crash cut short (contests
 * still locked, or not yet stamped `settled_at_ms`) gets a settle job. Settlement itself can
 * take seconds for a big match, so it runs in the scheduler after the server listens — per
 * contest, idempotent, so a second crash half-way is harmless too.
 */
export async function resumeMatches(deps: Deps): Promise<void> {
  const upcoming = await deps.db
    .selectFrom('matches')
    .select(['id', 'event_time_ms'])
    .where('status', '=', 'upcoming')
    .execute()
  const pending = new Set(
    (
      await deps.db
        .selectFrom('scheduled_jobs')
        .select('unique_key')
        .where('status', '=', 'pending')
        .where('kind', 'in', [LOCK_JOB, SIM_JOB, SETTLE_JOB, DEADLINE_JOB])
        .execute()
    ).map((j) => j.unique_key),
  )
  const simulating = await deps.db
    .selectFrom('matches')
    .select('id')
    .where('status', '=', 'live')
    .where('sim_mode', '=', 'live')
    .execute()
  // Settlement left unfinished: contests still locked, or a match completed by the server
  // (`completed_at_ms`; seeded history has none) whose last step — the championship's rows and
  // the `settled_at_ms` stamp — a crash cut off after the last contest was paid.
  const unsettled = await deps.db
    .selectFrom('matches as m')
    .select('m.id')
    .where('m.status', '=', 'completed')
    .where(({ and, eb, exists, or, selectFrom }) =>
      or([
        exists(
          selectFrom('contests as c')
            .select('c.id')
            .whereRef('c.match_id', '=', 'm.id')
            .where('c.status', '=', 'locked'),
        ),
        and([eb('m.completed_at_ms', 'is not', null), eb('m.settled_at_ms', 'is', null)]),
      ]),
    )
    .execute()
  const now = deps.clock.now()
  await withTx(deps, async (tx) => {
    // A match's job, unless one is already pending under its key.
    const arm = async (kind: string, uniqueKey: string, matchId: number, runAtMs: number) => {
      if (!pending.has(uniqueKey))
        await deps.scheduler.schedule(tx, { kind, runAtMs, payload: { match_id: matchId }, uniqueKey })
    }
    for (const m of upcoming) await arm(LOCK_JOB, lockJobKey(m.id), m.id, Number(m.event_time_ms))
    // The deadline reminders still ahead (a database from before them, or a seeded league).
    for (const m of upcoming)
      for (const job of deadlineJobs(m.id, Number(m.event_time_ms), now))
        if (!pending.has(job.uniqueKey)) await deps.scheduler.schedule(tx, job)
    for (const m of simulating) await arm(SIM_JOB, simJobKey(m.id), m.id, now)
    for (const m of unsettled) await arm(SETTLE_JOB, settleJobKey(m.id), m.id, now)
  })
  deps.scheduler.kick()
}
