import type { Tx } from '../../db/tx'
import type { ContestType } from './activities'

/**
 * Bots seated by a contest's owner play on the owner's money (docs/bots.md "Money"): each bot's
 * entry fee is staked by the owner. So a refund of a bot's entry — the owner deletes the
 * contest, removes the bot, or the contest is cancelled unfilled or abandoned — goes back to
 * the owner who staked it, not to the bot. Bots of a league contest (no owner) were staked by
 * the house; their refunds stay with the bot accounts, as house money never returns to a person.
 */

/** `bot-c12-3` is daily contest 12's third bot, `bot-cc12-3` championship contest 12's. */
export const botPrefix = (type: ContestType, id: number) =>
  type === 'contest' ? `bot-c${id}-` : `bot-cc${id}-`

/** Who a refund to each of these users goes to: the contest's owner for its bots, else the user. */
export async function refundPayees(
  tx: Tx,
  type: ContestType,
  contestId: number,
  userIds: number[],
): Promise<Map<number, number>> {
  const payees = new Map(userIds.map((id) => [id, id]))
  if (userIds.length === 0) return payees
  const table = type === 'contest' ? 'contests' : 'championship_contests'
  const contest = await tx
    .selectFrom(table)
    .select('created_by_id')
    .where('id', '=', contestId)
    .executeTakeFirst()
  const owner = contest?.created_by_id ?? null
  if (owner === null) return payees
  const bots = await tx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('username_key', 'like', `${botPrefix(type, contestId)}%`)
    .execute()
  for (const b of bots) payees.set(b.id, owner)
  return payees
}

/** A per-user refund map with every bot's amount moved to the owner who staked it. */
export async function redirectBotRefunds(
  tx: Tx,
  type: ContestType,
  contestId: number,
  byUser: Map<number, number>,
): Promise<Map<number, number>> {
  const payees = await refundPayees(tx, type, contestId, [...byUser.keys()])
  const out = new Map<number, number>()
  for (const [userId, amount] of byUser) {
    const to = payees.get(userId) ?? userId
    out.set(to, (out.get(to) ?? 0) + amount)
  }
  return out
}
