import { z } from '@hono/zod-openapi'
import { idField } from '../../http/ids'
import { orNull } from '../../http/responses'
import { multilineText } from '../../http/text'
import { IDENTIFIER_KEY_MAX, MESSAGE_MAX_CHARS } from './messages'

const blank = 'can’t be blank'

const PersonSchema = z.object({ slug: z.string(), username: z.string(), image_url: z.string().nullable() })

export const GroupMessageSchema = z
  .object({
    id: z.number().int().openapi({ description: 'The cursor: `before_id` pages back from it' }),
    group_uuid_id: z.string(),
    message: z.string().openapi({ description: 'As typed: render it escaped' }),
    message_type: z.enum(['text_message', 'contest_card', 'auction_invite', 'gang_card']),
    identifier_key: z
      .string()
      .openapi({ description: 'The sender’s key: their own echo replaces "Sending..."' }),
    card_id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The contest, auction or gang a card shows' }),
    display_time: z.string().openapi({ description: 'India time, e.g. "9:05 PM"' }),
    created_at_in_millis: z.number().int(),
    user: PersonSchema,
  })
  .openapi('GroupMessage')

export const GroupMemberSchema = PersonSchema.extend({
  role: z.enum(['admin', 'member']),
  is_creator: z.boolean(),
}).openapi('GroupMember')

export const GroupSchema = z
  .object({
    group_uuid_id: z.string().openapi({ description: 'The group’s id in every path and in GroupChannel' }),
    name: z.string().openapi({ description: 'Empty for a one-to-one (show the other person)' }),
    description: z.string(),
    image: z.string().nullable(),
    kind: z.enum(['group', 'one_to_one']),
    is_public: z.boolean(),
    is_muted: z.boolean(),
    unread_message_count: z.number().int(),
    members_count: z.number().int(),
    group_members: z.array(GroupMemberSchema),
    last_message: orNull(GroupMessageSchema),
  })
  .openapi('Group')

export const groupName = z.string().trim().min(1, blank).max(60)
export const groupDescription = multilineText().trim().max(500)
const imageField = z.string().max(500).nullable().openapi({ description: 'A URL from GET /api/avatars' })

export const NewGroupBody = z.strictObject({
  name: groupName,
  description: groupDescription.optional(),
  image: imageField.optional(),
  is_public: z.boolean().optional().openapi({ description: 'Listed by /groups/search (default false)' }),
  member_slugs: z.array(z.string().min(1).max(100)).max(200).optional(),
})

export const EditGroupBody = z.strictObject({
  name: groupName.optional(),
  description: groupDescription.optional(),
  image: imageField.optional(),
  is_public: z.boolean().optional(),
})

export const MessageBody = z.strictObject({
  identifier_key: z
    .string()
    .min(1, blank)
    .max(IDENTIFIER_KEY_MAX)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and - _ . : only')
    .openapi({ description: 'The client’s UUID for this send; a retry with the same key is stored once' }),
  message: multilineText().trim().min(1, blank).max(MESSAGE_MAX_CHARS),
  message_type: z
    .enum(['text_message', 'contest_card', 'auction_invite', 'gang_card'])
    .default('text_message'),
  card_id: idField().nullable().optional(),
})

export const uuidParam = z.object({
  uuid: z
    .string()
    .max(64)
    .openapi({ param: { name: 'uuid', in: 'path' }, description: 'The group_uuid_id' }),
})

export const olderMessages = z.object({
  before_id: idField().optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(30),
})
