import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  type NotificationsData,
  notificationLink,
  prependNotification,
} from '../../../web/src/features/notifications/api'
import { PEOPLE_KEY, type PublicUser } from '../../../web/src/features/people/api'
import { applyCounts, patchUserEverywhere, patchUserIn } from '../../../web/src/features/people/follow'
import { trafficSourceOf } from '../../../web/src/lib/traffic-source'

const user = (slug: string, followers = 0, following = false): PublicUser =>
  ({
    id: slug.length,
    slug,
    username: slug,
    display_name: slug,
    full_name: null,
    team_name: null,
    image: null,
    about_me: null,
    cricket_level: { level: 1, level_name: 'Rookie', xp_points: 0, min_xp: 0 },
    next_level: { level: 2, level_name: 'Amateur', min_xp: 100 },
    follower_count: followers,
    following_count: 0,
    average_rating: null,
    ratings_count: 0,
    is_current_user_following: following,
    created_at_in_millis: 0,
  }) as PublicUser

const follow = (u: PublicUser) => ({
  ...u,
  is_current_user_following: true,
  follower_count: u.follower_count + 1,
})

describe('patchUserIn (follow state by slug in every cached shape)', () => {
  it('patches a single user, a list and a page of users, and only the named slug', () => {
    expect(patchUserIn(user('asha', 3), 'asha', follow).follower_count).toBe(4)
    const list = [user('asha', 3), user('ravi', 7)]
    const patched = patchUserIn(list, 'asha', follow)
    expect(patched.map((u) => u.follower_count)).toEqual([4, 7])
    expect(patched[1]).toBe(list[1])
    const page = { users: list, meta: { page: 1, per_page: 20, total: 2, total_pages: 1 } }
    expect(patchUserIn(page, 'asha', follow).users[0]?.is_current_user_following).toBe(true)
  })

  it('gives back the same object when the slug is not there (no needless re-render)', () => {
    const list = [user('ravi')]
    expect(patchUserIn(list, 'asha', follow)).toBe(list)
    const page = { users: list }
    expect(patchUserIn(page, 'asha', follow)).toBe(page)
    const other = { rows: [1, 2] }
    expect(patchUserIn(other, 'asha', follow)).toBe(other)
  })

  it('changes every query under the people key at once: profile, suggestions, followers and followings', () => {
    const client = new QueryClient()
    client.setQueryData([...PEOPLE_KEY, 'profile', 'asha'], user('asha', 3))
    client.setQueryData([...PEOPLE_KEY, 'suggestions', 12], [user('asha', 3), user('ravi')])
    client.setQueryData([...PEOPLE_KEY, 'followers', 'ravi', 1], { users: [user('asha', 3)] })
    client.setQueryData([...PEOPLE_KEY, 'followings', 'meena', 1], { users: [user('asha', 3)] })
    patchUserEverywhere(client, 'asha', follow)
    const counts: number[] = []
    for (const [, data] of client.getQueriesData({ queryKey: PEOPLE_KEY }))
      patchUserIn(data, 'asha', (u) => {
        counts.push(u.follower_count)
        return u
      })
    expect(counts).toEqual([4, 4, 4, 4])
  })

  it('applies ProfileChannel counts as absolute numbers, to my own cached Me too', () => {
    const client = new QueryClient()
    client.setQueryData([...PEOPLE_KEY, 'profile', 'asha'], user('asha', 3))
    client.setQueryData(['me'], { slug: 'asha', follower_count: 3, following_count: 1 })
    applyCounts(client, { user_slug: 'asha', follower_count: 9, following_count: 2 })
    expect(client.getQueryData<PublicUser>([...PEOPLE_KEY, 'profile', 'asha'])?.follower_count).toBe(9)
    expect(client.getQueryData<{ following_count: number }>(['me'])?.following_count).toBe(2)
  })
})

describe('notificationLink', () => {
  it('links a post notification to its path, a follow to the follower, a level-up to my profile', () => {
    expect(notificationLink({ kind: 'post_liked', data: { post_id: 4, path: '/posts/4' } })).toBe('/posts/4')
    expect(notificationLink({ kind: 'mention', data: { path: '/posts/4#comment-9' } })).toBe(
      '/posts/4#comment-9',
    )
    expect(notificationLink({ kind: 'follow', data: { user_slug: 'asha k' } })).toBe('/users/asha%20k')
    expect(notificationLink({ kind: 'level_up', data: { level: 3 } })).toBe('/profile')
    expect(notificationLink({ kind: 'welcome', data: {} })).toBe('/contests')
  })

  it('follows an esports notification to its `link`, or else to its contest', () => {
    expect(
      notificationLink({ kind: 'esports_results', data: { link: '/contests/1000001/pubg-update' } }),
    ).toBe('/contests/1000001/pubg-update')
    expect(notificationLink({ kind: 'esports_dispute', data: { esports_contest_id: 1000002 } })).toBe(
      '/contests/1000002',
    )
    expect(
      notificationLink({ kind: 'esports_results', data: { link: '//evil.test/', esports_contest_id: 7 } }),
    ).toBe('/contests/7')
  })

  it('never leaves the site', () => {
    expect(notificationLink({ kind: 'mention', data: { path: 'https://evil.test/' } })).toBe('/feeds')
    expect(notificationLink({ kind: 'group_message', data: { path: '//evil.test/' } })).toBe('/groups')
    expect(notificationLink({ kind: 'announcement', data: { path: '/posts/1' } })).toBeNull()
  })
})

describe('prependNotification', () => {
  const item = (id: number, body: string) => ({
    id,
    kind: 'post_liked',
    body,
    data: {},
    read: false,
    created_at_in_millis: id,
    created_at: new Date(id).toISOString(),
  })
  const data = (): NotificationsData => ({
    pageParams: [1],
    pages: [
      {
        notifications: [item(2, 'b'), item(1, 'Asha liked your post')],
        unread_count: 2,
        meta: { page: 1, per_page: 20, total: 2, total_pages: 1 },
      },
    ],
  })

  it('adds a new notification on top and counts it unread', () => {
    const next = prependNotification(data(), item(3, 'c'))
    expect(next?.pages[0]?.notifications.map((n) => n.id)).toEqual([3, 2, 1])
    expect(next?.pages[0]?.unread_count).toBe(3)
  })

  it('replaces a regrouped notification (same id, new body) and moves it up without counting it twice', () => {
    const next = prependNotification(data(), item(1, 'Ravi and 1 other liked your post'))
    expect(next?.pages[0]?.notifications.map((n) => [n.id, n.body])).toEqual([
      [1, 'Ravi and 1 other liked your post'],
      [2, 'b'],
    ])
    expect(next?.pages[0]?.unread_count).toBe(2)
    expect(next?.pages[0]?.meta.total).toBe(2)
  })
})

describe('trafficSourceOf (where a browser session came from)', () => {
  it('reads the UTM fields and the landing path of the first page', () => {
    expect(trafficSourceOf('http://127.0.0.1:3000/landing?utm_source=mail&utm_campaign=ipl&x=1', '')).toEqual(
      {
        utm_source: 'mail',
        utm_campaign: 'ipl',
        landing_path: '/landing?utm_source=mail&utm_campaign=ipl&x=1',
      },
    )
  })

  it('keeps a referrer from another site, not our own pages', () => {
    expect(trafficSourceOf('http://127.0.0.1:3000/contests', 'https://news.example/ipl')).toEqual({
      referrer: 'https://news.example/ipl',
      landing_path: '/contests',
    })
    expect(trafficSourceOf('http://127.0.0.1:3000/contests', 'http://127.0.0.1:3000/landing')).toEqual({})
  })

  it('says nothing for a direct visit, and trims values to what the server accepts', () => {
    expect(trafficSourceOf('http://127.0.0.1:3000/contests?utm_source=%20', '')).toEqual({})
    const long = trafficSourceOf(`http://127.0.0.1:3000/?utm_term=${'x'.repeat(300)}`, '')
    expect(long.utm_term).toHaveLength(200)
  })
})
