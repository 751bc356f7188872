import { describe, expect, it } from 'vitest'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

describe('HTTP conventions', () => {
  it('treats a trailing .json and a trailing slash as the same route', async () => {
    const me = await ctx.api.player()
    for (const path of ['/api/me', '/api/me.json', '/api/me/'])
      expect((await ctx.api.get(path, me.token)).status, path).toBe(200)
  })

  it('selects fields with brace nesting on reads, keeping the envelope', async () => {
    const me = await ctx.api.player()
    const res = await ctx.api.get(
      '/api/me?fields=id, username ,next_level{level},stats{total_teams}',
      me.token,
    )
    expect(res.body).toEqual({
      user: { id: me.id, username: me.username, next_level: { level: 2 }, stats: { total_teams: 0 } },
    })
    const list = await ctx.api.get('/api/sports?fields=slug')
    expect(list.body.sports[0]).toEqual({ slug: 'cricket' })
  })

  it('answers every error in one shape with a request id, also sent as a header', async () => {
    const res = await ctx.api.get('/api/no/such/thing')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({
      error: 'No route for GET /api/no/such/thing',
      code: 'ROUTE_NOT_FOUND',
      request_id: expect.any(String),
    })
    expect(res.headers.get('x-request-id')).toBe(res.body.request_id)
    const ok = await ctx.api.get('/api/sports')
    expect(ok.headers.get('x-request-id')).toMatch(/\S+/)
  })

  it('refuses a body that is not JSON with 415, and sends security headers', async () => {
    const res = await ctx.api.call('POST', '/api/users', {
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    })
    expect(res.status).toBe(415)
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('answers a missing hashed asset with 404, never with the client page', async () => {
    const res = await ctx.api.app.request('/assets/index-deadbeef.js')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<html')
  })

  it('reports the game clock on /api/health', async () => {
    const res = await ctx.api.get('/api/health')
    expect(res.body).toEqual({ ok: true, now_in_millis: ctx.world.deps.clock.now(), speed: 1, paused: false })
  })

  it('never leaks internals on a 500', async () => {
    await ctx.world.deps.db.schema.dropTable('bhim_upis').execute()
    const me = await ctx.api.player()
    const res = await ctx.api.get('/api/me', me.token)
    expect(res.status).toBe(500)
    expect(res.body).toEqual({
      error: 'Something went wrong on our side',
      code: 'INTERNAL',
      request_id: expect.any(String),
    })
  })

  it('serves the catalogue: sports and point systems', async () => {
    const sports = await ctx.api.get('/api/sports.json')
    expect(sports.body.sports.map((s: { slug: string }) => s.slug)).toEqual([
      'cricket',
      'football',
      'f1',
      'pubg',
      'free-fire',
      'call-of-duty',
    ])
    expect(sports.body.sports[3]).toMatchObject({
      team_size: 5,
      kind: 'battle_royale',
      point_system: 'battle-royale',
    })
    const cricket = await ctx.api.get('/api/point_systems/cricket')
    const batting = cricket.body.point_system.sections[0].rules
    expect(batting.find((r: { id: string }) => r.id === 'six_bonus').points).toEqual({
      T20: 3,
      ODI: 4,
      Test: 5,
    })
    expect((await ctx.api.get('/api/point_systems/pubg')).body.point_system.sport).toBe('battle-royale')
    expect((await ctx.api.get('/api/point_systems')).body.point_systems).toHaveLength(4)
    expect((await ctx.api.get('/api/point_systems/chess')).status).toBe(404)
  })
})

describe('API documentation', () => {
  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await ctx.api.get('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    for (const path of [
      '/oauth/token',
      '/post_login',
      '/oauth/revoke',
      '/api/users',
      '/api/me',
      '/api/users/username_availability',
      '/api/users/new_user',
      '/api/users/forget_password',
      '/api/users/reset_password',
      '/api/users/activation',
      '/api/health',
      '/api/admin/clock',
      '/api/admin/outbox',
      '/api/admin/ledger/verify',
      '/api/notifications',
      '/api/avatars',
      '/api/point_systems',
    ])
      expect(res.body.paths, path).toHaveProperty([path])
    expect(res.body.paths['/api/users'].post.responses['422'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    )
    expect(res.body.components.schemas.RegisterRequest.required).toEqual(
      expect.arrayContaining(['email', 'username', 'password']),
    )
    expect(res.body.components.schemas.Me.properties.current_balance).toBeDefined()
    expect(res.body.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('serves a reference page whose assets are all local', async () => {
    const page = await ctx.api.app.request('/api/docs')
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('/vendor/swagger-ui-dist/swagger-ui-bundle.js')
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[a-z]/i)
    const asset = await ctx.api.app.request('/vendor/swagger-ui-dist/swagger-ui-bundle.js')
    expect(asset.status).toBe(200)
    expect((await asset.text()).length).toBeGreaterThan(100_000)
  })
})
