import { z } from '@hono/zod-openapi'
import { ESPORTS_MODES } from '../../domain/esports/rules'
import { boolField, intField, jsonListField, rupeesField } from '../contests'
import { kindEnum, UserRef } from './common.schemas'

/** Request and answer shapes of the esports contests routes (docs/esports.md). */

export const EsportsContestSchema = z
  .object({
    id: z.number().int(),
    kind: kindEnum,
    kind_name: z.string(),
    game: z.string(),
    game_name: z.string(),
    mode: z.string(),
    team_size: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    map: z.string().nullable(),
    host: UserRef.nullable(),
    entry_fee: z.number(),
    rake_percent: z.number(),
    per_kill: z.number(),
    prize_pool: z.number().openapi({ description: 'The pool when every slot fills (fees less the rake)' }),
    placement_pool: z.number().openapi({
      description:
        'What placement prizes share at least when the room fills (the pool less the most kill prizes)',
    }),
    prizes: z.array(
      z.object({
        from: z.number().int(),
        to: z.number().int(),
        rank_text: z.string(),
        percent: z.number(),
        amount: z.number(),
      }),
    ),
    slots: z.number().int(),
    squads_count: z.number().int(),
    members_count: z.number().int(),
    min_level: z.number().int(),
    is_private: z.boolean(),
    invite_code: z.string().nullable().openapi({ description: 'Host and admins only' }),
    status: z.string(),
    status_reason: z.string().nullable(),
    starts_at_in_millis: z.number().int(),
    starts_at: z.string(),
    reveal_minutes: z.number().int(),
    reveal_at_in_millis: z.number().int(),
    room_details: z
      .object({ room_id: z.string().nullable(), room_password: z.string().nullable() })
      .nullable()
      .openapi({ description: 'Host and admins always; members once revealed; else null' }),
    results_version: z.number().int(),
    my_squad_id: z.number().int().nullable(),
    is_host: z.boolean(),
    joined: z.boolean(),
    point_table: z.object({ placement: z.array(z.number()), per_kill: z.number() }).nullable(),
    round_id: z.number().int().nullable(),
    lobby_no: z.number().int().nullable(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('EsportsContest')

const rupees = rupeesField()

const RangeInput = z.strictObject({
  from: intField(1, 1000),
  to: intField(1, 1000),
  percent: z
    .union([z.number(), z.string().max(20)])
    .openapi({ description: 'Percent per rank (2 decimals)' }),
})

const rangesField = jsonListField(RangeInput).openapi({
  type: 'array',
  description: 'Percent ranges of the placement prizes, by squad rank',
})

const startsAt = z
  .union([z.number(), z.string().max(40)], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a time'),
  })
  .openapi({ description: 'Epoch milliseconds or ISO 8601' })

const editable = {
  name: z.string().max(200),
  description: z.string().max(500).nullable().optional(),
  map: z.string().max(40).nullable().optional(),
  entry_fee: rupees.openapi({ description: 'Whole rupees per player, 0–10,000' }),
  per_kill: rupees
    .optional()
    .openapi({ description: 'Whole rupees per kill; at most the fee less the rake' }),
  prize_ranges: rangesField.optional(),
  prize_option: z
    .string()
    .max(40)
    .optional()
    .openapi({ description: 'A generated table (winner_takes_all, top_3, …)' }),
  slots: intField(1, 1000),
  min_level: intField(0, 1000).optional(),
  starts_at: startsAt,
  reveal_minutes: intField(0, 10_000).optional(),
  is_private: boolField().optional().openapi({ description: 'Default: private when free, public when paid' }),
}

export const CreateBody = z.strictObject({
  kind: kindEnum,
  mode: z.enum(ESPORTS_MODES as [string, ...string[]]),
  ...editable,
  starts_at: startsAt.optional(),
  starts_in_minutes: intField(0, 60 * 24 * 365)
    .optional()
    .openapi({ description: 'Instead of starts_at: this many minutes from now on the server’s clock' }),
})

export const EditBody = z.strictObject({
  name: editable.name.optional(),
  description: editable.description,
  map: editable.map,
  entry_fee: editable.entry_fee.optional(),
  per_kill: editable.per_kill,
  prize_ranges: editable.prize_ranges,
  prize_option: editable.prize_option,
  slots: editable.slots.optional(),
  min_level: editable.min_level,
  starts_at: editable.starts_at.optional(),
  reveal_minutes: editable.reveal_minutes,
  is_private: editable.is_private,
})

export const EsportsAccessSchema = z
  .object({
    kind: kindEnum,
    allowed: z.boolean(),
    free_allowed: z.boolean(),
    paid_allowed: z.boolean(),
    requirements: z.array(z.object({ key: z.string(), met: z.boolean(), message: z.string() })),
    missing: z.array(z.object({ key: z.string(), met: z.boolean(), message: z.string() })),
  })
  .openapi('EsportsAccess')
