import type { Deps } from '../../../core/deps'
import { forUpdate } from '../../../db/lock'
import { rowWhere } from '../../../db/query'
import type { Executor, Tx } from '../../../db/tx'
import { AppError, notFound } from '../../../http/errors'
import { GATEWAY_NAMES, type Gateway, type GatewayResult, type Outcome } from './gateway'

// The simulated gateway's own records: the order it is asked to pay and the payment it makes.

export function findOrder(deps: Deps, gateway: Gateway, orderId: string) {
  return rowWhere(deps.db, 'user_credits', { order_id: orderId, gateway })
}

export function paymentOf(db: Executor, creditId: number) {
  return db
    .selectFrom('gateway_payments')
    .select(['txn_id', 'amount', 'status'])
    .where('user_credit_id', '=', creditId)
    .executeTakeFirst()
}

export function resultOf(
  gateway: Gateway,
  orderId: string,
  p: { txn_id: string; amount: number; status: string },
): GatewayResult {
  return { gateway, orderId, txnId: p.txn_id, amountPaise: Number(p.amount), outcome: p.status as Outcome }
}

/** The gateway's side of a button press: one outcome per order, with a fresh transaction id. */
export async function recordPayment(
  deps: Deps,
  tx: Tx,
  gateway: Gateway,
  orderId: string,
  outcome: Outcome,
): Promise<GatewayResult> {
  // Locked: two presses of the gateway's button at once record one payment; the other waits
  // and then finds the order closed.
  const order = await tx
    .selectFrom('user_credits')
    .select(['id', 'order_id', 'amount', 'status'])
    .where('order_id', '=', orderId)
    .where('gateway', '=', gateway)
    .$call(forUpdate(tx))
    .executeTakeFirst()
  if (!order) throw notFound(`${GATEWAY_NAMES[gateway]} order`)
  const done = await paymentOf(tx, order.id)
  if (done || order.status !== 'pending')
    throw new AppError(
      'ORDER_CLOSED',
      `Order ${order.order_id} was already ${done?.status === 'failure' || order.status === 'failed' ? 'failed' : 'paid'}`,
    )
  const row = await tx
    .insertInto('gateway_payments')
    .values({
      user_credit_id: order.id,
      gateway,
      txn_id: `new:${crypto.randomUUID()}`,
      amount: Number(order.amount),
      status: outcome,
      created_at_ms: deps.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // Paytm TXNIDs and PayU mihpayids look like theirs: a prefix and a zero-padded number.
  const txnId =
    gateway === 'paytm' ? `PTM${String(row.id).padStart(12, '0')}` : `40${String(row.id).padStart(10, '0')}`
  await tx.updateTable('gateway_payments').set({ txn_id: txnId }).where('id', '=', row.id).execute()
  return resultOf(gateway, order.order_id, { txn_id: txnId, amount: Number(order.amount), status: outcome })
}
