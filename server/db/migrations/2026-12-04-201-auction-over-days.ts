import type { Kysely } from 'kysely'

// Frozen: an auction that runs over days (docs/auctions.md, "Over days") — its quiet hours
// (JSON `{from, to, time_zone}`, null: none) and whether bots stand in for absent students.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auctions').addColumn('quiet_hours', 'text').execute()
  await db.schema
    .alterTable('auctions')
    .addColumn('stand_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auctions').dropColumn('stand_in').execute()
  await db.schema.alterTable('auctions').dropColumn('quiet_hours').execute()
}
