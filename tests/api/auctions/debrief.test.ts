import { describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import type { client } from '../../helpers/http'
import { upcomingMatch } from '../../helpers/league'
import { countQueries } from '../../helpers/query-count'
import { apiWorld } from '../../helpers/world'

/**
 * `GET /api/auctions/{id}/debrief` (docs/auctions.md, "The debrief"): a finished auction on its
 * own timeline, read from its stored events; seen exactly as the auction is; 409 before the end.
 */
const ctx = apiWorld({ league: true, admin: true })

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>
type Lot = {
  index: number
  player_id: number
  base_price: number
  price: number | null
  value: number
  bids: Bid[]
}
type Bid = { manager_id: number; amount: number; at_in_millis: number }
type Manager = { id: number; franchise_name: string; username: string | null; spent: number; value: number }

/** Bids `bids` (who, in turn) on the running lot at its next amount, then the owner closes it. */
async function playLot(id: number, owner: Player, bids: Player[]) {
  for (const who of bids) {
    const lot = (await ctx.api.get(`/api/auctions/${id}/bidding_player`, who.token)).body
    ctx.world.wall.advance(1_000)
    const res = await ctx.api.post(
      `/api/auctions/${id}/bid_player`,
      { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
      who.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  ctx.world.wall.advance(2_000)
  expect((await ctx.api.post(`/api/auctions/${id}/close_lot`, {}, owner.token)).status).toBe(200)
}

/** A small auction of the owner and Bob: lot 1 Bob then the owner, lot 2 Bob, lot 3 nobody; then ended. */
async function finished(
  settings: Record<string, unknown> = {},
  lots: Array<'owner' | 'bob' | 'both' | 'none'> = ['both', 'bob', 'none'],
) {
  const owner = await ctx.api.player()
  const bob = await ctx.api.player()
  const match = await upcomingMatch(ctx.world.deps)
  const created = await ctx.api.post(
    '/api/auctions',
    smallAuction('Debrief', match.id, settings),
    owner.token,
  )
  expect(created.status).toBe(201)
  const a = created.body.new_auction as { id: number; code: string }
  await seatAndStart(ctx.api, a, owner, [bob])
  const running = await ctx.api.get(`/api/auctions/${a.id}/debrief`, owner.token)
  expect(running.status).toBe(409)
  expect(running.body.code).toBe('AUCTION_STATE')
  expect(running.body.error).toMatch(/finished/)
  for (const lot of lots)
    await playLot(
      a.id,
      owner,
      lot === 'both' ? [bob, owner] : lot === 'bob' ? [bob] : lot === 'owner' ? [owner] : [],
    )
  expect((await ctx.api.post(`/api/auctions/${a.id}/complete`, {}, owner.token)).status).toBe(200)
  const managers = (await ctx.api.get(`/api/auctions/${a.id}/managers`, owner.token)).body
  const list = (managers.managers ?? managers) as Array<{ id: number; user: { id: number } }>
  const idOf = (p: Player) => list.find((m) => m.user.id === p.id)?.id as number
  return { id: a.id, owner, bob, match, ownerManager: idOf(owner), bobManager: idOf(bob) }
}

describe('GET /api/auctions/{id}/debrief', () => {
  it('replays every lot and bid in order with who bid, the spend curves, revenue and efficiency', async () => {
    const { id, owner, bob, ownerManager, bobManager } = await finished()
    const res = await ctx.api.get(`/api/auctions/${id}/debrief`, bob.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const d = res.body.debrief
    const lots = d.lots as Lot[]
    // The lot running when it was ended closes too: three played, the fourth closed unsold by the end.
    expect(lots.length).toBeGreaterThanOrEqual(3)
    const [first, second, third] = lots as [Lot, Lot, Lot]
    expect(lots.map((l) => l.index)).toEqual(lots.map((_, i) => i + 1))
    expect(first.bids.map((b) => b.manager_id)).toEqual([bobManager, ownerManager])
    expect(first.bids[1]?.amount).toBeGreaterThan(first.bids[0]?.amount as number)
    expect(first.bids[0]?.at_in_millis).toBeLessThan(first.bids[1]?.at_in_millis as number)
    expect(first).toMatchObject({ result: 'sold', manager_id: ownerManager, price: first.bids[1]?.amount })
    expect(first).toMatchObject({
      price_to_base: Math.round(((first.price as number) / first.base_price) * 100) / 100,
    })
    expect(second).toMatchObject({
      result: 'sold',
      manager_id: bobManager,
      bids: [expect.objectContaining({ manager_id: bobManager })],
    })
    expect(third).toMatchObject({ result: 'unsold', manager_id: null, price: null, bids: [] })
    expect(d.bids_count).toBe(3)
    expect(d.revenue).toBe((first.price as number) + (second.price as number))
    const managers = d.managers as Array<
      Manager & { anonymous_id: string; spend_curve: Array<{ spent: number; lot_index: number }> }
    >
    const mine = managers.find((m) => m.id === ownerManager) as (typeof managers)[number]
    const bobs = managers.find((m) => m.id === bobManager) as (typeof managers)[number]
    expect(mine).toMatchObject({ anonymous_id: 'Manager 1', username: owner.username, spent: first.price })
    expect(mine.spend_curve).toEqual([expect.objectContaining({ lot_index: 1, spent: first.price })])
    expect(bobs).toMatchObject({ anonymous_id: 'Manager 2', username: bob.username, spent: second.price })
    // No match played yet: valued at credits, said so; the best is the pool's two most valuable players.
    expect(d.value_basis).toBe('credits')
    expect(d.value_note).toMatch(/credit value/)
    expect(d.sold_count).toBe(2)
    expect(d.realised_value).toBe(Math.round((first.value + second.value) * 10) / 10)
    expect(d.best_value).toBeGreaterThanOrEqual(d.realised_value)
    expect(d.efficiency).toBe(Math.round((d.realised_value / d.best_value) * 10_000) / 10_000)
    expect(mine.value).toBe(first.value)
  })

  it('with anonymous=1 leaves names, users and colours out; a bad value is 422 naming the valid ones', async () => {
    const { id, owner } = await finished()
    const res = await ctx.api.get(`/api/auctions/${id}/debrief?anonymous=1`, owner.token)
    expect(res.status).toBe(200)
    expect(res.body.debrief.anonymous).toBe(true)
    for (const m of res.body.debrief.managers as Array<
      Manager & { anonymous_id: string; color_hex: string | null }
    >)
      expect(m).toMatchObject({ franchise_name: m.anonymous_id, username: null, color_hex: null })
    expect(JSON.stringify(res.body)).not.toMatch(/Franchise 0|Franchise 1/)
    expect(JSON.stringify(res.body)).not.toContain(owner.username)
    const bad = await ctx.api.get(`/api/auctions/${id}/debrief?anonymous=yes`, owner.token)
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.body.errors)).toMatch(/1, 0, true or false/)
  })

  it('is 404 to a stranger for a private auction, as for one that does not exist', async () => {
    const { id, bob } = await finished({ private: true })
    const stranger = await ctx.api.player()
    const hidden = await ctx.api.get(`/api/auctions/${id}/debrief`, stranger.token)
    const missing = await ctx.api.get('/api/auctions/999999/debrief', stranger.token)
    expect(hidden.status).toBe(404)
    expect({ ...hidden.body, request_id: null }).toEqual({ ...missing.body, request_id: null })
    expect((await ctx.api.get(`/api/auctions/${id}/debrief`, bob.token)).status).toBe(200)
    expect((await ctx.api.get(`/api/auctions/${id}/debrief`)).status).toBe(401)
  })

  it('asks the database the same number of times for one lot sold and for five', async () => {
    const asked = async (lots: Array<'owner' | 'bob' | 'both' | 'none'>) => {
      const { id, owner } = await finished({ squad_max: 4 }, lots)
      // The fewer of two reads: a job of the world's scheduler may query during one of them.
      const reads = []
      for (const _ of [1, 2])
        reads.push(await countQueries(() => ctx.api.get(`/api/auctions/${id}/debrief`, owner.token)))
      for (const { result } of reads) expect(result.status).toBe(200)
      return {
        queries: Math.min(...reads.map((r) => r.queries)),
        bids: reads[0]?.result.body.debrief.bids_count as number,
      }
    }
    const few = await asked(['bob'])
    const many = await asked(['both', 'both', 'bob', 'owner', 'both', 'none'])
    expect(many.bids).toBeGreaterThan(few.bids)
    expect(many.queries).toBe(few.queries)
    expect(few.queries).toBeLessThanOrEqual(12)
  })

  it('values squads at the points their players scored once the match is played after the auction', async () => {
    const { id, owner, match, ownerManager, bobManager } = await finished()
    const before = (await ctx.api.get(`/api/auctions/${id}/debrief`, owner.token)).body.debrief
    const sold = (before.lots as Lot[]).filter((l) => l.price !== null)
    const db = ctx.world.deps.db
    const points = [40, 25]
    for (const [i, lot] of sold.entries())
      await db
        .insertInto('player_match_scores')
        .values({
          match_id: match.id,
          player_id: lot.player_id,
          total_score: points[i] as number,
          stats: '{}',
          breakdown: '{}',
          updated_at_ms: 0,
        })
        .execute()
    // Played before the auction ended: no squad played it, so it values nobody.
    const row = await db
      .selectFrom('auctions')
      .select('completed_at_ms')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await db
      .updateTable('matches')
      .set({ status: 'completed', locked_at_ms: Number(row.completed_at_ms) - 1 })
      .where('id', '=', match.id)
      .execute()
    const early = (await ctx.api.get(`/api/auctions/${id}/debrief`, owner.token)).body.debrief
    expect(early.value_basis).toBe('credits')
    await db
      .updateTable('matches')
      .set({ locked_at_ms: Number(row.completed_at_ms) + 1 })
      .where('id', '=', match.id)
      .execute()
    const d = (await ctx.api.get(`/api/auctions/${id}/debrief`, owner.token)).body.debrief
    expect(d.value_basis).toBe('points')
    const board = (await ctx.api.get(`/api/auctions/${id}/leaderboard`, owner.token)).body
      .leaderboard as Array<{ manager_id: number; points: number }>
    for (const m of d.managers as Manager[])
      expect(m.value).toBe(board.find((b) => b.manager_id === m.id)?.points)
    expect((d.managers as Manager[]).find((m) => m.id === ownerManager)?.value).toBe(40)
    expect((d.managers as Manager[]).find((m) => m.id === bobManager)?.value).toBe(25)
    // The two sold players are the only ones who scored: the best allocation of two places, realised.
    expect(d).toMatchObject({ realised_value: 65, best_value: 65, efficiency: 1 })
  })
})
