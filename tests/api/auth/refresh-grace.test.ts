import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { successorTokens } from '../../../server/areas/auth/refresh-rotation'
import { makeUser, type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'

// Two tabs (or six requests) refreshing with one refresh token at once: the grace period
// answers them all with the same pair, on SQLite and on PostgreSQL (the api-pg project: real
// parallel transactions there, serialised by the row lock on the presented token).
describe('POST /oauth/token refresh grace', () => {
  let world: TestWorld
  let api: ReturnType<typeof client>
  beforeEach(async () => {
    world = await testWorld()
    api = client(world.deps)
  })
  afterEach(() => world.close())

  const refresh = (token: string, clientId = 'web') =>
    api.call('POST', '/oauth/token', {
      body: { grant_type: 'refresh_token', refresh_token: token },
      headers: { 'x-fanspole-client': clientId },
    })
  const me = async (token: string) => (await api.get('/api/me', token)).status

  /**
   * Opens six pooled connections first (PostgreSQL), so the six transactions below really run
   * at the same time instead of queueing behind connection set-up.
   */
  async function warmPool() {
    if (world.deps.dbHandle.kind !== 'postgres') return
    await Promise.all(Array.from({ length: 6 }, () => sql`select pg_sleep(0.05)`.execute(world.deps.db)))
  }

  async function signedIn() {
    const u = await makeUser(world.deps)
    return api.login(u.email, u.password)
  }

  it('answers six simultaneous refreshes with one and the same new pair', async () => {
    const first = await signedIn()
    await warmPool()
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(first.refresh_token)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    const pair = answers[0]?.body
    for (const a of answers) expect(a.body).toEqual(pair)
    expect(pair.refresh_token).not.toBe(first.refresh_token)
    expect(pair.access_token).toMatch(/^[\w-]{43}$/)
    expect(await me(pair.access_token)).toBe(200)
    expect(await me(first.access_token)).toBe(401)
    // One successor was stored, and it rotates normally.
    const stored = await world.deps.db.selectFrom('oauth_refresh_tokens').select('id').execute()
    expect(stored).toHaveLength(2)
    const next = await refresh(pair.refresh_token)
    expect(next.status).toBe(200)
    expect(next.body.refresh_token).not.toBe(pair.refresh_token)
    expect(await me(next.body.access_token)).toBe(200)
  })

  it('answers the same pair until the grace ends, then treats the token as stolen', async () => {
    const graceMs = world.deps.config.refreshGraceMs
    const first = await signedIn()
    const a = await refresh(first.refresh_token)
    world.wall.advance(graceMs - 1)
    const b = await refresh(first.refresh_token)
    expect(b.status).toBe(200)
    expect(b.body).toEqual(a.body)
    world.wall.advance(1)
    const late = await refresh(first.refresh_token)
    expect(late.status).toBe(401)
    expect(late.body.code).toBe('invalid_grant')
    expect(late.body.error).toMatch(/already used/)
    // The whole family is gone: the pair the grace handed out, too.
    expect(await me(a.body.access_token)).toBe(401)
    expect((await refresh(a.body.refresh_token)).status).toBe(401)
  })

  it('gives no grace once the successor was rotated itself: the family is revoked', async () => {
    const first = await signedIn()
    const second = (await refresh(first.refresh_token)).body
    const third = (await refresh(second.refresh_token)).body
    const reuse = await refresh(first.refresh_token)
    expect(reuse.status).toBe(401)
    expect(reuse.body.error).toMatch(/already used/)
    expect(await me(third.access_token)).toBe(401)
    expect((await refresh(third.refresh_token)).status).toBe(401)
  })

  it('gives no grace to a signed-out family or to another client', async () => {
    const first = await signedIn()
    const pair = (await refresh(first.refresh_token)).body
    expect((await api.call('POST', '/oauth/revoke', { token: pair.access_token })).status).toBe(200)
    const revoked = await refresh(first.refresh_token)
    expect(revoked.status).toBe(401)
    expect(revoked.body.error).toBe('The refresh token was revoked')

    const other = await signedIn()
    const mine = (await refresh(other.refresh_token)).body
    const cross = await refresh(other.refresh_token, 'cli')
    expect(cross.status).toBe(401)
    expect(await me(mine.access_token)).toBe(401)
  })

  it('stores no token in plain text, and derives the successor under the server key', async () => {
    const first = await signedIn()
    const pair = (await refresh(first.refresh_token)).body
    const rows = [
      ...(await world.deps.db.selectFrom('oauth_access_tokens').selectAll().execute()),
      ...(await world.deps.db.selectFrom('oauth_refresh_tokens').selectAll().execute()),
      ...(await world.deps.db.selectFrom('app_settings').selectAll().execute()),
    ]
    const text = JSON.stringify(rows)
    for (const token of [first.access_token, first.refresh_token, pair.access_token, pair.refresh_token])
      expect(text).not.toContain(token)
    // The successor is the HMAC of the presented token under the server's key, and only that.
    const key = await world.deps.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'token_derivation_key')
      .executeTakeFirstOrThrow()
    expect(successorTokens(key.value, first.refresh_token)).toEqual({
      access: pair.access_token,
      refresh: pair.refresh_token,
    })
    expect(successorTokens('0'.repeat(64), first.refresh_token).refresh).not.toBe(pair.refresh_token)
  })
})
