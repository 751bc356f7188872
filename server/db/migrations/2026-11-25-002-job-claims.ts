import type { Kysely } from 'kysely'
import { index } from './helpers'

// Frozen: jobs claimed by one server process at a time. A claimed job is
// `running`, with the claim's token and a lease on wall time that its claimer renews while the
// handler runs; a job whose lease ran out (its claimer died) is claimed again by another.
// The index finds expired leases without reading the done jobs.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_jobs').addColumn('claimed_by', 'text').execute()
  await db.schema.alterTable('scheduled_jobs').addColumn('lease_until_ms', 'bigint').execute()
  await index(db, 'scheduled_jobs_leases', 'scheduled_jobs', ['status', 'lease_until_ms'])
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scheduled_jobs_leases').execute()
  await db.schema.alterTable('scheduled_jobs').dropColumn('lease_until_ms').execute()
  await db.schema.alterTable('scheduled_jobs').dropColumn('claimed_by').execute()
}
