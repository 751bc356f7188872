import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { seedDemoLeague } from '../../../seeds/demo-league'
import { hashPassword } from '../../../server/areas/auth/passwords'
import type { Deps } from '../../../server/core/deps'
import { TEST_START_MS, testWorld } from '../../helpers/deps'
import { asDemoPlayer, seededLeague } from '../../helpers/world'

// Group chats of the demo league (seeds/generators/groups.ts, docs/groups.md "Seeds"): counts
// equal to rows, read markers and unread counts that agree with the API, one muted group, a
// one-to-one of the demo player waiting on a reply, and notifications as the server's rule
// would have left them.

const seeded = seededLeague({ users: 24 })

const count = async (query: string) =>
  Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(seeded.deps.db)).rows[0]?.n ?? -1)

describe('the seeded group chats', () => {
  it('counts what it wrote, and every stored pointer agrees with the rows', async () => {
    expect(seeded.summary.groups).toBe(await count('select count(*) as n from groups'))
    expect(seeded.summary.group_messages).toBe(await count('select count(*) as n from group_messages'))
    expect(await count("select count(*) as n from groups where kind = 'group'")).toBe(4)
    expect(await count("select count(*) as n from groups where kind = 'one_to_one'")).toBe(4)
    expect(seeded.summary.group_messages).toBeGreaterThan(40)
    // last_message_id is each group's newest message; every message's sender is a member.
    await expect(
      count(`select count(*) as n from groups g where last_message_id is null or last_message_id <>
        (select max(id) from group_messages m where m.group_id = g.id)`),
    ).resolves.toBe(0)
    await expect(
      count(`select count(*) as n from group_messages m where not exists (select 1 from group_members gm
        where gm.group_id = m.group_id and gm.user_id = m.user_id)`),
    ).resolves.toBe(0)
    // A one-to-one has two members and the key of their ids; a group one admin, its creator.
    await expect(
      count(`select count(*) as n from groups g where kind = 'one_to_one' and (2 <>
        (select count(*) from group_members gm where gm.group_id = g.id) or one_to_one_key is null)`),
    ).resolves.toBe(0)
    await expect(
      count(`select count(*) as n from groups g where kind = 'group' and 1 <> (select count(*)
        from group_members gm where gm.group_id = g.id and gm.role = 'admin' and gm.user_id = g.created_by_id)`),
    ).resolves.toBe(0)
    // Sending moves the marker: nobody's marker is before their own latest message.
    await expect(
      count(`select count(*) as n from group_members gm where last_read_message_id <
        coalesce((select max(id) from group_messages m where m.group_id = gm.group_id and m.user_id = gm.user_id), 0)`),
    ).resolves.toBe(0)
    // Nothing in the future, nothing inside the sending limit's window.
    await expect(
      count(`select count(*) as n from group_messages where created_at_ms > ${TEST_START_MS - 5 * 60_000}`),
    ).resolves.toBe(0)
    await expect(
      count('select count(*) as n from groups where length(invite_code) <> 10 or length(uuid) <> 36'),
    ).resolves.toBe(0)
  })

  it('gives the demo player groups with unread counts, one muted, and one-to-ones through the API', async () => {
    const { api, token } = await asDemoPlayer(seeded.deps)
    const list = await api.get('/api/groups', token)
    expect(list.status).toBe(200)
    const groups = list.body.groups as Array<Record<string, any>>
    const named = groups.filter((g) => g.kind === 'group').map((g) => g.name)
    expect(named.sort()).toEqual(['Chai & cricket', 'Office XI', 'Sunday league'])
    const byName = (name: string) => groups.find((g) => g.name === name) as Record<string, any>
    expect(byName('Sunday league').unread_message_count).toBe(0)
    expect(byName('Chai & cricket').unread_message_count).toBeGreaterThan(0)
    expect(byName('Office XI')).toMatchObject({ is_muted: true })
    expect(byName('Office XI').unread_message_count).toBeGreaterThan(0)
    expect(groups.filter((g) => g.is_muted)).toHaveLength(1)
    const dms = groups.filter((g) => g.kind === 'one_to_one')
    expect(dms).toHaveLength(2)
    expect(dms.some((g) => g.unread_message_count === 1)).toBe(true)
    // Latest conversation first, each with its last message.
    const lasts = groups.map((g) => g.last_message.id as number)
    expect(lasts).toEqual([...lasts].sort((x, y) => y - x))
    // Ids follow time across conversations, so that order is also the latest in time first.
    const times = groups.map((g) => g.last_message.created_at_in_millis as number)
    expect(times).toEqual([...times].sort((x, y) => y - x))

    // Unread counts agree with the history: messages by others after the marker.
    const chai = byName('Chai & cricket')
    const page = await api.get(`/api/groups/${chai.group_uuid_id}/messages?per_page=100`, token)
    const others = (page.body.messages as Array<Record<string, any>>).filter((m) => m.user.slug !== 'demo')
    expect(others.length).toBeGreaterThanOrEqual(chai.unread_message_count)

    // Notified of the unmuted conversations with unread messages, not of the muted one.
    const notes = await api.get('/api/notifications?per_page=100', token)
    const chatNotes = (notes.body.notifications as Array<Record<string, any>>).filter(
      (n) => n.kind === 'group_message',
    )
    const unreadUnmuted = groups.filter((g) => !g.is_muted && g.unread_message_count > 0)
    expect(chatNotes.map((n) => n.data.group_uuid_id).sort()).toEqual(
      unreadUnmuted.map((g) => g.group_uuid_id).sort(),
    )
    expect(chatNotes.every((n) => n.read === false)).toBe(true)

    // The fourth group is public: found by search and joined by its code.
    const found = await api.get('/api/groups/search?q=gurus', token)
    expect(found.body.groups).toHaveLength(1)
    const joined = await api.post(
      '/api/groups/join',
      { invite_code: found.body.groups[0].invite_code },
      token,
    )
    expect(joined.status).toBe(200)
    expect(joined.body.group.name).toBe('Fantasy gurus')
  })

  it('is the same for the same seed', async () => {
    const again = await testWorld()
    try {
      const { admin, demo } = again.deps.config
      await seedDemoLeague(again.deps.db, {
        seed: 42,
        nowMs: TEST_START_MS,
        users: 24,
        admin,
        demo,
        hashPassword,
      })
      const rows = (db: Deps['db']) =>
        db
          .selectFrom('group_messages as m')
          .innerJoin('groups as g', 'g.id', 'm.group_id')
          .select(['g.uuid', 'g.invite_code', 'm.user_id', 'm.message', 'm.created_at_ms'])
          .orderBy('m.id')
          .execute()
      expect(await rows(again.deps.db)).toEqual(await rows(seeded.deps.db))
    } finally {
      await again.close()
    }
  })
})
