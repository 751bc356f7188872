import type { Kysely } from 'kysely'
import { isPostgres, notNull, zero } from './helpers'

// Frozen. State that several server processes on one database must share
// (docs/architecture.md "What several processes share"):
// - server_nodes: each running process beats here; a row older than a few beats is a dead
//   process, whose presence rows no longer count;
// - presence: sockets of a node in a room (auction managers), counted across live nodes;
// - match_score_marks: a revision per match moved by every scoring write, so a process whose
//   live scoreboard is older than the stored events rebuilds it, and corrections (which
//   rewrite events in place) force a full rebuild;
// - attachment_files: uploaded bytes kept in the database on PostgreSQL, where every node
//   reads them (SQLite keeps them on disk next to the database file).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_nodes')
    .addColumn('node_id', 'text', (c) => c.primaryKey())
    .addColumn('started_at_ms', 'bigint', notNull)
    .addColumn('seen_at_ms', 'bigint', notNull)
    .execute()

  await db.schema
    .createTable('presence')
    .addColumn('node_id', 'text', notNull)
    .addColumn('room', 'text', notNull)
    .addColumn('connections', 'integer', notNull)
    .addPrimaryKeyConstraint('presence_pk', ['room', 'node_id'])
    .execute()

  await db.schema
    .createTable('match_score_marks')
    .addColumn('match_id', 'bigint', (c) => c.primaryKey())
    .addColumn('revision', 'integer', zero)
    .addColumn('reset_revision', 'integer', zero)
    .execute()

  await db.schema
    .createTable('attachment_files')
    .addColumn('storage_path', 'text', (c) => c.primaryKey())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', notNull)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attachment_files').execute()
  await db.schema.dropTable('match_score_marks').execute()
  await db.schema.dropTable('presence').execute()
  await db.schema.dropTable('server_nodes').execute()
}
