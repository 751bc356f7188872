import { z } from '@hono/zod-openapi'
import { MEMBERS_LIMIT_MAX, MEMBERS_LIMIT_MIN, PRIZE_OPTION_KEYS } from '../../domain/contest-creation'
import { idField } from '../../http/ids'
import { boolField, intField, jsonListField, rupeesField } from '../contests'

/**
 * The contest draft of create, verify and edit, as JSON or as a form (forms arrive as JSON
 * strings: "500", "true", and `prize_ranges` as a JSON text), so each field takes both.
 */
const rupees = rupeesField()

const RangeInput = z.strictObject({
  from: intField(1, 100_000),
  to: intField(1, 100_000),
  percent: z
    .union([z.number(), z.string().max(20)])
    .optional()
    .openapi({ description: 'Percent of the pool per rank (2 decimals)' }),
  amount: rupees.optional().openapi({ description: 'Rupees per rank (custom amounts)' }),
})

export type RangeInput = z.infer<typeof RangeInput>

const rangesField = jsonListField(RangeInput).openapi({
  type: 'array',
  description: 'Custom rank ranges: all with `percent` or all with `amount`',
})

const draftShape = {
  game: z.string().max(40).openapi({ description: 'A game kind slug; not auction or esports' }),
  match_id: idField().optional().openapi({ description: 'Match kinds' }),
  phase_id: idField().optional().openapi({ description: 'championship' }),
  name: z.string().trim().min(3).max(60),
  description: z.string().trim().max(500).nullable().optional(),
  entry_fee: rupees.openapi({ description: 'Whole rupees, 0–10,000' }),
  members_limit: intField(MEMBERS_LIMIT_MIN, MEMBERS_LIMIT_MAX),
  multiple_entries: boolField().optional(),
  max_entries_per_user: intField(2, 11).optional(),
  guaranteed: boolField().optional(),
  is_private: boolField().optional().openapi({ description: 'Default true' }),
  prize_option: z.enum(PRIZE_OPTION_KEYS as [string, ...string[]]).optional(),
  prize_structure_id: idField().optional().openapi({ description: 'One of my saved prizes' }),
  prize_ranges: rangesField.optional(),
  team_id: idField()
    .optional()
    .openapi({ description: 'Match kinds: my team for the match (required to create)' }),
  fields: z.string().max(2000).optional(),
}

export const DraftBody = z.strictObject(draftShape)
export type DraftBody = z.infer<typeof DraftBody>

/** An edit: any draft field; what may change depends on who has joined (docs/contest-creation.md). */
export const EditBody = z.strictObject({
  ...Object.fromEntries(Object.entries(draftShape).map(([k, v]) => [k, v.optional()])),
} as { [K in keyof typeof draftShape]: z.ZodOptional<(typeof draftShape)[K]> })
export type EditBody = z.infer<typeof EditBody>

export const BillSchema = z.object({
  entry_fee: z.number(),
  members_limit: z.number().int(),
  rake_percent: z.number(),
  prize_pool: z.number(),
  rake: z.number(),
  you_pay: z.number(),
  balance_after: z.number().nullable(),
})

export const DraftPrizeSchema = z.object({
  rank_text: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  amount: z.number(),
  percent: z.number(),
})

export const VerifyAnswer = z.object({
  bill: BillSchema,
  prizes: z.array(DraftPrizeSchema),
  winners: z.number().int(),
  access: z.object({
    allowed: z.boolean(),
    missing: z.array(z.object({ key: z.string(), met: z.boolean(), message: z.string() })),
  }),
})
