import { forUpdate, lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { paiseToRupees } from '../../domain/money'
import { distributePrizes } from '../../domain/prizes'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../ledger'
import { notify } from '../notifications'
import { asStructure, phasePrizesOf } from './prizes'
import { rankPhase } from './scoring'

export const phasePrizesKey = (phaseId: number) => `series_phase:${phaseId}:prizes`

/**
 * The phase's end: final ranks, then its prizes to winnings from the house (ties share the
 * prizes of the positions they occupy, as in contests), once — the phase row is locked and
 * stamped `prizes_paid_at_ms` in the same transaction, and the posting's key is the phase.
 */
export async function endPhase(deps: Deps, phaseId: number, options = { pay: true }): Promise<void> {
  await withTx(deps, async (tx, after) => {
    await lockRows(tx, 'series_phases', phaseId)
    const phase = await tx
      .selectFrom('series_phases')
      .select(['id', 'name', 'prizes', 'prizes_paid_at_ms'])
      .where('id', '=', phaseId)
      .$call(forUpdate(tx))
      .executeTakeFirst()
    if (!phase || phase.prizes_paid_at_ms !== null) return
    await rankPhase(tx, phaseId)
    const now = deps.clock.now()
    const teams = await tx
      .selectFrom('classic_teams')
      .select(['id', 'user_id', 'rank'])
      .where('phase_id', '=', phaseId)
      .where('rank', 'is not', null)
      .orderBy('id')
      .execute()
    const prizes = distributePrizes(
      asStructure(phasePrizesOf(phase.prizes)),
      teams.map((t) => ({ id: t.id, rank: t.rank as number })),
    )
    const winners = options.pay
      ? teams.map((t, i) => ({ ...t, prize: prizes[i] as number })).filter((w) => w.prize > 0)
      : []
    if (winners.length > 0) {
      const total = winners.reduce((sum, w) => sum + w.prize, 0)
      const lines = [
        { accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', now), amount: -total },
      ]
      for (const w of winners)
        lines.push({ accountId: await userAccountId(tx, w.user_id, 'winnings'), amount: w.prize })
      await post(
        tx,
        {
          kind: 'phase_prizes',
          idempotencyKey: phasePrizesKey(phaseId),
          memo: `Championship prize · ${phase.name}`,
          meta: { phase_id: phaseId },
          lines,
          nowMs: now,
        },
        after,
      )
      for (const w of winners)
        await notify(
          tx,
          after,
          w.user_id,
          {
            kind: 'phase_won',
            body: `You won ₹${paiseToRupees(w.prize)} in the championship ${phase.name} (rank ${w.rank})! It is in your winnings.`,
            data: { phase_id: phaseId, classic_team_id: w.id, amount: paiseToRupees(w.prize) },
          },
          now,
        )
    }
    await tx.updateTable('series_phases').set({ prizes_paid_at_ms: now }).where('id', '=', phaseId).execute()
  })
}
