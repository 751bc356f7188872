import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import {
  amountsFromPercents,
  PRIZE_OPTION_KEYS,
  prizeOptions,
  winnersOf,
} from '../../domain/contest-creation'
import { invalid } from '../../http/errors'
import { idParam } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import {
  createSavedPrize,
  deleteSavedPrize,
  requireOwnPrizeStructure,
  SAVED_PRIZES_MAX,
  SavedPrizeSchema,
  savedPrizeJson,
  savedPrizesOf,
  updateSavedPrize,
} from './service'
import {
  BillSchema,
  billJson,
  draftBill,
  draftSizeErrors,
  entryFeeField,
  membersLimitField,
  PercentRangesInput,
  PrizeRangesInput,
  PrizeRowSchema,
  prizeRows,
  prizeTableFromInput,
  rakeField,
} from './tables'

const name = z.string().trim().min(1, 'can’t be blank').max(40)
const savedAnswer = json(z.object({ prize_structure: SavedPrizeSchema }), 'The saved prize')

const PrizeOptionSchema = z
  .object({
    key: z.enum(PRIZE_OPTION_KEYS as [string, ...string[]]),
    label: z.string(),
    winners: z.number().int(),
    prizes: z.array(PrizeRowSchema),
  })
  .openapi('PrizeOption')

const draftQuery = z.object({
  members_limit: membersLimitField(),
  entry_fee: entryFeeField(),
  rake: rakeField(),
})

function checkedBill(q: { members_limit: number; entry_fee: number; rake?: number }) {
  const size = draftSizeErrors(q.entry_fee * 100, q.members_limit)
  if (size) throw invalid(size)
  return draftBill(q.entry_fee, q.members_limit, q.rake)
}

const tags = ['Prize structures']

/** Saved prizes (the player's own tables) and the prize table of a contest draft. */
// Long: a route factory, one short registration per route.
export function prizeStructureRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, tags)

  route.get(
    '/api/contests/prize_structure',
    {
      summary: 'The generated prize options and the bill for a contest size and fee',
      description:
        'Only the options valid for `members_limit` (winner takes all, top 3, top 10/25/50 %, without repeating a winner count), each with its prize table in rupees for the pool of that fee and size. `rake` defaults to the house’s 15 %; a player’s contest always uses the house’s.',
      query: draftQuery,
      ok: json(z.object({ prize_options: z.array(PrizeOptionSchema), bill: BillSchema }), 'Options'),
      errors: [422],
    },
    async (c) => {
      const q = c.req.valid('query')
      const bill = checkedBill(q)
      const prize_options = prizeOptions(q.members_limit).map((o) => ({
        key: o.key,
        label: o.label,
        winners: winnersOf(o.ranges),
        prizes: prizeRows({ percents: o.ranges, amounts: amountsFromPercents(bill.pool_paise, o.ranges) }),
      }))
      return c.json({ prize_options, bill: billJson(bill) }, 200)
    },
  )

  route.post(
    '/api/contests/prize_structure',
    {
      summary: 'Check a custom prize table for a draft and compute its prizes',
      description:
        'Ranges in percent (`{from,to,percent}`, summing to 100 %) or in rupees (`{from,to,amount}`, paying exactly the pool), contiguous from rank 1, no rank paid more than the one above, at most `members_limit` winners. 422 with field messages (`prize_ranges.1.from`, …) when not. Writes nothing.',
      body: z.strictObject({
        members_limit: membersLimitField(),
        entry_fee: entryFeeField(),
        rake: rakeField(),
        prize_ranges: PrizeRangesInput,
      }),
      ok: json(
        z.object({ prizes: z.array(PrizeRowSchema), winners: z.number().int(), bill: BillSchema }),
        'The prize table',
      ),
      errors: [422],
    },
    async (c) => {
      const body = c.req.valid('json')
      const bill = checkedBill(body)
      const table = prizeTableFromInput(body.prize_ranges, body.members_limit, bill.pool_paise)
      return c.json(
        { prizes: prizeRows(table), winners: winnersOf(table.percents), bill: billJson(bill) },
        200,
      )
    },
  )

  route.get(
    '/api/prize_structures',
    {
      summary: 'My saved prizes, newest first',
      auth: true,
      ok: json(z.object({ prize_structures: z.array(SavedPrizeSchema) }), 'Saved prizes'),
    },
    async (c, me) => {
      return c.json({ prize_structures: (await savedPrizesOf(deps.db, me.id)).map(savedPrizeJson) }, 200)
    },
  )

  route.post(
    '/api/prize_structures',
    {
      summary: 'Save a prize table',
      description: `A name (unique among mine, any case) and rank ranges in percent of the pool (2 decimals, summing to 100 %, contiguous from rank 1, non-increasing). At most ${SAVED_PRIZES_MAX} per player (409).`,
      auth: true,
      body: z.strictObject({ name, ranges: PercentRangesInput }),
      responses: { 201: savedAnswer },
      errors: [409, 422],
    },
    async (c, me) => {
      const saved = await createSavedPrize(deps, me.id, c.req.valid('json'))
      return c.json({ prize_structure: savedPrizeJson(saved) }, 201)
    },
  )

  route.get(
    '/api/prize_structures/{id}',
    {
      summary: 'One of my saved prizes',
      description: 'Another player’s is 404.',
      auth: true,
      params: idParam,
      ok: savedAnswer,
      errors: [404, 422],
    },
    async (c, me) => {
      const saved = await requireOwnPrizeStructure(deps.db, me.id, c.req.valid('param').id)
      return c.json({ prize_structure: savedPrizeJson(saved) }, 200)
    },
  )

  route.put(
    '/api/prize_structures/{id}',
    {
      summary: 'Rename or change one of my saved prizes',
      description: 'Contests already made with it keep the table they were made with.',
      auth: true,
      params: idParam,
      body: z.strictObject({ name: name.optional(), ranges: PercentRangesInput.optional() }),
      ok: savedAnswer,
      errors: [404, 422],
    },
    async (c, me) => {
      const body = c.req.valid('json')
      if (body.name === undefined && body.ranges === undefined)
        throw invalid({ base: ['give a name or ranges'] })
      const saved = await updateSavedPrize(deps, me.id, c.req.valid('param').id, body)
      return c.json({ prize_structure: savedPrizeJson(saved) }, 200)
    },
  )

  route.delete(
    '/api/prize_structures/{id}',
    {
      summary: 'Delete one of my saved prizes',
      description: 'Answers the deleted table. Contests made with it keep their prizes.',
      auth: true,
      params: idParam,
      ok: savedAnswer,
      errors: [404, 422],
    },
    async (c, me) => {
      const saved = await deleteSavedPrize(deps, me.id, c.req.valid('param').id)
      return c.json({ prize_structure: savedPrizeJson(saved) }, 200)
    },
  )

  return app
}
