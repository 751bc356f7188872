import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../deps'
import { rupeesToPaise } from '../../../domain/money'
import { invalid, notFound } from '../../../http/errors'
import { moneyRoute, requestDeps } from '../../../http/idempotency'
import { idField } from '../../../http/ids'
import { errors, json, jsonBody } from '../../../http/responses'
import { bearerSecurity, createRouter } from '../../../http/router'
import { userBalances, walletJson } from '../../ledger'
import { findPlayer, findPlayerByEmail } from '../common/queries'
import { WalletSchema } from '../common/schemas'
import { adminCredit } from './admin-credits'

const CreditRequest = z
  .strictObject({
    user_id: idField().optional(),
    email: z.string().optional(),
    amount: z
      .union([z.number(), z.string()])
      .openapi({ description: 'Rupees (paise allowed: 49.5); whole coins for `coins`' }),
    compartment: z.enum(['unused', 'winnings', 'coins']).default('unused'),
    note: z.string().trim().max(200).optional(),
  })
  .openapi('AdminCredit')

// A route factory: one short registration per route, so its length is the number of its routes.
/** Admin credits: a ledger posting from the house account to a player's wallet. */
export function adminWalletRoutes(deps: Deps) {
  const app = createRouter()
  app.openapi(
    moneyRoute(deps, {
      method: 'post',
      path: '/api/admin/wallet/credits',
      tags: ['Admin'],
      summary: 'Credit a player’s wallet',
      description:
        'Name the player by `user_id` or `email`. The money comes from the house account through the ledger.',
      security: bearerSecurity,
      request: { body: jsonBody(CreditRequest) },
      responses: {
        201: json(
          z.object({
            credit: z.object({
              user_id: z.number().int(),
              amount: z.number(),
              compartment: z.string(),
              transaction_id: z.number().int(),
            }),
            wallet: WalletSchema,
          }),
          'Credited',
        ),
        ...errors(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      if ((body.user_id === undefined) === (body.email === undefined))
        throw invalid({ base: ['name the player with exactly one of user_id or email'] })
      const coins = body.compartment === 'coins'
      const amount = coins
        ? Number.isInteger(Number(body.amount))
          ? Number(body.amount)
          : null
        : rupeesToPaise(body.amount)
      const max = coins ? 1_000_000 : 10_000_000 // ₹1,00,000 in paise
      if (amount === null)
        throw invalid({
          amount: [coins ? 'must be a whole number of coins' : 'must be rupees with at most 2 decimals'],
        })
      if (amount <= 0 || amount > max)
        throw invalid({ amount: [`must be above 0 and at most ${coins ? '1,000,000 coins' : '₹1,00,000'}`] })
      const d = requestDeps(c, deps)
      const user =
        body.user_id !== undefined
          ? await findPlayer(d.db, body.user_id)
          : await findPlayerByEmail(d.db, body.email as string)
      if (!user) throw notFound('User')
      const transactionId = await adminCredit(d, {
        userId: user.id,
        amount,
        compartment: body.compartment,
        note: body.note,
        byId: c.get('user')?.id,
      })
      return c.json(
        {
          credit: {
            user_id: user.id,
            amount: coins ? amount : amount / 100,
            compartment: body.compartment,
            transaction_id: transactionId,
          },
          wallet: walletJson(await userBalances(d.db, user.id)),
        },
        201,
      )
    },
  )
  return app
}
