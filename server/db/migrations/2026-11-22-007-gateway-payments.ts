import type { Kysely } from 'kysely'
import { notNull, withId } from './helpers'

// Frozen: the simulated gateways' own record of each order the payer paid or failed on the
// gateway page. It is the gateway's side, not ours: a credit stays pending until the signed
// callback is verified. One row per order (an order is paid or failed once).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('gateway_payments'))
    .addColumn('user_credit_id', 'integer', (c) =>
      c.notNull().unique().references('user_credits.id').onDelete('cascade'),
    )
    .addColumn('gateway', 'text', notNull)
    .addColumn('txn_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_payments').execute()
}
