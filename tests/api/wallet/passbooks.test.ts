import { describe, expect, it } from 'vitest'
import { deposit } from '../../helpers/gateway'
import type { client } from '../../helpers/http'
import { houseTransfer } from '../../helpers/ledger'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ admin: true, ledger: true })

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>

const adminCredit = (p: Player, amount: number, compartment = 'unused', note?: string) =>
  ctx.api.post('/api/admin/wallet/credits', { user_id: p.id, amount, compartment, note }, ctx.admin.token)

/** A debit such as a contest entry: unused → house, through the one posting function. */
const spend = (p: Player, paise: number, memo: string) =>
  houseTransfer(ctx.world.deps, p.id, -paise, {
    kind: 'contest_entry',
    key: `test-spend:${p.id}:${memo}`,
    memo,
  })

describe('GET /api/me/unused_passbook, winnings_passbook, coins_passbook', () => {
  it('shows each compartment’s ledger entries newest first with the running balance after each', async () => {
    const p = await ctx.api.player()
    expect((await deposit(ctx.api, p.token, 500)).status).toBe(200)
    ctx.world.wall.advance(60_000)
    await spend(p, 4_950, 'Entry: Mega Contest')
    ctx.world.wall.advance(60_000)
    expect((await deposit(ctx.api, p.token, 100.25, { gateway: 'payumoney' })).status).toBe(200)
    expect((await deposit(ctx.api, p.token, 300, { outcome: 'fail' })).status).toBe(200)
    await adminCredit(p, 75.5, 'winnings', 'Prize: rank 1')
    await adminCredit(p, 30, 'coins')

    const unused = await ctx.api.get('/api/me/unused_passbook.json', p.token)
    expect(unused.status).toBe(200)
    expect(unused.body).toMatchObject({ compartment: 'unused', balance: 550.75 })
    expect(unused.body.meta).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 })
    const rows = unused.body.passbook_entries
    expect(
      rows.map((r: { amount: number; balance: number; kind: string }) => [r.amount, r.balance, r.kind]),
    ).toEqual([
      [100.25, 550.75, 'deposit'],
      [-49.5, 450.5, 'contest_entry'],
      [500, 500, 'deposit'],
    ])
    expect(rows[0].memo).toMatch(/^Added cash via PayUMoney \(order FP\d{6}[0-9A-F]{8}\)$/)
    expect(rows[1]).toMatchObject({
      memo: 'Entry: Mega Contest',
      created_at_in_millis: ctx.world.deps.clock.now() - 60_000,
      transaction_id: expect.any(Number),
      created_at_str_small: '22 Nov 2026',
    })
    expect(rows[2].created_at_in_millis).toBeLessThan(rows[1].created_at_in_millis)

    const winnings = await ctx.api.get('/api/me/winnings_passbook', p.token)
    expect(winnings.body).toMatchObject({
      compartment: 'winnings',
      balance: 75.5,
      passbook_entries: [{ amount: 75.5, balance: 75.5, kind: 'admin_credit', memo: 'Prize: rank 1' }],
    })
    const coins = await ctx.api.get('/api/me/coins_passbook', p.token)
    expect(coins.body).toMatchObject({
      compartment: 'coins',
      balance: 30,
      passbook_entries: [{ amount: 30, balance: 30, kind: 'admin_credit' }],
    })

    // The Me balances are the same ledger: current = unused + winnings.
    const me = (await ctx.api.get('/api/me', p.token)).body.user
    expect(me).toMatchObject({
      unused_balance: 550.75,
      winning_balance: 75.5,
      current_balance: 626.25,
      coin_balance: 30,
    })
    expect(me.current_balance).toBe(me.unused_balance + me.winning_balance)
  })

  it('pages with page and per_page (at most 100)', async () => {
    const p = await ctx.api.player()
    for (const amount of [10, 20, 30]) await adminCredit(p, amount)
    const page2 = await ctx.api.get('/api/me/unused_passbook?per_page=2&page=2', p.token)
    expect(page2.body.passbook_entries.map((r: { amount: number }) => r.amount)).toEqual([10])
    expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 })
    const beyond = await ctx.api.get('/api/me/unused_passbook?page=9', p.token)
    expect(beyond.body.passbook_entries).toEqual([])
    for (const q of ['per_page=101', 'per_page=0', 'page=0', 'page=x']) {
      const res = await ctx.api.get(`/api/me/unused_passbook?${q}`, p.token)
      expect(res.status, q).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
    }
  })

  it('shows only my own entries, and an empty book to a new player', async () => {
    const rich = await ctx.api.player()
    const fresh = await ctx.api.player()
    await adminCredit(rich, 1000)
    for (const book of ['unused', 'winnings', 'coins']) {
      const res = await ctx.api.get(`/api/me/${book}_passbook`, fresh.token)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ balance: 0, passbook_entries: [], meta: { total: 0 } })
    }
  })

  it('needs a signed-in user', async () => {
    for (const book of ['unused', 'winnings', 'coins']) {
      const res = await ctx.api.get(`/api/me/${book}_passbook`)
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('UNAUTHORIZED')
    }
  })
})

describe('GET /api/admin/wallet/passbook', () => {
  it('shows any player’s passbook to an admin', async () => {
    const p = await ctx.api.player()
    await adminCredit(p, 12, 'coins')
    await adminCredit(p, 8, 'coins')
    const res = await ctx.api.get(
      `/api/admin/wallet/passbook?user_id=${p.id}&compartment=coins`,
      ctx.admin.token,
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ user_id: p.id, compartment: 'coins', balance: 20 })
    expect(res.body.passbook_entries.map((r: { balance: number }) => r.balance)).toEqual([20, 12])
    const unused = await ctx.api.get(`/api/admin/wallet/passbook?user_id=${p.id}`, ctx.admin.token)
    expect(unused.body).toMatchObject({ compartment: 'unused', balance: 0, passbook_entries: [] })
  })

  it('refuses players (403), unknown users (404) and bad queries (422)', async () => {
    const p = await ctx.api.player()
    expect((await ctx.api.get(`/api/admin/wallet/passbook?user_id=${p.id}`, p.token)).status).toBe(403)
    expect((await ctx.api.get(`/api/admin/wallet/passbook?user_id=${p.id}`)).status).toBe(401)
    const ghost = await ctx.api.get('/api/admin/wallet/passbook?user_id=999999', ctx.admin.token)
    expect(ghost.status).toBe(404)
    const bad = await ctx.api.get(
      `/api/admin/wallet/passbook?user_id=${p.id}&compartment=piggy`,
      ctx.admin.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors.compartment).toEqual(['must be one of: unused, winnings, coins'])
    expect((await ctx.api.get('/api/admin/wallet/passbook', ctx.admin.token)).status).toBe(422)
  })
})
