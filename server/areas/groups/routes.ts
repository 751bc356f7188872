import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { codeLookupLimit } from '../../http/code-lookup'
import { conflict } from '../../http/errors'
import { pagingQuery, toPage } from '../../http/paging'
import { linkBaseOf } from '../../http/public-url'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { addMembers, joinByCode, removeMember, setMuted } from './members'
import { groupsOfMember, publicGroupsNamed } from './queries'
import { EditGroupBody, GroupMemberSchema, GroupSchema, NewGroupBody, uuidParam } from './schemas'
import { createGroup, oneToOne, resetInviteCode, updateGroup, usersBySlugs } from './service'
import { type GroupRow, groupsJson, membersJson } from './views'
import { groupByUuid, visibleGroup } from './visibility'

const GroupAnswer = z.object({ group: GroupSchema })
const InviteAnswer = z.object({ invite_code: z.string(), invite_url: z.string() })
const tags = ['Groups']

/** Groups, members, mute, one-to-ones, invites and search (docs/groups.md). */
// Long: a route factory, one short registration per route.

/** What the answer reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const CONVERSATIONS_READS: Reads = ['avatars', 'group_members', 'group_messages', 'groups', 'users']

// Long: a route factory, one short registration per route
export function groupRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, tags)

  // The link carries the address the caller used (or FANSPOLE_PUBLIC_URL): server/http/public-url.ts.
  const invite = async (c: Context, code: string) => ({
    invite_code: code,
    invite_url: `${await linkBaseOf(deps, c)}/groups/invite/${code}`,
  })

  async function oneGroup(uuid: string, viewerId: number) {
    const group = (await groupByUuid(deps.db, uuid)) as GroupRow
    const [json] = await groupsJson(deps.db, [group], viewerId)
    return { group: json as z.infer<typeof GroupSchema> }
  }

  route.get(
    '/api/groups',
    {
      summary: 'My groups and one-to-ones, latest conversation first',
      auth: true,
      query: pagingQuery(20, 50),
      ok: json(z.object({ groups: z.array(GroupSchema) }), 'Groups'),
      errors: [422],
    },
    // Kept per viewer until a table it reads changes (http/answer-cache.ts).
    async (c, me) =>
      cachedJson(c, deps, readKey(c), CONVERSATIONS_READS, async () => {
        const groups = await groupsOfMember(deps.db, me.id, toPage(c.req.valid('query')))
        return { body: { groups: await groupsJson(deps.db, groups, me.id) } }
      }),
  )

  route.post(
    '/api/groups',
    {
      summary: 'Create a group',
      description: 'The creator is its admin; `member_slugs` are added as members.',
      auth: true,
      body: NewGroupBody,
      responses: { 201: json(GroupAnswer, 'Created') },
      errors: [422],
    },
    async (c, me) => {
      const uuid = await createGroup(deps, me.id, c.req.valid('json'))
      return c.json(await oneGroup(uuid, me.id), 201)
    },
  )

  route.get(
    '/api/groups/search',
    {
      summary: 'Public groups by name',
      description: 'Each comes with its `invite_code`: join with POST /api/groups/join.',
      auth: true,
      query: pagingQuery(20, 50).extend({ q: z.string().trim().max(60).default('') }),
      ok: json(
        z.object({ groups: z.array(GroupSchema.extend({ invite_code: z.string() })) }),
        'Public groups',
      ),
      errors: [422],
    },
    async (c, me) => {
      const q = c.req.valid('query')
      const page = toPage(q)
      const groups = await publicGroupsNamed(deps.db, q.q, page)
      const json = await groupsJson(deps.db, groups, me.id)
      return c.json(
        { groups: json.map((g, i) => ({ ...g, invite_code: groups[i]?.invite_code ?? '' })) },
        200,
      )
    },
  )

  route.post(
    '/api/groups/create_one_to_one',
    {
      summary: 'Open my conversation with someone',
      description: 'The same two people always get the same conversation (found or made).',
      auth: true,
      body: z.strictObject({ user_slug: z.string().min(1).max(100) }),
      ok: json(GroupAnswer, 'The conversation'),
      errors: [422],
    },
    async (c, me) => {
      const uuid = await oneToOne(deps, me.id, c.req.valid('json').user_slug)
      return c.json(await oneGroup(uuid, me.id), 200)
    },
  )

  route.post(
    '/api/groups/join',
    {
      summary: 'Join a group by its invite code',
      description:
        'A wrong or reset code is 404. Joining again changes nothing; someone who left is back in; someone an admin removed is not (403: only an admin adds them back).',
      auth: true,
      middleware: [codeLookupLimit(deps, { body: 'invite_code' })],
      body: z.strictObject({ invite_code: z.string().trim().min(1).max(40) }),
      ok: json(GroupAnswer, 'Joined'),
      errors: [403, 404, 422, 429],
    },
    async (c, me) => {
      const uuid = await joinByCode(deps, me.id, c.req.valid('json').invite_code)
      return c.json(await oneGroup(uuid, me.id), 200)
    },
  )

  route.get(
    '/api/groups/{uuid}',
    {
      summary: 'One of my groups',
      description: 'Anyone not (or no longer) a member gets 404.',
      auth: true,
      params: uuidParam,
      ok: json(GroupAnswer, 'The group'),
      errors: [404],
    },
    async (c, me) => {
      const { uuid } = c.req.valid('param')
      await visibleGroup(deps.db, uuid, me.id)
      return c.json(await oneGroup(uuid, me.id), 200)
    },
  )

  route.put(
    '/api/groups/{uuid}',
    {
      summary: 'Change a group (its admins)',
      description: 'Other members: 403. A one-to-one has no settings: 409.',
      auth: true,
      params: uuidParam,
      body: EditGroupBody,
      ok: json(GroupAnswer, 'Changed'),
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const { uuid } = c.req.valid('param')
      await updateGroup(deps, me.id, uuid, c.req.valid('json'))
      return c.json(await oneGroup(uuid, me.id), 200)
    },
  )

  route.get(
    '/api/groups/{uuid}/members',
    {
      summary: 'A group’s members',
      auth: true,
      params: uuidParam,
      ok: json(z.object({ group_members: z.array(GroupMemberSchema) }), 'Members'),
      errors: [404],
    },
    async (c) => {
      const m = await visibleGroup(deps.db, c.req.valid('param').uuid, currentUser(c).id)
      return c.json({ group_members: await membersJson(deps.db, m.group) }, 200)
    },
  )

  route.post(
    '/api/groups/{uuid}/members',
    {
      summary: 'Add people to a group',
      description:
        'Any member adds people (`/groups/{id}/add-members`); not to a one-to-one (409). Adding back someone an admin removed takes an admin (403).',
      auth: true,
      params: uuidParam,
      body: z.strictObject({ user_slugs: z.array(z.string().min(1).max(100)).min(1).max(200) }),
      ok: json(z.object({ group_members: z.array(GroupMemberSchema) }), 'Members'),
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const { uuid } = c.req.valid('param')
      const ids = await usersBySlugs(deps.db, c.req.valid('json').user_slugs, 'user_slugs')
      await addMembers(deps, me.id, uuid, ids)
      const m = await visibleGroup(deps.db, uuid, me.id)
      return c.json({ group_members: await membersJson(deps.db, m.group) }, 200)
    },
  )

  route.delete(
    '/api/groups/{uuid}/members/{user_slug}',
    {
      summary: 'Remove a member, or leave',
      description:
        'The creator and admins remove members (others: 403); anyone removes themselves (leaves). The removed member loses access at once, their GroupChannel subscription included.',
      auth: true,
      params: uuidParam.extend({ user_slug: z.string().min(1).max(100) }),
      ok: json(z.object({ removed: z.literal(true) }), 'Removed'),
      errors: [403, 404],
    },
    async (c) => {
      const { uuid, user_slug } = c.req.valid('param')
      await removeMember(deps, currentUser(c).id, uuid, user_slug)
      return c.json({ removed: true as const }, 200)
    },
  )

  for (const action of ['mute', 'unmute'] as const)
    route.post(
      `/api/groups/{uuid}/${action}`,
      {
        summary: action === 'mute' ? 'Mute a group (no notifications)' : 'Unmute a group',
        auth: true,
        params: uuidParam,
        ok: json(GroupAnswer, 'The group'),
        errors: [404],
      },
      async (c, me) => {
        const { uuid } = c.req.valid('param')
        await setMuted(deps, me.id, uuid, action === 'mute')
        return c.json(await oneGroup(uuid, me.id), 200)
      },
    )

  route.post(
    '/api/groups/{uuid}/share',
    {
      summary: 'The group’s invite code and link',
      description: 'Any member shares a group; a one-to-one has no invite (409).',
      auth: true,
      params: uuidParam,
      ok: json(InviteAnswer, 'Invite'),
      errors: [404, 409],
    },
    async (c) => {
      const m = await visibleGroup(deps.db, c.req.valid('param').uuid, currentUser(c).id)
      if (m.group.kind === 'one_to_one') throw conflict('A one-to-one conversation has no invite')
      return c.json(await invite(c, m.group.invite_code), 200)
    },
  )

  route.post(
    '/api/groups/{uuid}/reset_invite',
    {
      summary: 'A new invite code for the group',
      description:
        'Admins only (403 otherwise; a one-to-one has no invite, 409): draws a new code and answers the new invite; the old code no longer joins (404).',
      auth: true,
      params: uuidParam,
      ok: json(InviteAnswer, 'The new invite'),
      errors: [403, 404, 409],
    },
    async (c) => {
      const code = await resetInviteCode(deps, currentUser(c).id, c.req.valid('param').uuid)
      return c.json(await invite(c, code), 200)
    },
  )

  return app
}
