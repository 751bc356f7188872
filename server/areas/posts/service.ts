import type { Deps } from '../../core/deps'
import type { AfterCommit, Executor, Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import { notFound } from '../../http/errors'
import { notificationStream, notifyGrouped } from '../notifications'
import { linkTo, saveMentions, usernameOf } from './mentions'
import { assertPostingRate } from './posting-rate'
import { contestLikesCount, type OlderPage, slugOf, topicPostIds } from './queries'
import { type MaybeTopic, topicStream, type Viewer } from './topics'
import { type PostJson, postRowsByIds, postsJson } from './views'
import { type PostRef, visiblePost, visibleTopic } from './visibility'

/**
 * Posts (docs/social.md, "Posts, comments and likes"): written on a topic (a contest's or the
 * author's own wall), edited and deleted by their author only (anyone else gets the 404 a
 * missing post gets), hidden by a moderator (then 404 to everyone). Each write broadcasts on
 * the topic's stream after commit; a new post also tells the author's followers' feeds.
 */

/** A post of the viewer's own that they may still see (404 for anyone else's, hidden or missing). */
async function ownPost(db: Executor, postId: number, viewer: Viewer) {
  const post = await visiblePost(db, postId, viewer)
  if (post.user_id !== viewer.id) throw notFound('Post')
  return post
}

export async function onePost(db: Executor, postId: number, viewerId: number | null): Promise<PostJson> {
  const [row] = await postsJson(db, await postRowsByIds(db, [postId]), viewerId)
  if (!row) throw notFound('Post')
  return row
}

export async function createPost(
  deps: Deps,
  author: Viewer,
  topicId: number,
  content: string,
): Promise<number> {
  const now = deps.clock.now()
  const id = await withTx(deps, async (tx, after) => {
    await assertPostingRate(deps, tx, author.id, now)
    const row = await tx
      .insertInto('posts')
      .values({ topic_id: topicId, user_id: author.id, content, created_at_ms: now, updated_at_ms: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const postId = Number(row.id)
    const name = await saveMentions(tx, after, { postId, commentId: null, authorId: author.id, content }, now)
    after.publish(topicStream(topicId), { type: 'post', post_id: postId })
    await tellFollowers(tx, after, { authorId: author.id, name, postId, topicId })
    return postId
  })
  return id
}

/**
 * The feed's live "N new posts": each follower's NotificationsChannel gets a `feed_item` — only
 * followers who may see the post (a private contest's post reaches its members, not every
 * follower: docs/visibility.md, "On /cable").
 */
async function tellFollowers(
  tx: Tx,
  after: AfterCommit,
  post: { authorId: number; name: string; postId: number; topicId: number },
) {
  const followers = await tx
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.follower_id')
    .select(['follows.follower_id as id', 'users.role'])
    .where('follows.followee_id', '=', post.authorId)
    .execute()
  const item = { type: 'feed_item', post_id: post.postId, user: { id: post.authorId, username: post.name } }
  const sees = (viewer: Viewer | null) =>
    visibleTopic(tx, post.topicId, viewer).then(
      () => true,
      () => false,
    )
  // A wall or a public contest: everyone sees it, so no follower needs asking one by one.
  const open = await sees(null)
  for (const f of followers) if (open || (await sees(f))) after.publish(notificationStream(f.id), item)
  after.publish(notificationStream(post.authorId), item)
}

export async function editPost(deps: Deps, viewer: Viewer, postId: number, content: string): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const post = await ownPost(tx, postId, viewer)
    await tx.updateTable('posts').set({ content, updated_at_ms: now }).where('id', '=', postId).execute()
    await saveMentions(tx, after, { postId, commentId: null, authorId: viewer.id, content }, now)
    after.publish(topicStream(post.topic_id), { type: 'post_updated', post_id: postId })
  })
}

/** Deletes the post with everything hanging off it (comments, likes, mentions) in one transaction. */
export async function deletePost(deps: Deps, viewer: Viewer, postId: number): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const post = await ownPost(tx, postId, viewer)
    const comments = tx.selectFrom('comments').select('id').where('post_id', '=', postId)
    await tx.deleteFrom('comment_likes').where('comment_id', 'in', comments).execute()
    await tx.deleteFrom('mentions').where('post_id', '=', postId).execute()
    // Replies first: they reference the comments they answer.
    await tx.deleteFrom('comments').where('post_id', '=', postId).where('parent_id', 'is not', null).execute()
    await tx.deleteFrom('comments').where('post_id', '=', postId).execute()
    await tx.deleteFrom('post_likes').where('post_id', '=', postId).execute()
    await tx.deleteFrom('posts').where('id', '=', postId).execute()
    after.publish(topicStream(post.topic_id), { type: 'post_removed', post_id: postId })
  })
}

/** Where each kind of like is kept and counted. */
const LIKES = {
  post: { likes: 'post_likes', key: 'post_id', liked: 'posts' },
  comment: { likes: 'comment_likes', key: 'comment_id', liked: 'comments' },
} as const

/**
 * Likes or takes back a like of a post or comment, in the caller's transaction. Idempotent: the
 * like row's primary key decides, and the count moves only when a row was really added or removed
 * (the UPDATE of the liked row also orders concurrent likers, so the count stays exact). The new
 * count is published on the topic; answers whether anything changed.
 */
export async function toggleLike(
  tx: Tx,
  after: AfterCommit,
  target: { subject: keyof typeof LIKES; id: number; topicId: number },
  userId: number,
  liked: boolean,
  now: number,
): Promise<boolean> {
  const { likes, key, liked: table } = LIKES[target.subject]
  const changed = liked
    ? await tx
        .insertInto(likes)
        .values({ [key]: target.id, user_id: userId, created_at_ms: now })
        .onConflict((oc) => oc.columns([key, 'user_id']).doNothing())
        .returning(key)
        .executeTakeFirst()
    : await tx
        .deleteFrom(likes)
        .where(key, '=', target.id)
        .where('user_id', '=', userId)
        .returning(key)
        .executeTakeFirst()
  if (!changed) return false
  const row = await tx
    .updateTable(table)
    .set((eb) => ({ likes_count: eb('likes_count', '+', liked ? 1 : -1) }))
    .where('id', '=', target.id)
    .returning('likes_count')
    .executeTakeFirstOrThrow()
  after.publish(topicStream(target.topicId), {
    type: 'likes',
    subject: target.subject,
    id: target.id,
    likes_count: row.likes_count,
    // Who and which way, so the liker's other tabs set their own heart too (likes are public).
    by_user_id: userId,
    liked,
  })
  return true
}

/** Likes or takes back a like of a post (see toggleLike); a new like tells the author. */
export async function setPostLike(deps: Deps, viewer: Viewer, postId: number, liked: boolean): Promise<void> {
  const now = deps.clock.now()
  await withTx(deps, async (tx, after) => {
    const post = await visiblePost(tx, postId, viewer)
    const target = { subject: 'post', id: postId, topicId: post.topic_id } as const
    const changed = await toggleLike(tx, after, target, viewer.id, liked, now)
    if (changed && liked && post.user_id !== viewer.id) await tellLiked(tx, after, post, viewer.id, now)
  })
}

async function tellLiked(tx: Tx, after: AfterCommit, post: PostRef, likerId: number, now: number) {
  const others = await tx
    .selectFrom('post_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', post.id)
    .where('user_id', 'not in', [likerId, post.user_id])
    .executeTakeFirstOrThrow()
  const name = await usernameOf(tx, likerId)
  await notifyGrouped(
    tx,
    after,
    post.user_id,
    `post_liked:${post.id}`,
    {
      kind: 'post_liked',
      body: `${groupedName(name, Number(others.n))} liked your post`,
      data: { post_id: post.id, path: linkTo(post.id), actor: name, others_count: Number(others.n) },
    },
    now,
  )
}

/** "Asha", "Asha and 1 other", "Asha and 4 others". */
export const groupedName = (name: string, others: number) =>
  others === 0 ? name : `${name} and ${others} ${others === 1 ? 'other' : 'others'}`

/** A topic's header: its contest's likes, its wall owner's slug. */
async function topicJson(db: Executor, topic: MaybeTopic) {
  const likes = topic.contest_id === null ? 0 : await contestLikesCount(db, topic.contest_id)
  const owner = topic.owner_id === null ? null : await slugOf(db, topic.owner_id)
  return { id: topic.id, contest_id: topic.contest_id, owner_slug: owner, likes_count: likes }
}

/** A page of a topic's posts, newest first (a topic not made yet has none). */
export async function topicPostsPage(deps: Deps, topic: MaybeTopic, viewerId: number | null, q: OlderPage) {
  const ids = await topicPostIds(deps.db, topic.id ?? 0, q)
  const posts = await postsJson(deps.db, await postRowsByIds(deps.db, ids), viewerId)
  return {
    topic: await topicJson(deps.db, topic),
    posts,
    next_before_id: ids.length === q.per_page ? (ids.at(-1) ?? null) : null,
  }
}
