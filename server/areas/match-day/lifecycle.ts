import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import { AppError, notFound } from '../../http/errors'
import { snapshotPhaseTeams } from '../championship'
import { lockPhaseContests } from '../championship-contests'
import { cancelMatchContests, lockMatchContests } from '../contests'
import { findMatch, lockJobKey, matchStream } from '../matches'
import { championshipAfterMatch } from './championship'

/**
 * Upcoming → live at the start time: teams freeze, other players' teams become visible,
 * contests that did not fill (and are not guaranteed) are cancelled and refunded to unused
 * balance, the rest lock. Idempotent: a match already past upcoming is left alone.
 */
export async function lockMatch(deps: Deps, matchId: number, atMs: number): Promise<boolean> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'matches', matchId)
    const match = await findMatch(tx, matchId)
    if (!match) throw notFound('Match')
    if (match.status !== 'upcoming') return false
    await tx
      .updateTable('matches')
      .set({ status: 'live', locked_at_ms: atMs })
      .where('id', '=', matchId)
      .execute()
    await lockMatchContests(tx, after, match, atMs)
    // Championship: every classic team of the match's phase, as it stands now, plays this match.
    await snapshotPhaseTeams(tx, after, { ...match, event_time_ms: Number(match.event_time_ms) }, atMs)
    // Its championship contests close with the phase's first match (later ones find none open).
    if (match.phase_id !== null) await lockPhaseContests(tx, after, match.phase_id, atMs)
    await deps.scheduler.cancel(tx, lockJobKey(matchId))
    after.publish(matchStream(matchId), { type: 'status', match_status: 'live' })
    return true
  })
}

/** Abandoned (rained off): no points count, every contest is cancelled and refunded. */
export async function abandonMatch(
  deps: Deps,
  matchId: number,
  reason = 'The match was abandoned',
): Promise<void> {
  await withTx(deps, async (tx, after) => {
    await lockRows(tx, 'matches', matchId)
    const match = await findMatch(tx, matchId)
    if (!match) throw notFound('Match')
    if (match.status === 'completed' || match.status === 'abandoned')
      throw new AppError('MATCH_STATE', `The match is already ${match.status}`)
    const now = deps.clock.now()
    await tx
      .updateTable('matches')
      .set({ status: 'abandoned', completed_at_ms: now, result_text: reason, sim_mode: null })
      .where('id', '=', matchId)
      .execute()
    await cancelMatchContests(tx, after, match, reason, now)
    await deps.scheduler.cancel(tx, lockJobKey(matchId))
    after.publish(matchStream(matchId), { type: 'status', match_status: 'abandoned' })
  })
  // Championship: the match's rows score nothing; the phase may have ended with it.
  await championshipAfterMatch(deps, matchId)
}
