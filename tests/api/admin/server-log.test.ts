import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_WAITING_RECORDS } from '../../../server/areas/request-log'
import { LOG_STREAM } from '../../../server/lib/tap'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'

let world: TestWorld
let api: ReturnType<typeof client>

beforeEach(async () => {
  world = await testWorld()
  api = client(world.deps)
})
afterEach(async () => {
  await world.close()
})

type Rec = Record<string, any>

/** Opens GET /api/admin/log as `token`; `until` reads records until one matches (the stream stays open). */
async function openLog(token: string, query = '') {
  const controller = new AbortController()
  const res = await api.app.request(`/api/admin/log${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const seen: Rec[] = []
  const until = async (match: (r: Rec) => boolean): Promise<Rec> => {
    for (;;) {
      const found = seen.find(match)
      if (found) return found
      const chunk = await reader.read()
      if (chunk.done) throw new Error(`the log ended; seen: ${JSON.stringify(seen)}`)
      buffer += decoder.decode(chunk.value, { stream: true })
      const events = buffer.split('\n\n')
      buffer = events.pop() ?? ''
      for (const e of events) if (e.startsWith('data: ')) seen.push(JSON.parse(e.slice(6)))
    }
  }
  const close = async () => {
    await reader.cancel()
    controller.abort()
  }
  return { res, until, seen, close }
}

describe('GET /api/admin/log', () => {
  it('answers 401 without a token and 403 to a player', async () => {
    const player = await api.player()
    expect((await api.get('/api/admin/log')).status).toBe(401)
    const refused = await api.get('/api/admin/log', player.token)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('FORBIDDEN')
  })

  it('streams every request with its caller, status and time, while the admin listens', async () => {
    const admin = await api.admin()
    const player = await api.player()
    const log = await openLog(admin.token)
    expect(log.res.headers.get('content-type')).toContain('text/event-stream')
    await log.until((r) => r.type === 'listening')
    await api.get('/api/me', player.token)
    await api.get('/api/no/such/route?page=2', player.token)
    const me = await log.until((r) => r.type === 'request' && r.path === '/api/me')
    expect(me).toMatchObject({ method: 'GET', status: 200, user_id: player.id, user_email: player.email })
    expect(me.ms).toBeTypeOf('number')
    // Without bodies=true no answer travels.
    expect(me.answer).toBeUndefined()
    const missing = await log.until((r) => r.type === 'request' && r.path === '/api/no/such/route')
    expect(missing).toMatchObject({ status: 404, query: 'page=2' })
    await log.close()
  })

  it('carries bodies and answers with bodies=true, secrets redacted', async () => {
    const admin = await api.admin()
    const player = await api.player()
    const log = await openLog(admin.token, '?bodies=true')
    await log.until((r) => r.type === 'listening')
    await api.login(player.email, player.password)
    const signIn = await log.until((r) => r.type === 'request' && r.path === '/oauth/token')
    expect(signIn.body).toMatchObject({ email: player.email, password: '[redacted]' })
    expect(signIn.answer).toMatchObject({ access_token: '[redacted]', refresh_token: '[redacted]' })
    expect(JSON.stringify(log.seen)).not.toContain(player.password)
    await log.close()
  })

  it('streams broadcasts: stream, channel and message type', async () => {
    const admin = await api.admin()
    const player = await api.player()
    const log = await openLog(admin.token)
    await log.until((r) => r.type === 'listening')
    const sent = await api.post(
      '/api/admin/notifications',
      { user_id: player.id, body: 'Toss soon' },
      admin.token,
    )
    expect(sent.status).toBe(201)
    const broadcast = await log.until((r) => r.type === 'broadcast' && r.message_type === 'notification')
    expect(broadcast).toMatchObject({
      stream: `notifications:user:${player.id}`,
      channel: 'NotificationsChannel',
    })
    await log.close()
  })

  it('records nothing once the last listener has gone', async () => {
    const admin = await api.admin()
    const tap = world.deps.tap
    expect(tap?.active()).toBe(false)
    const log = await openLog(admin.token)
    await log.until((r) => r.type === 'listening')
    expect(tap?.active()).toBe(true)
    await log.close()
    await expect.poll(() => tap?.active()).toBe(false)
    const records: unknown[] = []
    world.deps.bus.subscribe(LOG_STREAM, (m) => records.push(m))
    await api.get('/api/me', admin.token)
    expect(records).toEqual([])
  })

  it('drops records a slow listener cannot take, and says how many', async () => {
    const admin = await api.admin()
    const log = await openLog(admin.token)
    await log.until((r) => r.type === 'listening')
    // Nobody reads until every record has reached this process (on PostgreSQL they come back
    // through the database): the listener's queue fills and the rest are dropped.
    let delivered = 0
    world.deps.bus.subscribe(LOG_STREAM, () => delivered++)
    const sent = MAX_WAITING_RECORDS + 500
    for (let i = 0; i < sent; i++) world.deps.tap?.record({ type: 'request', path: `/n/${i}` })
    await expect.poll(() => delivered, { timeout: 15_000 }).toBe(sent)
    const dropped = await log.until((r) => r.type === 'dropped')
    expect(dropped.count).toBeGreaterThanOrEqual(400)
    const kept = log.seen.filter((r) => r.type === 'request').length
    expect(kept).toBeLessThanOrEqual(MAX_WAITING_RECORDS + 10)
    await log.close()
  })
})
