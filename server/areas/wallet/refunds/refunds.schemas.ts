import { z } from '@hono/zod-openapi'
import { idField } from '../../../http/ids'
import { multilineText } from '../../../http/text'

/** Request and answer shapes of refund claims. */

export const ClaimRefundRequest = z
  .strictObject({
    reason: multilineText().trim().min(10, 'is too short (minimum is 10 characters)').max(1000),
    user_credit_id: idField().optional().openapi({ type: 'integer', description: 'One of your deposits' }),
    contest_id: idField().optional().openapi({ type: 'integer', description: 'A contest you joined' }),
  })
  .openapi('ClaimRefundRequest')

export const ClaimRefundSchema = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    status: z.string().openapi({ description: '`pending` | `refunded` | `rejected`' }),
    resolution: z
      .string()
      .nullable()
      .openapi({ description: 'The answer once decided (null while pending)' }),
    user_credit_id: z.number().int().nullable(),
    contest_id: z.number().int().nullable(),
    amount: z.number().nullable().openapi({
      description: 'Rupees: the deposit’s amount while pending; once refunded, the amount refunded',
    }),
    created_at_in_millis: z.number().int(),
    created_at_str_small: z.string(),
    updated_at_in_millis: z.number().int(),
    decided_at_in_millis: z.number().int().nullable(),
  })
  .openapi('ClaimRefund')
