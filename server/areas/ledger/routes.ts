import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { errors, json } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
import { verifyLedger } from './verify'

const LedgerReportSchema = z
  .object({
    ok: z.boolean(),
    transactions: z.number().int(),
    accounts: z.number().int(),
    entries: z.number().int(),
    problems: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi('LedgerReport')

export function ledgerRoutes(deps: Deps) {
  const app = createRouter()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/ledger/verify',
      tags: ['Admin'],
      summary: 'Check every ledger invariant on the live database',
      description:
        'Each transaction balances per currency with ≥ 2 entries; cached balances equal the sum of entries; no user balance is negative; running balances are unbroken; idempotency keys are unique.',
      security: bearerSecurity,
      responses: {
        200: json(LedgerReportSchema, 'The report (ok is false when problems were found)'),
        ...errors(401, 403),
      },
    }),
    async (c) => c.json(await verifyLedger(deps.db), 200),
  )
  return app
}
