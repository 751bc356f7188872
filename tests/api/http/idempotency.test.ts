import { describe, expect, it } from 'vitest'
import { withTx } from '../../../server/db/tx'
import { errorHandler } from '../../../server/http/error-handler'
import { AppError } from '../../../server/http/errors'
import { idempotency, moneyRoute, requestDeps } from '../../../server/http/idempotency'
import { authenticate } from '../../../server/http/middleware'
import { createRouter, currentUser } from '../../../server/http/router'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ ledger: true })

const credits = async (userId?: number) =>
  (
    await ctx.world.deps.db
      .selectFrom('user_credits')
      .select('id')
      .$call((q) => (userId === undefined ? q : q.where('user_id', '=', userId)))
      .execute()
  ).length

function deposit(
  token: string | undefined,
  key: string | undefined,
  body: unknown,
  path = '/api/user_credits',
) {
  return ctx.api.call('POST', path, {
    body,
    token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  })
}

describe('Idempotency-Key on POST /api/user_credits', () => {
  it('a replay with the same key and body returns the first answer and does nothing again', async () => {
    const p = await ctx.api.player()
    const body = { enter_amount: 500, gateway: 'paytm' }
    const first = await deposit(p.token, 'key-1', body)
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await deposit(p.token, 'key-1', body)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.headers.get('content-type')).toContain('application/json')
    // The same request by meaning: keys in another order, the .json suffix.
    const reordered = await ctx.api.call('POST', '/api/user_credits.json', {
      raw: '{ "gateway": "paytm",   "enter_amount": 500 }',
      token: p.token,
      headers: { 'Idempotency-Key': 'key-1' },
    })
    expect(reordered.status).toBe(201)
    expect(reordered.body).toEqual(first.body)
    expect(await credits()).toBe(1)
  })

  it('refuses the same key with another body (422 IDEMPOTENCY_KEY_REUSED) and changes nothing', async () => {
    const p = await ctx.api.player()
    expect((await deposit(p.token, 'key-2', { enter_amount: 500, gateway: 'paytm' })).status).toBe(201)
    const other = await deposit(p.token, 'key-2', { enter_amount: 600, gateway: 'paytm' })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(other.body.errors).toEqual({ idempotency_key: ['was already used with a different request'] })
    expect(await credits()).toBe(1)
  })

  it('keys are per user: another user’s identical key is a new request', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const body = { enter_amount: 100, gateway: 'payumoney' }
    const first = await deposit(a.token, 'shared', body)
    const second = await deposit(b.token, 'shared', body)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect(second.body.user_credit.id).not.toBe(first.body.user_credit.id)
    expect(await credits(a.id)).toBe(1)
    expect(await credits(b.id)).toBe(1)
  })

  it('without a key every request is new', async () => {
    const p = await ctx.api.player()
    const body = { enter_amount: 100, gateway: 'paytm' }
    await deposit(p.token, undefined, body)
    await deposit(p.token, undefined, body)
    expect(await credits()).toBe(2)
  })

  it('keeps a 422 answer for its key: the same bad body gets it again, a corrected one is refused', async () => {
    const p = await ctx.api.player()
    const bad = await deposit(p.token, 'key-3', { enter_amount: 5, gateway: 'paytm' })
    expect(bad.status).toBe(422)
    const again = await deposit(p.token, 'key-3', { enter_amount: 5, gateway: 'paytm' })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual(bad.body.errors)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const fixed = await deposit(p.token, 'key-3', { enter_amount: 50, gateway: 'paytm' })
    expect(fixed.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await credits()).toBe(0)
  })

  it('refuses a malformed key (422) and an anonymous request (401), keeping nothing', async () => {
    const p = await ctx.api.player()
    const body = { enter_amount: 100, gateway: 'paytm' }
    for (const key of ['has spaces', 'x'.repeat(256), '']) {
      const res = await deposit(p.token, key, body)
      expect(res.status, key).toBe(422)
      expect(res.body.errors.idempotency_key).toEqual([
        'must be 1 to 255 visible ASCII characters (a UUID, say)',
      ])
    }
    const anonymous = await deposit(undefined, 'k', body)
    expect(anonymous.status).toBe(401)
    expect(await ctx.world.deps.db.selectFrom('idempotency_keys').select('id').execute()).toEqual([])
    expect(await credits()).toBe(0)
  })

  it('concurrent requests with one key create one credit; the others wait for it and replay its answer', async () => {
    const p = await ctx.api.player()
    const body = { enter_amount: 300, gateway: 'paytm' }
    const answers = await Promise.all([1, 2, 3, 4].map(() => deposit(p.token, 'burst', body)))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3)
    expect(new Set(answers.map((a) => a.body.user_credit.id)).size).toBe(1)
    expect(await credits()).toBe(1)
  })
})

describe('idempotency() on any route', () => {
  /** A tiny app with the same middleware: counts how often its handler really runs. */
  function toyApp(fail: { next: 'none' | 'crash' | 'conflict' }) {
    let runs = 0
    const app = createRouter()
    app.onError(errorHandler(ctx.world.deps.log))
    app.use('*', authenticate(ctx.world.deps))
    app.post('/api/toy', idempotency(ctx.world.deps), async (c) => {
      currentUser(c)
      runs++
      if (fail.next === 'crash') throw new Error('boom')
      if (fail.next === 'conflict') throw new AppError('CONFLICT', 'not now')
      return c.json({ run: runs }, 201)
    })
    return { app, runs: () => runs }
  }
  const call = (app: ReturnType<typeof createRouter>, token: string, key: string, path = '/api/toy') =>
    app.request(path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
        'content-type': 'application/json',
      },
      body: '{}',
    })

  it('releases the key after a 500 so a retry runs; keeps a 409', async () => {
    const p = await ctx.api.player()
    const mode = { next: 'crash' as 'none' | 'crash' | 'conflict' }
    const toy = toyApp(mode)
    expect((await call(toy.app, p.token, 'k1')).status).toBe(500)
    mode.next = 'none'
    const retry = await call(toy.app, p.token, 'k1')
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({ run: 2 })
    const replay = await call(toy.app, p.token, 'k1')
    expect(await replay.json()).toEqual({ run: 2 })
    expect(toy.runs()).toBe(2)

    mode.next = 'conflict'
    expect((await call(toy.app, p.token, 'k2')).status).toBe(409)
    mode.next = 'none'
    const kept = await call(toy.app, p.token, 'k2')
    expect(kept.status).toBe(409)
    expect(kept.headers.get('idempotent-replayed')).toBe('true')
    expect(toy.runs()).toBe(3)
  })

  it('runs the route in the key’s transaction: a 500 after a change undoes the change with the key, a service’s refusal undoes only its own part', async () => {
    const p = await ctx.api.player()
    const mode = { next: 'none' as 'none' | 'crash' | 'refuse' }
    const app = createRouter()
    app.onError(errorHandler(ctx.world.deps.log))
    app.use('*', authenticate(ctx.world.deps))
    const mark = (d: typeof ctx.world.deps, key: string) =>
      withTx(d, (tx) => tx.insertInto('app_settings').values({ key, value: '1', updated_at_ms: 0 }).execute())
    app.post('/api/toy', idempotency(ctx.world.deps), async (c) => {
      currentUser(c)
      const d = requestDeps(c, ctx.world.deps)
      await mark(d, `toy:kept:${mode.next}`)
      if (mode.next === 'crash') throw new Error('boom')
      if (mode.next === 'refuse') {
        await withTx(d, async (tx) => {
          await tx
            .insertInto('app_settings')
            .values({ key: 'toy:refused', value: '1', updated_at_ms: 0 })
            .execute()
          throw new AppError('CONFLICT', 'not now')
        })
      }
      return c.json({ ok: true }, 201)
    })
    const marks = async () =>
      (
        await ctx.world.deps.db
          .selectFrom('app_settings')
          .select('key')
          .where('key', 'like', 'toy:%')
          .execute()
      )
        .map((r) => r.key)
        .sort()
    mode.next = 'crash'
    expect((await call(app, p.token, 'tx-1')).status).toBe(500)
    expect(await marks()).toEqual([])
    expect(await ctx.world.deps.db.selectFrom('idempotency_keys').select('id').execute()).toEqual([])
    mode.next = 'refuse'
    expect((await call(app, p.token, 'tx-2')).status).toBe(409)
    expect(await marks()).toEqual(['toy:kept:refuse'])
    expect((await call(app, p.token, 'tx-2')).headers.get('idempotent-replayed')).toBe('true')
  })

  it('moneyRoute refuses to declare an operation anyone may call (keys are per user)', () => {
    const route = { method: 'post', path: '/api/toy', responses: {} } as const
    expect(() => moneyRoute(ctx.world.deps, route)).toThrow(/needs security: bearerSecurity/)
    const secured = moneyRoute(ctx.world.deps, { ...route, security: [{ Bearer: [] }] })
    expect((secured as { parameters?: unknown }).parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    ])
  })

  it('a key used on one path is refused on another', async () => {
    const p = await ctx.api.player()
    const toy = toyApp({ next: 'none' })
    expect((await deposit(p.token, 'k3', { enter_amount: 100, gateway: 'paytm' })).status).toBe(201)
    const res = await call(toy.app, p.token, 'k3')
    expect(res.status).toBe(422)
    expect(((await res.json()) as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(toy.runs()).toBe(0)
  })
})
