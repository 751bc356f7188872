import { expect } from 'vitest'
import { verifyLedger } from '../../server/areas/ledger/verify'
import type { Deps } from '../../server/core/deps'
import type { Answer } from './http'

/**
 * Races for check-then-write rules (docs/architecture.md, "Writes that check, then write").
 * `Promise.all` over the in-process app sends every request before any answers; on PostgreSQL
 * they run at once on the connection pool, which is where a missing row lock lets two of them
 * pass one check. (On SQLite writers take turns, so there these tests hold trivially.)
 */
export function race<T = any>(n: number, request: (i: number) => Promise<Answer<T>>): Promise<Answer<T>[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => request(i)))
}

/** How many answers had each status, e.g. `{ 200: 2, 409: 2 }`. */
export function statuses(answers: Array<{ status: number }>): Record<number, number> {
  const out: Record<number, number> = {}
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1
  return out
}

/** The error codes of the refused answers, sorted. */
export function codes(answers: Array<{ status: number; body: unknown }>): string[] {
  return answers
    .filter((a) => a.status >= 400)
    .map((a) => (a.body as { code?: string }).code ?? `status ${a.status}`)
    .sort()
}

/** The ledger still adds up: every transaction balances, every cached balance is the sum of its entries. */
export async function expectLedgerBalanced(deps: Deps): Promise<void> {
  expect((await verifyLedger(deps.db)).problems).toEqual([])
}
