import { type Kysely, sql } from 'kysely'

// Frozen: indexes so that a page of these lists costs the page.
// - A contest's leaderboard is ordered by `coalesce(rank, 1000000000), id` (unranked members,
//   before settlement, in joining order after the ranked ones): an index on that expression
//   gives a page straight off the index, on SQLite and PostgreSQL alike (the query must spell
//   the expression the same way: areas/contests/views.ts).
// - GET /api/auctions lists the caller's auctions (owned or managed) and the open public ones,
//   newest first: one index per way in, each in id order, so each part is read up to the page.

const INDEXES: Array<[name: string, table: string, columns: string]> = [
  ['contest_members_board', 'contest_members', 'contest_id, (coalesce(rank, 1000000000)), id'],
  ['auctions_owner_newest', 'auctions', 'owner_id, id'],
  ['auctions_open_newest', 'auctions', 'status, is_private, id'],
  ['auction_managers_by_user', 'auction_managers', 'user_id, auction_id'],
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute()
}
