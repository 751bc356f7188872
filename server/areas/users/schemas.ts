import { z } from '@hono/zod-openapi'
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from '../../domain/user-rules'

export const username = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, USERNAME_RULE)
  .openapi({ example: 'virat_fan' })
export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`)
  .max(MAX_PASSWORD_LENGTH)
export const email = z.email().max(254).openapi({ example: 'player@example.com' })

export const Level = z.object({
  level: z.number().int(),
  level_name: z.string(),
  xp_points: z.number().int(),
  min_xp: z.number().int(),
})
export const NextLevel = z.object({
  level: z.number().int(),
  level_name: z.string(),
  min_xp: z.number().int(),
})

export const PublicUserSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    username: z.string(),
    display_name: z.string(),
    full_name: z.string().nullable(),
    team_name: z.string().nullable(),
    image: z.string().nullable(),
    about_me: z.string().nullable(),
    cricket_level: Level,
    next_level: NextLevel,
    follower_count: z.number().int(),
    following_count: z.number().int(),
    average_rating: z
      .number()
      .nullable()
      .openapi({ description: 'Mean of the 1–5 ratings, one decimal; null when unrated' }),
    ratings_count: z.number().int(),
    is_current_user_following: z.boolean(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('User')
