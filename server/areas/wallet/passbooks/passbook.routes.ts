import { z } from '@hono/zod-openapi'
import type { Deps } from '../../../core/deps'
import { cachedJson, type Reads, readKey } from '../../../http/answer-cache'
import { notFound } from '../../../http/errors'
import { idField } from '../../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../../http/paging'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { createRouter, currentUser } from '../../../http/router'
import { findPlayer } from '../common/queries'
import { COMPARTMENTS, passbook } from './passbook'

const EntrySchema = z
  .object({
    id: z.number().int(),
    transaction_id: z.number().int(),
    amount: z.number().openapi({ description: 'Signed: + in, − out. Rupees (coins: whole coins)' }),
    balance: z.number().openapi({ description: 'The running balance after this entry' }),
    kind: z.string().openapi({ example: 'deposit' }),
    memo: z.string().nullable(),
    created_at_str_small: z.string(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('PassbookEntry')
const PassbookSchema = z
  .object({
    compartment: z.enum(COMPARTMENTS),
    balance: z.number().openapi({ description: 'The compartment’s balance now' }),
    passbook_entries: z.array(EntrySchema),
    meta: PageMetaSchema,
  })
  .openapi('Passbook')

const PER_PAGE = 20
const MAX_PER_PAGE = 100

/** What the answer reads (tests/api/http/cached-reads-tables.test.ts checks it). */
const PASSBOOK_READS: Reads = ['ledger_accounts', 'ledger_entries', 'ledger_transactions']

export function passbookRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Wallet'])

  for (const compartment of COMPARTMENTS) {
    route.get(
      `/api/me/${compartment}_passbook`,
      {
        summary: `My ${compartment} passbook`,
        description: `Ledger entries of the ${compartment} compartment, newest first, each with the running balance after it${compartment === 'coins' ? ' (whole coins)' : ' (rupees)'}.`,
        auth: true,
        query: pagingQuery(PER_PAGE, MAX_PER_PAGE),
        ok: json(PassbookSchema, 'The passbook'),
        errors: [422],
      },
      // Kept per viewer until a table it reads changes (http/answer-cache.ts).
      async (c) =>
        cachedJson(c, deps, readKey(c), PASSBOOK_READS, async () => {
          const page = toPage(c.req.valid('query'))
          const book = await passbook(deps.db, currentUser(c).id, compartment, page)
          return {
            body: {
              compartment,
              balance: book.balance,
              passbook_entries: book.entries,
              meta: pageMeta(page, book.total),
            },
          }
        }),
    )
  }

  route.get(
    '/api/admin/wallet/passbook',
    {
      tags: ['Admin'],
      summary: 'A player’s passbook',
      auth: true,
      query: pagingQuery(PER_PAGE, MAX_PER_PAGE).extend({
        user_id: idField(),
        compartment: z.enum(COMPARTMENTS).default('unused'),
      }),
      ok: json(PassbookSchema.extend({ user_id: z.number().int() }), 'The passbook'),
      errors: [403, 404, 422],
    },
    async (c) => {
      const q = c.req.valid('query')
      if (!(await findPlayer(deps.db, q.user_id))) throw notFound('User')
      const page = toPage(q)
      const book = await passbook(deps.db, q.user_id, q.compartment, page)
      return c.json(
        {
          user_id: q.user_id,
          compartment: q.compartment,
          balance: book.balance,
          passbook_entries: book.entries,
          meta: pageMeta(page, book.total),
        },
        200,
      )
    },
  )

  return app
}
