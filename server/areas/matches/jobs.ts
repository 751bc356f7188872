import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { settleMatch } from '../contests/settle'
import { simJobKey } from '../scoring/complete'
import { runSimulationStep, SIM_JOB, startSimulation } from '../scoring/simulation'
import { lockJobKey, lockMatch } from './lifecycle'

export const LOCK_JOB = 'match.lock'

/** The scheduler's match jobs: lock at the start time (then simulate, if enabled), and the simulator's steps. */
export function registerMatchJobs(deps: Deps): void {
  deps.scheduler.register(LOCK_JOB, async (job) => {
    const matchId = Number(job.payload.match_id)
    const locked = await lockMatch(deps, matchId, job.run_at_ms)
    if (locked && deps.config.autoSimulate) await startSimulation(deps, matchId, 'live')
  })
  deps.scheduler.register(SIM_JOB, async (job) => {
    await runSimulationStep(deps, Number(job.payload.match_id), Number(job.payload.next))
  })
}

/**
 * At every start: every upcoming match has its lock job; a match that was simulating live
 * carries on where its stored events end; a completed match that did not finish settling
 * settles now (settlement is idempotent).
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
        .where('kind', 'in', [LOCK_JOB, SIM_JOB])
        .execute()
    ).map((j) => j.unique_key),
  )
  await withTx(deps, async (tx) => {
    for (const m of upcoming)
      if (!pending.has(lockJobKey(m.id)))
        await deps.scheduler.schedule(tx, {
          kind: LOCK_JOB,
          runAtMs: Number(m.event_time_ms),
          payload: { match_id: m.id },
          uniqueKey: lockJobKey(m.id),
        })
  })
  const simulating = await deps.db
    .selectFrom('matches')
    .select('id')
    .where('status', '=', 'live')
    .where('sim_mode', '=', 'live')
    .execute()
  for (const m of simulating) {
    if (pending.has(simJobKey(m.id))) continue
    const stored = await deps.db
      .selectFrom('match_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('match_id', '=', m.id)
      .executeTakeFirstOrThrow()
    await withTx(deps, (tx) =>
      deps.scheduler.schedule(tx, {
        kind: SIM_JOB,
        runAtMs: deps.clock.now(),
        payload: { match_id: m.id, next: Number(stored.n) },
        uniqueKey: simJobKey(m.id),
      }),
    )
  }
  const unsettled = await deps.db
    .selectFrom('matches as m')
    .select('m.id')
    .where('m.status', '=', 'completed')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('contests as c')
          .select('c.id')
          .whereRef('c.match_id', '=', 'm.id')
          .where('c.status', '=', 'locked'),
      ),
    )
    .execute()
  for (const m of unsettled) await settleMatch(deps, m.id)
  deps.scheduler.kick()
}
