import { type Kysely, sql } from 'kysely'
import { index, notNull, timestamps, withId } from './helpers'

// Frozen once merged (docs/contest-creation.md): a player's saved prize tables
// (percent of the pool per rank, so one table fits any fee and size), admin grants of the right
// to create paid or public contests, and reports of contests into an admin queue.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('prize_structures'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('ranges', 'text', notNull)
    .addColumn('winners', 'integer', notNull)
    .$call(timestamps)
    .execute()
  // One name per player, whatever its case (the service checks first for a field message).
  await db.schema
    .createIndex('prize_structures_user_name')
    .on('prize_structures')
    .expression(sql`user_id, lower(name)`)
    .unique()
    .execute()

  await db.schema
    .createTable('contest_access_grants')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('granted_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('note', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('reports'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('contest_type', 'text', notNull)
    .addColumn('contest_id', 'integer', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolution', 'text')
    .addColumn('resolved_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('resolved_at_ms', 'bigint')
    .execute()
  await index(db, 'reports_status', 'reports', ['status', 'id'])
  // One open report per player per contest; resolved ones do not count.
  await db.schema
    .createIndex('reports_open_per_reporter')
    .on('reports')
    .columns(['reporter_id', 'contest_type', 'contest_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute()
  await db.schema.dropTable('contest_access_grants').execute()
  await db.schema.dropTable('prize_structures').execute()
}
