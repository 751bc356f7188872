import type { Kysely } from 'kysely'
import { index, logEntry, notNull, timestamps, withId, zero } from './helpers'

// Frozen: auctions — the auction with its engine state (JSON, resumed exactly after a
// restart), its managers (franchises), and the log of every accepted command's events.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('auctions'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('live'))
    .addColumn('name', 'text', notNull)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('series_id', 'integer', (c) => c.references('series.id'))
    .addColumn('match_id', 'integer', (c) => c.references('matches.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('purse', 'integer', notNull)
    .addColumn('squad_min', 'integer', notNull)
    .addColumn('squad_max', 'integer', notNull)
    .addColumn('max_stars', 'integer')
    .addColumn('balanced', 'integer', zero)
    .addColumn('lot_seconds', 'integer', notNull)
    .addColumn('bidding_interval', 'text', notNull)
    .addColumn('charges', 'integer', zero)
    .addColumn('is_private', 'integer', zero)
    .addColumn('starts_at_ms', 'bigint')
    .addColumn('seed', 'bigint', notNull)
    .addColumn('seq', 'integer', zero)
    .addColumn('state', 'text', notNull)
    .addColumn('started_at_ms', 'bigint')
    .addColumn('completed_at_ms', 'bigint')
    .$call(timestamps)
    .execute()
  await index(db, 'auctions_owner', 'auctions', ['owner_id'])
  await index(db, 'auctions_status', 'auctions', ['status'])

  await withId(db, db.schema.createTable('auction_managers'))
    .addColumn('auction_id', 'integer', (c) => c.notNull().references('auctions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('franchise_name', 'text', notNull)
    .addColumn('color', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('charge_coins', 'integer', zero)
    .addColumn('bot_strategy', 'text')
    .addColumn('joined_at_ms', 'bigint', notNull)
    .addColumn('decided_at_ms', 'bigint')
    .addUniqueConstraint('auction_managers_user', ['auction_id', 'user_id'])
    .execute()

  await withId(db, db.schema.createTable('auction_events'))
    .addColumn('auction_id', 'integer', (c) => c.notNull().references('auctions.id'))
    .$call(logEntry)
    .addUniqueConstraint('auction_events_seq', ['auction_id', 'seq'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auction_events').execute()
  await db.schema.dropTable('auction_managers').execute()
  await db.schema.dropTable('auctions').execute()
}
