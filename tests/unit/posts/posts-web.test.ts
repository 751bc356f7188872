import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Contest } from '../../../web/src/features/contests/api'
import type { Comment, Post } from '../../../web/src/features/posts/api'
import { setLikesEverywhere } from '../../../web/src/features/posts/likes'
import { addComment } from '../../../web/src/features/posts/live'

const person = { id: 9, slug: 'asha', username: 'asha', image_url: null }
const comment = (id: number, likes = 0): Comment => ({
  id,
  post_id: 1,
  parent_id: null,
  content: `comment ${id}`,
  likes_count: likes,
  is_liked_by_current_user: false,
  user: person,
  mentions: [],
  edited: false,
  created_at_in_millis: id,
})
const post = (id: number, likes = 0, comments: Comment[] = []): Post => ({
  id,
  topic_id: 3,
  content: `post ${id}`,
  likes_count: likes,
  comments_count: comments.length,
  is_liked_by_current_user: false,
  user: person,
  contest: null,
  wall: { slug: 'asha' },
  mentions: [],
  comments,
  edited: false,
  created_at_in_millis: id,
})
// Only the fields likes.ts looks at; the rest of a Contest does not matter here.
const contest = (id: number, likes = 0) =>
  ({
    id,
    name: `c${id}`,
    members_limit: 10,
    topic: { likes_count: likes },
    is_liked_by_current_user: false,
  }) as unknown as Contest

/** A cache as the pages leave it: the same post, comment and contest in many queries. */
function cache() {
  const client = new QueryClient()
  const infinite = <T>(pages: T[]) => ({ pages, pageParams: pages.map((_, i) => i) })
  client.setQueryData(
    ['feeds', 'items'],
    infinite([{ items: [{ kind: 'post', post: post(1, 4, [comment(7, 2)]) }], next_before_id: null }]),
  )
  client.setQueryData(['discover', 'home'], {
    trending: [contest(5, 1)],
    new: [],
    big_prizes: [contest(6)],
    posts: [post(1, 4), post(2, 9)],
  })
  client.setQueryData(
    ['posts', 'wall', 'asha'],
    infinite([
      {
        topic: { id: 3, contest_id: null, owner_slug: 'asha', likes_count: 0 },
        posts: [post(1, 4)],
        next_before_id: null,
      },
    ]),
  )
  client.setQueryData(
    ['posts', 'contest', 5],
    infinite([
      { topic: { id: 8, contest_id: 5, owner_slug: null, likes_count: 1 }, posts: [], next_before_id: null },
    ]),
  )
  client.setQueryData(['post', 1], post(1, 4))
  client.setQueryData(['post', 1, 'comments'], [comment(7, 2), comment(1)])
  client.setQueryData(['contests', 'list', 'popular'], infinite([{ contests: [contest(5, 1), contest(6)] }]))
  client.setQueryData(['contest', 5], contest(5, 1))
  return client
}

const get = <T>(client: QueryClient, key: unknown[]) => client.getQueryData(key) as T

describe('likes in every cached copy (web/src/features/posts/likes.ts)', () => {
  it('sets a post’s count and my flag in the feed, discover, a wall and the post page', () => {
    const client = cache()
    const otherPost = get<{ posts: Post[] }>(client, ['discover', 'home']).posts[1]
    setLikesEverywhere(client, 'post', 1, { likes_count: 5, liked: true })
    const copies = [
      get<{ pages: Array<{ items: Array<{ post: Post }> }> }>(client, ['feeds', 'items']).pages[0]?.items[0]
        ?.post,
      get<{ posts: Post[] }>(client, ['discover', 'home']).posts[0],
      get<{ pages: Array<{ posts: Post[] }> }>(client, ['posts', 'wall', 'asha']).pages[0]?.posts[0],
      get<Post>(client, ['post', 1]),
    ]
    for (const copy of copies) expect([copy?.likes_count, copy?.is_liked_by_current_user]).toEqual([5, true])
    // Untouched objects keep their identity (no re-render for them); a comment with id 1 is not the post.
    expect(get<{ posts: Post[] }>(client, ['discover', 'home']).posts[1]).toBe(otherPost)
    expect(get<Comment[]>(client, ['post', 1, 'comments'])[1]?.likes_count).toBe(0)
  })

  it('sets a comment in its thread and inside its post’s latest comments', () => {
    const client = cache()
    setLikesEverywhere(client, 'comment', 7, { likes_count: 3, liked: true })
    expect(get<Comment[]>(client, ['post', 1, 'comments'])[0]?.likes_count).toBe(3)
    const inFeed = get<{ pages: Array<{ items: Array<{ post: Post }> }> }>(client, ['feeds', 'items'])
      .pages[0]?.items[0]?.post
    expect(inFeed?.comments[0]?.likes_count).toBe(3)
    expect(inFeed?.likes_count).toBe(4)
  })

  it('sets a contest in lists, discover, its page and its posts page topic; a broadcast keeps my flag', () => {
    const client = cache()
    setLikesEverywhere(client, 'contest', 5, { likes_count: 2, liked: true })
    const copies = [
      get<{ pages: Array<{ contests: Contest[] }> }>(client, ['contests', 'list', 'popular']).pages[0]
        ?.contests[0],
      get<{ trending: Contest[] }>(client, ['discover', 'home']).trending[0],
      get<Contest>(client, ['contest', 5]),
    ]
    for (const copy of copies)
      expect([copy?.topic.likes_count, copy?.is_liked_by_current_user]).toEqual([2, true])
    expect(
      get<{ pages: Array<{ topic: { likes_count: number } }> }>(client, ['posts', 'contest', 5]).pages[0]
        ?.topic.likes_count,
    ).toBe(2)
    expect(
      get<{ pages: Array<{ contests: Contest[] }> }>(client, ['contests', 'list', 'popular']).pages[0]
        ?.contests[1]?.topic.likes_count,
    ).toBe(0)

    // Someone else's like arrives over TopicChannel: the count moves, my own flag stays.
    setLikesEverywhere(client, 'contest', 5, { likes_count: 3 })
    expect([
      get<Contest>(client, ['contest', 5]).topic.likes_count,
      get<Contest>(client, ['contest', 5]).is_liked_by_current_user,
    ]).toEqual([3, true])
  })

  it('adds a live comment to its thread once', () => {
    const client = cache()
    addComment(client, 1, comment(9))
    addComment(client, 1, comment(9))
    expect(get<Comment[]>(client, ['post', 1, 'comments']).map((c) => c.id)).toEqual([7, 1, 9])
  })
})
