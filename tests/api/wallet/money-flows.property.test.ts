import fs from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cancelContest } from '../../../server/areas/contests/cancel'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { attachmentsDir } from '../../../server/areas/wallet/kyc/attachments'
import { withTx } from '../../../server/db/tx'
import { deposit } from '../../helpers/gateway'
import { client } from '../../helpers/http'
import { verifiedPlayer } from '../../helpers/kyc'
import { leagueWorld, upcomingMatch, validTeamBody } from '../../helpers/league'

/**
 * Random sequences of deposits (paid, failed, replayed), contest joins,
 * prizes, contest refunds, withdrawals (approved or rejected) and scratch-card claims, run
 * through the real API by two verified players. After every step the answer is the one a small
 * model predicts; at the end each player's cash (unused + winnings) and coins are exactly the
 * model's, no compartment is negative, and the ledger verifies clean.
 */

type Op =
  | { kind: 'deposit'; who: number; rupees: number; pay: boolean; gateway: 'paytm' | 'payumoney' }
  | { kind: 'join'; who: number; contest: number; team: number }
  | { kind: 'prize'; who: number; rupees: number }
  | { kind: 'cancel'; contest: number }
  | { kind: 'withdraw'; who: number; rupees: number }
  | { kind: 'decide'; approve: boolean }
  | { kind: 'claim'; who: number; twice: boolean }

const who = fc.integer({ min: 0, max: 1 })
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      who,
      rupees: fc.oneof(fc.integer({ min: 10, max: 2000 }), fc.constantFrom(10, 10_000)),
      pay: fc.boolean(),
      gateway: fc.constantFrom('paytm' as const, 'payumoney' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      who,
      contest: fc.integer({ min: 0, max: 2 }),
      team: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('prize' as const),
      who,
      rupees: fc.integer({ min: 1, max: 1500 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), contest: fc.integer({ min: 0, max: 2 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      who,
      rupees: fc.integer({ min: 50, max: 1200 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), approve: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('claim' as const), who, twice: fc.boolean() }) },
)

describe('money flows (fast-check over the API)', () => {
  it('every answer is the one the rules give, and balances and the ledger add up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 30 }), async (ops) => {
        const world = await leagueWorld(7)
        try {
          const api = client(world.deps)
          const admin = await api.admin()
          const players = [
            await verifiedPlayer(api, admin.token, { upi: 'one@okhdfc' }),
            await verifiedPlayer(api, admin.token, { upi: 'two@okicici' }),
          ]
          const match = await upcomingMatch(world.deps)
          const paid = (
            (await api.get(`/api/matches/${match.id}/contests?per_page=50`)).body.contests as Array<{
              id: number
              name: string
              entry_fee: number
            }>
          )
            .filter((c) => c.entry_fee > 0)
            .slice(0, 3)
          expect(paid.length).toBeGreaterThan(0)
          const teams: number[][] = []
          for (const [i, p] of players.entries()) {
            teams.push([])
            for (const salt of ['a', 'b', 'c', 'd']) {
              const t = await api.post(
                `/api/matches/${match.id}/user_teams`,
                await validTeamBody(world.deps, match.id, 'cricket', `${salt}${i}`),
                p.token,
              )
              expect(t.status).toBe(201)
              teams[i]?.push(t.body.user_team.id)
            }
          }
          const upi = (await api.get('/api/redemption_types')).body.redemption_types.find(
            (t: { code: string }) => t.code === 'upi',
          ).id as number

          // The model, in paise (cash = unused + winnings) and coins.
          const cash = [0, 0]
          const coins = [0, 0]
          const joined = new Set<string>()
          const fees = new Map<number, Map<number, number>>()
          const cancelled = new Set<number>()
          const pending: Array<{ id: number; who: number; total: number }> = []
          const withdrawn = [0, 0]

          for (const o of ops) {
            if (o.kind === 'deposit') {
              const p = players[o.who] as (typeof players)[number]
              const r = await deposit(api, p.token, o.rupees, {
                gateway: o.gateway,
                outcome: o.pay ? 'pay' : 'fail',
              })
              expect(r.status).toBe(200)
              expect(r.body.user_credit.status).toBe(o.pay ? 'success' : 'failed')
              if (o.pay) cash[o.who] = (cash[o.who] as number) + o.rupees * 100
            } else if (o.kind === 'join') {
              const p = players[o.who] as (typeof players)[number]
              const contest = paid[o.contest % paid.length] as (typeof paid)[number]
              const team = teams[o.who]?.[o.team] as number
              const key = `${contest.id}:${team}`
              const fee = Math.round(contest.entry_fee * 100)
              const r = await api.post(`/api/contests/${contest.id}/join`, { team_id: team }, p.token)
              if (cancelled.has(contest.id) || joined.has(key)) expect(r.status).toBe(409)
              else if (fee > (cash[o.who] as number)) {
                expect(r.status).toBe(409)
                expect(r.body.code).toBe('INSUFFICIENT_BALANCE')
              } else if (r.status === 200) {
                joined.add(key)
                cash[o.who] = (cash[o.who] as number) - fee
                const byUser = fees.get(contest.id) ?? new Map<number, number>()
                byUser.set(o.who, (byUser.get(o.who) ?? 0) + fee)
                fees.set(contest.id, byUser)
              } else expect(r.status).toBe(409) // a contest rule (full, entries per user)
            } else if (o.kind === 'prize') {
              const p = players[o.who] as (typeof players)[number]
              const r = await api.post(
                '/api/admin/wallet/credits',
                { user_id: p.id, amount: o.rupees, compartment: 'winnings' },
                admin.token,
              )
              expect(r.status).toBe(201)
              cash[o.who] = (cash[o.who] as number) + o.rupees * 100
            } else if (o.kind === 'cancel') {
              const contest = paid[o.contest % paid.length] as (typeof paid)[number]
              if (cancelled.has(contest.id)) continue
              await withTx(world.deps, (tx, after) =>
                cancelContest(
                  tx,
                  after,
                  { ...contest, match_title: 'a match' },
                  'property test',
                  world.deps.clock.now(),
                ),
              )
              cancelled.add(contest.id)
              for (const [w, fee] of fees.get(contest.id) ?? []) cash[w] = (cash[w] as number) + fee
            } else if (o.kind === 'withdraw') {
              const p = players[o.who] as (typeof players)[number]
              const before = await userBalances(world.deps.db, p.id)
              const total = o.rupees * 100 + 1_000
              const r = await api.post(
                '/api/redemptions',
                { amount: o.rupees, redemption_type_id: upi },
                p.token,
              )
              if (
                o.rupees < 100 ||
                total > before.winnings ||
                (withdrawn[o.who] as number) + o.rupees > 10_000
              )
                expect(r.status).toBe(409)
              else {
                expect(r.status).toBe(201)
                cash[o.who] = (cash[o.who] as number) - total
                withdrawn[o.who] = (withdrawn[o.who] as number) + o.rupees
                pending.push({ id: r.body.redemption.id, who: o.who, total })
              }
            } else if (o.kind === 'decide') {
              const next = pending.shift()
              if (!next) continue
              const r = await api.post(
                `/api/admin/redemptions/${next.id}/${o.approve ? 'approve' : 'reject'}`,
                o.approve ? undefined : { reason: 'property test' },
                admin.token,
              )
              expect(r.status).toBe(200)
              if (!o.approve) {
                cash[next.who] = (cash[next.who] as number) + next.total
                withdrawn[next.who] = (withdrawn[next.who] as number) - (next.total - 1_000) / 100
              }
            } else {
              const p = players[o.who] as (typeof players)[number]
              const cards = (await api.get('/api/scratch_cards', p.token)).body.scratch_cards as Array<{
                id: number
                claimed: boolean
              }>
              const card = cards.find((c) => !c.claimed)
              if (!card) continue
              const r = await api.post('/api/scratch_cards/claim', { id: card.id }, p.token)
              expect(r.status).toBe(200)
              const reward = r.body.scratch_card.reward as { kind: string; amount: number }
              if (reward.kind === 'cash')
                cash[o.who] = (cash[o.who] as number) + Math.round(reward.amount * 100)
              if (reward.kind === 'coins') coins[o.who] = (coins[o.who] as number) + reward.amount
              if (o.twice) {
                const again = await api.post('/api/scratch_cards/claim', { id: card.id }, p.token)
                expect(again.status).toBe(409)
              }
            }
          }

          for (const [i, p] of players.entries()) {
            const b = await userBalances(world.deps.db, p.id)
            expect(b.unused).toBeGreaterThanOrEqual(0)
            expect(b.winnings).toBeGreaterThanOrEqual(0)
            expect(b.unused + b.winnings).toBe(cash[i])
            expect(b.coins).toBe(coins[i])
            const me = (await api.get('/api/me', p.token)).body.user
            expect(Math.round(me.current_balance * 100)).toBe(cash[i])
          }
          expect((await verifyLedger(world.deps.db)).problems).toEqual([])
        } finally {
          await world.close()
          fs.rmSync(attachmentsDir(world.deps.config), { recursive: true, force: true })
        }
      }),
      { numRuns: 12, seed: 20261122 },
    )
  }, 240_000)
})
