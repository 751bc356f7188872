import type { Kysely } from 'kysely'
import { index, likesTable, notNull, timestamps, withId, zero } from './helpers'

// Frozen once merged (docs/social.md, "Posts, comments and likes"): a topic per contest
// and per user's wall, posts on a topic, comments with one level of replies, likes of posts and
// comments with their counts kept on the liked row, stored mentions, grouped notifications, and
// reports of users, posts and comments in the one reports queue.

export async function up(db: Kysely<any>): Promise<void> {
  // A topic belongs to one contest or one user's wall (exactly one of the two is set).
  await withId(db, db.schema.createTable('topics'))
    .addColumn('contest_id', 'integer', (c) => c.references('contests.id').unique())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').unique())
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('posts'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', notNull)
    .addColumn('likes_count', 'integer', zero)
    .addColumn('comments_count', 'integer', zero)
    .addColumn('hidden', 'integer', zero)
    .$call(timestamps)
    .execute()
  await index(db, 'posts_topic', 'posts', ['topic_id', 'id'])
  await index(db, 'posts_user', 'posts', ['user_id', 'id'])

  await withId(db, db.schema.createTable('comments'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', notNull)
    .addColumn('likes_count', 'integer', zero)
    .addColumn('hidden', 'integer', zero)
    .$call(timestamps)
    .execute()
  await index(db, 'comments_post', 'comments', ['post_id', 'id'])

  await likesTable(db, 'post_likes', 'post_id', 'posts').execute()
  await likesTable(db, 'comment_likes', 'comment_id', 'comments').execute()

  await withId(db, db.schema.createTable('mentions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id'))
    .addColumn('comment_id', 'integer', (c) => c.references('comments.id'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'mentions_user', 'mentions', ['user_id', 'id'])

  // Notifications of one kind about one object group into one unread row ("Asha and 4 others …").
  await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute()
  await index(db, 'notifications_group', 'notifications', ['user_id', 'group_key'])

  // Reports now name their subject: `contest_type`/`contest_id` hold any subject's kind and id
  // (contest, championship_contest, user, post, comment); `hid_subject` records a resolution
  // that hid the post or comment.
  await db.schema.alterTable('reports').addColumn('hid_subject', 'integer', zero).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('hid_subject').execute()
  await db.schema.dropIndex('notifications_group').execute()
  await db.schema.alterTable('notifications').dropColumn('group_key').execute()
  for (const table of ['mentions', 'comment_likes', 'post_likes', 'comments', 'posts', 'topics'])
    await db.schema.dropTable(table).execute()
}
