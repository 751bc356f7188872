import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { idField } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { listMessages, markRead, sendMessage } from './messages'
import { GroupMessageSchema, MessageBody, olderMessages, uuidParam } from './schemas'

const tags = ['Groups']
const MessageAnswer = z.object({ message: GroupMessageSchema })

/** A group's messages: read back by cursor, send (idempotent by identifier_key), mark read. */
// Long: a route factory, one short registration per route.

/** What the answer reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const MESSAGES_READS: Reads = ['avatars', 'group_members', 'group_messages', 'groups', 'users']

// Long: a route factory, one short registration per route
export function groupMessageRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, tags)

  route.get(
    '/api/groups/{uuid}/messages',
    {
      summary: 'A group’s messages, newest last',
      description:
        'The latest `per_page`; pass `next_before_id` as `before_id` for older ones. Non-members: 404.',
      auth: true,
      params: uuidParam,
      query: olderMessages,
      ok: json(
        z.object({
          messages: z.array(GroupMessageSchema),
          next_before_id: z.number().int().nullable().openapi({ description: 'Null on the oldest page' }),
        }),
        'Messages',
      ),
      errors: [404, 422],
    },
    // Kept per viewer until a table it reads changes (http/answer-cache.ts); a non-member's
    // 404 is never kept.
    async (c) =>
      cachedJson(c, deps, readKey(c), MESSAGES_READS, async () => ({
        body: await listMessages(deps, currentUser(c).id, c.req.valid('param').uuid, c.req.valid('query')),
      })),
  )

  route.post(
    '/api/groups/{uuid}/messages',
    {
      summary: 'Send a message',
      description:
        'Broadcast on GroupChannel as `message`. A retry with the same `identifier_key` answers the stored message with 200 and stores nothing. Cards (`contest_card`, `auction_invite`, `gang_card`) name their contest, auction or gang in `card_id`: one the sender may not see is 404, exactly as one that does not exist. Too many messages in a short time: 429.',
      auth: true,
      params: uuidParam,
      body: MessageBody,
      responses: { 200: json(MessageAnswer, 'Already stored (a retry)'), 201: json(MessageAnswer, 'Sent') },
      errors: [404, 422, 429],
    },
    async (c) => {
      const result = await sendMessage(
        deps,
        currentUser(c).id,
        c.req.valid('param').uuid,
        c.req.valid('json'),
      )
      return result.created
        ? c.json({ message: result.message }, 201)
        : c.json({ message: result.message }, 200)
    },
  )

  route.post(
    '/api/groups/{uuid}/read',
    {
      summary: 'Mark messages read up to one',
      description:
        'Moves my read marker forward (never back); `unread_message_count` counts past it. A `message_id` that is not a message of this group is 404.',
      auth: true,
      params: uuidParam,
      body: z.strictObject({ message_id: idField() }),
      ok: json(z.object({ read: z.literal(true) }), 'Marked'),
      errors: [404, 422],
    },
    async (c) => {
      await markRead(deps, currentUser(c).id, c.req.valid('param').uuid, c.req.valid('json').message_id)
      return c.json({ read: true as const }, 200)
    },
  )

  return app
}
