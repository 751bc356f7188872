import { createRoute, type RouteConfig, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentAdmin } from '../../http/router'
import { decidePan, listPanCards, panCardJson } from './kyc'
import { idParam, PanCardSchema, ReasonRequest, RedemptionSchema } from './kyc.schemas'
import { decideRedemption, redemptionsJson } from './redemptions'

const Status = z.enum(['pending', 'approved', 'rejected'])
const ListQuery = z.object({
  status: Status.optional().openapi({ description: 'Only submissions in this state' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})
const UserRef = z.object({ id: z.number().int(), username: z.string(), email: z.string() })
const AdminPanCard = PanCardSchema.extend({ user: UserRef, mobile_approved: z.boolean() }).openapi(
  'AdminPanCard',
)
const AdminRedemption = RedemptionSchema.extend({ user: UserRef }).openapi('AdminRedemption')
type AdminPanCardJson = z.infer<typeof AdminPanCard>
type AdminRedemptionJson = z.infer<typeof AdminRedemption>

type Decision = { approve: true } | { approve: false; reason: string }

/**
 * POST `{base}/{id}/approve` and POST `{base}/{id}/reject` (with a reason) for one kind of
 * submission: both decide it with `decide` and answer with `answer` (a decided one → 409).
 * `movesMoney`: the decisions are declared money-moving (`Idempotency-Key`), and `decide` gets
 * the request's deps.
 */
function decisionRoutes<A extends z.ZodType>(
  app: ReturnType<typeof createRouter>,
  deps: Deps,
  {
    base,
    summaries,
    description,
    answer,
    movesMoney,
    decide,
  }: {
    base: string
    summaries: { approve: string; reject: string }
    description: string
    answer: A
    movesMoney: boolean
    decide: (d: Deps, adminId: number, id: number, decision: Decision) => Promise<z.output<A>>
  },
) {
  const decided = json(answer, 'Decided')
  const declare = movesMoney ? moneyRoute : <R extends RouteConfig>(_: Deps, route: R) => createRoute(route)
  app.openapi(
    declare(deps, {
      method: 'post',
      path: `${base}/{id}/approve`,
      tags: ['Admin'],
      summary: summaries.approve,
      description,
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: decided, ...errors(401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await decide(requestDeps(c, deps), currentAdmin(c).id, c.req.valid('param').id, { approve: true }),
        200,
      ),
  )
  app.openapi(
    declare(deps, {
      method: 'post',
      path: `${base}/{id}/reject`,
      tags: ['Admin'],
      summary: summaries.reject,
      description,
      security: bearerSecurity,
      request: { params: idParam, body: jsonBody(ReasonRequest) },
      responses: { 200: decided, ...errors(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const reason = c.req.valid('json').reason
      return c.json(
        await decide(requestDeps(c, deps), currentAdmin(c).id, c.req.valid('param').id, {
          approve: false,
          reason,
        }),
        200,
      )
    },
  )
}

/** Admin review of PAN submissions and withdrawal requests (the CLI's `kyc` and `redemptions`). */
export function kycAdminRoutes(deps: Deps) {
  const app = createRouter()

  async function users(ids: number[], db: Deps['db'] = deps.db) {
    if (ids.length === 0)
      return new Map<number, { id: number; username: string; email: string; mobile_approved: number }>()
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'mobile_approved'])
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return new Map(rows.map((u) => [u.id, u]))
  }
  const ref = (u: { id: number; username: string; email: string } | undefined) =>
    u ? { id: u.id, username: u.username, email: u.email } : { id: 0, username: '', email: '' }

  async function adminPanJson(rows: Awaited<ReturnType<typeof listPanCards>>) {
    const byId = await users(rows.map((r) => r.user_id))
    return Promise.all(
      rows.map(async (r) => ({
        ...(await panCardJson(deps.db, r)),
        user: ref(byId.get(r.user_id)),
        mobile_approved: byId.get(r.user_id)?.mobile_approved === 1,
      })),
    )
  }
  async function adminRedemptionJson(rows: Parameters<typeof redemptionsJson>[1], db: Deps['db'] = deps.db) {
    const byId = await users(
      rows.map((r) => r.user_id),
      db,
    )
    return (await redemptionsJson(db, rows)).map((r) => ({ ...r, user: ref(byId.get(r.user_id)) }))
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/kyc',
      tags: ['Admin'],
      summary: 'PAN submissions (newest first)',
      security: bearerSecurity,
      request: { query: ListQuery },
      responses: {
        200: json(z.object({ pan_cards: z.array(AdminPanCard) }), 'Submissions'),
        ...errors(401, 403, 422),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      return c.json({ pan_cards: await adminPanJson(await listPanCards(deps.db, q)) }, 200)
    },
  )

  decisionRoutes(app, deps, {
    base: '/api/admin/kyc',
    summaries: { approve: 'Approve a pending PAN', reject: 'Reject a pending PAN, with a reason' },
    description: 'Sets the user’s `pancard_status` and notifies them. A submission already decided → 409.',
    answer: z.object({ pan_card: AdminPanCard }),
    movesMoney: false,
    decide: async (d, adminId, id, decision) => {
      const row = await decidePan(d, adminId, id, decision)
      return { pan_card: (await adminPanJson([row]))[0] as AdminPanCardJson }
    },
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/redemptions',
      tags: ['Admin'],
      summary: 'Withdrawal requests (newest first)',
      security: bearerSecurity,
      request: { query: ListQuery },
      responses: {
        200: json(z.object({ redemptions: z.array(AdminRedemption) }), 'Withdrawals'),
        ...errors(401, 403, 422),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      let query = deps.db.selectFrom('redemptions').selectAll().orderBy('id', 'desc').limit(q.limit)
      if (q.status) query = query.where('status', '=', q.status)
      return c.json({ redemptions: await adminRedemptionJson(await query.execute()) }, 200)
    },
  )

  decisionRoutes(app, deps, {
    base: '/api/admin/redemptions',
    summaries: {
      approve: 'Pay out a pending withdrawal (the fee goes to the house)',
      reject: 'Reject a pending withdrawal, with a reason: the hold returns to winnings',
    },
    description: 'Notifies the player. A request already decided → 409.',
    answer: z.object({ redemption: AdminRedemption }),
    movesMoney: true,
    decide: async (d, adminId, id, decision) => {
      const row = await decideRedemption(d, adminId, id, decision)
      return { redemption: (await adminRedemptionJson([row], d.db))[0] as AdminRedemptionJson }
    },
  })

  return app
}
