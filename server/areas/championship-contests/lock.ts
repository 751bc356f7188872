import { forUpdate } from '../../db/lock'
import type { AfterCommit, Tx } from '../../db/tx'
import { cancelAndRefund, decideAtLock, lockedActivity } from '../contests'
import { championshipLabel, payChampionshipPool } from './ledger'
import { type PhaseWindow, phaseWindow } from './phase-window'

/**
 * The phase has started (its first match locks): contests that did not fill and are not
 * guaranteed are cancelled with every fee back to unused balance, the rest lock. Runs inside
 * lockMatch's transaction for any match of the phase; only `open` contests are touched, so
 * every later match's lock finds nothing to do.
 */
export async function lockPhaseContests(tx: Tx, after: AfterCommit, phaseId: number, atMs: number) {
  const contests = await tx
    .selectFrom('championship_contests')
    .selectAll()
    .where('phase_id', '=', phaseId)
    .where('status', '=', 'open')
    .orderBy('id')
    .$call(forUpdate(tx))
    .execute()
  if (contests.length === 0) return
  const window = (await phaseWindow(tx, phaseId)) as PhaseWindow
  for (const c of contests) {
    const decision = await decideAtLock(
      tx,
      'championship_contest',
      c,
      'The contest did not fill before the phase started',
    )
    if (decision.action === 'cancel')
      await cancelChampionshipContest(tx, after, c, window.label, decision.reason, atMs)
    else {
      await tx
        .updateTable('championship_contests')
        .set({ status: 'locked', locked_at_ms: atMs, ...decision.rescaled })
        .where('id', '=', c.id)
        .execute()
      await lockedActivity(tx, after, 'championship_contest', c.id, decision, atMs)
    }
  }
}

/** A championship contest cancelled and refunded (cancelAndRefund) from its own pool. */
export function cancelChampionshipContest(
  tx: Tx,
  after: AfterCommit,
  contest: { id: number; name: string },
  phaseLabel: string,
  reason: string,
  nowMs: number,
  notifyKind: 'contest_cancelled' | 'contest_deleted' = 'contest_cancelled',
) {
  const refund = (byUser: Map<number, number>) =>
    payChampionshipPool(tx, after, {
      contestId: contest.id,
      label: championshipLabel({ name: contest.name, phase_label: phaseLabel }),
      kind: 'refund',
      byUser,
      nowMs,
    })
  return cancelAndRefund(tx, after, {
    type: 'championship_contest',
    contest,
    reason,
    nowMs,
    notifyKind,
    refund,
  })
}
