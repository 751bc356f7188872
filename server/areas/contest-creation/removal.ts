import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import { withTx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { invalid, notFound } from '../../http/errors'
import { cancelChampionshipContest } from '../championship-contests'
import {
  type ContestType,
  cancelContest,
  contestStreamOf,
  publishMembersCount,
  publishMyContests,
  recordActivity,
  refundPayees,
  usernameOf,
  type Viewer,
  visibleContest,
} from '../contests'
import { notify } from '../notifications'
import { refundEntry } from './money'
import { assertChangeable, entriesOf, loadOwned } from './owned'

/**
 * The owner takes money back out of a contest (docs/contest-creation.md "Owner controls"):
 * deleting it before the start cancels it and refunds every member through the ledger, in one
 * transaction; removing members refunds just their entries. After the start: 409.
 */
export async function deleteOwnedContest(deps: Deps, type: ContestType, id: number, userId: number) {
  await withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    const o = await loadOwned(tx, type, id, userId, now)
    assertChangeable(o, 'deleted')
    const reason = 'The owner deleted the contest'
    if (type === 'contest') {
      const label = o.label.slice(o.name.length + 2)
      await cancelContest(tx, after, { id, name: o.name, match_title: label }, reason, now, 'contest_deleted')
      await tx.updateTable('contests').set({ deleted_at_ms: now }).where('id', '=', id).execute()
    } else {
      const phaseLabel = o.label.slice(o.name.length + 2)
      await cancelChampionshipContest(
        tx,
        after,
        { id, name: o.name },
        phaseLabel,
        reason,
        now,
        'contest_deleted',
      )
      await tx.updateTable('championship_contests').set({ deleted_at_ms: now }).where('id', '=', id).execute()
    }
  })
}

/** Removes other players' entries before the start, each refunded to its player's unused balance. */
// Long: the checks, refunds, notices and activity of a removal in one transaction.
export async function removeMembers(
  deps: Deps,
  type: ContestType,
  id: number,
  userId: number,
  memberIds: number[],
): Promise<number> {
  // Long: as removeMembers, one transaction.
  return withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    const o = await loadOwned(tx, type, id, userId, now)
    assertChangeable(o, 'changed')
    const { all } = await entriesOf(tx, o)
    const wanted = [...new Set(memberIds)]
    const byId = new Map(all.map((m) => [m.id, m]))
    const unknown = wanted.filter((m) => !byId.has(m))
    if (unknown.length)
      throw invalid({ remove_member_ids: [`are not entries of this contest: ${unknown.join(', ')}`] })
    if (wanted.some((m) => byId.get(m)?.user_id === userId))
      throw invalid({ remove_member_ids: ['include your own entry; delete the contest instead'] })
    const table = type === 'contest' ? 'contest_members' : 'championship_contest_members'
    // A removed bot's entry goes back to the owner who staked it (docs/bots.md).
    const payees = await refundPayees(
      tx,
      type,
      id,
      wanted.map((m) => (byId.get(m) as (typeof all)[number]).user_id),
    )
    for (const memberId of wanted) {
      const m = byId.get(memberId) as (typeof all)[number]
      const amount = Number(m.entry_fee_paise)
      await refundEntry(tx, after, {
        type,
        contestId: id,
        memberId,
        userId: payees.get(m.user_id) ?? m.user_id,
        amountPaise: amount,
        label: o.label,
        nowMs: now,
      })
      await tx.deleteFrom(table).where('id', '=', memberId).execute()
      const refund = amount > 0 ? ` ₹${paiseToRupees(amount)} is back in your unused balance.` : ''
      await notify(
        tx,
        after,
        m.user_id,
        {
          kind: 'contest_member_removed',
          body: `The owner of ${o.name} removed your entry.${refund}`,
          data: { [type === 'contest' ? 'contest_id' : 'championship_contest_id']: id, member_id: memberId },
        },
        now,
      )
      await recordActivity(
        tx,
        after,
        {
          type,
          contestId: id,
          kind: 'member_removed',
          userId: m.user_id,
          body: `${await usernameOf(tx, m.user_id)} was removed by the owner`,
          data: { member_id: memberId, amount_paise: amount, refunded_at_ms: now },
        },
        now,
      )
    }
    const count = o.members_count - wanted.length
    if (type === 'contest')
      await tx
        .updateTable('contests')
        .set({ members_count: sql<number>`members_count - ${wanted.length}` })
        .where('id', '=', id)
        .execute()
    else
      await tx
        .updateTable('championship_contests')
        .set({ members_count: sql<number>`members_count - ${wanted.length}` })
        .where('id', '=', id)
        .execute()
    if (type === 'contest' && o.draft.match_id)
      publishMembersCount(after, { id, match_id: o.draft.match_id, is_private: o.is_private }, count)
    else after.publish(contestStreamOf(type, id), { type: 'members', members_count: count })
    if (type === 'contest')
      for (const m of wanted) publishMyContests(after, (byId.get(m) as (typeof all)[number]).user_id, id)
    return count
  })
}

/** The caller's refunds in a daily contest: a cancelled contest's entries and removed entries. */
export async function refundStatus(deps: Deps, id: number, viewer: Viewer) {
  const userId = viewer.id
  const contest = await deps.db
    .selectFrom('contests')
    .select(['id', 'status', 'status_reason', 'settled_at_ms'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!contest) throw notFound('Contest')
  const members = await deps.db
    .selectFrom('contest_members')
    .select(['id', 'entry_fee_paise', 'refunded'])
    .where('contest_id', '=', id)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  const removed = await deps.db
    .selectFrom('contest_activities')
    .select(['data', 'created_at_ms'])
    .where('contest_type', '=', 'contest')
    .where('contest_id', '=', id)
    .where('kind', '=', 'member_removed')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  // Never in it: a contest the caller may not see is missing, not merely "no entry of yours".
  if (members.length === 0 && removed.length === 0) {
    await visibleContest(deps.db, 'contest', id, viewer)
    throw notFound('Contest entry')
  }
  const entries = [
    ...members.map((m) => ({
      member_id: m.id,
      refunded: m.refunded === 1,
      amount: m.refunded === 1 ? paiseToRupees(Number(m.entry_fee_paise)) : 0,
    })),
    ...removed.map((r) => {
      const data = JSON.parse(r.data) as { member_id: number; amount_paise: number }
      return { member_id: data.member_id, refunded: true, amount: paiseToRupees(data.amount_paise) }
    }),
  ]
  const cancelled = contest.status === 'cancelled' && members.some((m) => m.refunded === 1)
  const refundedAt = cancelled
    ? Number(contest.settled_at_ms)
    : removed.length
      ? Number(removed.at(-1)?.created_at_ms)
      : null
  return {
    refunded: entries.some((e) => e.refunded),
    amount: Math.round(entries.reduce((sum, e) => sum + e.amount * 100, 0)) / 100,
    reason: cancelled ? contest.status_reason : removed.length ? 'The owner removed your entry' : null,
    refunded_at_in_millis: refundedAt,
    entries,
  }
}
