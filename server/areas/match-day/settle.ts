import type { Deps } from '../../core/deps'
import { type SettlementReport, settleMatchContests } from '../contests'
import { championshipAfterMatch } from './championship'

/**
 * Settles a completed match: its contests paid (contests/settle.ts), then its championship
 * rows scored and the phase ended after its last match, then the match stamped. Every step
 * is idempotent, so the settle job and a restart may run it again.
 */
export async function settleMatch(deps: Deps, matchId: number): Promise<SettlementReport> {
  const report = await settleMatchContests(deps, matchId)
  // Championship: the match's classic team rows scored and stored; the phase ends after its last.
  await championshipAfterMatch(deps, matchId)
  // Stamped last: a match completed (`completed_at_ms`) but not stamped has settlement work
  // left, and the next start runs all of it again (resumeMatches; each step pays once).
  await deps.db
    .updateTable('matches')
    .set({ settled_at_ms: deps.clock.now() })
    .where('id', '=', matchId)
    .where('settled_at_ms', 'is', null)
    .execute()
  deps.log.info('settled', { match_id: matchId, contests: report.contests, entries: report.entries })
  return report
}
