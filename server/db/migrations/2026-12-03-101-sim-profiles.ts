import type { Kysely } from 'kysely'

// Frozen once merged. The simulation profile (server/sim/profiles.ts, docs/simulation.md "Eras
// and leagues"): the era or league a series' matches are simulated under (null: the default of
// the sport and format), and the profile a simulation was started with, fixed with its seed so
// a restart plays the same match (null on simulations stored before: the default). Both tables
// already notify their changes on PostgreSQL (2026-12-03-050-change-notify): a new column needs
// no trigger.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('series').addColumn('sim_profile', 'text').execute()
  await db.schema.alterTable('match_simulations').addColumn('profile', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('match_simulations').dropColumn('profile').execute()
  await db.schema.alterTable('series').dropColumn('sim_profile').execute()
}
