import { describe, expect, it } from 'vitest'
import { countQueries } from '../../helpers/query-count'
import { apiWorld } from '../../helpers/world'

// The conversation list and a group's messages cost a fixed number of queries, whatever the
// page holds (docs/performance.md, "Reads on a miss"): members, counts and last messages are
// read for the whole page at once.

const ctx = apiWorld({ config: { answerCache: false } })

/** Messages written straight to the table (the send path's rate limit is not under test here). */
async function say(uuid: string, userId: number, count: number) {
  const db = ctx.deps.db
  const group = await db.selectFrom('groups').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()
  let last = 0
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('group_messages')
      .values({
        group_id: group.id,
        user_id: userId,
        identifier_key: `k-${uuid}-${userId}-${i}-${Math.random()}`,
        message: `m${i}`,
        message_type: 'text_message',
        card_id: null,
        created_at_ms: ctx.deps.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    last = Number(row.id)
  }
  await db.updateTable('groups').set({ last_message_id: last }).where('id', '=', group.id).execute()
}

describe('GET /api/groups and GET /api/groups/:uuid/messages', () => {
  it('read 12 conversations, or 50 messages, with as many queries as one', async () => {
    const me = await ctx.api.player()
    const friends = [await ctx.api.player(), await ctx.api.player(), await ctx.api.player()]
    const create = async (name: string) =>
      (await ctx.api.post('/api/groups', { name, member_slugs: friends.map((f) => f.slug) }, me.token)).body
        .group.group_uuid_id as string
    const first = await create('first')
    await say(first, friends[0]!.id, 1)
    const oneGroup = await countQueries(() => ctx.api.get('/api/groups', me.token))
    const oneMessage = await countQueries(() => ctx.api.get(`/api/groups/${first}/messages`, me.token))
    for (let g = 1; g < 12; g++) await say(await create(`group ${g}`), friends[g % 3]!.id, 2)
    await say(first, friends[1]!.id, 49)
    const twelve = await countQueries(() => ctx.api.get('/api/groups', me.token))
    const fifty = await countQueries(() => ctx.api.get(`/api/groups/${first}/messages?per_page=50`, me.token))

    expect(twelve.result.body.groups).toHaveLength(12)
    expect(twelve.queries).toBe(oneGroup.queries)
    expect(fifty.result.body.messages).toHaveLength(50)
    expect(fifty.queries).toBe(oneMessage.queries)
    // Whole answers: every group with its four members and unread count; messages oldest first.
    const newest = twelve.result.body.groups[0]
    expect(newest).toMatchObject({ name: 'first', members_count: 4, unread_message_count: 50 })
    expect(newest.group_members.map((m: { slug: string }) => m.slug)).toEqual([
      me.slug,
      ...friends.map((f) => f.slug),
    ])
    const ids = fifty.result.body.messages.map((m: { id: number }) => m.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(fifty.result.body.next_before_id).toBe(ids[0])
  })
})
