import { z } from '@hono/zod-openapi'
import { COMMENT_MAX_CHARS, POST_MAX_CHARS } from '../../domain/social-text'
import { idField } from '../../http/ids'
import { multilineText } from '../../http/text'
import { FeedResultSchema } from './feed-results'

const PersonSchema = z
  .object({ id: z.number().int(), slug: z.string(), username: z.string(), image_url: z.string().nullable() })
  .openapi('Person')
const MentionSchema = z.object({ slug: z.string(), username: z.string() }).openapi('Mention')

export const CommentSchema = z
  .object({
    id: z.number().int(),
    post_id: z.number().int(),
    parent_id: z.number().int().nullable().openapi({ description: 'The top comment this one replies to' }),
    content: z.string().openapi({ description: 'As typed: render it escaped' }),
    likes_count: z.number().int(),
    is_liked_by_current_user: z.boolean(),
    user: PersonSchema,
    mentions: z.array(MentionSchema).openapi({ description: 'The `@username`s in the text that name users' }),
    edited: z.boolean(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('Comment')

export const PostSchema = z
  .object({
    id: z.number().int(),
    topic_id: z.number().int(),
    content: z.string().openapi({ description: 'As typed: render it escaped' }),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    is_liked_by_current_user: z.boolean(),
    user: PersonSchema,
    contest: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    wall: z.object({ slug: z.string() }).nullable(),
    mentions: z.array(MentionSchema),
    comments: z.array(CommentSchema).openapi({ description: 'The latest few comments, oldest first' }),
    edited: z.boolean(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('Post')

export const TopicSchema = z
  .object({
    id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Subscribe to TopicChannel with it; null until the first post' }),
    contest_id: z.number().int().nullable(),
    owner_slug: z.string().nullable(),
    likes_count: z.number().int().openapi({ description: 'The contest’s likes (0 on a wall)' }),
  })
  .openapi('Topic')

const blank = 'can’t be blank'
export const postContent = multilineText().trim().min(1, blank).max(POST_MAX_CHARS)
export const commentContent = multilineText().trim().min(1, blank).max(COMMENT_MAX_CHARS)

export const PostBody = z.strictObject({ content: postContent })
export const CommentBody = z.strictObject({
  content: commentContent,
  parent_id: idField().optional().openapi({ description: 'Reply to this comment (on the same post)' }),
  fields: z.string().optional().openapi({
    description: 'A `?fields=` selection of the answer, in the body (spec §7 "content, fields")',
  }),
})
export const EditCommentBody = z.strictObject({ content: commentContent })

/** Newest-first pages: `before_id` is the last id of the previous page (its `next_before_id`). */
export const olderQuery = z.object({
  before_id: idField().optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
})

export const slugParam = z.object({ slug: z.string().min(1).max(100) })

export const FeedItemSchema = z
  .union([
    z.object({
      kind: z
        .enum(['post', 'contest_share'])
        .openapi({ description: '`contest_share`: a post on a contest' }),
      post: PostSchema,
    }),
    z.object({ kind: z.literal('contest_result'), result: FeedResultSchema }),
  ])
  .openapi('FeedItem')

export type FeedItem = z.infer<typeof FeedItemSchema>
