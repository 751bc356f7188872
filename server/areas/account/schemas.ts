import { z } from '@hono/zod-openapi'
import { idField } from '../../http/ids'
import { orNull } from '../../http/responses'
import { multilineText } from '../../http/text'
import { GameAccountSchema } from '../esports'
import { TrafficSourceFields } from '../social'
import { email, Level, NextLevel, password, username } from '../users'
import { BankDetailsSchema, UpiSchema } from '../wallet'

export const RegisterRequest = z
  .strictObject({
    email,
    username,
    password,
    full_name: z.string().trim().max(60).optional(),
    ref_code: z.string().trim().max(20).optional(),
    // Where the new player came from, recorded with the account (docs/social.md).
    ...TrafficSourceFields.shape,
  })
  .openapi('RegisterRequest')

export const MeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    username: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    role: z.enum(['player', 'admin']),
    status: z.enum(['active', 'invited', 'disabled']),
    mobile_no: z.string().nullable(),
    full_name: z.string().nullable(),
    display_name: z.string(),
    team_name: z.string().nullable(),
    profile_status: z.enum(['new', 'interests_chosen', 'complete']),
    image: z.string().nullable(),
    avatar_id: z.number().int().nullable(),
    reference: z.string().openapi({ description: 'The user’s own referral code' }),
    cricket_level: Level,
    next_level: NextLevel,
    stats: z.object({
      most_selected_captain: z.string().nullable(),
      total_teams: z.number().int(),
      total_winnings: z.number(),
      total_leagues: z.number().int(),
    }),
    user_points: z.array(z.object({ rank: z.number().int(), series: z.string(), total_score: z.number() })),
    current_balance: z.number().openapi({ description: 'Rupees: unused + winnings' }),
    unused_balance: z.number(),
    winning_balance: z.number(),
    coin_balance: z.number().int(),
    total_reward_balance: z.number(),
    total_reward_coins: z.number().int(),
    about_me: z.string().nullable(),
    follower_count: z.number().int(),
    following_count: z.number().int(),
    contests_count: z.number().int(),
    mobile_approved: z.boolean(),
    pancard_approved: z.boolean(),
    pancard_status: z.string(),
    account_approved: z.boolean(),
    is_current_user_allowed_to_redeem: z.boolean(),
    dob: z.string().nullable(),
    interests: z.array(z.string()),
    bhim_upi: orNull(UpiSchema),
    bank_details: orNull(BankDetailsSchema),
    game_accounts: z.array(GameAccountSchema).openapi({ description: 'My game accounts (docs/esports.md)' }),
    created_at_in_millis: z.number().int(),
  })
  .openapi('Me')

export const UpdateMeRequest = z
  .strictObject({
    full_name: z.string().trim().max(60).nullable().optional(),
    team_name: z.string().trim().min(3).max(20).optional(),
    username: username.optional(),
    dob: z
      .string()
      .nullable()
      .optional()
      .openapi({ example: '1995-04-21', description: 'YYYY-MM-DD; at least 18 years ago' }),
    about_me: multilineText().trim().max(500).nullable().optional(),
    avatar_id: idField().nullable().optional(),
    interests: z.array(z.string()).max(10).optional(),
    current_password: z.string().optional(),
    password: password.optional(),
  })
  .openapi('UpdateMeRequest')

export const AvatarSchema = z
  .object({ id: z.number().int(), name: z.string(), url: z.string() })
  .openapi('Avatar')
