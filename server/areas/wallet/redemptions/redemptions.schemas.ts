import { z } from '@hono/zod-openapi'
import { idField } from '../../../http/ids'

/** Request and answer shapes of withdrawals. */

export const RedeemRequest = z
  .strictObject({
    amount: z.union([z.number(), z.string()]).openapi({
      description: 'Rupees to pay out, at most 2 decimals (the fee is added on top)',
      example: 500,
    }),
    redemption_type_id: idField().openapi({ type: 'integer' }),
  })
  .openapi('RedeemRequest')

export const RedemptionTypeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    min_amount: z.number(),
    fee: z.number(),
    daily_limit: z.number().nullable(),
  })
  .openapi('RedemptionType')

export const RedemptionSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    created_at_in_millis: z.number().int(),
    created_at_str_small: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    amount: z.number(),
    fee: z.number(),
    total_debited: z.number(),
    redemption_type: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    destination: z.string(),
    reason: z.string().nullable(),
    decided_at_in_millis: z.number().int().nullable(),
  })
  .openapi('Redemption')
