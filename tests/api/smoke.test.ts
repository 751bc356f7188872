import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestWorld, testWorld } from '../helpers/deps'
import { client } from '../helpers/http'

let world: TestWorld
beforeEach(async () => {
  world = await testWorld()
})
afterEach(() => world.close())

describe('smoke', () => {
  it('signs up, logs in and reads /api/me.json', async () => {
    const api = client(world.deps)
    const reg = await api.post('/api/users.json', {
      email: 'a@b.co',
      username: 'alice',
      password: 'password123',
    })
    expect(reg.status).toBe(201)
    const tokens = await api.login('a@b.co', 'password123')
    const me = await api.get('/api/me.json', tokens.access_token)
    expect(me.status).toBe(200)
    expect(me.body.user.username).toBe('alice')
    const sel = await api.get('/api/me?fields=username,cricket_level{level}', tokens.access_token)
    expect(sel.body).toEqual({ user: { username: 'alice', cricket_level: { level: 1 } } })
  })
})
