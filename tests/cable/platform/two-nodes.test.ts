import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../../server/areas/ledger/service'
import { withTx } from '../../../server/db/tx'
import type { RunningServer } from '../../../server/main'
import { NOTIFICATIONS, signedInUser, startCableServer, subscribedCable } from '../../helpers/cable'
import { durableDatabase, TEST_DIALECT } from '../../helpers/db'

// Two listening servers on one PostgreSQL database, in one test process: a broadcast made
// through A reaches a /cable subscriber on B (the separate-process suite is tests/cluster).
describe.skipIf(TEST_DIALECT !== 'postgres')('/cable across two nodes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof durableDatabase>>
  let a: RunningServer
  let b: RunningServer

  beforeAll(async () => {
    database = await durableDatabase('cable2')
    a = await startCableServer({ database: database.config })
    b = await startCableServer({ database: database.config })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await database?.drop()
  })

  it('a wallet credit and a notification made through A reach the user’s socket on B, in order', async () => {
    const me = await signedInUser(a)
    const admin = await signedInUser(a, 'admin')
    const cable = await subscribedCable(b, me.token, NOTIFICATIONS)
    const { deps } = a
    const now = deps.clock.now()
    const house = await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', now)
    const unused = await userAccountId(deps.db, me.id, 'unused')
    await withTx(deps, (tx, after) =>
      post(
        tx,
        {
          kind: 'test_credit',
          idempotencyKey: 'two-nodes-1',
          lines: [
            { accountId: house, amount: -10_000 },
            { accountId: unused, amount: 10_000 },
          ],
          nowMs: now,
        },
        after,
      ),
    )
    const res = await fetch(`${a.url}/api/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ user_id: me.id, body: 'Toss at 7 pm' }),
    })
    expect(res.status).toBe(201)
    const wallet = await cable.take((f) => f.identifier === NOTIFICATIONS && f.message?.type === 'wallet')
    expect(wallet.message).toMatchObject({ type: 'wallet', seq: 1, unused_balance: 100 })
    const note = await cable.take((f) => f.identifier === NOTIFICATIONS && f.message?.type === 'notification')
    expect(note.message).toMatchObject({ seq: 2, notification: { body: 'Toss at 7 pm' } })
    await cable.expectSilence(100)
    await cable.close()
  })

  it('a clock change through A reaches ClockChannel on B, and both nodes read the same clock', async () => {
    const admin = await signedInUser(a, 'admin')
    const identifier = JSON.stringify({ channel: 'ClockChannel' })
    const cable = await subscribedCable(b, admin.token, identifier)
    const res = await fetch(`${a.url}/api/admin/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ speed: 60, advance_ms: 3_600_000 }),
    })
    expect(res.status).toBe(200)
    const frame = await cable.take((f) => f.identifier === identifier && f.message?.type === 'clock')
    expect(frame.message).toMatchObject({ type: 'clock', speed: 60, paused: false })
    const read = async (server: RunningServer) =>
      (await (
        await fetch(`${server.url}/api/admin/clock`, { headers: { authorization: `Bearer ${admin.token}` } })
      ).json()) as { now_in_millis: number; speed: number }
    expect((await read(b)).speed).toBe(60)
    // The same anchor on both: the same game time for the same wall time.
    expect(b.deps.clock.anchor()).toEqual(a.deps.clock.anchor())
    await cable.close()
  })
})
