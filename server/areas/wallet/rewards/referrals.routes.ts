import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../../../core/deps'
import { codeLookupLimit } from '../../../http/code-lookup'
import { requestDeps } from '../../../http/idempotency'
import { linkBaseOf } from '../../../http/public-url'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { type AppEnv, createRouter, currentUser } from '../../../http/router'
import { userBalances, walletJson } from '../../ledger'
import { requirePlayer } from '../common/queries'
import { applyReferralCode, referralDetails } from './referrals'

/** Signed in before the body is read, so a stranger's bad body is a 401, not a 422. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentUser(c)
  await next()
}

const ReferralDetailsSchema = z
  .object({
    reference: z.string().openapi({ description: 'My referral code' }),
    share_url: z.string().openapi({ description: 'The sign-up page with my code filled in' }),
    coins_per_referral: z.number().int().openapi({ description: 'Coins each side gets' }),
    referred_count: z.number().int().openapi({ description: 'How many joined with my code' }),
    coins_earned: z.number().int().openapi({ description: 'Coins I got from referrals (both sides)' }),
    referred_by: z.object({ slug: z.string(), username: z.string() }).nullable(),
    referred_users: z.array(
      z.object({ slug: z.string(), username: z.string(), joined_at_in_millis: z.number().int() }),
    ),
  })
  .openapi('ReferralDetails')

const ReferCodeRequest = z
  .strictObject({ ref_code: z.string().trim().min(1).max(20) })
  .openapi('ReferCodeRequest')

/** Referral programme: my code and what it earned, and applying a friend's code after sign-up. */
export function referralRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Rewards'], deps)

  route.get(
    '/api/me/referral_details',
    {
      summary: 'My referral code and what it earned',
      auth: true,
      middleware: [signedIn] as const,
      ok: json(z.object({ referral_details: ReferralDetailsSchema }), 'Referral details'),
    },
    async (c) => {
      const user = await requirePlayer(deps.db, currentUser(c).id)
      return c.json({ referral_details: await referralDetails(deps, user, await linkBaseOf(deps, c)) }, 200)
    },
  )

  route.money.post(
    '/api/me/refer_code',
    {
      summary: 'Apply a friend’s referral code',
      description:
        'For a user who signed up without a code: once only (409 after that); an unknown code, your own code or the code of someone you referred is 422. Both sides get coins and a scratch card.',
      auth: true,
      middleware: [codeLookupLimit(deps, { body: 'ref_code' }), signedIn] as const,
      body: ReferCodeRequest,
      ok: json(
        z.object({
          referral_details: ReferralDetailsSchema,
          wallet: z.object({
            current_balance: z.number(),
            unused_balance: z.number(),
            winning_balance: z.number(),
            coin_balance: z.number().int(),
          }),
        }),
        'Applied',
      ),
      errors: [400, 409, 422, 429],
    },
    async (c, me) => {
      const d = requestDeps(c, deps)
      await applyReferralCode(d, me.id, c.req.valid('json').ref_code)
      const user = await requirePlayer(d.db, me.id)
      return c.json(
        {
          referral_details: await referralDetails(d, user, await linkBaseOf(d, c)),
          wallet: walletJson(await userBalances(d.db, me.id)),
        },
        200,
      )
    },
  )

  return app
}
