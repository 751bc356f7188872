import type { Deps } from '../../core/deps'
import { hasRow } from '../../db/query'
import { withTx } from '../../db/tx'
import { endPhase } from '../championship'
import { settlePhaseContests } from './service'

export const PHASE_END_JOB = 'championship.phase_end'
const phaseEndKey = (phaseId: number) => `series_phase:${phaseId}:end`

/**
 * A phase's end runs after its last match's settlement (championshipAfterMatch). A crash
 * between the two leaves that match settled, so nothing would run it again: at start,
 * `resumeChampionshipContests` finds every phase whose matches have all ended and that still
 * has contests open or locked, and schedules its end (idempotent: prizes and each contest
 * pay once).
 */
export function registerChampionshipContestJobs(deps: Deps): void {
  deps.scheduler.register(PHASE_END_JOB, async (job) => {
    const phaseId = Number(job.payload.phase_id)
    // As championshipAfterMatch: a phase whose every match was abandoned pays no prizes.
    const played = await hasRow(deps.db, 'matches', { phase_id: phaseId, status: 'completed' })
    await endPhase(deps, phaseId, { pay: played })
    await settlePhaseContests(deps, phaseId)
  })
}

export async function resumeChampionshipContests(deps: Deps): Promise<number> {
  const phases = await deps.db
    .selectFrom('championship_contests as c')
    .select('c.phase_id')
    .distinct()
    .where('c.status', 'in', ['open', 'locked'])
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('matches as m')
            .select('m.id')
            .whereRef('m.phase_id', '=', 'c.phase_id')
            .where('m.status', 'not in', ['completed', 'abandoned']),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('matches as m').select('m.id').whereRef('m.phase_id', '=', 'c.phase_id')),
    )
    .orderBy('c.phase_id')
    .execute()
  if (phases.length === 0) return 0
  const pending = new Set(
    (
      await deps.db
        .selectFrom('scheduled_jobs')
        .select('unique_key')
        .where('status', '=', 'pending')
        .where('kind', '=', PHASE_END_JOB)
        .execute()
    ).map((j) => j.unique_key),
  )
  const now = deps.clock.now()
  await withTx(deps, async (tx) => {
    for (const { phase_id } of phases)
      if (!pending.has(phaseEndKey(phase_id)))
        await deps.scheduler.schedule(tx, {
          kind: PHASE_END_JOB,
          runAtMs: now,
          payload: { phase_id },
          uniqueKey: phaseEndKey(phase_id),
        })
  })
  deps.scheduler.kick()
  return phases.length
}
