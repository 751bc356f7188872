import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/main'
import {
  cableUrl,
  holdDatabase,
  NOTIFICATIONS,
  rawCable,
  signedInUser,
  startCableServer,
} from '../../helpers/cable'

let server: RunningServer
let me: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  server = await startCableServer({ cable: { allowedOrigins: ['http://fanspole.test'] } })
  me = await signedInUser(server)
})
afterAll(() => server.close())

/** Welcomed, then a subscription works as this user (their own stream reaches them). */
async function expectSignedIn(cable: Awaited<ReturnType<typeof rawCable>>) {
  expect(await cable.take()).toEqual({ type: 'welcome' })
  cable.subscribe(NOTIFICATIONS)
  await cable.take((f) => f.type === 'confirm_subscription')
  server.deps.bus.publish(`notifications:user:${me.id}`, { type: 'notification', to: me.id })
  expect(await cable.take((f) => f.message?.type === 'notification')).toMatchObject({
    message: { to: me.id },
  })
  await cable.close()
}

async function expectRefused(cable: Awaited<ReturnType<typeof rawCable>>) {
  expect(await cable.take()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false })
  expect((await cable.closed).code).toBe(1000)
  // No welcome, no ping, nothing else.
  expect(cable.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }])
}

describe('/cable authentication (after the upgrade)', () => {
  it('accepts the token from the at cookie', async () => {
    await expectSignedIn(
      await rawCable(cableUrl(server), { headers: { cookie: `theme=dark; at=${me.token}` } }),
    )
  })

  it('accepts the token from ?access_token=', async () => {
    await expectSignedIn(await rawCable(cableUrl(server, `?access_token=${me.token}`)))
  })

  it('accepts the token from Authorization: Bearer', async () => {
    await expectSignedIn(
      await rawCable(cableUrl(server), { headers: { authorization: `Bearer ${me.token}` } }),
    )
  })

  it('prefers the header over a stale cookie', async () => {
    await expectSignedIn(
      await rawCable(cableUrl(server), {
        headers: { authorization: `Bearer ${me.token}`, cookie: 'at=stale-token' },
      }),
    )
  })

  it('refuses a missing token with the unauthorized frame, never an HTTP 401', async () => {
    const cable = await rawCable(cableUrl(server))
    expect(cable.ws.protocol).toBe('actioncable-v1-json')
    await expectRefused(cable)
  })

  it('refuses an unknown token', async () => {
    await expectRefused(await rawCable(cableUrl(server, '?access_token=not-a-real-token')))
  })

  it('refuses a revoked token, and drops what was sent before the verdict', async () => {
    const other = await signedInUser(server)
    const res = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fanspole-client': 'web' },
      body: JSON.stringify({ token: other.token }),
    })
    expect(res.status).toBe(200)
    const release = await holdDatabase(server)
    const cable = await rawCable(cableUrl(server, `?access_token=${other.token}`))
    cable.subscribe(NOTIFICATIONS)
    await new Promise((r) => setTimeout(r, 50))
    await release()
    await expectRefused(cable)
  })

  it('answers 404 to an upgrade from an origin not on the allow-list', async () => {
    const attempt = rawCable(cableUrl(server, `?access_token=${me.token}`), {
      headers: { origin: 'http://evil.example' },
    })
    await expect(attempt).rejects.toThrow(/404/)
  })

  it('lets an allowed origin in', async () => {
    await expectSignedIn(
      await rawCable(cableUrl(server, `?access_token=${me.token}`), {
        headers: { origin: 'http://fanspole.test' },
      }),
    )
  })
})
