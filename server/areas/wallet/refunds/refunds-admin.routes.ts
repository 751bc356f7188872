import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { paiseToRupees, rupeesToPaise } from '../../../domain/money'
import { invalid } from '../../../http/errors'
import { requestDeps } from '../../../http/idempotency'
import { idParam } from '../../../http/ids'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentAdmin } from '../../../http/router'
import { multilineText } from '../../../http/text'
import { userBalances, walletJson } from '../../ledger'
import { userRef } from '../common/queries'
import { ReasonRequest, UserRef, WalletSchema } from '../common/schemas'
import { claimsContext } from './queries'
import {
  CLAIM_STATUSES,
  claimRefundJson,
  claimRefundKey,
  decideClaim,
  listAllClaims,
  MAX_CLAIM_REFUND_PAISE,
  refundCeiling,
} from './refunds'
import { ClaimRefundSchema } from './refunds.schemas'

const ListQuery = z.object({
  status: z.enum(CLAIM_STATUSES).optional().openapi({ description: 'Only claims in this state' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

const amountError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'is required' : 'must be rupees with at most 2 decimals'

const RefundRequest = z
  .strictObject({
    amount: z.union([z.number(), z.string()], { error: amountError }).openapi({
      description:
        'Rupees to credit to the unused balance: above 0, at most ₹10,000 and 2 decimals; for a claim about a deposit at most what is left of that deposit',
      example: 250,
    }),
    note: multilineText().trim().min(3).max(500).optional().openapi({
      description: 'The answer the player reads (default: “Refunded ₹… to your unused balance.”)',
    }),
  })
  .openapi('ClaimRefundRefundRequest')

const AdminClaimRefund = ClaimRefundSchema.extend({
  user: UserRef,
  user_credit: z
    .object({
      id: z.number().int(),
      amount: z.number(),
      gateway: z.string(),
      status: z.string(),
      order_id: z.string(),
      created_at_in_millis: z.number().int(),
    })
    .nullable()
    .openapi({ description: 'The deposit the claim is about' }),
  contest: z
    .object({ id: z.number().int(), name: z.string(), entry_fee: z.number(), status: z.string() })
    .nullable()
    .openapi({ description: 'The contest the claim is about' }),
  max_refund: z
    .number()
    .nullable()
    .openapi({ description: 'Rupees a refund may still credit (null once decided)' }),
  transaction_id: z.number().int().nullable().openapi({ description: 'The refund’s ledger transaction' }),
}).openapi('AdminClaimRefund')
type AdminClaimRefundJson = z.infer<typeof AdminClaimRefund>

/** Admin decisions on refund claims (`fanspole refunds`): refund to unused, or reject. */
// Long: a route factory, one short registration per route.
export function refundAdminRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'], deps)
  const db = deps.db

  async function adminJson(
    rows: Awaited<ReturnType<typeof listAllClaims>>,
    db: Deps['db'] = deps.db,
  ): Promise<AdminClaimRefundJson[]> {
    if (rows.length === 0) return []
    const ids = (pick: (r: (typeof rows)[number]) => number | null) => [
      ...new Set(rows.map(pick).filter((v): v is number => v !== null)),
    ]
    const userIds = ids((r) => r.user_id)
    const creditIds = ids((r) => r.user_credit_id)
    const contestIds = ids((r) => r.contest_id)
    const refundedKeys = rows.filter((r) => r.status === 'refunded').map((r) => claimRefundKey(r.id))
    const { users, credits, contests, postings } = await claimsContext(db, {
      userIds,
      creditIds,
      contestIds,
      refundedKeys,
    })
    const userById = new Map(users.map((u) => [u.id, u]))
    const creditById = new Map(credits.map((c) => [c.id, c]))
    const contestById = new Map(contests.map((c) => [c.id, c]))
    const postingByKey = new Map(postings.map((t) => [t.idempotency_key, t.id]))
    return Promise.all(
      rows.map(async (r) => {
        const u = userById.get(r.user_id)
        const credit = r.user_credit_id === null ? undefined : creditById.get(r.user_credit_id)
        const contest = r.contest_id === null ? undefined : contestById.get(r.contest_id)
        return {
          ...claimRefundJson(r),
          user: userRef(u, r.user_id),
          user_credit: credit
            ? {
                id: credit.id,
                amount: paiseToRupees(Number(credit.amount)),
                gateway: credit.gateway,
                status: credit.status,
                order_id: credit.order_id,
                created_at_in_millis: Number(credit.created_at_ms),
              }
            : null,
          contest: contest
            ? {
                id: contest.id,
                name: contest.name,
                entry_fee: paiseToRupees(Number(contest.entry_fee_paise)),
                status: contest.status,
              }
            : null,
          max_refund: r.status === 'pending' ? paiseToRupees(await refundCeiling(db, r)) : null,
          transaction_id: postingByKey.get(claimRefundKey(r.id)) ?? null,
        }
      }),
    )
  }

  route.get(
    '/api/admin/claim_refunds',
    {
      summary: 'Refund claims (newest first), with the user and the deposit or contest',
      auth: true,
      query: ListQuery,
      ok: json(z.object({ claim_refunds: z.array(AdminClaimRefund) }), 'Claims'),
      errors: [403, 422],
    },
    async (c) => {
      const q = c.req.valid('query')
      return c.json({ claim_refunds: await adminJson(await listAllClaims(db, q)) }, 200)
    },
  )

  route.money.post(
    '/api/admin/claim_refunds/{id}/refund',
    {
      summary: 'Refund a pending claim to the player’s unused balance',
      description:
        'One ledger posting from the house account to the player’s unused balance; the claim becomes `refunded` with `amount` and `resolution` (the `note`), and the player is notified. A claim already decided → 409; an amount over ₹10,000 or over what is left of the claimed deposit → 422.',
      auth: true,
      params: idParam,
      body: RefundRequest,
      ok: json(
        z.object({ claim_refund: AdminClaimRefund, wallet: WalletSchema }),
        'Refunded; `wallet` is the player’s balances after it',
      ),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const admin = currentAdmin(c)
      const body = c.req.valid('json')
      const amountPaise = rupeesToPaise(body.amount)
      if (amountPaise === null) throw invalid({ amount: ['must be rupees with at most 2 decimals'] })
      if (amountPaise <= 0 || amountPaise > MAX_CLAIM_REFUND_PAISE)
        throw invalid({ amount: ['must be above 0 and at most ₹10,000'] })
      const d = requestDeps(c, deps)
      const { claim } = await decideClaim(d, admin.id, c.req.valid('param').id, {
        refund: true,
        amountPaise,
        note: body.note,
      })
      const [json] = await adminJson([claim], d.db)
      return c.json(
        {
          claim_refund: json as AdminClaimRefundJson,
          wallet: walletJson(await userBalances(d.db, claim.user_id)),
        },
        200,
      )
    },
  )

  route.post(
    '/api/admin/claim_refunds/{id}/reject',
    {
      summary: 'Reject a pending claim, with a reason the player reads',
      description:
        'No money moves; the claim becomes `rejected` with `resolution` = `reason`, and the player is notified. A claim already decided → 409.',
      auth: true,
      params: idParam,
      body: ReasonRequest,
      ok: json(z.object({ claim_refund: AdminClaimRefund }), 'Rejected'),
      errors: [403, 404, 409, 422],
    },
    async (c) => {
      const admin = currentAdmin(c)
      const { claim } = await decideClaim(deps, admin.id, c.req.valid('param').id, {
        refund: false,
        reason: c.req.valid('json').reason,
      })
      const [json] = await adminJson([claim])
      return c.json({ claim_refund: json as AdminClaimRefundJson }, 200)
    },
  )

  return app
}
