/**
 * The HTTP benchmark's social and account reads (issue 29): the feed, a post, a group's
 * messages, the conversation list, the championship phase leaderboard, notifications and the
 * wallet's passbook, each with a realistic page seeded for the bench's player. The demo league
 * holds a few dozen posts spread over many players; here the player follows the ten most
 * active authors, who each wrote posts with comments, mentions and likes (the player's among
 * them), so one page of the feed is full (20 posts, 5 comments each); the player is in twelve
 * conversations, one of them busy (120 messages); and has 40 notifications.
 */
import { bootDeps } from '../../server/boot'
import type { Deps } from '../../server/core/deps'
import { benchConfig } from './http-seed'

export interface ReadPath {
  name: string
  kind: 'list' | 'point'
  path: string
}

/** A SQLite file or a postgres:// URL, as the bench's databases are (http-seed.ts). */
const config = (db: string) => benchConfig(db)

const POSTS = 24
const COMMENTS_PER_POST = 5
const GROUPS = 12
const MESSAGES = 120
const NOTIFICATIONS = 40

/** Seeds the reads' data for `playerId` and answers the paths to measure. */
export async function seedSocialReads(dbFile: string, playerId: number): Promise<ReadPath[]> {
  const deps = await bootDeps(config(dbFile), {})
  try {
    const now = deps.clock.now()
    const others = (
      await deps.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('role', '=', 'player')
        .where('id', '!=', playerId)
        .orderBy('id')
        .limit(24)
        .execute()
    ).map((u) => ({ id: Number(u.id), username: u.username }))
    const postId = await seedFeed(deps, playerId, others, now)
    const uuid = await seedGroups(deps, playerId, others, now)
    await seedNotifications(deps, playerId, now)
    const phase = await deps.db
      .selectFrom('classic_teams')
      .select(['phase_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('phase_id')
      .orderBy('n', 'desc')
      .orderBy('phase_id')
      .executeTakeFirstOrThrow()
    return [
      { name: 'feed', kind: 'list', path: '/api/feeds' },
      { name: 'post', kind: 'point', path: `/api/posts/${postId}` },
      { name: 'group_messages', kind: 'list', path: `/api/groups/${uuid}/messages` },
      { name: 'conversations', kind: 'list', path: '/api/groups' },
      {
        name: 'phase_leaderboard',
        kind: 'list',
        path: `/api/championship/series_phases/${phase.phase_id}/leaderboard`,
      },
      { name: 'notifications', kind: 'list', path: '/api/notifications' },
      { name: 'wallet', kind: 'list', path: '/api/me/unused_passbook' },
    ]
  } finally {
    await deps.dbHandle.close()
  }
}

type Person = { id: number; username: string }

/** Posts of ten followed authors on their walls, each with comments, mentions and likes. Answers the newest post's id. */
async function seedFeed(deps: Deps, playerId: number, others: Person[], now: number): Promise<number> {
  const authors = others.slice(0, 10)
  let last = 0
  await deps.db.transaction().execute(async (tx) => {
    const followed = new Set(
      (
        await tx.selectFrom('follows').select('followee_id').where('follower_id', '=', playerId).execute()
      ).map((r) => r.followee_id),
    )
    const follows = authors.filter((a) => !followed.has(a.id))
    if (follows.length > 0)
      await tx
        .insertInto('follows')
        .values(follows.map((a) => ({ follower_id: playerId, followee_id: a.id, created_at_ms: now })))
        .execute()
    for (let p = 0; p < POSTS; p++) {
      const author = authors[p % authors.length] as Person
      const at = now - (POSTS - p) * 60_000
      // One wall per author: theirs if they have one.
      const topic =
        (await tx.selectFrom('topics').select('id').where('owner_id', '=', author.id).executeTakeFirst()) ??
        (await tx
          .insertInto('topics')
          .values({ contest_id: null, owner_id: author.id, created_at_ms: at })
          .returning('id')
          .executeTakeFirstOrThrow())
      const likers = others.slice(p % 5, (p % 5) + 6).map((o) => o.id)
      if (p % 2 === 0) likers.push(playerId)
      const mentioned = others[(p + 3) % others.length] as Person
      const post = await tx
        .insertInto('posts')
        .values({
          topic_id: Number(topic.id),
          user_id: author.id,
          content: `Bench post ${p} for the feed, with a word for @${mentioned.username} and the match tonight`,
          likes_count: likers.length,
          comments_count: COMMENTS_PER_POST,
          created_at_ms: at,
          updated_at_ms: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      last = Number(post.id)
      await tx
        .insertInto('post_likes')
        .values(likers.map((user_id) => ({ post_id: last, user_id, created_at_ms: at })))
        .execute()
      await tx
        .insertInto('mentions')
        .values({ user_id: mentioned.id, post_id: last, comment_id: null, created_at_ms: at })
        .execute()
      for (let k = 0; k < COMMENTS_PER_POST; k++) {
        const writer = others[(p + k + 1) % others.length] as Person
        const named = others[(p + k + 7) % others.length] as Person
        const comment = await tx
          .insertInto('comments')
          .values({
            post_id: last,
            parent_id: null,
            user_id: writer.id,
            content: `Comment ${k} on post ${p}, agreed @${named.username}`,
            likes_count: k % 2 === 0 ? 1 : 0,
            created_at_ms: at + k * 1000,
            updated_at_ms: at + k * 1000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await tx
          .insertInto('mentions')
          .values({ user_id: named.id, post_id: last, comment_id: Number(comment.id), created_at_ms: at })
          .execute()
        if (k % 2 === 0)
          await tx
            .insertInto('comment_likes')
            .values({ comment_id: Number(comment.id), user_id: playerId, created_at_ms: at })
            .execute()
      }
    }
  })
  return last
}

/** Twelve groups with the player in each; the first one busy. Answers its uuid. */
async function seedGroups(deps: Deps, playerId: number, others: Person[], now: number): Promise<string> {
  let busy = ''
  await deps.db.transaction().execute(async (tx) => {
    for (let g = 0; g < GROUPS; g++) {
      const uuid = `00000000-0000-4000-8000-${String(900_000_000_000 + g).padStart(12, '0')}`
      if (g === 0) busy = uuid
      const group = await tx
        .insertInto('groups')
        .values({
          uuid,
          name: `Bench group ${g}`,
          description: 'Where the bench talks',
          image: null,
          kind: 'group',
          is_public: 0,
          one_to_one_key: null,
          invite_code: `BENCHG${g}`,
          created_by_id: playerId,
          last_message_id: null,
          created_at_ms: now - 86_400_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const groupId = Number(group.id)
      const members = [playerId, ...others.slice(g % 6, (g % 6) + 8).map((o) => o.id)]
      await tx
        .insertInto('group_members')
        .values(
          members.map((user_id, i) => ({
            group_id: groupId,
            user_id,
            role: i === 0 ? ('admin' as const) : ('member' as const),
            joined_at_ms: now - 86_400_000,
            removed_at_ms: null,
            removed_by_id: null,
          })),
        )
        .execute()
      const count = g === 0 ? MESSAGES : 3
      let lastId = 0
      for (let m = 0; m < count; m++) {
        const row = await tx
          .insertInto('group_messages')
          .values({
            group_id: groupId,
            user_id: members[m % members.length] as number,
            identifier_key: `bench-${g}-${m}`,
            message: `Message ${m} in group ${g}: who are you picking as captain?`,
            message_type: 'text_message',
            card_id: null,
            created_at_ms: now - (count - m) * 30_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        lastId = Number(row.id)
      }
      await tx.updateTable('groups').set({ last_message_id: lastId }).where('id', '=', groupId).execute()
    }
  })
  return busy
}

async function seedNotifications(deps: Deps, playerId: number, now: number): Promise<void> {
  await deps.db
    .insertInto('notifications')
    .values(
      Array.from({ length: NOTIFICATIONS }, (_, i) => ({
        user_id: playerId,
        kind: 'mention',
        body: `Someone mentioned you in a post (${i})`,
        data: JSON.stringify({ post_id: i + 1, comment_id: null, path: `/posts/${i + 1}` }),
        read_at_ms: i % 3 === 0 ? now : null,
        created_at_ms: now - i * 60_000,
        group_key: null,
      })),
    )
    .execute()
}
