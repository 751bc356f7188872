import { lockRows } from '../../db/lock'
import type { AfterCommit, Tx } from '../../db/tx'
import { type LockedState, lockTransfers } from '../../domain/championship/transfers'
import { splitDebit } from '../../domain/ledger'
import { paiseToRupees } from '../../domain/money'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId, userBalances } from '../ledger'
import { notify } from '../notifications'
import { idsOf, lockedStateOf, scoresLatestFirst } from './queries'

export const transfersKey = (teamId: number, matchId: number) =>
  `classic_team:${teamId}:match:${matchId}:transfers`

/**
 * A phase match locks (inside lockMatch's transaction, after the match went live): every
 * classic team of the phase is snapshotted into `classic_team_scores` as it stands — the row
 * this match scores — with the transfers of this lock counted (lockTransfers) and the paid
 * ones charged through the ledger to the house. Runs once per match: lockMatch runs it only on
 * the upcoming → live step, in the same transaction, and the (team, match) key is unique, so a
 * rerun after a restart finds the rows written or writes them all.
 *
 * Short of money at the lock (the balance was enough at the save, spent since): the team goes
 * back to its players at the last lock — no transfer made, nothing charged, never a negative
 * balance — keeping the chosen captain and vice-captain when they are among those players.
 * The owner is told. (docs/championship.md "API, scoring and money".)
 */
// Long: every classic team of the phase frozen in one pass, transfers counted as it goes.
export async function snapshotPhaseTeams(
  tx: Tx,
  after: AfterCommit,
  match: { id: number; phase_id: number | null; title: string; event_time_ms: number },
  nowMs: number,
): Promise<number> {
  if (match.phase_id === null) return 0
  const phaseId = match.phase_id
  const before = await tx
    .selectFrom('matches')
    .select('id')
    .where('phase_id', '=', phaseId)
    .where('id', '!=', match.id)
    .where('status', '!=', 'upcoming')
    .execute()
  const teams = await tx
    .selectFrom('classic_teams as ct')
    .selectAll('ct')
    .where('ct.phase_id', '=', phaseId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('classic_team_scores as cs')
            .select('cs.id')
            .whereRef('cs.classic_team_id', '=', 'ct.id')
            .where('cs.match_id', '=', match.id),
        ),
      ),
    )
    .orderBy('ct.id')
    .execute()
  for (const team of teams) {
    const state = await lockedStateOf(tx, team.id)
    let ids = idsOf(team.player_ids)
    let captain = team.captain_id
    let vice = team.vice_captain_id
    let result = lockTransfers(state, ids, before.length)
    let charged = 0
    if (result.cost_paise > 0) {
      charged = await chargeTransfers(tx, after, team, match, result.cost_paise, nowMs)
      if (charged === 0) {
        // Not enough balance now: the team as it stood at the last lock (see above).
        const last = state as LockedState
        ids = last.player_ids
        const previous = await lastCaptains(tx, team.id)
        if (!ids.includes(captain) || !ids.includes(vice) || captain === vice) {
          captain = previous.captain_id
          vice = previous.vice_captain_id
        }
        result = lockTransfers(state, ids, before.length)
        await tx
          .updateTable('classic_teams')
          .set({
            player_ids: JSON.stringify(ids),
            captain_id: captain,
            vice_captain_id: vice,
            updated_at_ms: nowMs,
          })
          .where('id', '=', team.id)
          .execute()
        await notify(
          tx,
          after,
          team.user_id,
          {
            kind: 'classic_transfers_reverted',
            body: `Your championship transfers for ${match.title} were undone: the balance could not pay for them. Your team plays as it stood at the last match.`,
            data: { classic_team_id: team.id, match_id: match.id },
          },
          nowMs,
        )
      }
    }
    await tx
      .insertInto('classic_team_scores')
      .values({
        classic_team_id: team.id,
        phase_id: phaseId,
        match_id: match.id,
        player_ids: JSON.stringify(ids),
        captain_id: captain,
        vice_captain_id: vice,
        player_in: JSON.stringify(result.player_in),
        player_out: JSON.stringify(result.player_out),
        free_sub_used: result.free_sub_used,
        paid_sub_used: result.paid_sub_used,
        paid_charged_paise: charged,
        free_left: result.next.free_left,
        created_at_ms: nowMs,
      })
      .execute()
    if (team.first_locked_match_id === null)
      await tx
        .updateTable('classic_teams')
        .set({ first_locked_match_id: match.id })
        .where('id', '=', team.id)
        .execute()
  }
  return teams.length
}

async function lastCaptains(tx: Tx, teamId: number) {
  return scoresLatestFirst(tx, teamId)
    .select(['cs.captain_id', 'cs.vice_captain_id'])
    .executeTakeFirstOrThrow()
}

/**
 * The paid transfers of one lock: unused balance first, then winnings (as an entry fee), to
 * the house. Returns what was charged: the whole cost, or 0 when the balance cannot cover it.
 * The accounts are locked before the balance is read, so nothing spends it in between.
 */
async function chargeTransfers(
  tx: Tx,
  after: AfterCommit,
  team: { id: number; user_id: number },
  match: { id: number; title: string },
  costPaise: number,
  nowMs: number,
): Promise<number> {
  const unused = await userAccountId(tx, team.user_id, 'unused')
  const winnings = await userAccountId(tx, team.user_id, 'winnings')
  const house = await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', nowMs)
  // In id order with the house, as the posting itself locks them: no cycle with a posting
  // that holds the house and waits for these.
  await lockRows(tx, 'ledger_accounts', [house, unused, winnings])
  const split = splitDebit(costPaise, await userBalances(tx, team.user_id))
  if (!split.sufficient) return 0
  const lines = [{ accountId: house, amount: costPaise }]
  if (split.fromUnused > 0) lines.push({ accountId: unused, amount: -split.fromUnused })
  if (split.fromWinnings > 0) lines.push({ accountId: winnings, amount: -split.fromWinnings })
  await post(
    tx,
    {
      kind: 'classic_transfers',
      idempotencyKey: transfersKey(team.id, match.id),
      memo: `Championship transfers (₹${paiseToRupees(costPaise)}) · ${match.title}`,
      meta: { classic_team_id: team.id, match_id: match.id },
      lines,
      nowMs,
    },
    after,
  )
  return costPaise
}
