import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  post,
  SYSTEM_ACCOUNTS,
  systemAccountId,
  type UserCompartment,
  userAccountId,
  userBalances,
} from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { withTx } from '../../../server/db/tx'
import { splitDebit } from '../../../server/domain/ledger'
import { AppError } from '../../../server/http/errors'
import { makeUser, testWorld } from '../../helpers/deps'

type Op =
  | { kind: 'credit'; user: number; compartment: UserCompartment; amount: number }
  | { kind: 'spend'; user: number; amount: number }
  | { kind: 'transfer'; from: number; to: number; amount: number }
  | { kind: 'replay'; index: number; tamper: boolean }

const amount = fc.integer({ min: 1, max: 50_000 })
const opArb = (users: number): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('credit' as const),
      user: fc.nat(users - 1),
      compartment: fc.constantFrom<UserCompartment>('unused', 'winnings', 'coins'),
      amount,
    }),
    fc.record({ kind: fc.constant('spend' as const), user: fc.nat(users - 1), amount }),
    fc.record({
      kind: fc.constant('transfer' as const),
      from: fc.nat(users - 1),
      to: fc.nat(users - 1),
      amount,
    }),
    fc.record({ kind: fc.constant('replay' as const), index: fc.nat(40), tamper: fc.boolean() }),
  )

describe('ledger under random money flows', () => {
  it('keeps every invariant: zero-sum postings, cached = summed balances, no negative user balance, idempotent keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb(3), { minLength: 1, maxLength: 40 }), async (ops) => {
        const world = await testWorld()
        const { deps } = world
        try {
          const users = [await makeUser(deps), await makeUser(deps), await makeUser(deps)]
          const model = users.map(() => ({ unused: 0, winnings: 0, coins: 0 }))
          const done: Array<{
            key: string
            kind: string
            lines: Array<{ accountId: number; amount: number }>
          }> = []
          const now = deps.clock.now()

          for (const op of ops) {
            const run = (kind: string, key: string, lines: Array<{ accountId: number; amount: number }>) =>
              withTx(deps, (tx) => post(tx, { kind, idempotencyKey: key, lines, nowMs: now }))
            if (op.kind === 'credit') {
              const u = users[op.user]!
              const currency = op.compartment === 'coins' ? 'COIN' : 'INR'
              const house = await systemAccountId(
                deps.db,
                currency === 'COIN' ? SYSTEM_ACCOUNTS.houseCoins.code : SYSTEM_ACCOUNTS.house.code,
                currency,
                now,
              )
              const lines = [
                { accountId: house, amount: -op.amount },
                { accountId: await userAccountId(deps.db, u.id, op.compartment), amount: op.amount },
              ]
              const key = `credit:${done.length}`
              await run('credit', key, lines)
              done.push({ key, kind: 'credit', lines })
              model[op.user]![op.compartment] += op.amount
            } else if (op.kind === 'spend') {
              // An entry fee: unused first, then winnings; refused whole when short.
              const u = users[op.user]!
              const split = splitDebit(op.amount, model[op.user]!)
              const house = await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', now)
              const lines = [
                { accountId: house, amount: op.amount },
                ...(split.fromUnused > 0
                  ? [{ accountId: await userAccountId(deps.db, u.id, 'unused'), amount: -split.fromUnused }]
                  : []),
                ...(split.fromWinnings > 0
                  ? [
                      {
                        accountId: await userAccountId(deps.db, u.id, 'winnings'),
                        amount: -split.fromWinnings,
                      },
                    ]
                  : []),
              ]
              const key = `spend:${done.length}`
              if (split.sufficient) {
                await run('spend', key, lines)
                done.push({ key, kind: 'spend', lines })
                model[op.user]!.unused -= split.fromUnused
                model[op.user]!.winnings -= split.fromWinnings
              } else {
                const error = await run('spend', key, lines).catch((e: unknown) => e)
                expect(error).toBeInstanceOf(AppError)
                expect((error as AppError).code).toBe('INSUFFICIENT_BALANCE')
              }
            } else if (op.kind === 'transfer') {
              // Winnings of one user to the unused balance of another (or their own).
              const lines = [
                {
                  accountId: await userAccountId(deps.db, users[op.from]!.id, 'winnings'),
                  amount: -op.amount,
                },
                { accountId: await userAccountId(deps.db, users[op.to]!.id, 'unused'), amount: op.amount },
              ]
              const key = `transfer:${done.length}`
              const ok = model[op.from]!.winnings >= op.amount
              const result = await run('transfer', key, lines).catch((e: unknown) => e)
              if (ok) {
                done.push({ key, kind: 'transfer', lines })
                model[op.from]!.winnings -= op.amount
                model[op.to]!.unused += op.amount
              } else expect((result as AppError).code).toBe('INSUFFICIENT_BALANCE')
            } else if (done.length > 0) {
              const previous = done[op.index % done.length]!
              const lines = op.tamper
                ? previous.lines.map((l, i) => ({
                    ...l,
                    amount: i === 0 ? l.amount - 1 : l.amount + (i === 1 ? 1 : 0),
                  }))
                : previous.lines
              const result = await run(previous.kind, previous.key, lines).catch((e: unknown) => e)
              if (op.tamper) expect((result as AppError).code).toBe('IDEMPOTENCY_CONFLICT')
              else expect(result).toMatchObject({ replayed: true })
            }
          }

          for (const [i, u] of users.entries()) expect(await userBalances(deps.db, u.id)).toEqual(model[i])
          const report = await verifyLedger(deps.db)
          expect(report.problems).toEqual([])
          expect(report.ok).toBe(true)
          expect(report.transactions).toBe(done.length)
        } finally {
          await world.close()
        }
      }),
      { numRuns: 25 },
    )
  }, 120_000)

  it('finds tampering: a cached balance that no longer matches its entries, and a negative user balance', async () => {
    const world = await testWorld()
    const { deps } = world
    const u = await makeUser(deps)
    const now = deps.clock.now()
    const house = await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', now)
    const unused = await userAccountId(deps.db, u.id, 'unused')
    await withTx(deps, (tx) =>
      post(tx, {
        kind: 'credit',
        idempotencyKey: 'k1',
        lines: [
          { accountId: house, amount: -100 },
          { accountId: unused, amount: 100 },
        ],
        nowMs: now,
      }),
    )
    expect((await verifyLedger(deps.db)).ok).toBe(true)
    await deps.db.updateTable('ledger_accounts').set({ balance: -5 }).where('id', '=', unused).execute()
    const report = await verifyLedger(deps.db)
    expect(report.ok).toBe(false)
    expect(report.problems.map((p) => p.kind).sort()).toEqual(['balance_mismatch', 'negative_balance'])
    await world.close()
  })
})
