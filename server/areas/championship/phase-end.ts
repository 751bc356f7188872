import { forUpdate, lockRows } from '../../db/lock'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { paiseToRupees } from '../../domain/money'
import { distributePrizes } from '../../domain/prizes'
import { settlePhaseContests } from '../championship-contests/service'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../ledger'
import { notify } from '../notifications'
import { asStructure, phasePrizesOf } from './prizes'
import { rankPhase, storeMatchScores } from './scoring'

export const phasePrizesKey = (phaseId: number) => `series_phase:${phaseId}:prizes`

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
  const played = await deps.db
    .selectFrom('matches')
    .select('id')
    .where('phase_id', '=', match.phase_id)
    .where('status', '=', 'completed')
    .executeTakeFirst()
  await endPhase(deps, match.phase_id, { pay: played !== undefined })
  // Its championship contests rank on the totals endPhase just made final (each pays once).
  await settlePhaseContests(deps, match.phase_id)
}

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
