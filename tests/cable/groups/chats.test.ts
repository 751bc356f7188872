import { describe, expect, it } from 'vitest'
import { cableServer, jsonCaller, type RawCable, signedInCable, signedInUser } from '../../helpers/cable'

// ChatsChannel (docs/channels.md): the signed-in user's list of conversations, live — a
// conversation made with them or that they joined, every message, their own read marker,
// joins and leaves — as `{type:'chat', group_uuid_id, change}`; nothing of a conversation they
// are not (or no longer) in.

const ctx = cableServer()
const call = jsonCaller(() => ctx.server)
const post = (path: string, token: string, body?: unknown) => call('POST', path, token, body)
const CHATS = JSON.stringify({ channel: 'ChatsChannel' })

/** A socket following the user's ChatsChannel (snapshot and confirm taken). */
async function chats(token: string): Promise<RawCable> {
  const cable = await signedInCable(ctx.server, token)
  cable.subscribe(CHATS)
  expect((await cable.take()).message).toMatchObject({ type: 'snapshot' })
  expect((await cable.take()).type).toBe('confirm_subscription')
  return cable
}

const change = async (cable: RawCable) => (await cable.take()).message as Record<string, unknown>

let n = 0
const send = (uuid: string, token: string, message: string) =>
  post(`/api/groups/${uuid}/messages`, token, { identifier_key: `chats-${++n}`, message })

describe('ChatsChannel', () => {
  it('takes no params: nobody follows someone else’s list', async () => {
    const a = await signedInUser(ctx.server)
    const cable = await signedInCable(ctx.server, a.token)
    const other = JSON.stringify({ channel: 'ChatsChannel', user_id: 1 })
    cable.subscribe(other)
    expect(await cable.take()).toEqual({ type: 'reject_subscription', identifier: other })
    await cable.close()
  })

  it('a new one-to-one, its messages and my own read marker reach my list; a stranger hears nothing', async () => {
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const stranger = await signedInUser(ctx.server)
    const cb = await chats(b.token)
    const cs = await chats(stranger.token)
    const made = await post('/api/groups/create_one_to_one', a.token, { user_slug: b.slug })
    expect(made.status).toBeLessThan(300)
    const uuid = made.body.group.group_uuid_id as string
    expect(await change(cb)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'added' })
    const sent = await send(uuid, a.token, 'hello b')
    expect(sent.status).toBe(201)
    expect(await change(cb)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'message' })
    // A's read marker moved with the send: not B's unread count, so B hears nothing of it.
    expect(
      (await post(`/api/groups/${uuid}/read`, b.token, { message_id: sent.body.message.id })).status,
    ).toBe(200)
    expect(await change(cb)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'read' })
    await cb.expectSilence(150)
    await cs.expectSilence(50)
    await cb.close()
    await cs.close()
  })

  it('joins and removals: the owner hears member changes, the joiner the new row, the removed nothing more', async () => {
    const owner = await signedInUser(ctx.server)
    const joiner = await signedInUser(ctx.server)
    const made = await post('/api/groups', owner.token, { name: 'Chats live' })
    const uuid = made.body.group.group_uuid_id as string
    const code = (await post(`/api/groups/${uuid}/share`, owner.token)).body.invite_code as string
    const co = await chats(owner.token)
    const cj = await chats(joiner.token)
    expect((await post('/api/groups/join', joiner.token, { invite_code: code })).status).toBeLessThan(300)
    expect(await change(cj)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'added' })
    expect(await change(co)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'members' })
    // Joining again changes nothing and says nothing.
    expect((await post('/api/groups/join', joiner.token, { invite_code: code })).status).toBeLessThan(300)
    await co.expectSilence(150)
    expect((await call('DELETE', `/api/groups/${uuid}/members/${joiner.slug}`, owner.token)).status).toBe(200)
    expect(await change(cj)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'left' })
    expect(await change(co)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'members' })
    expect((await send(uuid, owner.token, 'after the removal')).status).toBe(201)
    expect(await change(co)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'message' })
    await cj.expectSilence(150)
    // Added back by the owner (an admin): the row comes back, and so do its messages.
    expect(
      (await post(`/api/groups/${uuid}/members`, owner.token, { user_slugs: [joiner.slug] })).status,
    ).toBeLessThan(300)
    expect(await change(cj)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'added' })
    expect(await change(co)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'members' })
    expect((await send(uuid, owner.token, 'welcome back')).status).toBe(201)
    expect(await change(cj)).toEqual({ type: 'chat', group_uuid_id: uuid, change: 'message' })
    await co.close()
    await cj.close()
  })
})
