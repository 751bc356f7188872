import { describe, expect, it } from 'vitest'
import {
  cableServer,
  jsonCaller,
  NOTIFICATIONS,
  type RawCable,
  signedInCable,
  signedInUser,
} from '../../helpers/cable'

// GroupChannel (docs/channels.md, docs/groups.md): members only; every message, sent over HTTP
// or `speak`, reaches every subscribed member in order with the stream's seq; a removed
// member's subscription ends at once; a read marker moving forward is broadcast as `read`;
// muted members get no NotificationsChannel notification.

const ctx = cableServer()

const call = jsonCaller(() => ctx.server)
const post = (path: string, token: string, body?: unknown) => call('POST', path, token, body)

const channel = (uuid: unknown) => JSON.stringify({ channel: 'GroupChannel', group_uuid_id: uuid })

const connect = (token: string) => signedInCable(ctx.server, token)

/** Subscribes and takes the snapshot and the confirmation. */
async function follow(cable: RawCable, uuid: string) {
  cable.subscribe(channel(uuid))
  const mine = (f: { identifier?: string }) => f.identifier === channel(uuid)
  const snapshot = await cable.take(mine)
  expect(snapshot.message).toMatchObject({ type: 'snapshot', group_uuid_id: uuid })
  expect((await cable.take(mine)).type).toBe('confirm_subscription')
  return snapshot.message.seq as number
}

async function groupOf(owner: { token: string }, slugs: string[]) {
  const res = await post('/api/groups', owner.token, { name: 'Live group', member_slugs: slugs })
  expect(res.status).toBe(201)
  return res.body.group.group_uuid_id as string
}

let n = 0
const send = (uuid: string, token: string, message: string) =>
  post(`/api/groups/${uuid}/messages`, token, { identifier_key: `http-${++n}`, message })

describe('GroupChannel', () => {
  it('rejects strangers, unknown groups and bad identifiers', async () => {
    const owner = await signedInUser(ctx.server)
    const stranger = await signedInUser(ctx.server)
    const uuid = await groupOf(owner, [])
    const cable = await connect(stranger.token)
    for (const id of [uuid, '00000000-0000-4000-8000-000000000000', 7, '']) {
      cable.subscribe(channel(id))
      expect(await cable.take()).toEqual({ type: 'reject_subscription', identifier: channel(id) })
    }
    await cable.close()
  })

  it('messages sent over HTTP and `speak` reach every member in order, with seq', async () => {
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const uuid = await groupOf(a, [b.slug])
    const ca = await connect(a.token)
    const cb = await connect(b.token)
    const seq = await follow(ca, uuid)
    await follow(cb, uuid)
    expect((await send(uuid, a.token, 'over http')).status).toBe(201)
    ca.send({
      command: 'message',
      identifier: channel(uuid),
      data: JSON.stringify({ action: 'speak', identifier_key: 'speak-1', message: 'over cable' }),
    })
    for (const cable of [ca, cb]) {
      const first = (await cable.take()).message
      const second = (await cable.take()).message
      expect(first).toMatchObject({ type: 'message', seq: seq + 1, message: { message: 'over http' } })
      expect(second).toMatchObject({
        type: 'message',
        seq: seq + 2,
        message: { message: 'over cable', identifier_key: 'speak-1', user: { slug: a.slug } },
      })
    }
    // A retried speak stores nothing and broadcasts nothing; the speaker gets the stored copy.
    ca.send({
      command: 'message',
      identifier: channel(uuid),
      data: JSON.stringify({ action: 'speak', identifier_key: 'speak-1', message: 'over cable' }),
    })
    expect((await ca.take()).message).toMatchObject({ type: 'echo', message: { identifier_key: 'speak-1' } })
    // A refused speak tells the speaker only.
    ca.send({
      command: 'message',
      identifier: channel(uuid),
      data: JSON.stringify({ action: 'speak', identifier_key: 'speak-2', message: '   ' }),
    })
    expect((await ca.take()).message).toMatchObject({
      type: 'speak_failed',
      identifier_key: 'speak-2',
      code: 'VALIDATION_FAILED',
    })
    await cb.expectSilence(150)
    const all = await call('GET', `/api/groups/${uuid}/messages`, a.token)
    expect(all.body.messages.map((m: { message: string }) => m.message)).toEqual(['over http', 'over cable'])
    await ca.close()
    await cb.close()
  })

  it('a removed member gets the `removed` frame and then nothing, and cannot subscribe or speak again', async () => {
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const uuid = await groupOf(a, [b.slug])
    const ca = await connect(a.token)
    const cb = await connect(b.token)
    await follow(ca, uuid)
    await follow(cb, uuid)
    expect((await call('DELETE', `/api/groups/${uuid}/members/${b.slug}`, a.token)).status).toBe(200)
    expect((await cb.take()).message).toMatchObject({ type: 'removed', user_slug: b.slug })
    expect((await ca.take()).message).toMatchObject({ type: 'removed', user_slug: b.slug })
    expect((await send(uuid, a.token, 'after the removal')).status).toBe(201)
    expect((await ca.take()).message).toMatchObject({
      type: 'message',
      message: { message: 'after the removal' },
    })
    cb.send({
      command: 'message',
      identifier: channel(uuid),
      data: JSON.stringify({ action: 'speak', identifier_key: 'ghost', message: 'still here?' }),
    })
    await cb.expectSilence(200)
    cb.subscribe(channel(uuid))
    expect(await cb.take()).toEqual({ type: 'reject_subscription', identifier: channel(uuid) })
    await ca.expectSilence(100)
    const all = await call('GET', `/api/groups/${uuid}/messages`, a.token)
    expect(all.body.messages.map((m: { message: string }) => m.message)).toEqual(['after the removal'])
    await ca.close()
    await cb.close()
  })

  it('a read marker moving forward broadcasts `read` to every member, once; other reads broadcast nothing', async () => {
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const c = await signedInUser(ctx.server)
    const uuid = await groupOf(a, [b.slug])
    const other = await groupOf(c, [])
    const ca = await connect(a.token)
    const cb = await connect(b.token)
    const seq = await follow(ca, uuid)
    await follow(cb, uuid)
    const first = (await send(uuid, a.token, 'first')).body.message.id as number
    const second = (await send(uuid, a.token, 'second')).body.message.id as number
    const foreign = (await send(other, c.token, 'elsewhere')).body.message.id as number
    for (const cable of [ca, cb]) {
      expect((await cable.take()).message).toMatchObject({ type: 'message', seq: seq + 1 })
      expect((await cable.take()).message).toMatchObject({ type: 'message', seq: seq + 2 })
    }
    const read = (token: string, message_id: unknown) =>
      post(`/api/groups/${uuid}/read`, token, { message_id })
    expect((await read(b.token, second)).status).toBe(200)
    for (const cable of [ca, cb])
      expect((await cable.take()).message).toEqual({
        type: 'read',
        seq: seq + 3,
        user_slug: b.slug,
        message_id: second,
      })
    // Not forward (the same message again, an older one), not this group's, not a member's:
    // the marker stays and nobody hears of it.
    expect((await read(b.token, second)).status).toBe(200)
    expect((await read(b.token, first)).status).toBe(200)
    expect((await read(b.token, foreign)).status).toBe(404)
    expect((await read(c.token, second)).status).toBe(404)
    await ca.expectSilence(150)
    await cb.expectSilence(50)
    const mine = await call('GET', `/api/groups/${uuid}`, b.token)
    expect(mine.body.group.unread_message_count).toBe(0)
    await ca.close()
    await cb.close()
  })

  it('muted members get no notification but still stream; unmuted get a grouped one', async () => {
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const c = await signedInUser(ctx.server)
    const uuid = await groupOf(a, [b.slug, c.slug])
    expect((await post(`/api/groups/${uuid}/mute`, c.token)).body.group.is_muted).toBe(true)
    const cb = await connect(b.token)
    const cc = await connect(c.token)
    for (const cable of [cb, cc]) {
      cable.subscribe(NOTIFICATIONS)
      await cable.take((f) => f.type === 'confirm_subscription' && f.identifier === NOTIFICATIONS)
      await follow(cable, uuid)
    }
    const isNotification = (f: { identifier?: string }) => f.identifier === NOTIFICATIONS
    await send(uuid, a.token, 'hello both')
    const note = await cb.take((f) => isNotification(f) && f.message?.type === 'notification')
    expect(note.message.notification).toMatchObject({ kind: 'group_message' })
    for (const cable of [cb, cc])
      expect((await cable.take((f) => f.identifier === channel(uuid))).message).toMatchObject({
        type: 'message',
        message: { message: 'hello both' },
      })
    await cc.expectSilence(200)
    expect(cc.frames.filter((f) => isNotification(f) && f.message?.type === 'notification')).toEqual([])
    await cb.close()
    await cc.close()
  })
})
