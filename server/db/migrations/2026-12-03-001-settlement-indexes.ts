import type { Kysely } from 'kysely'
import { index } from './helpers'

// Frozen once merged. `contest_members_rank` (contest_id, rank) is read by no query since the
// leaderboard pages off `contest_members_board` (contest_id, coalesce(rank, …), id), which also
// serves every lookup by contest. Settlement writes a rank on every member row (1.12M for a
// million-team match), and each index holding the rank costs a delete and an insert per row.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contest_members_rank').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await index(db, 'contest_members_rank', 'contest_members', ['contest_id', 'rank'])
}
