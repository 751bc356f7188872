import { describe, expect, it } from 'vitest'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

const ADMIN_READS = ['/api/admin/clock', '/api/admin/outbox', '/api/admin/users', '/api/admin/ledger/verify']
const ADMIN_WRITES: Array<[string, unknown]> = [
  ['/api/admin/clock', { advance_ms: 1000 }],
  ['/api/admin/users', { email: 'x@example.test', username: 'xavier' }],
  ['/api/admin/notifications', { user_id: 1, body: 'hi' }],
]

describe('/api/admin/* authorisation', () => {
  it('answers 401 to anonymous callers and 403 to players, changing nothing', async () => {
    const player = await ctx.api.player()
    const before = ctx.world.deps.clock.now()
    for (const path of ADMIN_READS) {
      expect((await ctx.api.get(path)).status, path).toBe(401)
      const res = await ctx.api.get(path, player.token)
      expect(res.status, path).toBe(403)
      expect(res.body.code).toBe('FORBIDDEN')
    }
    for (const [path, body] of ADMIN_WRITES) {
      expect((await ctx.api.post(path, body)).status, path).toBe(401)
      expect((await ctx.api.post(path, body, player.token)).status, path).toBe(403)
    }
    expect(ctx.world.deps.clock.now()).toBe(before)
    const users = await ctx.world.deps.db.selectFrom('users').select('username').execute()
    expect(users.map((u) => u.username)).not.toContain('xavier')
  })
})

describe('GET/POST /api/admin/clock', () => {
  it('shows the clock and changes speed, pause, advance and jump', async () => {
    const admin = await ctx.api.admin()
    const t0 = ctx.world.deps.clock.now()
    expect((await ctx.api.get('/api/admin/clock.json', admin.token)).body).toEqual({
      now_in_millis: t0,
      now: new Date(t0).toISOString(),
      speed: 1,
      paused: false,
    })
    expect((await ctx.api.post('/api/admin/clock', { speed: 60 }, admin.token)).body).toMatchObject({
      speed: 60,
    })
    ctx.world.wall.advance(1000)
    expect(ctx.world.deps.clock.now()).toBe(t0 + 60_000)
    expect((await ctx.api.post('/api/admin/clock', { paused: true }, admin.token)).body.paused).toBe(true)
    ctx.world.wall.advance(1000)
    expect(
      (await ctx.api.post('/api/admin/clock', { advance_ms: 3_600_000 }, admin.token)).body.now_in_millis,
    ).toBe(t0 + 60_000 + 3_600_000)
    const jump = await ctx.api.post(
      '/api/admin/clock',
      { now_in_millis: t0 + 86_400_000, paused: false, speed: 1 },
      admin.token,
    )
    expect(jump.body).toMatchObject({ now_in_millis: t0 + 86_400_000, paused: false, speed: 1 })
  })

  it('fires the jobs a jump passes over, in order, before answering', async () => {
    const admin = await ctx.api.admin()
    const fired: string[] = []
    ctx.world.deps.scheduler.register('test.note', async (job) => {
      fired.push(String(job.payload.name))
    })
    const t0 = ctx.world.deps.clock.now()
    for (const [name, at] of [
      ['b', 2000],
      ['a', 1000],
      ['c', 9_000_000],
    ] as const)
      await ctx.world.deps.scheduler.schedule(ctx.world.deps.db, {
        kind: 'test.note',
        runAtMs: t0 + at,
        payload: { name },
      })
    await ctx.api.post('/api/admin/clock', { advance_ms: 5000 }, admin.token)
    expect(fired).toEqual(['a', 'b'])
  })

  it('refuses a backwards jump (409), bad values and empty changes (422)', async () => {
    const admin = await ctx.api.admin()
    const back = await ctx.api.post('/api/admin/clock', { now_in_millis: 0 }, admin.token)
    expect(back.status).toBe(409)
    expect(back.body.code).toBe('CLOCK_BACKWARDS')
    expect((await ctx.api.post('/api/admin/clock', {}, admin.token)).status).toBe(422)
    const bad = await ctx.api.post('/api/admin/clock', { speed: -1, advance_ms: 'soon' }, admin.token)
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['advance_ms', 'speed'])
    expect((await ctx.api.post('/api/admin/clock', { warp: 9 }, admin.token)).body.errors.warp).toEqual([
      'is not a known field',
    ])
  })

  it('keeps the clock across a restart of the same database', async () => {
    const admin = await ctx.api.admin()
    await ctx.api.post('/api/admin/clock', { advance_ms: 10_000_000, speed: 5 }, admin.token)
    const { loadClockAnchor } = await import('../../../server/areas/clock/service')
    const anchor = await loadClockAnchor(ctx.world.deps.db)
    expect(anchor).toMatchObject({ speed: 5 })
    expect(anchor?.anchorGameMs).toBe(ctx.world.deps.clock.now())
  })
})

describe('admin users, outbox and notifications', () => {
  it('lists users with balances, filters by text and role, and pages', async () => {
    const admin = await ctx.api.admin()
    await ctx.api.player('kohli_fan')
    await ctx.api.player('dhoni_fan')
    const all = await ctx.api.get('/api/admin/users?per_page=2', admin.token)
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 2, total_pages: 2 })
    const found = await ctx.api.get('/api/admin/users?q=kohli', admin.token)
    expect(found.body.users).toHaveLength(1)
    expect(found.body.users[0]).toMatchObject({ username: 'kohli_fan', unused_balance: 0, coin_balance: 0 })
    expect((await ctx.api.get('/api/admin/users?role=admin', admin.token)).body.users).toHaveLength(1)
  })

  it('creates an active account with a password and validates input', async () => {
    const admin = await ctx.api.admin()
    const res = await ctx.api.post(
      '/api/admin/users',
      { email: 'coach@example.test', username: 'coach', password: 'coach-pass-1', role: 'admin' },
      admin.token,
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ invited: false, user: { role: 'admin', status: 'active' } })
    const coach = await ctx.api.login('coach@example.test', 'coach-pass-1')
    expect((await ctx.api.get('/api/admin/clock', coach.access_token)).status).toBe(200)
    const dup = await ctx.api.post(
      '/api/admin/users',
      { email: 'coach@example.test', username: 'coach' },
      admin.token,
    )
    expect(dup.status).toBe(422)
    expect(dup.body.errors).toEqual({
      email: ['has already been taken'],
      username: ['has already been taken'],
    })
  })

  it('filters the outbox by recipient, newest first', async () => {
    const admin = await ctx.api.admin()
    await ctx.api.post('/api/users', {
      email: 'one@example.test',
      username: 'one_one',
      password: 'password-1',
    })
    await ctx.api.post('/api/users', {
      email: 'two@example.test',
      username: 'two_two',
      password: 'password-2',
    })
    await ctx.api.post('/api/users/forget_password', { email: 'one@example.test' })
    const one = await ctx.api.get('/api/admin/outbox?to=ONE@example.test', admin.token)
    expect(one.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your Fanspole password',
      'Verify your e-mail address',
    ])
    expect((await ctx.api.get('/api/admin/outbox?limit=1', admin.token)).body.messages).toHaveLength(1)
  })

  it('sends a notification to one user named by id, e-mail or slug', async () => {
    const admin = await ctx.api.admin()
    const p = await ctx.api.player()
    for (const who of [{ user_id: p.id }, { email: p.email }, { slug: p.slug }]) {
      const res = await ctx.api.post(
        '/api/admin/notifications',
        { ...who, body: 'Match starts soon' },
        admin.token,
      )
      expect(res.status).toBe(201)
      expect(res.body.notification).toMatchObject({
        kind: 'announcement',
        body: 'Match starts soon',
        read: false,
      })
    }
    expect((await ctx.api.get('/api/notifications', p.token)).body.meta.total).toBe(3)
    expect(
      (await ctx.api.post('/api/admin/notifications', { user_id: 99_999, body: 'x' }, admin.token)).status,
    ).toBe(404)
    const both = await ctx.api.post(
      '/api/admin/notifications',
      { user_id: p.id, slug: p.slug, body: 'x' },
      admin.token,
    )
    expect(both.status).toBe(422)
    expect(both.body.errors.base).toBeDefined()
  })
})

describe('GET /api/admin/ledger/verify', () => {
  it('reports a clean ledger, then the exact problem after tampering', async () => {
    const admin = await ctx.api.admin()
    const clean = await ctx.api.get('/api/admin/ledger/verify', admin.token)
    expect(clean.body).toMatchObject({ ok: true, problems: [] })
    expect(clean.body.accounts).toBeGreaterThanOrEqual(3)
    const account = await ctx.world.deps.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'unused')
      .executeTakeFirstOrThrow()
    await ctx.world.deps.db
      .updateTable('ledger_accounts')
      .set({ balance: 500 })
      .where('id', '=', account.id)
      .execute()
    const dirty = await ctx.api.get('/api/admin/ledger/verify', admin.token)
    expect(dirty.body.ok).toBe(false)
    expect(dirty.body.problems).toEqual([
      expect.objectContaining({
        kind: 'balance_mismatch',
        account_id: account.id,
        cached: 500,
        entries_sum: 0,
      }),
    ])
  })
})
