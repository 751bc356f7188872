import type { Executor } from '../../../db/tx'

/** What the admin list shows beside claims: their players, deposits, contests and refund postings. */
export async function claimsContext(
  db: Executor,
  ids: { userIds: number[]; creditIds: number[]; contestIds: number[]; refundedKeys: string[] },
) {
  const { userIds, creditIds, contestIds, refundedKeys } = ids
  const [users, credits, contests, postings] = await Promise.all([
    db.selectFrom('users').select(['id', 'username', 'email']).where('id', 'in', userIds).execute(),
    creditIds.length === 0
      ? []
      : db
          .selectFrom('user_credits')
          .select(['id', 'amount', 'gateway', 'status', 'order_id', 'created_at_ms'])
          .where('id', 'in', creditIds)
          .execute(),
    contestIds.length === 0
      ? []
      : db
          .selectFrom('contests')
          .select(['id', 'name', 'entry_fee_paise', 'status'])
          .where('id', 'in', contestIds)
          .execute(),
    refundedKeys.length === 0
      ? []
      : db
          .selectFrom('ledger_transactions')
          .select(['id', 'idempotency_key'])
          .where('idempotency_key', 'in', refundedKeys)
          .execute(),
  ])
  return { users, credits, contests, postings }
}
