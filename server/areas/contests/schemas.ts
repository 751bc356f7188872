import { z } from '@hono/zod-openapi'
import { MAX_ID } from '../../http/ids'
import { MAX_PAGE } from '../../http/paging'

/** Privacy and owner fields on every contest, daily or championship (docs/contest-creation.md). */
export const OwnerFieldsShape = {
  is_private: z.boolean(),
  description: z.string().nullable(),
  game_kind: z.string().openapi({ description: 'A game kind slug (GET /api/contests/rules/{slug})' }),
  is_owner: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  invite_link: z
    .string()
    .nullable()
    .openapi({ description: 'The join page with the invite code; only for the owner and members' }),
  created_by: z.object({ slug: z.string(), username: z.string() }).nullable(),
  prize_percents: z
    .array(z.object({ from: z.number().int(), to: z.number().int(), percent: z.number() }))
    .nullable()
    .openapi({ description: 'A player-made contest’s prize table in percent of the pool' }),
}

export const ContestSchema = z
  .object({
    id: z.number().int(),
    match_id: z.number().int(),
    sport_slug: z.string(),
    game_id: z.number().int(),
    match_title: z.string(),
    name: z.string(),
    kind: z.string(),
    contest_status: z.enum(['open', 'locked', 'completed', 'cancelled']),
    joinable: z.boolean(),
    entry_fee: z.number(),
    prize_amount: z.number(),
    members_limit: z.number().int(),
    members_count: z.number().int(),
    spots_left: z.number().int(),
    winner_count: z.number().int(),
    max_entries: z.number().int(),
    multiple_entries: z.boolean(),
    guaranteed: z.boolean(),
    invite_code: z.string(),
    first_prize: z.number(),
    event_time_in_millis: z.number().int(),
    match_status: z.string(),
    status_reason: z.string().nullable(),
    topic: z.object({ likes_count: z.number().int() }),
    is_liked_by_current_user: z.boolean(),
    joined_count: z.number().int(),
    joined_team_ids: z.array(z.number().int()),
    my_entries: z
      .array(
        z.object({
          member_id: z.number().int(),
          user_team_id: z.number().int(),
          rank: z.number().int().nullable(),
          points: z.number(),
          prize: z.number(),
          refunded: z.boolean(),
        }),
      )
      .openapi({
        description: 'The caller’s entries: rank and points (live while the match is in play), prize, refund',
      }),
    user_slug: z.string().nullable(),
    filter: z.string().nullable(),
    created_at_in_millis: z.number().int(),
    ...OwnerFieldsShape,
  })
  .openapi('Contest')

export const PrizeSchema = z
  .object({
    id: z.number().int(),
    rank_text: z.string(),
    from: z.number().int(),
    to: z.number().int(),
    amount: z.number(),
  })
  .openapi('Prize')

export const MemberSchema = z
  .object({
    id: z.number().int(),
    rank: z.number().int().nullable(),
    points: z.number(),
    prize: z.number(),
    refunded: z.boolean(),
    user: z.object({
      slug: z.string(),
      username: z.string(),
      team_name: z.string().nullable(),
      display_name: z.string(),
      image: z.string().nullable(),
    }),
    user_team: z.object({ id: z.number().int(), team_no: z.number().int() }),
    is_current_user: z.boolean(),
  })
  .openapi('ContestMember')

export { idParam as contestParam } from '../../http/ids'

/** `filter_ids=1,5` → [1, 5]. */
export const idList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return []
    const parts = v.split(',').map((s) => s.trim())
    if (parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) > MAX_ID || Number(p) < 1)) {
      ctx.addIssue({ code: 'custom', message: 'must be a comma-joined list of ids' })
      return z.NEVER
    }
    return parts.map(Number)
  })

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.coerce
    .number()
    .int()
    .min(1)
    .max(4)
    .default(1)
    .openapi({ description: '1 prize amount, 2 members limit, 3 winner count, 4 entry fee' }),
  direction: z.coerce
    .number()
    .int()
    .refine((d) => d === 1 || d === -1, 'must be 1 or -1')
    .default(-1)
    .openapi({ description: '-1 descending (default), 1 ascending' }),
  filter_ids: idList.openapi({ description: 'Comma-joined ids from GET /api/contest_filters' }),
})
