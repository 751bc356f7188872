import { beforeAll, describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { seedLeague, upcomingMatch } from '../../helpers/league'
import { cliApiWorld, runCli, tempDir } from '../helpers'

/** `fanspole auction debrief` (docs/auctions.md, "The debrief"): the summary, the replay, the read. */
const ctx = cliApiWorld()
type Player = Awaited<ReturnType<typeof ctx.api.player>>
let owner: Player
let bob: Player
let auctionId: number
let privateId: number

/** A finished auction: lot 1 Bob then the owner, lot 2 Bob; then ended by its owner. */
async function finishedAuction(more: Record<string, unknown> = {}) {
  const match = await upcomingMatch(ctx.world.server.deps)
  const created = await ctx.api.post(
    '/api/auctions',
    smallAuction('Debrief night', match.id, more),
    owner.token,
  )
  const a = created.body.new_auction as { id: number; code: string }
  await seatAndStart(ctx.api, a, owner, [bob])
  for (const bidders of [[bob, owner], [bob]]) {
    for (const who of bidders) {
      const lot = (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, who.token)).body
      const bid = await ctx.api.post(
        `/api/auctions/${a.id}/bid_player`,
        { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
        who.token,
      )
      expect(bid.status).toBe(200)
    }
    await ctx.api.post(`/api/auctions/${a.id}/close_lot`, {}, owner.token)
  }
  await ctx.api.post(`/api/auctions/${a.id}/complete`, {}, owner.token)
  return a.id
}

beforeAll(async () => {
  await seedLeague(ctx.world.server.deps)
  owner = await ctx.api.player('debrief_owner')
  bob = await ctx.api.player('debrief_bob')
  auctionId = await finishedAuction()
  privateId = await finishedAuction({ private: true })
  const login = await ctx.cli('login', '--email', bob.email, '--password', bob.password)
  expect(login.code, login.stderr).toBe(0)
})

describe('fanspole auction debrief', () => {
  it('prints revenue, efficiency, the lots against their base price with the winner, and the managers', async () => {
    const r = await ctx.cli('auction', 'debrief', String(auctionId))
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Debrief night \(auction \d+\): debrief$/m)
    expect(r.stdout).toMatch(/^Revenue \d+ · 3 bids · 2 sold of \d+ players$/m)
    expect(r.stdout).toMatch(/^Efficiency [\d.]+%: squads realised [\d.]+ credits of the best [\d.]+$/m)
    expect(r.stdout).toMatch(/^ *# {2}Player +Base +Price +×Base +Bids +Winner$/m)
    expect(r.stdout).toMatch(/^ *1 {2}.* +2 {2}Franchise 0 \(@debrief_owner\)$/m)
    expect(r.stdout).toMatch(/^ *2 {2}.* +1 {2}Franchise 1 \(@debrief_bob\)$/m)
    expect(r.stdout).toMatch(/^Manager +Players +Spent +Value +Value\/100$/m)
  })

  it('--replay --speed max prints every bid with who made it, in order; --anonymous hides names', async () => {
    const r = await ctx.cli('auction', 'debrief', String(auctionId), '--replay', '--speed', 'max')
    expect(r.code, r.stderr).toBe(0)
    const bids = r.stdout.split('\n').filter((l) => / bids \d+$/.test(l))
    expect(bids.map((l) => l.replace(/^\+\d+:\d\d +/, '').replace(/ bids \d+$/, ''))).toEqual([
      'Franchise 1 (@debrief_bob)',
      'Franchise 0 (@debrief_owner)',
      'Franchise 1 (@debrief_bob)',
    ])
    expect(r.stdout).toMatch(/^\+\d+:\d\d +Sold to Franchise 0 \(@debrief_owner\) for \d+ \([\d.]+× base\)$/m)
    const anon = await ctx.cli(
      'auction',
      'debrief',
      String(auctionId),
      '--replay',
      '--speed',
      'max',
      '--anonymous',
    )
    expect(anon.code, anon.stderr).toBe(0)
    expect(anon.stdout).not.toMatch(/Franchise|debrief_bob|debrief_owner/)
    const who = anon.stdout.split('\n').flatMap((l) => /^\+\d+:\d\d +(.+) bids \d+$/.exec(l)?.[1] ?? [])
    expect(who).toEqual(['Manager 2', 'Manager 1', 'Manager 2'])
  })

  it('--json prints the read', async () => {
    const r = await ctx.cli('auction', 'debrief', String(auctionId), '--json')
    expect(r.code, r.stderr).toBe(0)
    expect(r.json().debrief).toMatchObject({ bids_count: 3, sold_count: 2, value_basis: 'credits' })
  })

  it('exits 2 naming the valid speeds, 1 for an auction the caller may not see (404)', async () => {
    const bad = await ctx.cli('auction', 'debrief', String(auctionId), '--replay', '--speed', 'fast')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--speed: expected a speed from 1 to 10000 .* or max/)
    expect((await ctx.cli('auction', 'debrief', 'seven')).code).toBe(2)
    const alone = await ctx.cli('auction', 'debrief', String(auctionId), '--speed', '60')
    expect(alone.code).toBe(2)
    expect(alone.stderr).toMatch(/--speed paces the replay: give it with --replay/)
    const home = tempDir()
    const env = { FANSPOLE_SERVER: ctx.world.server.url, FANSPOLE_HOME: home.dir }
    const stranger = await ctx.api.player()
    expect(
      (await runCli(['login', '--email', stranger.email, '--password', stranger.password], env)).code,
    ).toBe(0)
    const hidden = await runCli(['auction', 'debrief', String(privateId)], env)
    expect(hidden.code).toBe(1)
    expect(hidden.stderr).toMatch(/404 NOT_FOUND: Auction not found/)
    expect((await ctx.cli('auction', 'debrief', String(privateId))).code).toBe(0)
    home.remove()
  })
})
