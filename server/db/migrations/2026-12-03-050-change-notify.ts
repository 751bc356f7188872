import { type Kysely, sql } from 'kysely'
import { isPostgres, notifyChanges } from './helpers'

// Frozen: PostgreSQL tells every server process which tables a commit wrote
// (db/change-listener.ts): a statement-level trigger on every table notifies
// `fanspole_changes` with the table's name. PostgreSQL delivers notifications only after the
// commit, once per distinct name per transaction, and psql's writes notify too. `matches` is
// split (db/statement-tables.ts COLUMN_GROUPS): an update of its score columns only notifies
// `matches.score`, and `matches` only when another column's value changed. A table created
// later gets its trigger in its own migration (`notifyChanges`);
// tests/api-pg/http/change-notify.test.ts fails on a table without one. SQLite needs none:
// one process, `pragma data_version` for the others (db/sqlite-watch.ts).

const SCORE_COLUMNS = ['score_summary', 'player_of_the_match_id']

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`
    create function notify_table_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('fanspole_changes', TG_TABLE_NAME || coalesce('.' || TG_ARGV[0], ''));
      return null;
    end $$`.execute(db)
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  for (const { name } of rows) {
    if (name === 'matches') continue
    await notifyChanges(db, name)
  }
  const minus = SCORE_COLUMNS.map((c) => ` - '${c}'`).join('')
  await sql
    .raw(
      `create trigger matches_notify_change after insert or delete or truncate on matches
       for each statement execute function notify_table_change()`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger matches_notify_update after update on matches for each row
       when ((to_jsonb(old)${minus}) is distinct from (to_jsonb(new)${minus}))
       execute function notify_table_change()`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger matches_notify_score after update of ${SCORE_COLUMNS.join(', ')} on matches
       for each statement execute function notify_table_change('score')`,
    )
    .execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`drop function notify_table_change() cascade`.execute(db)
}
