import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { verifyLedger } from './verify'

const int = z.number().int()
/** One broken invariant, by kind (verify.ts). */
const LedgerProblemSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('unbalanced_transaction'),
      transaction_id: int,
      currency: z.string(),
      sum: int,
    }),
    z.object({ kind: z.literal('single_entry_transaction'), transaction_id: int, entries: int }),
    z.object({
      kind: z.literal('balance_mismatch'),
      account_id: int,
      code: z.string(),
      cached: int,
      entries_sum: int,
    }),
    z.object({ kind: z.literal('negative_balance'), account_id: int, code: z.string(), balance: int }),
    z.object({
      kind: z.literal('running_balance_break'),
      account_id: int,
      entry_id: int,
      expected: int,
      recorded: int,
    }),
    z.object({ kind: z.literal('duplicate_idempotency_key'), idempotency_key: z.string(), count: int }),
  ])
  .openapi('LedgerProblem')

const LedgerReportSchema = z
  .object({
    ok: z.boolean(),
    transactions: z.number().int(),
    accounts: z.number().int(),
    entries: z.number().int(),
    problems: z.array(LedgerProblemSchema),
  })
  .openapi('LedgerReport')

export function ledgerRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Admin'])
  route.get(
    '/api/admin/ledger/verify',
    {
      summary: 'Check every ledger invariant on the live database',
      description:
        'Each transaction balances per currency with ≥ 2 entries; cached balances equal the sum of entries; no user balance is negative; running balances are unbroken; idempotency keys are unique.',
      auth: true,
      ok: json(LedgerReportSchema, 'The report (ok is false when problems were found)'),
      errors: [403],
    },
    async (c) => c.json(await verifyLedger(deps.db), 200),
  )
  return app
}
