import { z } from '@hono/zod-openapi'
import { multilineText } from '../../../http/text'

/** Shapes several wallet sub-areas answer with or accept. */

export const ReasonRequest = z
  .strictObject({ reason: multilineText().trim().min(3).max(500) })
  .openapi('ReasonRequest')

/** The player an admin decides about. */
export const UserRef = z.object({ id: z.number().int(), username: z.string(), email: z.string() })

/** A player's balances (rupees; coins whole), as `walletJson` gives them. */
export const WalletSchema = z.object({
  current_balance: z.number(),
  unused_balance: z.number(),
  winning_balance: z.number(),
  coin_balance: z.number().int(),
})

const ReviewStatus = z.enum(['pending', 'approved', 'rejected'])
/** The admin queues' list query: one state, newest first. */
export const ReviewListQuery = z.object({
  status: ReviewStatus.optional().openapi({ description: 'Only submissions in this state' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})
