import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { requestDeps } from '../../../http/idempotency'
import { idField, idParam } from '../../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../../http/paging'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentUser } from '../../../http/router'
import { userBalances, walletJson } from '../../ledger'
import { WalletSchema } from '../common/schemas'
import { claimScratchCard, getScratchCard, listScratchCards, rewardTotals } from './rewards'

const ScratchCardSchema = z
  .object({
    id: z.number().int(),
    source: z.enum(['contest_join', 'referral', 'referred']),
    source_text: z.string(),
    claimed: z.boolean(),
    claimed_at_in_millis: z.number().int().nullable(),
    created_at_in_millis: z.number().int(),
    reward: z
      .object({
        kind: z.enum(['cash', 'coins', 'none']),
        amount: z
          .number()
          .openapi({ description: 'Rupees for `cash`, whole coins for `coins`, 0 for `none`' }),
        label: z.string(),
      })
      .nullable()
      .openapi({ description: 'Hidden (null) until the card is claimed' }),
  })
  .openapi('ScratchCard')

const ClaimRequest = z.strictObject({ id: idField() }).openapi('ScratchCardClaim')

/** Scratch cards: the list with reward totals, one card, and the claim that pays it. */
// Long: a route factory, one short registration per route.
export function scratchCardRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Rewards'], deps)
  // Signed in before anything else, so a stranger's bad body is a 401, not a 422.
  app.use('/api/scratch_cards/*', async (c, next) => {
    currentUser(c)
    await next()
  })

  route.get(
    '/api/scratch_cards',
    {
      summary: 'My scratch cards',
      description:
        'Newest first. `total_reward_balance` (rupees) and `total_reward_coins` are what the claimed cards have paid. A card’s `reward` stays null until it is claimed.',
      auth: true,
      query: pagingQuery(100, 200),
      ok: json(
        z.object({
          total_reward_balance: z.number(),
          total_reward_coins: z.number().int(),
          unclaimed_count: z.number().int(),
          scratch_cards: z.array(ScratchCardSchema),
          meta: PageMetaSchema,
        }),
        'Scratch cards',
      ),
      errors: [422],
    },
    async (c, me) => {
      const page = toPage(c.req.valid('query'))
      const list = await listScratchCards(deps.db, me.id, page)
      return c.json(
        {
          ...(await rewardTotals(deps.db, me.id)),
          unclaimed_count: list.unclaimed,
          scratch_cards: list.cards,
          meta: pageMeta(page, list.total),
        },
        200,
      )
    },
  )

  route.get(
    '/api/scratch_cards/{id}',
    {
      summary: 'One of my scratch cards',
      auth: true,
      params: idParam,
      ok: json(z.object({ scratch_card: ScratchCardSchema }), 'The card'),
      errors: [404, 422],
    },
    async (c) => {
      const card = await getScratchCard(deps.db, currentUser(c).id, c.req.valid('param').id)
      return c.json({ scratch_card: card }, 200)
    },
  )

  route.money.post(
    '/api/scratch_cards/claim',
    {
      summary: 'Scratch (claim) a card',
      description:
        'Reveals the reward and pays it once: cash to the unused balance, coins to the coin balance, or nothing. Claiming a claimed card is 409; another user’s card is 404. Takes an `Idempotency-Key` header: a retry with the same key and body gets the first answer again.',
      auth: true,
      body: ClaimRequest,
      ok: json(z.object({ scratch_card: ScratchCardSchema, wallet: WalletSchema }), 'The claimed card'),
      errors: [400, 404, 409, 422],
    },
    async (c, me) => {
      const d = requestDeps(c, deps)
      const card = await claimScratchCard(d, me.id, c.req.valid('json').id)
      return c.json({ scratch_card: card, wallet: walletJson(await userBalances(d.db, me.id)) }, 200)
    },
  )

  return app
}
