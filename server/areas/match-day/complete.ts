import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import { AppError } from '../../http/errors'
import { matchStream, requireMatch } from '../matches'
import { currentLiveLocked, resultText, withMatchLock } from '../scoring'
import { settleMatch } from './settle'

export const simJobKey = (matchId: number) => `match:${matchId}:sim`

/**
 * Live → completed, then settlement. Waits for any event batch in flight (the match lock),
 * so the final ranks include the last ball. The simulator completes a match it finished
 * (`ifCompleted: 'settle'`: a match already completed just gets any unsettled contests
 * settled); an admin asking to complete a completed match gets 409 MATCH_STATE, so a script
 * can tell that its request changed nothing.
 */
export async function completeMatch(
  deps: Deps,
  matchId: number,
  options: { ifCompleted: 'settle' | 'refuse' } = { ifCompleted: 'settle' },
) {
  await withMatchLock(deps, matchId, async () => {
    // Read before the transaction: the outer database must not be used inside it (one connection).
    const current = await requireMatch(deps.db, matchId)
    const live = current.status === 'live' ? await currentLiveLocked(deps, matchId) : null
    const result =
      current.result_text ?? (live ? await resultText(deps.db, live.scorer.summary(), current.format) : null)
    await withTx(deps, async (tx, after) => {
      await lockRows(tx, 'matches', matchId)
      const match = await requireMatch(tx, matchId)
      if (match.status === 'completed') {
        if (options.ifCompleted === 'refuse')
          throw new AppError('MATCH_STATE', 'The match is already completed')
        return
      }
      if (match.status !== 'live')
        throw new AppError(
          'MATCH_STATE',
          match.status === 'upcoming' ? 'The match has not started' : `The match is ${match.status}`,
        )
      await tx
        .updateTable('matches')
        .set({
          status: 'completed',
          completed_at_ms: deps.clock.now(),
          result_text: match.result_text ?? result,
          sim_mode: match.sim_mode === 'live' ? 'done' : match.sim_mode,
        })
        .where('id', '=', matchId)
        .execute()
      await deps.scheduler.cancel(tx, simJobKey(matchId))
      after.publish(matchStream(matchId), { type: 'status', match_status: 'completed' })
    })
  })
  return settleMatch(deps, matchId)
}
