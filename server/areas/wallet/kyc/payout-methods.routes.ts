import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../../deps'
import { errors, json, jsonBody, orNull } from '../../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../../http/router'
import { BankDetailsSchema, BankRequest, idParam, UpiRequest, UpiSchema } from './kyc.schemas'
import {
  activateUpi,
  addUpi,
  bankDetailsJson,
  findBankDetails,
  listUpis,
  saveBankDetails,
  upiJson,
} from './payout-methods'

// A route factory: one short registration per route, so its length is the number of its routes.
/** Bank details and UPI ids: where withdrawals are paid to. */
export function payoutMethodRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/me/verify_bank_details',
      tags: ['Verification'],
      summary: 'Store your bank account (replaces the one on file)',
      description: '`account_number` 9–18 digits, `ifsc` like HDFC0001234. One account per user.',
      security: bearerSecurity,
      request: { body: jsonBody(BankRequest) },
      responses: {
        201: json(z.object({ bank_details: BankDetailsSchema }), 'Stored'),
        ...errors(401, 422),
      },
    }),
    async (c) => {
      const row = await saveBankDetails(deps, currentUser(c).id, c.req.valid('json'))
      return c.json({ bank_details: bankDetailsJson(row) }, 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/me/user_bank_details',
      tags: ['Verification'],
      summary: 'Your bank account on file (null when none)',
      security: bearerSecurity,
      responses: {
        200: json(z.object({ bank_details: orNull(BankDetailsSchema) }), 'Bank details'),
        ...errors(401),
      },
    }),
    async (c) => {
      const row = await findBankDetails(deps.db, currentUser(c).id)
      return c.json({ bank_details: row ? bankDetailsJson(row) : null }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/bhim_upis',
      tags: ['Verification'],
      summary: 'Your UPI ids',
      security: bearerSecurity,
      responses: { 200: json(z.object({ bhim_upis: z.array(UpiSchema) }), 'UPI ids'), ...errors(401) },
    }),
    async (c) => c.json({ bhim_upis: (await listUpis(deps.db, currentUser(c).id)).map(upiJson) }, 200),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/bhim_upis',
      tags: ['Verification'],
      summary: 'Add a UPI id',
      description:
        '`upi_str` like name@bank. 201 for a new id (the first one is active at once), 200 with the existing one if you added it before.',
      security: bearerSecurity,
      request: { body: jsonBody(UpiRequest) },
      responses: {
        200: json(z.object({ bhim_upi: UpiSchema }), 'Already on file'),
        201: json(z.object({ bhim_upi: UpiSchema }), 'Added'),
        ...errors(401, 422),
      },
    }),
    async (c) => {
      const { row, created } = await addUpi(deps, currentUser(c).id, c.req.valid('json').upi_str)
      return created ? c.json({ bhim_upi: upiJson(row) }, 201) : c.json({ bhim_upi: upiJson(row) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/bhim_upis/{id}/activate',
      tags: ['Verification'],
      summary: 'Make one of your UPI ids the active one',
      security: bearerSecurity,
      request: { params: idParam },
      responses: { 200: json(z.object({ bhim_upi: UpiSchema }), 'Activated'), ...errors(401, 404) },
    }),
    async (c) => {
      const row = await activateUpi(deps, currentUser(c).id, c.req.valid('param').id)
      return c.json({ bhim_upi: upiJson(row) }, 200)
    },
  )

  return app
}
