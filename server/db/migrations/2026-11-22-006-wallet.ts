import type { Kysely } from 'kysely'
import { decision, index, notNull, timestamps, uniqueIndex, withId, zero } from './helpers'

// Frozen: the wallet beyond contests — deposits through the simulated gateways, identity
// checks (mobile OTP, PAN, bank, UPI, attachments), withdrawals, refund claims, scratch cards,
// and the answers kept for Idempotency-Key replays. Money in integer paise.

export async function up(db: Kysely<any>): Promise<void> {
  const user = (c: any) => c.notNull().references('users.id').onDelete('cascade')

  await withId(db, db.schema.createTable('user_credits'))
    .addColumn('user_id', 'integer', user)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('gateway', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_txn_id', 'text', (c) => c.unique())
    .addColumn('ledger_transaction_id', 'integer', (c) => c.references('ledger_transactions.id'))
    .addColumn('failure_reason', 'text')
    .$call(timestamps)
    .execute()
  await index(db, 'user_credits_user', 'user_credits', ['user_id', 'id'])

  await withId(db, db.schema.createTable('mobile_otps'))
    .addColumn('user_id', 'integer', user)
    .addColumn('mobile_no', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('expires_at_ms', 'bigint', notNull)
    .addColumn('verified_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'mobile_otps_user', 'mobile_otps', ['user_id', 'id'])

  await withId(db, db.schema.createTable('attachments'))
    .addColumn('user_id', 'integer', user)
    .addColumn('file_name', 'text', notNull)
    .addColumn('content_type', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('storage_path', 'text', notNull)
    .addColumn('deleted_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('pan_cards'))
    .addColumn('user_id', 'integer', user)
    .addColumn('full_name', 'text', notNull)
    .addColumn('number', 'text', notNull)
    .addColumn('dob', 'text', notNull)
    .addColumn('attachment_id', 'integer', (c) => c.references('attachments.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .$call(decision)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('bank_details'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('account_holder', 'text', notNull)
    .addColumn('account_number', 'text', notNull)
    .addColumn('ifsc', 'text', notNull)
    .addColumn('bank_name', 'text')
    .$call(timestamps)
    .execute()

  await withId(db, db.schema.createTable('bhim_upis'))
    .addColumn('user_id', 'integer', user)
    .addColumn('upi_str', 'text', notNull)
    .addColumn('active', 'integer', zero)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'bhim_upis_user_upi', 'bhim_upis', ['user_id', 'upi_str'])

  await withId(db, db.schema.createTable('redemption_types'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('min_amount', 'bigint', notNull)
    .addColumn('fee', 'bigint', zero)
    .addColumn('daily_limit', 'bigint')
    .addColumn('sort', 'integer', zero)
    .execute()
  await db
    .insertInto('redemption_types')
    .values([
      { code: 'bank', name: 'Bank transfer', min_amount: 20_000, fee: 0, daily_limit: null, sort: 1 },
      { code: 'upi', name: 'UPI', min_amount: 10_000, fee: 1_000, daily_limit: 1_000_000, sort: 2 },
    ])
    .execute()

  await withId(db, db.schema.createTable('redemptions'))
    .addColumn('user_id', 'integer', user)
    .addColumn('redemption_type_id', 'integer', (c) => c.notNull().references('redemption_types.id'))
    .addColumn('amount', 'bigint', notNull)
    .addColumn('fee', 'bigint', zero)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('destination', 'text', notNull)
    .addColumn('hold_transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('settle_transaction_id', 'integer', (c) => c.references('ledger_transactions.id'))
    .$call(decision)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'redemptions_user', 'redemptions', ['user_id', 'id'])

  await withId(db, db.schema.createTable('claim_refunds'))
    .addColumn('user_id', 'integer', user)
    .addColumn('user_credit_id', 'integer', (c) => c.references('user_credits.id'))
    .addColumn('contest_id', 'integer', (c) => c.references('contests.id'))
    .addColumn('amount', 'bigint')
    .addColumn('reason', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('resolution', 'text')
    .$call(timestamps)
    .execute()

  await withId(db, db.schema.createTable('scratch_cards'))
    .addColumn('user_id', 'integer', user)
    .addColumn('source', 'text', notNull)
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .addColumn('reward_kind', 'text', notNull)
    .addColumn('reward_amount', 'bigint', zero)
    .addColumn('claimed_at_ms', 'bigint')
    .addColumn('ledger_transaction_id', 'integer', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'scratch_cards_user', 'scratch_cards', ['user_id', 'id'])

  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('user_id', 'integer', user)
    .addColumn('key', 'text', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status_code', 'integer', notNull)
    .addColumn('response_body', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'idempotency_keys_user_key', 'idempotency_keys', ['user_id', 'key'])
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'scratch_cards',
    'claim_refunds',
    'redemptions',
    'redemption_types',
    'bhim_upis',
    'bank_details',
    'pan_cards',
    'attachments',
    'mobile_otps',
    'user_credits',
  ])
    await db.schema.dropTable(table).execute()
}
