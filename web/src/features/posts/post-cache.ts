import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api'
import { data, http } from '../../lib/client'
import { POST_HOLDERS, type Post, postQuery } from './api'

/**
 * A post's edits, new comments and deletion in every cached copy (the feed, discover, walls, a
 * contest's posts, the post page), as likes.ts does for like counts: live TopicChannel messages
 * say only which post changed, so the post is read once and written wherever it sits; a post
 * that is gone (deleted, hidden by a moderator) leaves every list.
 */

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => Boolean(v) && typeof v === 'object' && !Array.isArray(v)
/** A post has fields no other cached object has together (likes.ts, `matches`). */
const isPost = (id: number, r: Rec) => r.id === id && 'topic_id' in r && 'comments_count' in r
/** A list entry that is the post, or wraps it (a feed item `{kind, post}`). */
const holds = (id: number, item: unknown) =>
  isRecord(item) && (isPost(id, item) || (isRecord(item.post) && isPost(id, item.post)))

/** Rewrites every copy of post `id` with `next` (null: drops it from lists), keeping untouched branches. */
function rewrite(data: unknown, id: number, next: Post | null): unknown {
  if (Array.isArray(data)) {
    const kept = next === null ? data.filter((item) => !holds(id, item)) : data
    let changed = kept.length !== data.length
    const out = kept.map((item) => {
      const fresh = rewrite(item, id, next)
      if (fresh !== item) changed = true
      return fresh
    })
    return changed ? out : data
  }
  if (!isRecord(data)) return data
  if (next && isPost(id, data)) return { ...data, ...next }
  let changed = false
  const out: Rec = {}
  for (const [key, value] of Object.entries(data)) {
    const fresh = key === 'pageParams' ? value : rewrite(value, id, next)
    if (fresh !== value) changed = true
    out[key] = fresh
  }
  return changed ? out : data
}

/** Puts `post` into every query that holds a copy of it. */
export function setPostEverywhere(client: QueryClient, post: Post): void {
  for (const queryKey of POST_HOLDERS)
    client.setQueriesData<unknown>({ queryKey: [...queryKey] }, (data: unknown) =>
      rewrite(data, post.id, post),
    )
}

/** Takes post `id` out of every list that holds it (its own page answers 404 when read again). */
export function dropPostEverywhere(client: QueryClient, id: number): void {
  for (const queryKey of POST_HOLDERS)
    client.setQueriesData<unknown>({ queryKey: [...queryKey] }, (data: unknown) => rewrite(data, id, null))
}

/**
 * Reads post `id` again and writes it everywhere; one that answers 404 now (deleted, hidden)
 * is dropped everywhere. Its post page is refreshed as well.
 */
export async function refreshPost(client: QueryClient, id: number): Promise<void> {
  let post: Post
  try {
    post = (await data(http.GET('/api/posts/{id}', { params: { path: { id } } }))).post
  } catch (error) {
    // 404: gone for this viewer (deleted, or hidden by a moderator). Anything else: try later.
    if (error instanceof ApiError && error.status === 404) gone(client, id)
    return
  }
  setPostEverywhere(client, post)
}

/** A post that is no more: out of every list, and its page reads it again (and says so). */
export function gone(client: QueryClient, id: number) {
  dropPostEverywhere(client, id)
  void client.invalidateQueries({ queryKey: postQuery(id).queryKey, exact: true })
}
