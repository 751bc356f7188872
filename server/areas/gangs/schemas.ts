import { z } from '@hono/zod-openapi'

const ViewerSchema = z
  .object({
    status: z.enum(['member', 'pending']).nullable(),
    is_manager: z.boolean(),
    rank: z.number().int().nullable(),
    score: z.number().nullable(),
  })
  .nullable()
  .openapi({ description: 'The caller in this gang: membership, rank and score (null when signed out)' })

export const GangSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    league_motto: z.string(),
    is_public: z.boolean(),
    mode: z.enum(['daily', 'championship']),
    league_code: z.string().nullable().openapi({
      description: 'The code to join (public) or ask to join (private); members only for a private gang',
    }),
    league_members_count: z.number().int(),
    score: z.number().openapi({ description: 'The sum of the best 10 members’ scores' }),
    series: z.object({ id: z.number().int(), name: z.string(), short_name: z.string() }),
    series_phase: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    user: z
      .object({ id: z.number().int(), display_name: z.string(), team_name: z.string().nullable() })
      .openapi({ description: 'The manager (the creator)' }),
    current_user_data: ViewerSchema,
    created_at_in_millis: z.number().int(),
  })
  .openapi('Gang')

const UserSchema = z.object({
  id: z.number().int(),
  team_name: z.string().nullable(),
  display_name: z.string(),
  image: z.string().nullable(),
})

export const GangMemberSchema = z
  .object({
    user: UserSchema,
    score: z.number(),
    rank: z.number().int(),
    is_manager: z.boolean(),
    is_current_user: z.boolean(),
  })
  .openapi('GangMember')

export const JoinRequestSchema = z
  .object({ id: z.number().int(), user: UserSchema, requested_at_in_millis: z.number().int() })
  .openapi('GangJoinRequest')

export const NewGangRequest = z
  .strictObject({
    name: z.string().trim().min(1, 'can’t be blank').max(40),
    league_motto: z.string().trim().max(140).default(''),
    is_public: z.boolean().default(true),
  })
  .openapi('NewGang')

export const CodeRequest = z
  .strictObject({ code: z.string().trim().min(1, 'can’t be blank').max(32) })
  .openapi('GangCode')
