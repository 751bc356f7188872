import type { Kysely } from 'kysely'

// Frozen: auction tournaments (v1) — sealed windows of 6, 8, 12 or 24 hours, and a cap on managers.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auctions').addColumn('window_hours', 'integer').execute()
  await db.schema.alterTable('auctions').addColumn('max_managers', 'integer').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auctions').dropColumn('max_managers').execute()
  await db.schema.alterTable('auctions').dropColumn('window_hours').execute()
}
