import {
  post,
  SYSTEM_ACCOUNTS,
  systemAccountId,
  type UserCompartment,
  userAccountId,
} from '../../server/areas/ledger/service'
import type { Deps } from '../../server/core/deps'
import { withTx } from '../../server/db/tx'

/**
 * One posting between the house (rupees, or coins for the coins compartment) and a user's
 * compartment, straight through the ledger: a positive `amount` credits the user, a negative
 * one takes it back to the house. `push` sends the wallet push after commit, as the product does.
 */
export async function houseTransfer(
  deps: Deps,
  userId: number,
  amount: number,
  o: { kind: string; key: string; compartment?: UserCompartment; memo?: string; push?: boolean },
) {
  const compartment = o.compartment ?? 'unused'
  const house = compartment === 'coins' ? SYSTEM_ACCOUNTS.houseCoins : SYSTEM_ACCOUNTS.house
  await withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    const lines = [
      { accountId: await systemAccountId(tx, house.code, house.currency, now), amount: -amount },
      { accountId: await userAccountId(tx, userId, compartment), amount },
    ]
    const request = { kind: o.kind, idempotencyKey: o.key, memo: o.memo, lines, nowMs: now }
    await post(tx, request, o.push ? after : undefined)
  })
}

/** The ledger transactions of one kind, oldest first, read straight from the table. */
export function transactionsOfKind(db: Deps['db'], kind: string) {
  return db.selectFrom('ledger_transactions').selectAll().where('kind', '=', kind).orderBy('id').execute()
}
