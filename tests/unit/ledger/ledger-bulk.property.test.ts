import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { postMany, readAccounts } from '../../../server/areas/ledger/bulk'
import {
  type PostingRequest,
  post,
  SYSTEM_ACCOUNTS,
  systemAccountId,
  type UserCompartment,
  userAccountId,
  userBalances,
  walletJson,
} from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { notificationStream } from '../../../server/areas/notifications/service'
import { withTx } from '../../../server/db/tx'
import { AppError } from '../../../server/http/errors'
import { makeUser, type TestWorld, testWorld } from '../../helpers/deps'

/**
 * Settlement pays tens of thousands of contests through `postMany`, which on SQLite walks the
 * accounts in id order instead of posting one transaction after the other. It must be
 * indistinguishable from `post` called in a loop: same balances, same entries with the same
 * running balances, same refusals, and a refusal anywhere rolls the whole batch back.
 */

/** A posting: the first account pays the others (accounts differ within a posting). */
type Lines = { accounts: number[]; amounts: number[] }
type Spec = { kind: 'new'; lines: Lines } | { kind: 'replay'; index: number; tamper: boolean }

// Accounts 0–5 are the INR compartments (unused, winnings) of three users; 6 is the house.
const ACCOUNTS = 7
const linesArb: fc.Arbitrary<Lines> = fc
  .shuffledSubarray(
    Array.from({ length: ACCOUNTS }, (_, i) => i),
    { minLength: 2, maxLength: 4 },
  )
  .chain((accounts) =>
    fc.record({
      accounts: fc.constant(accounts),
      amounts: fc.array(fc.integer({ min: 1, max: 5_000 }), {
        minLength: accounts.length - 1,
        maxLength: accounts.length - 1,
      }),
    }),
  )
const specArb: fc.Arbitrary<Spec> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('new' as const),
      lines: linesArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('replay' as const), index: fc.nat(30), tamper: fc.boolean() }),
  },
)
const batchesArb = fc.array(fc.array(specArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 })

interface Side {
  world: TestWorld
  accounts: number[]
  users: number[]
  wallets: Map<number, unknown>
}

async function side(): Promise<Side> {
  const world = await testWorld()
  const { deps } = world
  const users = [(await makeUser(deps)).id, (await makeUser(deps)).id, (await makeUser(deps)).id]
  const accounts: number[] = []
  for (const u of users)
    for (const c of ['unused', 'winnings'] as UserCompartment[])
      accounts.push(await userAccountId(deps.db, u, c))
  accounts.push(await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', deps.clock.now()))
  const wallets = new Map<number, unknown>()
  for (const u of users)
    deps.bus.subscribe(notificationStream(u), (message) => {
      if ((message as { type: string }).type === 'wallet') wallets.set(u, message)
    })
  return { world, accounts, users, wallets }
}

/** The requests of one batch, in terms of this side's account ids. */
function requests(s: Side, batch: Spec[], history: PostingRequest[], b: number): PostingRequest[] {
  const now = s.world.deps.clock.now()
  const out: PostingRequest[] = []
  batch.forEach((spec, i) => {
    if (spec.kind === 'new') {
      const paid = spec.lines.amounts.reduce((sum, a) => sum + a, 0)
      const lines = spec.lines.accounts.map((a, k) => ({
        accountId: s.accounts[a] as number,
        amount: k === 0 ? -paid : (spec.lines.amounts[k - 1] as number),
      }))
      out.push({ kind: 'move', idempotencyKey: `b${b}:${i}`, lines, nowMs: now })
      return
    }
    const previous = history[spec.index % Math.max(1, history.length)]
    // A replay of a posting from an earlier batch (a key appears once per batch).
    if (!previous || out.some((r) => r.idempotencyKey === previous.idempotencyKey)) return
    const lines = spec.tamper
      ? previous.lines.map((l, k) => ({
          ...l,
          amount: k === 0 ? l.amount - 1 : k === 1 ? l.amount + 1 : l.amount,
        }))
      : previous.lines
    out.push({ ...previous, lines })
  })
  return out
}

async function outcome(run: () => Promise<unknown>) {
  try {
    await run()
    return 'ok'
  } catch (e) {
    if (e instanceof AppError) return e.code
    throw e
  }
}

/** Every account's entries (amount and running balance, in order) and cached balance. */
async function state(s: Side) {
  const { db } = s.world.deps
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['account_id', 'amount', 'balance_after'])
    .orderBy('id')
    .execute()
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'balance']).orderBy('id').execute()
  return {
    transactions: Number(
      (
        await db
          .selectFrom('ledger_transactions')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    accounts: accounts.map((a) => ({
      index: s.accounts.indexOf(a.id),
      balance: Number(a.balance),
      entries: entries
        .filter((e) => e.account_id === a.id)
        .map((e) => [Number(e.amount), Number(e.balance_after)]),
    })),
  }
}

describe('postMany, the settlement ledger path', () => {
  it('ends exactly where post called one posting at a time ends, refusals and replays included', async () => {
    await fc.assert(
      fc.asyncProperty(batchesArb, fc.boolean(), async (batches, readAhead) => {
        const bulk = await side()
        const one = await side()
        try {
          const historyBulk: PostingRequest[] = []
          const historyOne: PostingRequest[] = []
          for (const [b, batch] of batches.entries()) {
            const rb = requests(bulk, batch, historyBulk, b)
            const ro = requests(one, batch, historyOne, b)
            const { deps } = bulk.world
            const raw = { sqlite: deps.dbHandle.sqlite!, bus: deps.bus }
            const got = await outcome(() =>
              withTx(deps, (tx, after) =>
                postMany(
                  tx,
                  rb,
                  after,
                  raw,
                  readAhead ? readAccounts(raw, bulk.users, [SYSTEM_ACCOUNTS.house.code]) : undefined,
                ),
              ),
            )
            const want = await outcome(() =>
              withTx(one.world.deps, async (tx, after) => {
                for (const r of ro) await post(tx, r, after)
              }),
            )
            // Both refuse the whole batch; with a conflicting key and a shortfall in one batch,
            // postMany names the key (it checks keys before balances), post the first it meets.
            expect(got === 'ok').toBe(want === 'ok')
            if (!batch.some((spec) => spec.kind === 'replay' && spec.tamper)) expect(got).toBe(want)
            if (got === 'ok') {
              historyBulk.push(...rb.filter((r) => r.idempotencyKey.startsWith(`b${b}:`)))
              historyOne.push(...ro.filter((r) => r.idempotencyKey.startsWith(`b${b}:`)))
            }
          }
          expect(await state(bulk)).toEqual(await state(one))
          const report = await verifyLedger(bulk.world.deps.db)
          expect(report.problems).toEqual([])
          // The last wallet push each user got carries their balances as committed.
          for (const u of bulk.users) {
            const pushed = bulk.wallets.get(u)
            if (pushed === undefined) continue
            const balances = await userBalances(bulk.world.deps.db, u)
            expect(pushed).toMatchObject({ type: 'wallet', ...walletJson(balances) })
          }
        } finally {
          await bulk.world.close()
          await one.world.close()
        }
      }),
      { numRuns: 40 },
    )
  }, 120_000)

  it('refuses a key twice in one batch and an account that does not exist, writing nothing', async () => {
    const s = await side()
    try {
      const { deps } = s.world
      const raw = { sqlite: deps.dbHandle.sqlite!, bus: deps.bus }
      const now = deps.clock.now()
      const move = (key: string, to: number) => ({
        kind: 'move',
        idempotencyKey: key,
        lines: [
          { accountId: s.accounts[6] as number, amount: -100 },
          { accountId: to, amount: 100 },
        ],
        nowMs: now,
      })
      await expect(
        withTx(deps, (tx, after) =>
          postMany(tx, [move('a', s.accounts[0] as number), move('a', s.accounts[0] as number)], after, raw),
        ),
      ).rejects.toThrow(/appears twice/)
      await expect(
        withTx(deps, (tx, after) =>
          postMany(tx, [move('b', s.accounts[0] as number), move('c', 999_999)], after, raw),
        ),
      ).rejects.toThrow(/does not exist/)
      expect((await state(s)).transactions).toBe(0)
    } finally {
      await s.world.close()
    }
  })

  it('reads one compartment when asked, and pushes balances only to users someone follows', async () => {
    const s = await side()
    try {
      const { deps } = s.world
      const raw = { sqlite: deps.dbHandle.sqlite!, bus: deps.bus }
      const [a, b] = s.users as [number, number]
      const known = readAccounts(raw, [a, b], [SYSTEM_ACCOUNTS.house.code], 'winnings')
      expect([...(known.byUser.get(a) ?? [])].map((r) => r.kind)).toEqual(['winnings'])
      expect(known.byId.size).toBe(3)
      expect(readAccounts(raw, [a], []).byUser.get(a)?.length).toBeGreaterThan(1)

      // b's stream had a follower in side(); a new user's stream has none until mid-transaction.
      const late = (await makeUser(deps)).id
      const lateWinnings = await userAccountId(deps.db, late, 'winnings')
      const heard: unknown[] = []
      const pay = (key: string, to: number) => ({
        kind: 'move',
        idempotencyKey: key,
        lines: [
          { accountId: s.accounts[6] as number, amount: -250 },
          { accountId: to, amount: 250 },
        ],
        nowMs: deps.clock.now(),
      })
      const bWinnings = s.accounts[3] as number
      await withTx(deps, async (tx, after) => {
        await postMany(tx, [pay('w1', bWinnings), pay('w2', lateWinnings)], after, raw, known)
        // Following starts after the balances were written, before the commit.
        deps.bus.subscribe(notificationStream(late), (m) => heard.push(m))
      })
      expect(s.wallets.get(b)).toMatchObject({
        type: 'wallet',
        ...walletJson(await userBalances(deps.db, b)),
      })
      // No balances were read for it: a push that tells the client to read its wallet again.
      expect(heard).toHaveLength(1)
      expect(heard[0]).toMatchObject({ type: 'wallet' })
      expect(heard[0]).not.toHaveProperty('current_balance')
    } finally {
      await s.world.close()
    }
  })
})
