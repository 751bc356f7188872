import { z } from '@hono/zod-openapi'
import { CONTEST_KINDS } from '../../domain/contest-templates'
import { MAX_ID } from '../../http/ids'
import { MAX_PAGE } from '../../http/paging'
import { MatchStatusSchema, PlayerSchema } from '../matches'

/** A contest's state, fee, pool and seats, daily or championship, in the order both list them. */
export const SeatFieldsShape = {
  contest_status: z.enum(['open', 'locked', 'completed', 'cancelled']),
  joinable: z.boolean(),
  entry_fee: z.number(),
  prize_amount: z.number(),
  members_limit: z.number().int(),
  members_count: z.number().int(),
  spots_left: z.number().int(),
  winner_count: z.number().int(),
}

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
    kind: z.enum(CONTEST_KINDS),
    ...SeatFieldsShape,
    max_entries: z.number().int(),
    multiple_entries: z.boolean(),
    guaranteed: z.boolean(),
    invite_code: z.string(),
    first_prize: z.number(),
    event_time_in_millis: z.number().int(),
    match_status: MatchStatusSchema,
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

/** The rules of a contest in words, with the numbers they come from. */
export const ContestInfoSchema = z
  .object({
    contest_id: z.number().int(),
    name: z.string(),
    kind: z.enum(CONTEST_KINDS),
    entry_fee: z.number(),
    prize_amount: z.number(),
    rake_percent: z.number(),
    members_limit: z.number().int(),
    max_entries: z.number().int(),
    guaranteed: z.boolean(),
    winner_count: z.number().int(),
    invite_code: z.string(),
    is_private: z.boolean(),
    description: z.string().nullable(),
    created_by: z.object({ slug: z.string(), username: z.string() }).nullable(),
    rules: z.array(z.string()),
  })
  .openapi('ContestInfo')

/** The contest page in sections: prizes, info, the first page of the leaderboard. */
export const ContestSectionSchema = z
  .discriminatedUnion('key', [
    z.object({ key: z.literal('prizes'), title: z.string(), prizes: z.array(PrizeSchema) }),
    z.object({ key: z.literal('info'), title: z.string(), info: ContestInfoSchema }),
    z.object({
      key: z.literal('leaderboard'),
      title: z.string(),
      members: z.array(MemberSchema),
      current_user_members: z.array(MemberSchema),
    }),
  ])
  .openapi('ContestSection')

/** The pre-flight of a join: which dialog to open, with the money and the caller's teams. */
export const JoiningConfirmationSchema = z
  .object({
    popup: z.enum(['join_league', 'event_locked', 'add_funds', 'already_joined', 'create_team']),
    error: z.string().nullable(),
    contest_id: z.number().int(),
    entry_fee: z.number(),
    to_pay: z.number(),
    current_balance: z.number(),
    unused_balance: z.number(),
    winning_balance: z.number(),
    shortfall: z.number(),
    max_entries: z.number().int(),
    user_teams: z.array(z.object({ id: z.number().int(), team_no: z.number().int(), joined: z.boolean() })),
  })
  .openapi('JoiningConfirmation')

const ComparePlayerSchema = PlayerSchema.extend({
  multiplier: z.number(),
  team_points: z.number().nullable(),
})

const CompareSideSchema = z.object({
  member_id: z.number().int(),
  user: z.object({ slug: z.string(), username: z.string(), team_name: z.string().nullable() }),
  team_no: z.number().int(),
  points: z.number().nullable(),
  rank: z.number().int().nullable(),
  players: z.array(ComparePlayerSchema),
})

/** Two entries side by side: common players with each side's multiplier, and the differences. */
export const CompareSchema = z
  .object({
    current_user_team: CompareSideSchema,
    compare_team: CompareSideSchema,
    common_players: z.array(
      z.object({
        player: ComparePlayerSchema,
        current_user_multiplier: z.number(),
        compare_multiplier: z.number(),
      }),
    ),
    diff_players: z.object({
      current_user: z.array(ComparePlayerSchema),
      compare: z.array(ComparePlayerSchema),
    }),
    points_difference: z.number().nullable(),
    compare_members: z.array(z.object({ member_id: z.number().int(), member_name: z.string() })),
  })
  .openapi('CompareTeams')
