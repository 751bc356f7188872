import type { Deps } from '../../core/deps'
import { hasRow } from '../../db/query'
import { withTx } from '../../db/tx'
import { endPhase, storeMatchScores } from '../championship'
import { settlePhaseContests } from '../championship-contests'

/**
 * After a phase match ended (completed and settled, or abandoned): its championship rows are
 * scored and stored, and when it was the phase's last match to end the phase ends. Called from
 * settleMatch and abandonMatch; safe to call again (same scores, prizes paid once).
 */
export async function championshipAfterMatch(deps: Deps, matchId: number): Promise<void> {
  const match = await deps.db
    .selectFrom('matches')
    .select(['phase_id', 'status'])
    .where('id', '=', matchId)
    .executeTakeFirst()
  if (!match || match.phase_id === null) return
  if (match.status !== 'completed' && match.status !== 'abandoned') return
  await withTx(deps, (tx) => storeMatchScores(tx, matchId))
  const open = await deps.db
    .selectFrom('matches')
    .select('id')
    .where('phase_id', '=', match.phase_id)
    .where('status', 'not in', ['completed', 'abandoned'])
    .executeTakeFirst()
  if (open) return
  // A phase whose every match was abandoned played nothing: no ranks to pay.
  const played = await hasRow(deps.db, 'matches', { phase_id: match.phase_id, status: 'completed' })
  await endPhase(deps, match.phase_id, { pay: played })
  // Its championship contests rank on the totals endPhase just made final (each pays once).
  await settlePhaseContests(deps, match.phase_id)
}
