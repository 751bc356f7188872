import type { Kysely } from 'kysely'
import { notNull } from './helpers'

// Frozen: what a simulation needs to play the same match again after a restart — the seed of
// its random stream, the instant it starts from and the squads with their lineup flags as
// they were when it began (ingested lineup events change `match_players.in_lineup`).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('match_simulations')
    .addColumn('match_id', 'integer', (c) => c.primaryKey().references('matches.id'))
    .addColumn('seed', 'bigint', notNull)
    .addColumn('start_ms', 'bigint', notNull)
    .addColumn('base_seq', 'integer', notNull)
    .addColumn('teams', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('match_simulations').execute()
}
