import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../../deps'
import { errors, json, jsonBody, orNull } from '../../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../../http/router'
import { latestPan, panCardJson, savePan } from './kyc'
import { PanCardSchema, SavePanRequest, SendOtpRequest, VerifyOtpRequest } from './kyc.schemas'
import { sendOtp, verifyOtp } from './mobile'

// A route factory: one short registration per route, so its length is the number of its routes.
/** Mobile verification by OTP and PAN submission (spec §7 "Me and wallet"). */
export function kycRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/mobile_numbers',
      tags: ['Verification'],
      summary: 'Send a one-time password to a mobile number',
      description:
        'A 6-digit OTP goes to the local outbox (read by admins: `GET /api/admin/outbox?to=<number>`, `fanspole outbox`). It expires after 10 minutes; at most 3 sends per 10 minutes per user (then 429).',
      security: bearerSecurity,
      request: { body: jsonBody(SendOtpRequest) },
      responses: {
        200: json(
          z.object({ mobile_number: z.string(), otp_sent: z.boolean(), expires_in: z.number().int() }),
          'Sent',
        ),
        ...errors(401, 422, 429),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      return c.json(await sendOtp(deps, me.id, c.req.valid('json').mobile_number), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/mobile_numbers/verify_otp',
      tags: ['Verification'],
      summary: 'Verify the mobile number with the OTP',
      description:
        'Right → `mobile_no` set and `mobile_approved` true. Wrong → 422, the attempt counted (5 at most, then ask for a new OTP). Expired → 422.',
      security: bearerSecurity,
      request: { body: jsonBody(VerifyOtpRequest) },
      responses: {
        200: json(z.object({ mobile_no: z.string(), mobile_approved: z.boolean() }), 'Verified'),
        ...errors(401, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const body = c.req.valid('json')
      return c.json(await verifyOtp(deps, me.id, body.mobile_number, body.otp), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/me/save_pan',
      tags: ['Verification'],
      summary: 'Submit your PAN for review',
      description:
        '`pan_number` like ABCDE1234F, `dob` an adult’s date of birth, `attachment_id` an image you uploaded (POST /api/attachments). Sets `pancard_status` to `pending` until an admin decides. A pending submission can be corrected; an approved one is final (409).',
      security: bearerSecurity,
      request: { body: jsonBody(SavePanRequest) },
      responses: {
        200: json(z.object({ pan_card: PanCardSchema, pancard_status: z.string() }), 'Submitted'),
        ...errors(401, 404, 409, 422),
      },
    }),
    async (c) => {
      const me = currentUser(c)
      const row = await savePan(deps, me.id, c.req.valid('json'))
      return c.json({ pan_card: await panCardJson(deps.db, row), pancard_status: 'pending' }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/me/pan_card',
      tags: ['Verification'],
      summary: 'Your latest PAN submission and its status',
      security: bearerSecurity,
      responses: { 200: json(z.object({ pan_card: orNull(PanCardSchema) }), 'The PAN'), ...errors(401) },
    }),
    async (c) => {
      const row = await latestPan(deps.db, currentUser(c).id)
      return c.json({ pan_card: row ? await panCardJson(deps.db, row) : null }, 200)
    },
  )

  return app
}
