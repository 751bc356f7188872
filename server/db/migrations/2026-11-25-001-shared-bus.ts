import type { Kysely } from 'kysely'
import { index, notNull, zero } from './helpers'

// Frozen. The bus shared by every server process on one PostgreSQL (server/lib/pg-bus.ts,
// docs/architecture.md "Several processes"): one counter row per stream, whose `seq` the
// database assigns, and the recent messages of every stream, read by a process that missed
// notifications or whose notification was too large to carry the body. Created on SQLite too
// (one schema for both), where the in-process bus never touches them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bus_streams')
    .addColumn('stream', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', notNull)
    // The seq before the last one: a receiver tells a real gap from a stream that skips numbers.
    .addColumn('prev', 'bigint', zero)
    .execute()
  await db.schema
    .createTable('bus_messages')
    .addColumn('stream', 'text', notNull)
    .addColumn('seq', 'bigint', notNull)
    .addColumn('prev', 'bigint', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('at_ms', 'bigint', notNull)
    .addPrimaryKeyConstraint('bus_messages_pk', ['stream', 'seq'])
    .execute()
  await index(db, 'bus_messages_at', 'bus_messages', ['at_ms'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bus_messages').execute()
  await db.schema.dropTable('bus_streams').execute()
}
