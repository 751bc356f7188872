import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { exits } from '../helpers'
import { leagueCli } from '../match-world'

const ctx = leagueCli()
const { cli } = ctx
const balances = async (token: string) => (await ctx.world.api.get('/api/me', token)).body.user

describe('fanspole wallet show', () => {
  it('shows the seeded demo player’s balances, found by e-mail, slug, username or id', async () => {
    const demo = await ctx.world.api.login('demo@fanspole.local', 'demo-pass-2026')
    const me = await balances(demo.access_token)
    const r = await cli('wallet', 'show', 'demo@fanspole.local', '--json')
    expect(r.code).toBe(0)
    expect(r.json()).toEqual({
      user: { id: me.id, slug: me.slug, username: me.username, email: 'demo@fanspole.local' },
      wallet: {
        current_balance: me.current_balance,
        unused_balance: me.unused_balance,
        winning_balance: me.winning_balance,
        coin_balance: me.coin_balance,
      },
    })
    // Seeded players start with some balance.
    expect(me.current_balance).toBeGreaterThan(0)
    for (const ref of [me.slug, String(me.id), me.username]) {
      const again = await cli('wallet', 'show', ref, '--json')
      expect(again.json().user.id, ref).toBe(me.id)
    }
    const text = await cli('wallet', 'show', me.slug)
    expect(text.stdout).toContain(`${me.username} <demo@fanspole.local> (id ${me.id}, player)`)
    expect(text.stdout).toMatch(/^ {2}current +₹[\d,]+\.\d\d \(unused \+ winnings\)$/m)
    expect(text.stdout).toMatch(/^ {2}winnings +₹[\d,]+\.\d\d \(withdrawable\)$/m)
    expect(text.stdout).toMatch(/^ {2}coins +\d+$/m)
  })

  it('exits 1 for someone who does not exist', async () => {
    const r = await cli('wallet', 'show', 'ghost@example.test')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      'error: No user with the e-mail address, slug, username or id "ghost@example.test"',
    )
  })
})

describe('fanspole wallet credit', () => {
  it('credits unused balance through the ledger and prints the new balances', async () => {
    const p = await ctx.world.api.player()
    const r = await cli('wallet', 'credit', p.email, '--amount', '500')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(
        `^Credited ₹500\\.00 to ${p.username}’s unused balance \\(ledger transaction \\d+\\)\\.$`,
        'm',
      ),
    )
    expect(r.stdout).toMatch(/^ {2}unused +₹500\.00$/m)
    expect(await balances(p.token)).toMatchObject({
      unused_balance: 500,
      winning_balance: 0,
      current_balance: 500,
    })

    const json = await cli(
      'wallet',
      'credit',
      p.slug,
      '--amount',
      '49.50',
      '--compartment',
      'winnings',
      '--note',
      'Goodwill',
      '--json',
    )
    expect(json.code).toBe(0)
    expect(json.json()).toMatchObject({
      user: { id: p.id, slug: p.slug },
      credit: { user_id: p.id, amount: 49.5, compartment: 'winnings', transaction_id: expect.any(Number) },
      wallet: { unused_balance: 500, winning_balance: 49.5, current_balance: 549.5, coin_balance: 0 },
    })
    const memo = await ctx.world.server.deps.db
      .selectFrom('ledger_transactions')
      .select('memo')
      .where('id', '=', json.json().credit.transaction_id)
      .executeTakeFirstOrThrow()
    expect(memo.memo).toBe('Goodwill')

    const coins = await cli('wallet', 'credit', String(p.id), '--amount', '25', '--compartment', 'coins')
    expect(coins.code).toBe(0)
    expect(coins.stdout).toContain(`Credited 25 coins to ${p.username}’s coins`)
    expect((await balances(p.token)).coin_balance).toBe(25)
    expect((await verifyLedger(ctx.world.server.deps.db)).problems).toEqual([])
  })

  it('refuses amounts that are not positive or not whole coins (usage) and the server’s limits (422)', async () => {
    const p = await ctx.world.api.player()
    const negative = await cli('wallet', 'credit', p.email, '--amount', '-3')
    expect(negative.code).toBe(2)
    expect(negative.stderr).toContain(
      'error: --amount: expected a positive amount such as 500 or 49.50, got "-3"',
    )
    const half = await cli('wallet', 'credit', p.email, '--amount', '2.5', '--compartment', 'coins')
    exits(half, 2, 'error: --amount: coins are whole numbers')
    const box = await cli('wallet', 'credit', p.email, '--amount', '5', '--compartment', 'piggy')
    exits(box, 2, 'error: --compartment: expected unused, winnings or coins')
    const huge = await cli('wallet', 'credit', p.email, '--amount', '200000')
    exits(huge, 1, 'error: 422 VALIDATION_FAILED:')
    expect(huge.stderr).toMatch(/^ {2}amount: must be above 0 and at most ₹1,00,000$/m)
    const fraction = await cli('wallet', 'credit', p.email, '--amount', '1.005')
    expect(fraction.code).toBe(1)
    expect(fraction.stderr).toMatch(/^ {2}amount: must be rupees with at most 2 decimals$/m)
    expect(await balances(p.token)).toMatchObject({ current_balance: 0, coin_balance: 0 })
  })

  it('answers a player with the 403 and changes nothing', async () => {
    const p = await ctx.world.api.player()
    const login = await cli('login', '--email', p.email, '--password', p.password)
    expect(login.code).toBe(0)
    const r = await cli('wallet', 'credit', p.email, '--amount', '1000')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: 403 FORBIDDEN: /m)
    expect(r.stderr).toContain(`as ${p.email} (player); admin commands need an admin: fanspole login --admin`)
    const show = await cli('wallet', 'show', p.email)
    expect(show.code).toBe(1)
    expect(show.stderr).toMatch(/^error: 403 FORBIDDEN: /m)
    expect((await balances(p.token)).current_balance).toBe(0)
    await cli('logout')
  })
})
