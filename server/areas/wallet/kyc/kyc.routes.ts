import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { json, orNull } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentUser } from '../../../http/router'
import { latestPan, panCardJson, savePan } from './kyc'
import { PanCardSchema, SavePanRequest, SendOtpRequest, VerifyOtpRequest } from './kyc.schemas'
import { sendOtp, verifyOtp } from './mobile'

/** Mobile verification by OTP and PAN submission (spec §7 "Me and wallet"). */
// Long: a route factory, one short registration per route.
export function kycRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Verification'])

  route.post(
    '/api/mobile_numbers',
    {
      summary: 'Send a one-time password to a mobile number',
      description:
        'A 6-digit OTP goes to the local outbox (read by admins: `GET /api/admin/outbox?to=<number>`, `fanspole outbox`). It expires after 10 minutes; at most 3 sends per 10 minutes per user (then 429).',
      auth: true,
      body: SendOtpRequest,
      ok: json(
        z.object({ mobile_number: z.string(), otp_sent: z.boolean(), expires_in: z.number().int() }),
        'Sent',
      ),
      errors: [422, 429],
    },
    async (c) => {
      const me = currentUser(c)
      return c.json(await sendOtp(deps, me.id, c.req.valid('json').mobile_number), 200)
    },
  )

  route.post(
    '/api/mobile_numbers/verify_otp',
    {
      summary: 'Verify the mobile number with the OTP',
      description:
        'Right → `mobile_no` set and `mobile_approved` true. Wrong → 422, the attempt counted (5 at most, then ask for a new OTP). Expired → 422.',
      auth: true,
      body: VerifyOtpRequest,
      ok: json(z.object({ mobile_no: z.string(), mobile_approved: z.boolean() }), 'Verified'),
      errors: [422],
    },
    async (c) => {
      const me = currentUser(c)
      const body = c.req.valid('json')
      return c.json(await verifyOtp(deps, me.id, body.mobile_number, body.otp), 200)
    },
  )

  route.put(
    '/api/me/save_pan',
    {
      summary: 'Submit your PAN for review',
      description:
        '`pan_number` like ABCDE1234F, `dob` an adult’s date of birth, `attachment_id` an image you uploaded (POST /api/attachments). Sets `pancard_status` to `pending` until an admin decides. A pending submission can be corrected; an approved one is final (409).',
      auth: true,
      body: SavePanRequest,
      ok: json(z.object({ pan_card: PanCardSchema, pancard_status: z.string() }), 'Submitted'),
      errors: [404, 409, 422],
    },
    async (c) => {
      const me = currentUser(c)
      const row = await savePan(deps, me.id, c.req.valid('json'))
      return c.json({ pan_card: await panCardJson(deps.db, row), pancard_status: 'pending' }, 200)
    },
  )

  route.get(
    '/api/me/pan_card',
    {
      summary: 'Your latest PAN submission and its status',
      auth: true,
      ok: json(z.object({ pan_card: orNull(PanCardSchema) }), 'The PAN'),
    },
    async (c) => {
      const row = await latestPan(deps.db, currentUser(c).id)
      return c.json({ pan_card: row ? await panCardJson(deps.db, row) : null }, 200)
    },
  )

  return app
}
