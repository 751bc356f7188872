import type { Kysely } from 'kysely'
import { index, notNull } from './helpers'

// Frozen. Two things the sign-in paths need:
// - the successor of a rotated refresh token is looked up by its parent during the refresh
//   grace period (docs/decisions.md, "Refresh grace"), so parent_id gets an index;
// - failed sign-ins are counted in the database, per account and per address, in fixed
//   wall-time windows: every server process on one database sees the same counts.

export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'oauth_refresh_tokens_parent', 'oauth_refresh_tokens', ['parent_id'])

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('bucket', 'text', notNull)
    .addColumn('window_start_ms', 'bigint', notNull)
    .addColumn('hits', 'integer', notNull)
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'window_start_ms'])
    .execute()
  await index(db, 'rate_limit_counters_window', 'rate_limit_counters', ['window_start_ms'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute()
  await db.schema.dropIndex('oauth_refresh_tokens_parent').execute()
}
