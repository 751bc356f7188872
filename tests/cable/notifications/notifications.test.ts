import { describe, expect, it } from 'vitest'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../../server/areas/ledger/service'
import { withTx } from '../../../server/db/tx'
import {
  cableServer,
  cableUrl,
  NOTIFICATIONS,
  type RawCable,
  rawCable,
  signedInCable,
  signedInUser,
} from '../../helpers/cable'

const ctx = cableServer({ admin: true })

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${ctx.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** A signed-in socket subscribed to NotificationsChannel, past its unread snapshot. */
async function subscribed(token: string): Promise<{ cable: RawCable; unread: number }> {
  const cable = await signedInCable(ctx.server, token)
  cable.subscribe(NOTIFICATIONS)
  const snapshot = await cable.take()
  expect(snapshot.identifier).toBe(NOTIFICATIONS)
  expect(snapshot.message.type).toBe('unread')
  expect(await cable.take()).toEqual({ identifier: NOTIFICATIONS, type: 'confirm_subscription' })
  return { cable, unread: snapshot.message.unread_count }
}

describe('NotificationsChannel', () => {
  it("delivers a notification to its user's subscribers only", async () => {
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const a1 = await subscribed(a.token)
    const a2 = await subscribed(a.token)
    const bb = await subscribed(b.token)

    const res = await api('/api/admin/notifications', ctx.admin.token, {
      user_id: a.id,
      body: 'Toss at 7 pm',
    })
    expect(res.status).toBe(201)
    const { notification } = await res.json()

    for (const { cable } of [a1, a2]) {
      const frame = await cable.take()
      expect(frame).toEqual({
        identifier: NOTIFICATIONS,
        message: { type: 'notification', seq: 1, notification },
      })
      expect(frame.message.notification).toMatchObject({
        body: 'Toss at 7 pm',
        kind: 'announcement',
        read: false,
      })
    }
    await bb.cable.expectSilence(200)
    for (const { cable } of [a1, a2, bb]) await cable.close()
  })

  it('delivers the follow notification to the person followed', async () => {
    const follower = await signedInUser(ctx.server)
    const followee = await signedInUser(ctx.server)
    const watcher = await subscribed(followee.token)
    const bystander = await subscribed(follower.token)
    expect((await api(`/api/users/${followee.slug}/follow`, follower.token)).status).toBe(200)
    const frame = await watcher.cable.take()
    expect(frame.message).toMatchObject({ type: 'notification', seq: 1 })
    expect(frame.message.notification.kind).toBeTypeOf('string')
    await bystander.cable.expectSilence(200)
    await watcher.cable.close()
    await bystander.cable.close()
  })

  it('sends the unread count on subscribe, and mark_all_read marks them read and sends the new count', async () => {
    const me = await signedInUser(ctx.server)
    for (const body of ['one', 'two', 'three'])
      expect((await api('/api/admin/notifications', ctx.admin.token, { user_id: me.id, body })).status).toBe(
        201,
      )
    const { cable, unread } = await subscribed(me.token)
    expect(unread).toBe(3)

    cable.send({
      command: 'message',
      identifier: NOTIFICATIONS,
      data: JSON.stringify({ action: 'mark_all_read' }),
    })
    expect(await cable.take()).toEqual({
      identifier: NOTIFICATIONS,
      message: { type: 'unread', unread_count: 0 },
    })

    const list = await fetch(`${ctx.server.url}/api/notifications`, {
      headers: { authorization: `Bearer ${me.token}` },
    })
    const body = await list.json()
    expect(body.unread_count).toBe(0)
    expect(body.notifications.map((n: { read: boolean }) => n.read)).toEqual([true, true, true])
    await cable.close()
  })

  it('pushes the new balances when a ledger posting moves the user’s wallet, after the commit', async () => {
    const me = await signedInUser(ctx.server)
    const other = await signedInUser(ctx.server)
    const mine = await subscribed(me.token)
    const theirs = await subscribed(other.token)
    const { deps } = ctx.server
    const now = deps.clock.now()
    const house = await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', now)
    const unused = await userAccountId(deps.db, me.id, 'unused')
    const credit = (key: string, amount: number) =>
      withTx(deps, (tx, after) =>
        post(
          tx,
          {
            kind: 'test_credit',
            idempotencyKey: key,
            lines: [
              { accountId: house, amount: -amount },
              { accountId: unused, amount },
            ],
            nowMs: now,
          },
          after,
        ),
      )
    await credit('wallet-push-1', 12_550)
    expect((await mine.cable.take()).message).toEqual({
      type: 'wallet',
      seq: 1,
      current_balance: 125.5,
      unused_balance: 125.5,
      winning_balance: 0,
      coin_balance: 0,
    })
    // A posting that rolls back (here: taking more than the balance) pushes nothing.
    await expect(credit('wallet-push-2', -50_000)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' })
    await mine.cable.expectSilence(200)
    await theirs.cable.expectSilence(50)
    await mine.cable.close()
    await theirs.cable.close()
  })

  it("rejects an identifier with params (nobody follows someone else's notifications)", async () => {
    const me = await signedInUser(ctx.server)
    const cable = await rawCable(cableUrl(ctx.server, `?access_token=${me.token}`))
    await cable.take()
    const identifier = JSON.stringify({ channel: 'NotificationsChannel', user_id: ctx.admin.id })
    cable.subscribe(identifier)
    expect(await cable.take()).toEqual({ identifier, type: 'reject_subscription' })
    expect(ctx.server.deps.bus.subscriberCount(`notifications:user:${ctx.admin.id}`)).toBe(0)
    await cable.close()
  })

  it('releases the bus subscription when the socket closes', async () => {
    const me = await signedInUser(ctx.server)
    const { cable } = await subscribed(me.token)
    expect(ctx.server.deps.bus.subscriberCount(`notifications:user:${me.id}`)).toBe(1)
    await cable.close()
    await expect
      .poll(() => ctx.server.deps.bus.subscriberCount(`notifications:user:${me.id}`), { timeout: 2000 })
      .toBe(0)
  })
})
