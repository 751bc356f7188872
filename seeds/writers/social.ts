import type { Tx } from '../../server/db/tx'
import type { Around } from '../generators/calendar'
import type { FollowPlan } from '../generators/people'
import type { SeedRandom } from '../generators/random'
import { buildSocial, type SocialContest, type SocialPerson } from '../generators/social'

export interface SocialSummary {
  posts: number
  comments: number
  likes: number
  ratings: number
  xp_awards: number
}

const CHUNK = 500

/** At most this many public contests are talked about (the soonest first): enough for a demo. */
const CONTESTS = 40

/**
 * Writes the social plan (seeds/generators/social.ts) for the seeded players and the public
 * contests already written: topics, posts, comments (replies one level deep), mentions, likes
 * of posts, comments and contests, ratings and XP awards. Every stored counter
 * (`likes_count`, `comments_count`) is the number of rows written for it.
 */
export async function writeSocial(
  tx: Tx,
  random: SeedRandom,
  a: Around,
  people: SocialPerson[],
  follows: FollowPlan[],
  userIds: Map<string, number>,
): Promise<SocialSummary> {
  const contests = await publicContests(tx)
  const plan = buildSocial(random, a, people, follows, contests)
  const id = (username: string) => userIds.get(username) as number
  const topics = new Map<string, number>()
  const topicOf = async (key: string, values: { contest_id: number } | { owner_id: number }, at: number) => {
    let topic = topics.get(key)
    if (topic === undefined) {
      const row = await tx
        .insertInto('topics')
        .values({ contest_id: null, owner_id: null, ...values, created_at_ms: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      topic = Number(row.id)
      topics.set(key, topic)
    }
    return topic
  }

  const later: LaterRows = { postLikes: [], commentLikes: [], mentions: [] }
  let comments = 0
  for (const post of plan.posts) {
    const topic =
      post.contestId === null
        ? await topicOf(`wall:${post.author}`, { owner_id: id(post.author) }, post.at)
        : await topicOf(`contest:${post.contestId}`, { contest_id: post.contestId }, post.at)
    comments += await writePost(tx, post, topic, id, later)
  }
  const contestLikes = plan.contestLikes.map((l) => ({
    contest_id: l.contestId,
    user_id: id(l.user),
    created_at_ms: l.at,
  }))
  await writeLater(tx, plan, id, later, contestLikes)
  return {
    posts: plan.posts.length,
    comments,
    likes: later.postLikes.length + later.commentLikes.length + contestLikes.length,
    ratings: plan.ratings.length,
    xp_awards: plan.xp.length,
  }
}

type SocialPlan = ReturnType<typeof buildSocial>
type PlannedPost = SocialPlan['posts'][number]
type IdOf = (username: string) => number

/** Rows gathered while posts and comments are written, then inserted in chunks. */
interface LaterRows {
  postLikes: Array<{ post_id: number; user_id: number; created_at_ms: number }>
  commentLikes: Array<{ comment_id: number; user_id: number; created_at_ms: number }>
  mentions: Array<{
    user_id: number
    post_id: number
    comment_id: number | null
    created_at_ms: number
  }>
}

/** One post and its comments; its likes and mentions go to `later`. Returns the comments written. */
async function writePost(
  tx: Tx,
  post: PlannedPost,
  topic: number,
  id: IdOf,
  later: LaterRows,
): Promise<number> {
  const row = await tx
    .insertInto('posts')
    .values({
      topic_id: topic,
      user_id: id(post.author),
      content: post.content,
      likes_count: post.likes.length,
      comments_count: post.comments.length,
      created_at_ms: post.at,
      updated_at_ms: post.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const postId = Number(row.id)
  for (const like of post.likes)
    later.postLikes.push({ post_id: postId, user_id: id(like.user), created_at_ms: like.at })
  for (const user of post.mentions)
    later.mentions.push({ user_id: id(user), post_id: postId, comment_id: null, created_at_ms: post.at })
  const commentIds: number[] = []
  for (const comment of post.comments) {
    const written = await tx
      .insertInto('comments')
      .values({
        post_id: postId,
        parent_id: comment.replyTo === null ? null : (commentIds[comment.replyTo] as number),
        user_id: id(comment.author),
        content: comment.content,
        likes_count: comment.likes.length,
        created_at_ms: comment.at,
        updated_at_ms: comment.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const commentId = Number(written.id)
    commentIds.push(commentId)
    for (const like of comment.likes)
      later.commentLikes.push({ comment_id: commentId, user_id: id(like.user), created_at_ms: like.at })
    for (const user of comment.mentions)
      later.mentions.push({
        user_id: id(user),
        post_id: postId,
        comment_id: commentId,
        created_at_ms: comment.at,
      })
  }
  return commentIds.length
}

/** Likes, mentions, ratings and XP awards, in chunks. */
async function writeLater(
  tx: Tx,
  plan: SocialPlan,
  id: IdOf,
  later: LaterRows,
  contestLikes: Array<{ contest_id: number; user_id: number; created_at_ms: number }>,
): Promise<void> {
  await inChunks(later.postLikes, (rows) => tx.insertInto('post_likes').values(rows).execute())
  await inChunks(later.commentLikes, (rows) => tx.insertInto('comment_likes').values(rows).execute())
  await inChunks(contestLikes, (rows) => tx.insertInto('contest_likes').values(rows).execute())
  await inChunks(later.mentions, (rows) => tx.insertInto('mentions').values(rows).execute())
  await inChunks(
    plan.ratings.map((r) => ({
      rater_id: id(r.rater),
      user_id: id(r.user),
      rating: r.rating,
      review: r.review,
      created_at_ms: r.at,
      updated_at_ms: r.at,
    })),
    (rows) => tx.insertInto('user_ratings').values(rows).execute(),
  )
  await inChunks(
    plan.xp.map((x) => ({
      user_id: id(x.user),
      reason: x.reason,
      source: x.source,
      points: x.points,
      created_at_ms: x.at,
    })),
    (rows) => tx.insertInto('xp_awards').values(rows).execute(),
  )
}

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK))
}

/** Public contests in id order with their members' usernames: what players talk about. */
async function publicContests(tx: Tx): Promise<SocialContest[]> {
  const contests = await tx
    .selectFrom('contests')
    .select(['id', 'name', 'created_at_ms'])
    .where('is_private', '=', 0)
    .where('deleted_at_ms', 'is', null)
    .orderBy('id')
    .limit(CONTESTS)
    .execute()
  if (contests.length === 0) return []
  const members = await tx
    .selectFrom('contest_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.contest_id', 'u.username'])
    .where(
      'm.contest_id',
      'in',
      contests.map((c) => c.id),
    )
    .orderBy('m.id')
    .execute()
  return contests.map((c) => ({
    id: c.id,
    name: c.name,
    createdAt: Number(c.created_at_ms),
    members: [...new Set(members.filter((m) => m.contest_id === c.id).map((m) => m.username))],
  }))
}
