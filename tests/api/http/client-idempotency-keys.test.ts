import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api, passwordLogin } from '../../../cli/lib/api'
import { saveSession } from '../../../cli/lib/credentials'
import type { Io } from '../../../cli/lib/io'
import { get, post } from '../../../web/src/lib/api'
import { storeTokens } from '../../../web/src/lib/session'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'

// The web client (web/src/lib/api.ts) and the command line (cli/lib/api.ts) send every
// signed-in write with an Idempotency-Key: fresh per call, the same on the resend after a
// token refresh, so a money-moving request that is sent again moves money once. Both run here
// against the real app in-process, each request recorded: the web client's fetch is routed into
// it (with a cookie jar for its session), the command line (node:http) talks to it on a port.

const SERVER = 'http://fanspole.test'
let world: TestWorld
let api: ReturnType<typeof client>
let admin: Awaited<ReturnType<typeof api.admin>>
const sent: Array<{ method: string; path: string; key: string | null }> = []
const saved = {
  fetch: globalThis.fetch,
  document: globalThis.document,
  localStorage: globalThis.localStorage,
}
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-keys-'))
let listening: ReturnType<typeof createAdaptorServer> | undefined

const record = (request: Request) => {
  sent.push({
    method: request.method,
    path: new URL(request.url).pathname,
    key: request.headers.get('idempotency-key'),
  })
  return api.app.request(request)
}

beforeAll(async () => {
  world = await testWorld()
  api = client(world.deps)
  admin = await api.admin()
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) =>
    record(new Request(new URL(String(input), SERVER), init))) as typeof fetch
  const jar = new Map<string, string>()
  globalThis.document = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (attributes.some((a) => a.trim() === 'max-age=0')) jar.delete(name)
      else jar.set(name, value)
    },
  } as Document
  globalThis.localStorage = {
    removeItem: () => {},
    getItem: () => null,
    setItem: () => {},
  } as unknown as Storage
})
afterAll(async () => {
  Object.assign(globalThis, saved)
  await new Promise((resolve) => (listening ? listening.close(resolve) : resolve(undefined)))
  fs.rmSync(home, { recursive: true, force: true })
  await world.close()
})

const writesTo = (p: string) => sent.filter((r) => r.path === p && r.method !== 'GET')
const credits = async (userId: number) =>
  (await world.deps.db.selectFrom('user_credits').select('id').where('user_id', '=', userId).execute()).length

describe('the web client', () => {
  it('keys every write afresh, none of the reads, and resends after a refresh with the same key', async () => {
    const p = await api.player()
    const pair = await api.login(p.email, p.password)
    storeTokens(pair)
    await get('/api/me')
    expect(sent.at(-1)).toMatchObject({ method: 'GET', key: null })
    await post('/api/user_credits', { enter_amount: 100, gateway: 'paytm' })
    await post('/api/user_credits', { enter_amount: 100, gateway: 'paytm' })
    const [a, b] = writesTo('/api/user_credits')
    expect(a?.key).toMatch(/^[0-9a-f]{32}$/)
    expect(b?.key).not.toBe(a?.key)

    // The access token is refused (401): the client refreshes and sends the same request again.
    storeTokens({ access_token: 'expired-token', refresh_token: pair.refresh_token })
    sent.length = 0
    await post('/api/user_credits', { enter_amount: 200, gateway: 'paytm' })
    const attempts = writesTo('/api/user_credits')
    expect(attempts).toHaveLength(2)
    expect(attempts[1]?.key).toBe(attempts[0]?.key)
    expect(await credits(p.id)).toBe(3)
    // The token grant is anonymous: no key.
    expect(writesTo('/post_login/').map((r) => r.key)).toEqual([null])
  })
})

describe('the command line', () => {
  it('keys every write afresh and resends after a refresh with the same key', async () => {
    listening = createAdaptorServer({ fetch: record })
    const server = listening
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const SERVER = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const io = { env: { FANSPOLE_HOME: home }, err: () => {} } as unknown as Io
    const session = await passwordLogin(SERVER, admin.email, admin.password)
    // A stale access token with a good refresh token: the first call is refused, then refreshed.
    saveSession(io.env, SERVER, { ...session, access_token: 'expired-token' })
    const cli = new Api(io, SERVER, 'user')
    const p = await api.player()
    sent.length = 0
    await cli.post('/api/admin/wallet/credits', { user_id: p.id, amount: 10 })
    await cli.post('/api/admin/wallet/credits', { user_id: p.id, amount: 10 })
    const [first, resent, next] = writesTo('/api/admin/wallet/credits')
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(resent?.key).toBe(first?.key)
    expect(next?.key).not.toBe(first?.key)
    expect(writesTo('/api/admin/wallet/credits')).toHaveLength(3)
    expect(writesTo('/oauth/token').map((r) => r.key)).toEqual([null])
  })
})
