import type { Deps } from '../../../core/deps'
import { withTx } from '../../../db/tx'
import { paidToUser, post } from '../../ledger'
import { notify } from '../../notifications'

export interface AdminCreditInput {
  userId: number
  /** Paise, or whole coins for `coins`. */
  amount: number
  compartment: 'unused' | 'winnings' | 'coins'
  note?: string
  byId?: number
}

/** An admin's credit: one ledger posting from the house account to the player's compartment. */
export function adminCredit(deps: Deps, input: AdminCreditInput): Promise<number> {
  const now = deps.clock.now()
  const { amount } = input
  const coins = input.compartment === 'coins'
  return withTx(deps, async (tx, after) => {
    const result = await post(
      tx,
      {
        kind: 'admin_credit',
        idempotencyKey: `admin_credit:${crypto.randomUUID()}`,
        memo: input.note ?? 'Credit from an admin',
        meta: { by: input.byId },
        lines: await paidToUser(
          tx,
          coins ? 'houseCoins' : 'house',
          { userId: input.userId, compartment: input.compartment },
          amount,
          now,
        ),
        nowMs: now,
      },
      after,
    )
    const shown = coins ? `${amount} coins` : `₹${(amount / 100).toLocaleString('en-IN')}`
    await notify(
      tx,
      after,
      input.userId,
      {
        kind: 'wallet_credit',
        body: `${shown} added to your ${input.compartment === 'coins' ? 'coins' : `${input.compartment} balance`}.`,
        data: { transaction_id: result.transactionId, compartment: input.compartment },
      },
      now,
    )
    return result.transactionId
  })
}
