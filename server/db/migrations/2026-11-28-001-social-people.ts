import { type Kysely, sql } from 'kysely'
import { index, notNull, timestamps, uniqueIndex, withId, zero } from './helpers'

// Frozen once merged. People (docs/social.md): follower and following counts
// kept on users (changed in the follow's own transaction, so they stay exact under races),
// ratings of one user by another, XP history, the waitlist, feedback and traffic sources.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('follower_count', 'integer', zero).execute()
  await db.schema.alterTable('users').addColumn('following_count', 'integer', zero).execute()
  // Seeded follows predate the counters: count them once here.
  await sql`update users set
    follower_count = (select count(*) from follows where follows.followee_id = users.id),
    following_count = (select count(*) from follows where follows.follower_id = users.id)`.execute(db)
  await index(db, 'follows_follower', 'follows', ['follower_id', 'created_at_ms'])
  await index(db, 'users_follower_count', 'users', ['follower_count', 'id'])

  await withId(db, db.schema.createTable('user_ratings'))
    .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', notNull)
    .addColumn('review', 'text')
    .$call(timestamps)
    .execute()
  // One rating per rater per user: a second POST edits the first.
  await uniqueIndex(db, 'user_ratings_rater_user', 'user_ratings', ['user_id', 'rater_id'])

  await withId(db, db.schema.createTable('xp_awards'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', notNull)
    // What earned it (e.g. `contest:12`): the unique index makes each award happen once.
    .addColumn('source', 'text', notNull)
    .addColumn('points', 'integer', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'xp_awards_once', 'xp_awards', ['user_id', 'reason', 'source'])

  await withId(db, db.schema.createTable('waitlist_entries'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('feedbacks'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('message', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('traffic_sources'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('referrer', 'text')
    .addColumn('landing_path', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('traffic_sources').execute()
  await db.schema.dropTable('feedbacks').execute()
  await db.schema.dropTable('waitlist_entries').execute()
  await db.schema.dropTable('xp_awards').execute()
  await db.schema.dropTable('user_ratings').execute()
  await db.schema.dropIndex('users_follower_count').execute()
  await db.schema.dropIndex('follows_follower').execute()
  await db.schema.alterTable('users').dropColumn('following_count').execute()
  await db.schema.alterTable('users').dropColumn('follower_count').execute()
}
