import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { json, orNull } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentUser } from '../../../http/router'
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

/** Bank details and UPI ids: where withdrawals are paid to. */
// Long: a route factory, one short registration per route.
export function payoutMethodRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Verification'])

  route.post(
    '/api/me/verify_bank_details',
    {
      summary: 'Store your bank account (replaces the one on file)',
      description: '`account_number` 9–18 digits, `ifsc` like HDFC0001234. One account per user.',
      auth: true,
      body: BankRequest,
      responses: { 201: json(z.object({ bank_details: BankDetailsSchema }), 'Stored') },
      errors: [422],
    },
    async (c) => {
      const row = await saveBankDetails(deps, currentUser(c).id, c.req.valid('json'))
      return c.json({ bank_details: bankDetailsJson(row) }, 201)
    },
  )

  route.get(
    '/api/me/user_bank_details',
    {
      summary: 'Your bank account on file (null when none)',
      auth: true,
      ok: json(z.object({ bank_details: orNull(BankDetailsSchema) }), 'Bank details'),
    },
    async (c) => {
      const row = await findBankDetails(deps.db, currentUser(c).id)
      return c.json({ bank_details: row ? bankDetailsJson(row) : null }, 200)
    },
  )

  route.get(
    '/api/bhim_upis',
    {
      summary: 'Your UPI ids',
      auth: true,
      ok: json(z.object({ bhim_upis: z.array(UpiSchema) }), 'UPI ids'),
    },
    async (c) => c.json({ bhim_upis: (await listUpis(deps.db, currentUser(c).id)).map(upiJson) }, 200),
  )

  route.post(
    '/api/bhim_upis',
    {
      summary: 'Add a UPI id',
      description:
        '`upi_str` like name@bank. 201 for a new id (the first one is active at once), 200 with the existing one if you added it before.',
      auth: true,
      body: UpiRequest,
      responses: {
        200: json(z.object({ bhim_upi: UpiSchema }), 'Already on file'),
        201: json(z.object({ bhim_upi: UpiSchema }), 'Added'),
      },
      errors: [422],
    },
    async (c) => {
      const { row, created } = await addUpi(deps, currentUser(c).id, c.req.valid('json').upi_str)
      return created ? c.json({ bhim_upi: upiJson(row) }, 201) : c.json({ bhim_upi: upiJson(row) }, 200)
    },
  )

  route.post(
    '/api/bhim_upis/{id}/activate',
    {
      summary: 'Make one of your UPI ids the active one',
      auth: true,
      params: idParam,
      ok: json(z.object({ bhim_upi: UpiSchema }), 'Activated'),
      errors: [404],
    },
    async (c) => {
      const row = await activateUpi(deps, currentUser(c).id, c.req.valid('param').id)
      return c.json({ bhim_upi: upiJson(row) }, 200)
    },
  )

  return app
}
