import type { Kysely } from 'kysely'
import { type Param, prepared } from '../../db/prepared'
import type { Database } from '../../db/schema'
import type { Executor } from '../../db/tx'

/**
 * Post and comment JSON for a viewer (spec §3 Post {id, likes_count, comments, content}): the
 * author, the contest a post is on, the mentions it links, and whether the viewer liked it.
 * Hidden items never reach these functions (callers filter on `hidden = 0`).
 *
 * A page costs the same number of queries whatever it holds (posts, their mentions and the
 * viewer's likes, the latest comments of every post in one windowed query, then their
 * mentions and likes), each compiled once (db/prepared.ts): the feed used to run a query per
 * post for its comments and two more per post for theirs.
 */

const PREVIEW_COMMENTS = 3

function postsQuery(db: Executor | Kysely<Database>) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('avatars as av', 'av.id', 'u.avatar_id')
    .innerJoin('topics as t', 't.id', 'p.topic_id')
    .leftJoin('contests as c', 'c.id', 't.contest_id')
    .leftJoin('users as w', 'w.id', 't.owner_id')
    .select((eb) => [
      'p.id',
      'p.topic_id',
      'p.user_id',
      'p.content',
      'p.likes_count',
      'p.comments_count',
      'p.hidden',
      'p.created_at_ms',
      'p.updated_at_ms',
      'u.slug',
      'u.username',
      // An uploaded picture, else the chosen avatar (as on profiles).
      eb.fn.coalesce('u.image_url', 'av.url').as('image_url'),
      't.contest_id',
      'c.name as contest_name',
      'w.slug as wall_slug',
    ])
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof postsQuery>['execute']>>[number]

const postsByIds = prepared((db, $: Param<{ ids: number[] }>) =>
  postsQuery(db).where('p.id', 'in', $.list('ids')).where('p.hidden', '=', 0),
)

export async function postRowsByIds(db: Executor, ids: number[]): Promise<PostRow[]> {
  if (ids.length === 0) return []
  const rows = await postsByIds(db, { ids })
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

function commentsQuery(db: Executor | Kysely<Database>) {
  return db
    .selectFrom('comments as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('avatars as av', 'av.id', 'u.avatar_id')
    .select((eb) => [
      'k.id',
      'k.post_id',
      'k.parent_id',
      'k.user_id',
      'k.content',
      'k.likes_count',
      'k.created_at_ms',
      'k.updated_at_ms',
      'u.slug',
      'u.username',
      // An uploaded picture, else the chosen avatar (as on profiles).
      eb.fn.coalesce('u.image_url', 'av.url').as('image_url'),
    ])
    .where('k.hidden', '=', 0)
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsQuery>['execute']>>[number]

/** A post's visible comments, oldest first, after `afterId` (cursor). */
export function postComments(db: Executor, postId: number, afterId: number, limit: number) {
  return commentsQuery(db)
    .where('k.post_id', '=', postId)
    .where('k.id', '>', afterId)
    .orderBy('k.id', 'asc')
    .limit(limit)
    .execute()
}

export async function commentRowById(db: Executor, id: number): Promise<CommentRow | undefined> {
  return commentsQuery(db).where('k.id', '=', id).executeTakeFirst()
}

const mentionsSelect = (db: Kysely<Database>) =>
  db
    .selectFrom('mentions as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.post_id', 'm.comment_id', 'u.slug', 'u.username'])
    .orderBy('m.id')

const postMentions = prepared((db, $: Param<{ ids: number[] }>) =>
  mentionsSelect(db).where('m.post_id', 'in', $.list('ids')).where('m.comment_id', 'is', null),
)

const commentMentions = prepared((db, $: Param<{ ids: number[] }>) =>
  mentionsSelect(db).where('m.comment_id', 'in', $.list('ids')),
)

async function mentionsOf(db: Executor, column: 'post_id' | 'comment_id', ids: number[]) {
  const out = new Map<number, Array<{ slug: string; username: string }>>()
  if (ids.length === 0) return out
  const rows = await (column === 'post_id' ? postMentions : commentMentions)(db, { ids })
  for (const row of rows) {
    const key = Number(column === 'post_id' ? row.post_id : row.comment_id)
    out.set(key, [...(out.get(key) ?? []), { slug: row.slug, username: row.username }])
  }
  return out
}

const postLikes = prepared((db, $: Param<{ userId: number; ids: number[] }>) =>
  db
    .selectFrom('post_likes')
    .select('post_id as id')
    .where('user_id', '=', $('userId'))
    .where('post_id', 'in', $.list('ids')),
)

const commentLikes = prepared((db, $: Param<{ userId: number; ids: number[] }>) =>
  db
    .selectFrom('comment_likes')
    .select('comment_id as id')
    .where('user_id', '=', $('userId'))
    .where('comment_id', 'in', $.list('ids')),
)

async function likedIds(db: Executor, kind: 'post' | 'comment', viewerId: number | null, ids: number[]) {
  if (viewerId === null || ids.length === 0) return new Set<number>()
  const rows = await (kind === 'post' ? postLikes : commentLikes)(db, { userId: viewerId, ids })
  return new Set(rows.map((r) => Number(r.id)))
}

/**
 * The latest few visible comments of each post, in one query: numbered newest first within
 * their post (a window function, on SQLite and PostgreSQL alike), the first few kept, oldest
 * first.
 */
const latestComments = prepared((db, $: Param<{ ids: number[]; limit: number }>) =>
  db
    .selectFrom(
      commentsQuery(db)
        .select((eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('k.post_id').orderBy('k.id', 'desc'))
            .as('nth'),
        )
        .where('k.post_id', 'in', $.list('ids'))
        .as('x'),
    )
    .selectAll()
    .where('x.nth', '<=', $('limit'))
    .orderBy('x.id'),
)

const person = (r: { user_id: number; slug: string; username: string; image_url: string | null }) => ({
  id: r.user_id,
  slug: r.slug,
  username: r.username,
  image_url: r.image_url,
})

export async function commentsJson(db: Executor, rows: CommentRow[], viewerId: number | null) {
  const ids = rows.map((r) => Number(r.id))
  const [mentions, liked] = await Promise.all([
    mentionsOf(db, 'comment_id', ids),
    likedIds(db, 'comment', viewerId, ids),
  ])
  return rows.map((r) => ({
    id: Number(r.id),
    post_id: r.post_id,
    parent_id: r.parent_id,
    content: r.content,
    likes_count: r.likes_count,
    is_liked_by_current_user: liked.has(Number(r.id)),
    user: person(r),
    mentions: mentions.get(Number(r.id)) ?? [],
    edited: Number(r.updated_at_ms) !== Number(r.created_at_ms),
    created_at_in_millis: Number(r.created_at_ms),
  }))
}

export type CommentJson = Awaited<ReturnType<typeof commentsJson>>[number]

/** Posts with their latest few comments (the post page lists them all, paged). */
export async function postsJson(db: Executor, rows: PostRow[], viewerId: number | null) {
  const ids = rows.map((r) => Number(r.id))
  if (ids.length === 0) return []
  const [mentions, liked, latest] = await Promise.all([
    mentionsOf(db, 'post_id', ids),
    likedIds(db, 'post', viewerId, ids),
    latestComments(db, { ids, limit: PREVIEW_COMMENTS }),
  ])
  const comments = new Map<number, CommentJson[]>()
  for (const c of await commentsJson(db, latest, viewerId))
    comments.set(c.post_id, [...(comments.get(c.post_id) ?? []), c])
  return rows.map((r) => ({
    id: Number(r.id),
    topic_id: r.topic_id,
    content: r.content,
    likes_count: r.likes_count,
    comments_count: r.comments_count,
    is_liked_by_current_user: liked.has(Number(r.id)),
    user: person(r),
    contest: r.contest_id !== null ? { id: r.contest_id, name: r.contest_name ?? '' } : null,
    wall: r.wall_slug !== null ? { slug: r.wall_slug } : null,
    mentions: mentions.get(Number(r.id)) ?? [],
    comments: comments.get(Number(r.id)) ?? [],
    edited: Number(r.updated_at_ms) !== Number(r.created_at_ms),
    created_at_in_millis: Number(r.created_at_ms),
  }))
}

export type PostJson = Awaited<ReturnType<typeof postsJson>>[number]
