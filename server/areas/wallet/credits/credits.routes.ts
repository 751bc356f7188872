import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { requestDeps } from '../../../http/idempotency'
import { idParam } from '../../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../../http/paging'
import { json, orNull } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentUser } from '../../../http/router'
import { GATEWAYS } from '../gateway/gateway'
import {
  type Callback,
  createCredit,
  creditJson,
  depositPaise,
  listCredits,
  ownCredit,
  verifyCallback,
} from './credits'

const PaymentDataSchema = z
  .object({
    url: z.string(),
    method: z.string(),
    gateway: z.enum(GATEWAYS),
    merchant: z.string(),
    order_id: z.string(),
    amount: z.string(),
    productinfo: z.string(),
    callback_urls: z.object({ success: z.string(), failure: z.string() }),
  })
  .openapi('UserCreditPaymentData')
const amountError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'is required' : 'must be rupees with at most 2 decimals'
const CreditSchema = z
  .object({
    id: z.number().int(),
    service_provider: z.enum(GATEWAYS),
    amount: z.number(),
    enter_amount: z.number(),
    status: z.enum(['pending', 'success', 'failed']),
    order_id: z.string(),
    txn_id: z.string().nullable(),
    failure_reason: z.string().nullable(),
    productinfo: z.string(),
    payment_data: orNull(PaymentDataSchema).openapi({
      description: 'While pending: `url` of the gateway page and the order',
    }),
    created_at_str_small: z.string(),
    created_at_in_millis: z.number().int(),
    updated_at_in_millis: z.number().int(),
  })
  .openapi('UserCredit')
const CreditAnswer = z.object({ user_credit: CreditSchema })

const CreateCredit = z
  .strictObject({
    enter_amount: z
      .union([z.number(), z.string()], { error: amountError })
      .openapi({ description: 'Rupees, ₹10 to ₹10,000, at most 2 decimals', example: 500 }),
    gateway: z.enum(GATEWAYS),
  })
  .openapi('CreateUserCredit')

const text = (max = 100) => z.string().trim().min(1).max(max)
const amountField = z.union([z.string().trim().min(1).max(20), z.number()], { error: amountError })
const PaytmCallback = z
  .strictObject({
    ORDERID: text(),
    TXNID: text(),
    TXNAMOUNT: amountField,
    STATUS: z.enum(['TXN_SUCCESS', 'TXN_FAILURE']),
    RESPMSG: z.string().max(200),
    CHECKSUMHASH: text(200),
  })
  .openapi('PaytmCallback')
const PayuCallback = z
  .strictObject({
    txnid: text(),
    mihpayid: text(),
    amount: amountField,
    status: z.enum(['success', 'failure']),
    hash: text(200),
  })
  .openapi('PayuCallback')

/** A gateway's callback as the ledger checks it: which fields are the order, the amount and the signature. */
const paytmCallback = (b: z.infer<typeof PaytmCallback>): Callback => ({
  gateway: 'paytm',
  orderId: b.ORDERID,
  txnId: b.TXNID,
  amount: b.TXNAMOUNT,
  outcome: b.STATUS === 'TXN_SUCCESS' ? 'success' : 'failure',
  message: b.RESPMSG || null,
  signature: b.CHECKSUMHASH,
  names: { order: 'ORDERID', amount: 'TXNAMOUNT', signature: 'CHECKSUMHASH' },
  signed: { ORDERID: b.ORDERID, TXNID: b.TXNID, STATUS: b.STATUS, RESPMSG: b.RESPMSG },
})

const payuCallback = (b: z.infer<typeof PayuCallback>): Callback => ({
  gateway: 'payumoney',
  orderId: b.txnid,
  txnId: b.mihpayid,
  amount: b.amount,
  outcome: b.status,
  message: b.status === 'failure' ? 'Payment failed at PayUMoney' : null,
  signature: b.hash,
  names: { order: 'txnid', amount: 'amount', signature: 'hash' },
  signed: { txnid: b.txnid, mihpayid: b.mihpayid, status: b.status },
})

// Long: a route factory, one short registration per route.
export function creditRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Wallet'], deps)

  route.money.post(
    '/api/user_credits',
    {
      summary: 'Start adding cash (a pending credit and its gateway page)',
      description:
        '`enter_amount` rupees (₹10–₹10,000, at most 2 decimals) and `gateway`. Open `payment_data.url`; the gateway sends the browser back to the web client, which calls the matching verify. Honours `Idempotency-Key`.',
      auth: true,
      body: CreateCredit,
      responses: { 201: json(CreditAnswer, 'The pending credit') },
      errors: [409, 422],
    },
    async (c, me) => {
      const body = c.req.valid('json')
      const row = await createCredit(requestDeps(c, deps), me.id, {
        amountPaise: depositPaise(body.enter_amount),
        gateway: body.gateway,
      })
      return c.json({ user_credit: creditJson(row) }, 201)
    },
  )

  route.get(
    '/api/user_credits',
    {
      summary: 'My deposits, newest first',
      auth: true,
      query: pagingQuery(100, 100),
      ok: json(z.object({ user_credits: z.array(CreditSchema), meta: PageMetaSchema }), 'Deposits'),
      errors: [422],
    },
    async (c, me) => {
      const page = toPage(c.req.valid('query'))
      const { rows, total } = await listCredits(deps.db, me.id, page)
      return c.json({ user_credits: rows.map(creditJson), meta: pageMeta(page, total) }, 200)
    },
  )

  route.get(
    '/api/user_credits/{id}',
    {
      summary: 'One of my deposits',
      auth: true,
      params: idParam,
      ok: json(CreditAnswer, 'The deposit'),
      errors: [404],
    },
    async (c) => {
      const row = await ownCredit(deps.db, currentUser(c).id, { id: c.req.valid('param').id })
      return c.json({ user_credit: creditJson(row) }, 200)
    },
  )

  /** A gateway's callback (the query it sent the browser back with), read as the ledger checks it. */
  const verifyRoute = <B extends z.ZodType>(
    path: string,
    body: B,
    read: (callback: z.output<B>) => Callback,
    text: { summary: string; description: string },
  ) =>
    route.money.put(
      path,
      { ...text, auth: true, body, ok: json(CreditAnswer, 'The settled credit'), errors: [404, 409, 422] },
      async (c, me) => {
        // The body's type follows the generic schema, which the route's input type cannot resolve.
        const body = (c.req.valid as (target: 'json') => z.output<B>)('json')
        const credit = await verifyCallback(requestDeps(c, deps), me.id, read(body))
        return c.json({ user_credit: creditJson(credit) }, 200)
      },
    )
  verifyRoute('/api/user_credits/verify_paytm', PaytmCallback, paytmCallback, {
    summary: 'Verify a Paytm callback (credits unused balance once)',
    description:
      'The query of `/paytm/payment`, unchanged. 422 `AMOUNT_MISMATCH` / `INVALID_SIGNATURE` for a changed amount or signature, 409 `PAYMENT_REPLAYED` for a callback already verified; nothing moves then.',
  })
  verifyRoute('/api/user_credits/verify_payu_paisa', PayuCallback, payuCallback, {
    summary: 'Verify a PayUMoney callback (credits unused balance once)',
    description:
      'The query of `/payumoney/success` or `/payumoney/failure`, unchanged. Errors as for verify_paytm.',
  })

  return app
}
