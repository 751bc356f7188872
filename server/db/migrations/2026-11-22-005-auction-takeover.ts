import type { Kysely } from 'kysely'

// Frozen: bots take over managers who are away — the auction's delay, and the strategy a bot
// plays for a manager while they are gone.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auctions').addColumn('takeover_seconds', 'integer').execute()
  await db.schema.alterTable('auction_managers').addColumn('autopilot', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auction_managers').dropColumn('autopilot').execute()
  await db.schema.alterTable('auctions').dropColumn('takeover_seconds').execute()
}
