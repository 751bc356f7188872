import { z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import type { Deps } from '../../../core/deps'
import { withTx } from '../../../db/tx'
import { AppError } from '../../../http/errors'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { type AppContext, createRouter } from '../../../http/router'
import {
  callbackFor,
  callbackUrl,
  GATEWAYS,
  type Gateway,
  type GatewayResult,
  gatewaySecret,
  type Outcome,
} from './gateway'
import { finishedPage, missingOrderPage, paymentPage, problemPage } from './gateway-page'
import { findOrder, paymentOf, recordPayment, resultOf } from './payments'

const params = z.object({
  gateway: z.enum(GATEWAYS),
  order_id: z.string().min(1).max(64),
})
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } })
const Form = z.strictObject({ outcome: z.enum(['pay', 'fail']) })

/** Scripts (the scenario runner, tests) ask for JSON; browsers get pages and redirects. */
const wantsJson = (c: AppContext) => {
  const accept = c.req.header('accept') ?? ''
  return accept.includes('application/json') && !accept.includes('text/html')
}

/**
 * The simulated Paytm and PayUMoney: a payment page per order with **Pay** and **Fail**,
 * and the button's POST, which records the outcome on the gateway's side (once per order)
 * and sends the browser back to the web client with the signed result (HTTP 303).
 * The credit itself stays pending until the web client's verify call checks the signature.
 */
// Long: a route factory, one short registration per route.
export function gatewayRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Gateway (simulated)'])
  // Outside /api, so the API's body limit does not apply; a button press is a few bytes.
  app.use(
    '/gateway/*',
    bodyLimit({
      maxSize: 4096,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 4096 bytes')
      },
    }),
  )

  // Opened by hand: a gateway's address without an order, or one naming no gateway we have, is
  // a page that says where payments start (scripts asking for JSON still get the one error
  // shape). A bare `/gateway` is the web client's "not found" page, like any unknown address.
  const isGateway = (name: string | undefined): name is Gateway => GATEWAYS.includes(name as Gateway)
  const missing = (c: AppContext, name?: string) =>
    c.html(missingOrderPage(isGateway(name) ? name : null), 404)
  const missingDoc = {
    description: 'HTML: this page needs a payment id; a payment starts from Add cash (linked).',
    responses: { 404: html('No order named') },
  }
  route.get(
    '/gateway/{gateway}',
    {
      summary: 'A gateway without an order',
      ...missingDoc,
      params: z.object({ gateway: z.string().max(64) }),
    },
    (c) => missing(c, c.req.valid('param').gateway),
  )
  app.use('/gateway/:gateway/:order_id', async (c, next) => {
    if (c.req.method !== 'GET' || isGateway(c.req.param('gateway')) || wantsJson(c)) return next()
    return missing(c)
  })

  route.get(
    '/gateway/{gateway}/{order_id}',
    {
      summary: 'The payment page of an order',
      description:
        'HTML. For an order already paid or failed: the result and a link back with the signed query.',
      params,
      responses: { 200: html('The payment page'), 404: html('No such order') },
    },
    async (c) => {
      const { gateway, order_id } = c.req.valid('param')
      const order = await findOrder(deps, gateway, order_id)
      if (!order)
        return c.html(problemPage(gateway, 'Order not found', `There is no order ${order_id}.`), 404)
      const view = { gateway, orderId: order.order_id, amountPaise: Number(order.amount) }
      const done = await paymentOf(deps.db, order.id)
      if (!done) return c.html(paymentPage(view), 200)
      const result = resultOf(gateway, order.order_id, done)
      const returnUrl = callbackUrl(callbackFor(await gatewaySecret(deps.db, deps.clock.now()), result))
      return c.html(finishedPage({ ...view, outcome: result.outcome, returnUrl }), 200)
    },
  )

  route.post(
    '/gateway/{gateway}/{order_id}',
    {
      summary: 'Press Pay or Fail',
      description:
        'Form-encoded `outcome=pay|fail`. Answers 303 to the web client (`/paytm/payment`, `/payumoney/success|failure`) with the signed query; with `Accept: application/json` (scripts) 200 `{ redirect_url, params }` instead. An order is paid or failed once (then 409 `ORDER_CLOSED`).',
      params,
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: Form } } },
      responses: {
        200: json(
          z.object({
            redirect_url: z.string(),
            gateway: z.enum(GATEWAYS),
            order_id: z.string(),
            status: z.enum(['success', 'failure']),
            params: z.record(z.string(), z.string()),
          }),
          'The signed result (JSON clients)',
        ),
        303: { description: 'Back to the web client with the signed query' },
      },
      errors: [404, 409, 415, 422],
    },
    async (c) => {
      const { gateway, order_id } = c.req.valid('param')
      const outcome: Outcome = c.req.valid('form').outcome === 'pay' ? 'success' : 'failure'
      let result: GatewayResult
      try {
        result = await withTx(deps, (tx) => recordPayment(deps, tx, gateway, order_id, outcome))
      } catch (error) {
        if (error instanceof AppError && !wantsJson(c) && (error.status === 404 || error.status === 409))
          return c.html(
            problemPage(gateway, error.status === 404 ? 'Order not found' : 'Order closed', error.message),
            error.status,
          )
        throw error
      }
      const callback = callbackFor(await gatewaySecret(deps.db, deps.clock.now()), result)
      const url = callbackUrl(callback)
      if (wantsJson(c))
        return c.json(
          {
            redirect_url: url,
            gateway,
            order_id: result.orderId,
            status: result.outcome,
            params: callback.params,
          },
          200,
        )
      return c.redirect(url, 303)
    },
  )

  return app
}
