import { beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { deposit } from '../../helpers/gateway'
import type { client } from '../../helpers/http'
import { cliApiWorld, exits } from '../helpers'

const ctx = cliApiWorld()
let player: Awaited<ReturnType<ReturnType<typeof client>['player']>>
beforeAll(async () => {
  player = await ctx.api.player()
  // ₹500 through the simulated Paytm, a failed ₹200, then ₹49.50 winnings and 12 coins.
  expect((await deposit(ctx.api, player.token, 500)).status).toBe(200)
  expect((await deposit(ctx.api, player.token, 200, { outcome: 'fail' })).status).toBe(200)
  const admin = await ctx.api.login(ctx.world.admin.email, ctx.world.admin.password)
  for (const body of [
    { user_id: player.id, amount: 49.5, compartment: 'winnings', note: 'Prize' },
    { user_id: player.id, amount: 12, compartment: 'coins' },
    { user_id: player.id, amount: 3, compartment: 'coins' },
  ])
    expect((await ctx.api.post('/api/admin/wallet/credits', body, admin.access_token)).status).toBe(201)
})

const { cli } = ctx

describe('fanspole wallet passbook', () => {
  it('prints the unused passbook by default: the deposit with its running balance', async () => {
    const r = await cli('wallet', 'passbook', player.email)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`${player.username}’s unused passbook: balance ₹500.00 (1 entry)`)
    expect(r.stdout).toMatch(/^WHEN \(UTC\) +KIND +AMOUNT +BALANCE +MEMO$/m)
    expect(r.stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d +deposit +\+₹500\.00 +₹500\.00 +Added cash via Paytm \(order FP\d{6}[0-9A-F]{8}\)$/m,
    )
  })

  it('--json prints the user and the API answer', async () => {
    const r = await cli('wallet', 'passbook', player.slug, '--compartment', 'winnings', '--json')
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({
      user: { id: player.id, slug: player.slug, username: player.username, email: player.email },
      user_id: player.id,
      compartment: 'winnings',
      balance: 49.5,
      passbook_entries: [{ amount: 49.5, balance: 49.5, kind: 'admin_credit', memo: 'Prize' }],
      meta: { page: 1, total: 1 },
    })
  })

  it('shows coins as whole numbers and pages with --page and --per-page', async () => {
    const r = await cli('wallet', 'passbook', String(player.id), '--compartment', 'coins', '--per-page', '1')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('passbook: balance 15 (2 entries)')
    expect(r.stdout).toMatch(/ admin_credit +\+3 +15 +Credit from an admin$/m)
    expect(r.stdout).not.toMatch(/ \+12 /)
    expect(r.stdout).toContain('page 1 of 2 (--page N for more)')
    const second = await cli(
      'wallet',
      'passbook',
      player.username,
      '--compartment',
      'coins',
      '--per-page',
      '1',
      '--page',
      '2',
      '--json',
    )
    expect(second.json().passbook_entries).toMatchObject([{ amount: 12, balance: 12 }])
    const empty = await cli('wallet', 'passbook', player.email, '--page', '5')
    expect(empty.stdout).toContain('No entries on page 5.')
    expect((await verifyLedger(ctx.world.server.deps.db)).problems).toEqual([])
  })

  it('says so for a player with no entries', async () => {
    const fresh = await ctx.api.player()
    const r = await cli('wallet', 'passbook', fresh.email, '--compartment', 'winnings')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('winnings passbook: balance ₹0.00 (0 entries)')
    expect(r.stdout).toContain('No entries.')
  })

  it('refuses bad options (exit 2) and unknown users (exit 1)', async () => {
    const box = await cli('wallet', 'passbook', player.email, '--compartment', 'piggy')
    exits(box, 2, 'error: --compartment: expected unused, winnings or coins')
    const big = await cli('wallet', 'passbook', player.email, '--per-page', '500')
    exits(big, 2, 'error: --per-page: must be at most 100')
    const ghost = await cli('wallet', 'passbook', 'ghost@example.test')
    expect(ghost.code).toBe(1)
    expect(ghost.stderr).toContain(
      'error: No user with the e-mail address, slug, username or id "ghost@example.test"',
    )
  })

  it('answers a player with the 403', async () => {
    const login = await cli('login', '--email', player.email, '--password', player.password)
    expect(login.code).toBe(0)
    const r = await cli('wallet', 'passbook', player.email)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: 403 FORBIDDEN: /m)
    await cli('logout')
  })
})
