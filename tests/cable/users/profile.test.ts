import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/main'
import { cableUrl, rawCable, signedInUser, startCableServer } from '../../helpers/cable'

let server: RunningServer
beforeAll(async () => {
  server = await startCableServer()
})
afterAll(() => server.close())

const post = (path: string, token: string) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })

describe('ProfileChannel', () => {
  it('sends a profile’s counts on subscribe and after each follow and unfollow', async () => {
    const [viewer, star, fan] = [
      await signedInUser(server),
      await signedInUser(server),
      await signedInUser(server),
    ]
    const identifier = JSON.stringify({ channel: 'ProfileChannel', slug: star.slug })
    const cable = await rawCable(cableUrl(server, `?access_token=${viewer.token}`))
    await cable.take()
    cable.subscribe(identifier)
    expect(await cable.take()).toEqual({
      identifier,
      message: { type: 'counts', user_slug: star.slug, follower_count: 0, following_count: 0 },
    })
    expect(await cable.take()).toEqual({ identifier, type: 'confirm_subscription' })

    expect((await post(`/api/users/${star.slug}/follow`, fan.token)).status).toBe(200)
    expect((await cable.take()).message).toMatchObject({
      type: 'counts',
      user_slug: star.slug,
      follower_count: 1,
      following_count: 0,
    })
    // Repeating the follow changes nothing and sends nothing; unfollowing sends the new count.
    expect((await post(`/api/users/${star.slug}/follow`, fan.token)).status).toBe(200)
    expect((await post(`/api/users/${star.slug}/unfollow`, fan.token)).status).toBe(200)
    expect((await cable.take()).message).toMatchObject({ type: 'counts', follower_count: 0 })

    const bad = JSON.stringify({ channel: 'ProfileChannel', slug: 'nobody-at-all' })
    cable.subscribe(bad)
    expect(await cable.take()).toEqual({ identifier: bad, type: 'reject_subscription' })
    await cable.close()
  })
})
