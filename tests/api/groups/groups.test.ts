import { describe, expect, it } from 'vitest'
import { MESSAGE_MAX_CHARS } from '../../../server/areas/groups/messages'
import { race, statuses } from '../../helpers/concurrency'
import { rowCount } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

// Groups and chat (docs/groups.md): groups, members, mute, one-to-ones, invites, search,
// messages with identifier_key idempotency, read markers and unread counts, and the refusals
// of bad input. Runs on SQLite and (api-pg) PostgreSQL.

const ctx = apiWorld({ per: 'file' })

type Player = Awaited<ReturnType<typeof ctx.api.player>>
const del = (path: string, token: string) => ctx.api.call('DELETE', path, { token })
let keys = 0
const key = () => `k-${++keys}`

async function newGroup(owner: Player, body: Record<string, unknown> = {}) {
  const res = await ctx.api.post('/api/groups', { name: 'Sunday league', ...body }, owner.token)
  expect(res.status).toBe(201)
  return res.body.group as { group_uuid_id: string }
}

async function say(p: Player, uuid: string, message: string, identifier_key = key()) {
  return ctx.api.post(
    `/api/groups/${uuid}/messages`,
    { identifier_key, message, message_type: 'text_message' },
    p.token,
  )
}

async function joinByInvite(owner: Player, joiner: Player, uuid: string) {
  const share = await ctx.api.post(`/api/groups/${uuid}/share`, {}, owner.token)
  expect(share.status).toBe(200)
  const res = await ctx.api.post('/api/groups/join', { invite_code: share.body.invite_code }, joiner.token)
  expect(res.status).toBe(200)
  return res
}

async function counts() {
  const n = (t: 'groups' | 'group_members' | 'group_messages') => rowCount(ctx.world.deps.db, t)
  return { groups: await n('groups'), members: await n('group_members'), messages: await n('group_messages') }
}

describe('groups', () => {
  it('creates a group with a UUID id, the creator as admin; lists, shows and edits it', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const avatar = (await ctx.api.get('/api/avatars')).body.avatars[0].url as string
    const res = await ctx.api.post(
      '/api/groups',
      { name: 'Chennai fans', description: 'Whistle podu', image: avatar, member_slugs: [b.slug] },
      a.token,
    )
    expect(res.status).toBe(201)
    const g = res.body.group
    expect(g.group_uuid_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(g).toMatchObject({
      name: 'Chennai fans',
      description: 'Whistle podu',
      image: avatar,
      kind: 'group',
      is_muted: false,
      unread_message_count: 0,
      members_count: 2,
      last_message: null,
    })
    expect(g.group_members.map((m: { slug: string; role: string }) => [m.slug, m.role])).toEqual([
      [a.slug, 'admin'],
      [b.slug, 'member'],
    ])
    const mine = await ctx.api.get('/api/groups', b.token)
    expect(mine.body.groups.map((x: { group_uuid_id: string }) => x.group_uuid_id)).toContain(g.group_uuid_id)
    const edited = await ctx.api.put(`/api/groups/${g.group_uuid_id}`, { name: 'Chennai fans 2' }, a.token)
    expect(edited.status).toBe(200)
    expect(edited.body.group.name).toBe('Chennai fans 2')
    // A member who is not an admin may not change it.
    const refused = await ctx.api.put(`/api/groups/${g.group_uuid_id}`, { name: 'Mine now' }, b.token)
    expect(refused.status).toBe(403)
    expect((await ctx.api.get(`/api/groups/${g.group_uuid_id}`, a.token)).body.group.name).toBe(
      'Chennai fans 2',
    )
  })

  it('refuses bad group input with 422 and stores nothing', async () => {
    const a = await ctx.api.player()
    const before = await counts()
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(61) },
      { name: 'ok', description: 'd'.repeat(501) },
      { name: 'ok', image: 'http://evil.test/x.png' },
      { name: 'ok', member_slugs: ['nobody-here'] },
    ]) {
      const res = await ctx.api.post('/api/groups', body, a.token)
      expect(res.status, JSON.stringify(body)).toBe(422)
    }
    expect(await counts()).toEqual(before)
  })

  it('mute and unmute set is_muted for me only', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const g = await newGroup(a, { member_slugs: [b.slug] })
    const muted = await ctx.api.post(`/api/groups/${g.group_uuid_id}/mute`, {}, b.token)
    expect(muted.status).toBe(200)
    expect(muted.body.group.is_muted).toBe(true)
    expect((await ctx.api.get(`/api/groups/${g.group_uuid_id}`, a.token)).body.group.is_muted).toBe(false)
    const unmuted = await ctx.api.post(`/api/groups/${g.group_uuid_id}/unmute`, {}, b.token)
    expect(unmuted.body.group.is_muted).toBe(false)
  })

  it('muted members get no notification; unmuted get one grouped notification per group', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    const g = await newGroup(a, { name: 'Notify', member_slugs: [b.slug, c.slug] })
    await ctx.api.post(`/api/groups/${g.group_uuid_id}/mute`, {}, c.token)
    expect((await say(a, g.group_uuid_id, 'one')).status).toBe(201)
    const second = (await say(a, g.group_uuid_id, 'two')).body.message.id
    const of = (id: number) =>
      ctx.world.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', id).execute()
    // b was told of the first unread message; the second adds nothing while b is away.
    let forB = await of(b.id)
    expect(forB).toHaveLength(1)
    expect(forB[0]).toMatchObject({ kind: 'group_message', group_key: `group:${g.group_uuid_id}` })
    expect(forB[0]?.body).toContain('one')
    // Once b has caught up, the next message updates that same grouped notification.
    await ctx.api.post(`/api/groups/${g.group_uuid_id}/read`, { message_id: second }, b.token)
    await say(a, g.group_uuid_id, 'three')
    forB = await of(b.id)
    expect(forB).toHaveLength(1)
    expect(forB[0]?.body).toContain('three')
    expect(await of(c.id)).toHaveLength(0)
    expect(await of(a.id)).toHaveLength(0)
  })
})

describe('one-to-ones', () => {
  it('the same two people always get the same conversation, whoever opens it', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const first = await ctx.api.post('/api/groups/create_one_to_one', { user_slug: b.slug }, a.token)
    expect(first.status).toBe(200)
    expect(first.body.group.kind).toBe('one_to_one')
    const again = await ctx.api.post('/api/groups/create_one_to_one', { user_slug: a.slug }, b.token)
    expect(again.body.group.group_uuid_id).toBe(first.body.group.group_uuid_id)
    const raced = await race(4, (i) =>
      ctx.api.post(
        '/api/groups/create_one_to_one',
        { user_slug: i % 2 ? a.slug : b.slug },
        i % 2 ? b.token : a.token,
      ),
    )
    expect(statuses(raced)).toEqual({ 200: 4 })
    expect(new Set(raced.map((r) => r.body.group.group_uuid_id))).toEqual(
      new Set([first.body.group.group_uuid_id]),
    )
  })

  it('a one-to-one with yourself is 422; with nobody is 422', async () => {
    const a = await ctx.api.player()
    const before = await counts()
    const self = await ctx.api.post('/api/groups/create_one_to_one', { user_slug: a.slug }, a.token)
    expect(self.status).toBe(422)
    expect(self.body.errors.user_slug).toBeDefined()
    expect(
      (await ctx.api.post('/api/groups/create_one_to_one', { user_slug: 'no-such-user' }, a.token)).status,
    ).toBe(422)
    expect(await counts()).toEqual(before)
  })
})

describe('invites, join and search', () => {
  it('share gives an invite code and link; join by it makes a member', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const g = await newGroup(a)
    const share = await ctx.api.post(`/api/groups/${g.group_uuid_id}/share`, {}, a.token)
    expect(share.body.invite_code).toMatch(/^[A-Z2-9]{10}$/)
    expect(share.body.invite_url).toBe(`http://fanspole.test/groups/invite/${share.body.invite_code}`)
    const joined = await ctx.api.post(
      '/api/groups/join',
      { invite_code: share.body.invite_code.toLowerCase() },
      b.token,
    )
    expect(joined.status).toBe(200)
    expect(joined.body.group.members_count).toBe(2)
    // Joining twice changes nothing.
    expect(
      (await ctx.api.post('/api/groups/join', { invite_code: share.body.invite_code }, b.token)).body.group
        .members_count,
    ).toBe(2)
  })

  it('a wrong invite code is 404 and changes nothing', async () => {
    const b = await ctx.api.player()
    const before = await counts()
    const res = await ctx.api.post('/api/groups/join', { invite_code: 'ZZZZZZZZZZ' }, b.token)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('NOT_FOUND')
    expect(await counts()).toEqual(before)
  })

  it('search finds public groups only, case-insensitively, with their invite codes', async () => {
    const a = await ctx.api.player()
    const s = await ctx.api.player()
    await newGroup(a, { name: 'Kolkata Knights Fanclub', is_public: true })
    await newGroup(a, { name: 'Kolkata secret', is_public: false })
    const res = await ctx.api.get('/api/groups/search?q=kolkata%20KNIGHTS', s.token)
    expect(res.status).toBe(200)
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(['Kolkata Knights Fanclub'])
    expect(res.body.groups[0].invite_code).toMatch(/^[A-Z2-9]{10}$/)
    const literal = await ctx.api.get('/api/groups/search?q=%25', s.token)
    expect(literal.body.groups).toEqual([])
  })
})

describe('messages', () => {
  it('sends and pages messages newest last, with display_time and created_at_in_millis', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const g = await newGroup(a, { member_slugs: [b.slug] })
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await say(i % 2 ? b : a, g.group_uuid_id, `m${i}`)).body.message.id)
    const page = await ctx.api.get(`/api/groups/${g.group_uuid_id}/messages?per_page=2`, a.token)
    expect(page.status).toBe(200)
    expect(page.body.messages.map((m: { message: string }) => m.message)).toEqual(['m3', 'm4'])
    expect(page.body.messages[1]).toMatchObject({
      message_type: 'text_message',
      group_uuid_id: g.group_uuid_id,
      user: { slug: a.slug },
      created_at_in_millis: ctx.world.deps.clock.now(),
    })
    expect(page.body.messages[1].display_time).toMatch(/^\d{1,2}:\d\d [AP]M$/)
    const older = await ctx.api.get(
      `/api/groups/${g.group_uuid_id}/messages?per_page=2&before_id=${page.body.next_before_id}`,
      a.token,
    )
    expect(older.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[2]])
    const group = (await ctx.api.get(`/api/groups/${g.group_uuid_id}`, a.token)).body.group
    expect(group.last_message.message).toBe('m4')
  })

  it('a retry with the same identifier_key is stored once and answers 200 with the stored message', async () => {
    const a = await ctx.api.player()
    const g = await newGroup(a)
    const first = await say(a, g.group_uuid_id, 'hello', 'retry-key-1')
    expect(first.status).toBe(201)
    const retry = await say(a, g.group_uuid_id, 'hello (edited by a bug)', 'retry-key-1')
    expect(retry.status).toBe(200)
    expect(retry.body.message).toEqual(first.body.message)
    const raced = await race(5, () => say(a, g.group_uuid_id, 'raced', 'retry-key-2'))
    expect(statuses(raced)).toEqual({ 200: 4, 201: 1 })
    const all = await ctx.api.get(`/api/groups/${g.group_uuid_id}/messages`, a.token)
    expect(all.body.messages.map((m: { message: string }) => m.message)).toEqual(['hello', 'raced'])
  })

  it('an empty or over-long message is 422 and stores nothing', async () => {
    const a = await ctx.api.player()
    const g = await newGroup(a)
    const before = await counts()
    for (const message of ['', '   ', 'x'.repeat(MESSAGE_MAX_CHARS + 1)])
      expect((await say(a, g.group_uuid_id, message)).status).toBe(422)
    expect((await say(a, g.group_uuid_id, 'x'.repeat(MESSAGE_MAX_CHARS))).status).toBe(201)
    // A card naming no contest is the 404 of a missing contest (as one the sender may not see).
    const card = await ctx.api.post(
      `/api/groups/${g.group_uuid_id}/messages`,
      { identifier_key: key(), message: 'Join my contest', message_type: 'contest_card', card_id: 999999 },
      a.token,
    )
    expect([card.status, card.body.code, card.body.error]).toEqual([404, 'NOT_FOUND', 'Contest not found'])
    expect((await counts()).messages).toBe(before.messages + 1)
  })

  it('posting faster than the limit is 429 with Retry-After, and the refused message is not stored', async () => {
    const a = await ctx.api.player()
    const g = await newGroup(a)
    const { limit } = ctx.world.deps.config.rateLimits.chat
    for (let i = 0; i < limit; i++) expect((await say(a, g.group_uuid_id, `fast ${i}`)).status).toBe(201)
    const refused = await say(a, g.group_uuid_id, 'one too many')
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const all = await ctx.api.get(`/api/groups/${g.group_uuid_id}/messages?per_page=100`, a.token)
    expect(all.body.messages).toHaveLength(limit)
  })

  it('unread counts follow the read marker, which only moves forward', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const g = await newGroup(a, { member_slugs: [b.slug] })
    const m1 = (await say(a, g.group_uuid_id, 'one')).body.message.id
    await say(a, g.group_uuid_id, 'two')
    const m3 = (await say(a, g.group_uuid_id, 'three')).body.message.id
    const unread = async (p: Player) =>
      (await ctx.api.get(`/api/groups/${g.group_uuid_id}`, p.token)).body.group.unread_message_count
    expect(await unread(b)).toBe(3)
    expect(await unread(a)).toBe(0)
    expect(
      (await ctx.api.post(`/api/groups/${g.group_uuid_id}/read`, { message_id: m1 }, b.token)).status,
    ).toBe(200)
    expect(await unread(b)).toBe(2)
    expect(
      (await ctx.api.post(`/api/groups/${g.group_uuid_id}/read`, { message_id: m3 }, b.token)).status,
    ).toBe(200)
    expect(await unread(b)).toBe(0)
    // Never back.
    await ctx.api.post(`/api/groups/${g.group_uuid_id}/read`, { message_id: m1 }, b.token)
    expect(await unread(b)).toBe(0)
    // Sending reads up to one's own message (they had the conversation open).
    const mine = (await say(b, g.group_uuid_id, 'mine')).body.message.id
    expect(await unread(a)).toBe(1)
    await ctx.api.post(`/api/groups/${g.group_uuid_id}/read`, { message_id: mine }, a.token)
    expect(await unread(a)).toBe(0)
    // A message of another group is no message of this one: 404, as a message that never was.
    const other = await newGroup(b)
    const foreign = (await say(b, other.group_uuid_id, 'elsewhere')).body.message.id
    expect(
      (await ctx.api.post(`/api/groups/${g.group_uuid_id}/read`, { message_id: foreign }, b.token)).status,
    ).toBe(404)
  })
})

describe('members and access', () => {
  it('a non-member reading, posting, reading members or marking read gets 404', async () => {
    const a = await ctx.api.player()
    const stranger = await ctx.api.player()
    const g = await newGroup(a)
    const before = await counts()
    const u = g.group_uuid_id
    for (const res of [
      await ctx.api.get(`/api/groups/${u}`, stranger.token),
      await ctx.api.get(`/api/groups/${u}/messages`, stranger.token),
      await ctx.api.get(`/api/groups/${u}/members`, stranger.token),
      await say(stranger, u, 'let me in'),
      await ctx.api.post(`/api/groups/${u}/share`, {}, stranger.token),
      await ctx.api.post(`/api/groups/${u}/mute`, {}, stranger.token),
      await ctx.api.get('/api/groups/00000000-0000-4000-8000-000000000000', stranger.token),
    ])
      expect(res.status).toBe(404)
    expect(await counts()).toEqual(before)
  })

  it('removing someone when not an admin is 403 and changes nothing', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    const g = await newGroup(a, { member_slugs: [b.slug, c.slug] })
    const res = await del(`/api/groups/${g.group_uuid_id}/members/${c.slug}`, b.token)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    expect(
      (await ctx.api.get(`/api/groups/${g.group_uuid_id}/members`, a.token)).body.group_members,
    ).toHaveLength(3)
  })

  it('the creator removes a member, who loses access at once; anyone leaves; only an admin brings back the removed', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    const g = await newGroup(a)
    const u = g.group_uuid_id
    await joinByInvite(a, b, u)
    await joinByInvite(a, c, u)
    await say(b, u, 'hi all', 'b-key')
    expect((await del(`/api/groups/${u}/members/${b.slug}`, a.token)).status).toBe(200)
    for (const res of [
      await ctx.api.get(`/api/groups/${u}`, b.token),
      await ctx.api.get(`/api/groups/${u}/messages`, b.token),
      await say(b, u, 'still here?'),
      await say(b, u, 'hi all', 'b-key'),
    ])
      expect(res.status).toBe(404)
    expect(
      (await ctx.api.get('/api/groups', b.token)).body.groups.map(
        (x: { group_uuid_id: string }) => x.group_uuid_id,
      ),
    ).not.toContain(u)
    // c leaves on their own.
    expect((await del(`/api/groups/${u}/members/${c.slug}`, c.token)).status).toBe(200)
    expect((await ctx.api.get(`/api/groups/${u}`, c.token)).status).toBe(404)
    // Nobody removes the creator; removing a non-member is 404.
    expect((await del(`/api/groups/${u}/members/${b.slug}`, a.token)).status).toBe(404)
    // Someone an admin removed cannot come back by the invite code; someone who left can.
    const code = (await ctx.api.post(`/api/groups/${u}/share`, {}, a.token)).body.invite_code
    const before = await counts()
    const refused = await ctx.api.post('/api/groups/join', { invite_code: code }, b.token)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatch(/only an admin can add you back/)
    expect(await counts()).toEqual(before)
    expect((await ctx.api.get(`/api/groups/${u}`, b.token)).status).toBe(404)
    await joinByInvite(a, c, u)
    // A member who is not an admin cannot add them back either; an admin can.
    const byMember = await ctx.api.post(`/api/groups/${u}/members`, { user_slugs: [b.slug] }, c.token)
    expect(byMember.status).toBe(403)
    expect((await ctx.api.get(`/api/groups/${u}`, b.token)).status).toBe(404)
    expect((await ctx.api.post(`/api/groups/${u}/members`, { user_slugs: [b.slug] }, a.token)).status).toBe(
      200,
    )
    expect((await ctx.api.get(`/api/groups/${u}`, b.token)).status).toBe(200)
    // Once back, leaving and rejoining by the code works as for anyone.
    expect((await del(`/api/groups/${u}/members/${b.slug}`, b.token)).status).toBe(200)
    await joinByInvite(a, b, u)
  })

  it('an admin resets the invite: the old code is 404, the new one joins; members may not reset', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    const u = (await newGroup(a)).group_uuid_id
    await joinByInvite(a, b, u)
    const old = (await ctx.api.post(`/api/groups/${u}/share`, {}, a.token)).body.invite_code as string
    const byMember = await ctx.api.post(`/api/groups/${u}/reset_invite`, {}, b.token)
    expect(byMember.status).toBe(403)
    expect((await ctx.api.post(`/api/groups/${u}/share`, {}, b.token)).body.invite_code).toBe(old)
    const reset = await ctx.api.post(`/api/groups/${u}/reset_invite`, {}, a.token)
    expect(reset.status).toBe(200)
    expect(reset.body.invite_code).toMatch(/^[A-Z2-9]{10}$/)
    expect(reset.body.invite_code).not.toBe(old)
    expect(reset.body.invite_url).toMatch(new RegExp(`/groups/invite/${reset.body.invite_code}$`))
    const before = await counts()
    expect((await ctx.api.post('/api/groups/join', { invite_code: old }, c.token)).status).toBe(404)
    expect(await counts()).toEqual(before)
    const joined = await ctx.api.post('/api/groups/join', { invite_code: reset.body.invite_code }, c.token)
    expect(joined.status).toBe(200)
    expect(joined.body.group.members_count).toBe(3)
    // A stranger: 404; a one-to-one has no invite to reset: 409. Neither changes anything.
    const stranger = await ctx.api.player()
    expect((await ctx.api.post(`/api/groups/${u}/reset_invite`, {}, stranger.token)).status).toBe(404)
    const dm = (await ctx.api.post('/api/groups/create_one_to_one', { user_slug: b.slug }, a.token)).body
      .group
    expect((await ctx.api.post(`/api/groups/${dm.group_uuid_id}/reset_invite`, {}, a.token)).status).toBe(409)
    expect((await ctx.api.post(`/api/groups/${u}/share`, {}, a.token)).body.invite_code).toBe(
      reset.body.invite_code,
    )
  })
})

describe('races and conventions', () => {
  it('sends racing a removal: each is stored and answered 201, or refused 404 and not stored', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const g = await newGroup(a, { member_slugs: [b.slug] })
    const answers = await race(6, (i) =>
      i === 0
        ? del(`/api/groups/${g.group_uuid_id}/members/${b.slug}`, a.token)
        : say(b, g.group_uuid_id, `race ${i}`),
    )
    expect(answers[0]?.status).toBe(200)
    const sends = answers.slice(1)
    expect(sends.every((r) => r.status === 201 || r.status === 404)).toBe(true)
    const stored = await ctx.world.deps.db
      .selectFrom('group_messages as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .select('m.id')
      .where('g.uuid', '=', g.group_uuid_id)
      .execute()
    expect(stored).toHaveLength(sends.filter((r) => r.status === 201).length)
  })

  it('answers `.json` paths and `?fields=` like every other resource', async () => {
    const a = await ctx.api.player()
    const g = await newGroup(a, { name: 'Fields' })
    const res = await ctx.api.get(`/api/groups/${g.group_uuid_id}.json?fields=group_uuid_id,name`, a.token)
    expect(res.status).toBe(200)
    expect(res.body.group).toEqual({ group_uuid_id: g.group_uuid_id, name: 'Fields' })
  })
})
