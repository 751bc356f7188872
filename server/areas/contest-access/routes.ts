import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { json, optionalJsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { multilineText } from '../../http/text'
import { entryFeeField } from '../prize-structures'
import { contestAccess, grantAccess, revokeAccess } from './service'

const RequirementSchema = z
  .object({
    key: z.enum(['mobile_verified', 'paid_contest_completed', 'admin_grant', 'open_contests_cap']),
    met: z.boolean(),
    message: z.string(),
  })
  .openapi('ContestAccessRequirement')

const ContestAccessSchema = z
  .object({
    allowed: z.boolean().openapi({ description: 'This draft (entry_fee, is_private) may be created' }),
    free_allowed: z.boolean(),
    paid_allowed: z.boolean(),
    requirements: z.array(RequirementSchema),
    missing: z.array(RequirementSchema),
    open_owned: z.number().int(),
    max_open_owned: z.number().int(),
  })
  .openapi('ContestAccess')

const GrantSchema = z
  .object({
    user_id: z.number().int(),
    granted_by_id: z.number().int(),
    note: z.string().nullable(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('ContestAccessGrant')

const bool = z
  .preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean())
  .openapi({ type: 'boolean' })

export function contestAccessRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])

  route.get(
    '/api/contests/access',
    {
      tags: ['Contests'],
      summary: 'May I create a contest, and what do I still lack?',
      description:
        'Free (₹0) private contests: anyone signed in. Paid or public ones: a verified mobile number and a paid contest played to its result, or an admin’s grant. Everyone: fewer than 10 open contests owned. `allowed` and `missing` answer for the draft named by `entry_fee` and `is_private` — without `entry_fee`, for a paid contest (the stricter rule).',
      auth: true,
      query: z.object({ entry_fee: entryFeeField().optional(), is_private: bool.optional() }),
      ok: json(z.object({ contest_access: ContestAccessSchema }), 'Access'),
      errors: [422],
    },
    async (c, me) => {
      const q = c.req.valid('query')
      const access = await contestAccess(deps.db, me.id, {
        entry_fee_paise: q.entry_fee === undefined ? 100 : q.entry_fee * 100,
        is_private: q.is_private ?? true,
      })
      return c.json({ contest_access: access }, 200)
    },
  )

  route.post(
    '/api/admin/users/{id}/contest_access',
    {
      summary: 'Let a player create paid and public contests',
      description:
        'Stands in for the verified mobile and the completed paid contest; the cap on open contests still applies. Granting again replaces the note. The player is notified.',
      auth: true,
      params: idParam,
      requestBody: optionalJsonBody(z.strictObject({ note: multilineText().trim().max(500).optional() })),
      ok: json(z.object({ contest_access_grant: GrantSchema }), 'The grant'),
      errors: [403, 404, 422],
    },
    async (c) => {
      const admin = currentUser(c)
      const userId = c.req.valid('param').id
      const body = (c.req.valid('json') ?? {}) as { note?: string }
      const grant = await grantAccess(deps, admin.id, userId, body.note || null)
      return c.json({ contest_access_grant: grantJson(grant) }, 200)
    },
  )

  route.delete(
    '/api/admin/users/{id}/contest_access',
    {
      summary: 'Take back a player’s contest creation grant',
      description: 'Contests they already made stay. 404 when the player has no grant.',
      auth: true,
      params: idParam,
      ok: json(z.object({ contest_access_grant: GrantSchema }), 'The grant that was revoked'),
      errors: [403, 404, 422],
    },
    async (c) => {
      const userId = c.req.valid('param').id
      const grant = await revokeAccess(deps, userId)
      return c.json({ contest_access_grant: grantJson(grant) }, 200)
    },
  )

  return app
}

function grantJson(g: {
  user_id: number
  granted_by_id: number
  note: string | null
  created_at_ms: number
}) {
  return {
    user_id: g.user_id,
    granted_by_id: g.granted_by_id,
    note: g.note,
    created_at_in_millis: Number(g.created_at_ms),
  }
}
