import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Post } from '../../../web/src/features/posts/api'
import { dropPostEverywhere, setPostEverywhere } from '../../../web/src/features/posts/post-cache'

const person = { id: 9, slug: 'asha', username: 'asha', image_url: null }
const post = (id: number, content = `post ${id}`, comments_count = 0): Post => ({
  id,
  topic_id: 3,
  content,
  likes_count: 0,
  comments_count,
  is_liked_by_current_user: false,
  user: person,
  contest: null,
  wall: { slug: 'asha' },
  mentions: [],
  comments: [],
  edited: false,
  created_at_in_millis: id,
})
const infinite = <T>(pages: T[]) => ({ pages, pageParams: pages.map((_, i) => i) })

/** The same post in the feed (wrapped as a feed item), discover, a wall and its own page. */
function cache() {
  const client = new QueryClient()
  client.setQueryData(
    ['feeds', 'items'],
    infinite([
      {
        items: [
          { kind: 'post', post: post(1) },
          { kind: 'post', post: post(2) },
        ],
      },
    ]),
  )
  client.setQueryData(['discover'], { posts: [post(2), post(1)], contests: [] })
  client.setQueryData(['posts', 'wall', 'asha'], infinite([{ posts: [post(1)] }]))
  client.setQueryData(['post', 1], post(1))
  client.setQueryData(['post', 2], post(2))
  return client
}
type Items = { pages: Array<{ items: Array<{ post: Post }> }> }

describe('post-cache: a post changed or gone elsewhere, in every cached copy', () => {
  it('writes an edited post wherever it is and leaves the others untouched', () => {
    const client = cache()
    const other = client.getQueryData(['post', 2])
    setPostEverywhere(client, { ...post(1, 'edited', 3), edited: true })
    const feed = client.getQueryData<Items>(['feeds', 'items'])
    expect(feed?.pages[0]?.items.map((i) => [i.post.content, i.post.comments_count])).toEqual([
      ['edited', 3],
      ['post 2', 0],
    ])
    expect(client.getQueryData<{ posts: Post[] }>(['discover'])?.posts.map((p) => p.content)).toEqual([
      'post 2',
      'edited',
    ])
    expect(client.getQueryData<Post>(['post', 1])?.content).toBe('edited')
    expect(client.getQueryData(['post', 2])).toBe(other)
  })

  it('drops a gone post from every list, feed items that wrap it included', () => {
    const client = cache()
    dropPostEverywhere(client, 1)
    expect(client.getQueryData<Items>(['feeds', 'items'])?.pages[0]?.items.map((i) => i.post.id)).toEqual([2])
    expect(client.getQueryData<{ posts: Post[] }>(['discover'])?.posts.map((p) => p.id)).toEqual([2])
    expect(
      client.getQueryData<{ pages: Array<{ posts: Post[] }> }>(['posts', 'wall', 'asha'])?.pages[0]?.posts,
    ).toEqual([])
  })
})
