import { describe, expect, it } from 'vitest'
import { disableUser, makeUser } from '../../helpers/deps'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

const grant = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.api.call('POST', '/oauth/token', { body, headers })

describe('POST /oauth/token (password grant)', () => {
  it('signs in with e-mail or username and answers a bearer token pair', async () => {
    const u = await makeUser(ctx.world.deps)
    for (const login of [u.email, u.username, u.email.toUpperCase()]) {
      const res = await grant({ grant_type: 'password', email: login, password: u.password })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 7200 })
      expect(res.body.access_token).toMatch(/^[\w-]{43}$/)
      expect(res.body.refresh_token).not.toBe(res.body.access_token)
      const me = await ctx.api.get('/api/me', res.body.access_token)
      expect(me.body.user.id).toBe(u.id)
    }
  })

  it('is also served at /post_login/ and /oauth/token.json, and accepts form-encoded bodies and client_id', async () => {
    const u = await makeUser(ctx.world.deps)
    const a = await ctx.api.call('POST', '/post_login/', {
      body: { grant_type: 'password', email: u.email, password: u.password },
    })
    expect(a.status).toBe(200)
    const b = await ctx.api.call('POST', '/oauth/token.json', {
      raw: new URLSearchParams({
        grant_type: 'password',
        email: u.email,
        password: u.password,
        client_id: 'cli',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fanspole-client': '' },
    })
    expect(b.status).toBe(200)
  })

  it('refuses an unknown or missing client id with 401 invalid_client', async () => {
    const u = await makeUser(ctx.world.deps)
    const unknown = await grant(
      { grant_type: 'password', email: u.email, password: u.password },
      { 'x-fanspole-client': 'evil' },
    )
    expect(unknown.status).toBe(401)
    expect(unknown.body.code).toBe('invalid_client')
    const missing = await ctx.api.call('POST', '/oauth/token', {
      body: { grant_type: 'password', email: u.email, password: u.password },
      headers: { 'x-fanspole-client': '' },
    })
    expect(missing.status).toBe(401)
    expect(missing.body.code).toBe('invalid_client')
  })

  it('answers a wrong password and an unknown account identically: 401, nothing revealed', async () => {
    const u = await makeUser(ctx.world.deps)
    const wrong = await grant({ grant_type: 'password', email: u.email, password: 'not-the-password' })
    const nobody = await grant({
      grant_type: 'password',
      email: 'nobody@example.test',
      password: 'whatever123',
    })
    for (const res of [wrong, nobody]) {
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('invalid_grant')
      expect(res.body.error).toBe('Invalid email or password')
      expect(res.body.errors).toBeUndefined()
      expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'request_id'])
    }
  })

  it('answers missing fields with 422 and unknown grant types with 422 unsupported_grant_type', async () => {
    const missing = await grant({ grant_type: 'password' })
    expect(missing.status).toBe(422)
    expect(missing.body.code).toBe('invalid_request')
    expect(missing.body.errors).toEqual({ email: ['is required'], password: ['is required'] })
    const noGrant = await grant({ email: 'a@b.co' })
    expect(noGrant.status).toBe(422)
    expect(noGrant.body.errors.grant_type).toEqual(['is required'])
    const other = await grant({ grant_type: 'client_credentials' })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('unsupported_grant_type')
    const extra = await grant({ grant_type: 'password', email: 'a@b.co', password: 'x', admin: true })
    expect(extra.status).toBe(422)
    expect(extra.body.errors.admin).toEqual(['is not a known field'])
  })

  it('refuses accounts that are not active', async () => {
    const u = await makeUser(ctx.world.deps)
    await disableUser(ctx.world.deps, u.id)
    const res = await grant({ grant_type: 'password', email: u.email, password: u.password })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_grant')
  })
})

describe('POST /oauth/token (refresh grant)', () => {
  it('rotates: a new pair each time, and the previous access token stops working', async () => {
    const u = await makeUser(ctx.world.deps)
    const first = await ctx.api.login(u.email, u.password)
    const res = await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(res.status).toBe(200)
    expect(res.body.refresh_token).not.toBe(first.refresh_token)
    expect(res.body.access_token).not.toBe(first.access_token)
    expect((await ctx.api.get('/api/me', res.body.access_token)).status).toBe(200)
    const old = await ctx.api.get('/api/me', first.access_token)
    expect(old.status).toBe(401)
    expect(old.body.code).toBe('INVALID_TOKEN')
  })

  it('treats reuse of a rotated refresh token as theft: 401 and the whole family revoked', async () => {
    const u = await makeUser(ctx.world.deps)
    const first = await ctx.api.login(u.email, u.password)
    const second = (await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).body
    const third = (await grant({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).body
    const reuse = await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(reuse.status).toBe(401)
    expect(reuse.body.code).toBe('invalid_grant')
    expect((await ctx.api.get('/api/me', third.access_token)).status).toBe(401)
    const latest = await grant({ grant_type: 'refresh_token', refresh_token: third.refresh_token })
    expect(latest.status).toBe(401)
    // Another sign-in (another family) is untouched.
    const other = await ctx.api.login(u.email, u.password)
    expect((await ctx.api.get('/api/me', other.access_token)).status).toBe(200)
  })

  it('refuses unknown tokens, another client’s token and a missing token', async () => {
    const u = await makeUser(ctx.world.deps)
    const pair = await ctx.api.login(u.email, u.password)
    expect((await grant({ grant_type: 'refresh_token', refresh_token: 'nope' })).status).toBe(401)
    const cross = await grant(
      { grant_type: 'refresh_token', refresh_token: pair.refresh_token },
      { 'x-fanspole-client': 'cli' },
    )
    expect(cross.status).toBe(401)
    expect(cross.body.code).toBe('invalid_grant')
    const missing = await grant({ grant_type: 'refresh_token' })
    expect(missing.status).toBe(422)
    expect(missing.body.errors.refresh_token).toEqual(['is required'])
  })

  it('rate limits refreshes with tokens that name no sign-in per address, with 429', async () => {
    const limit = ctx.world.deps.config.rateLimits.refreshUnknown.limit
    for (let i = 0; i < limit; i++)
      expect((await grant({ grant_type: 'refresh_token', refresh_token: `junk-${i}` })).status).toBe(401)
    const blocked = await grant({ grant_type: 'refresh_token', refresh_token: 'junk-last' })
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    // Sign-in has its own budget, and so does every real sign-in's refresh.
    const u = await makeUser(ctx.world.deps)
    const pair = (await grant({ grant_type: 'password', email: u.email, password: u.password })).body
    expect(pair.refresh_token).toBeDefined()
    expect((await grant({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).status).toBe(200)
  })

  it('counts refreshes per sign-in (token family), not per address', async () => {
    const { limit, windowMs } = ctx.world.deps.config.rateLimits.refresh
    // Seven classmates behind one address, one of them refreshing as often as the limit allows…
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(ctx.world.deps)))
    const pairs = []
    for (const u of users) pairs.push(await ctx.api.login(u.email, u.password))
    let busy = pairs[0]?.refresh_token as string
    for (let i = 0; i < limit; i++) {
      const res = await grant({ grant_type: 'refresh_token', refresh_token: busy })
      expect(res.status, `refresh ${i + 1}`).toBe(200)
      busy = res.body.refresh_token
    }
    const blocked = await grant({ grant_type: 'refresh_token', refresh_token: busy })
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    expect(Number(blocked.headers.get('retry-after'))).toBe(windowMs / 1000)
    // …and every other sign-in from that address still refreshes.
    for (const pair of pairs.slice(1))
      expect((await grant({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).status).toBe(
        200,
      )
    ctx.world.wall.advance(windowMs)
    expect((await grant({ grant_type: 'refresh_token', refresh_token: busy })).status).toBe(200)
  })

  it('expires access tokens after two hours of wall time, whatever the game clock does', async () => {
    const u = await makeUser(ctx.world.deps)
    const pair = await ctx.api.login(u.email, u.password)
    ctx.world.deps.clock.set({ advance_ms: 7 * 24 * 3600_000 })
    expect((await ctx.api.get('/api/me', pair.access_token)).status).toBe(200)
    ctx.world.wall.advance(2 * 3600_000)
    const expired = await ctx.api.get('/api/me', pair.access_token)
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN', error: 'The access token has expired' })
    expect((await grant({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).status).toBe(200)
  })
})

describe('POST /oauth/revoke (sign out)', () => {
  it('revokes the bearer token’s whole sign-in and leaves other sessions alone', async () => {
    const u = await makeUser(ctx.world.deps)
    const a = await ctx.api.login(u.email, u.password)
    const b = await ctx.api.login(u.email, u.password)
    const res = await ctx.api.call('POST', '/oauth/revoke', { token: a.access_token })
    expect(res.status).toBe(200)
    expect((await ctx.api.get('/api/me', a.access_token)).status).toBe(401)
    expect((await grant({ grant_type: 'refresh_token', refresh_token: a.refresh_token })).status).toBe(401)
    expect((await ctx.api.get('/api/me', b.access_token)).status).toBe(200)
  })

  it('revokes by a refresh token in the body, and answers 200 for unknown tokens', async () => {
    const u = await makeUser(ctx.world.deps)
    const a = await ctx.api.login(u.email, u.password)
    expect((await ctx.api.post('/oauth/revoke', { token: a.refresh_token })).status).toBe(200)
    expect((await ctx.api.get('/api/me', a.access_token)).status).toBe(401)
    expect((await ctx.api.post('/oauth/revoke', { token: 'never-issued' })).status).toBe(200)
  })
})
