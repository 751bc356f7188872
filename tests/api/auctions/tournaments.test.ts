import { describe, expect, it } from 'vitest'
import { cricketSeriesId } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

const HOUR = 3_600_000

async function advance(ms: number) {
  ctx.world.wall.advance(ms)
  await ctx.world.deps.scheduler.runDue()
}

const cricketSeries = () => cricketSeriesId(ctx.world.deps)

describe('auction tournaments (v1 calls)', () => {
  it('starts at the 4th manager, runs sealed windows on the clock, releases by bid_id with the re-buy lock', async () => {
    const series = await cricketSeries()
    const [owner, b, c, d] = await Promise.all([
      ctx.api.player(),
      ctx.api.player(),
      ctx.api.player(),
      ctx.api.player(),
    ])
    const created = await ctx.api.post(
      '/api/auction/tournaments.json',
      { name: 'Season long', series_id: series, window_hours: 6 },
      owner.token,
    )
    expect(created.status).toBe(201)
    const t = created.body.tournament
    expect(t).toMatchObject({
      kind: 'tournament',
      purse: 170_000,
      squad_max: 15,
      max_stars: 4,
      window_hours: 6,
      phase: 'waiting',
    })
    // Before the first window every player of the pool is listed (none is bought yet).
    const waiting = (await ctx.api.get(`/api/auction/tournaments/${t.id}/bidding`, owner.token)).body
    expect(waiting.unsold_players).toHaveLength(t.players_count)
    expect(t.players_count).toBeGreaterThan(0)
    expect(waiting.unsold_players[0]).toMatchObject({ base_price: expect.any(Number) })
    for (const p of [b, c])
      expect((await ctx.api.post(`/api/auction/tournaments/${t.id}/join.json`, {}, p.token)).status).toBe(201)
    expect(
      (await ctx.api.get(`/api/auction/tournaments/${t.id}.json`, owner.token)).body.tournament.phase,
    ).toBe('waiting')
    const joined = await ctx.api.post(
      `/api/auction/tournaments/${t.id}/join.json`,
      { franchise_name: 'Deccan Dreamers' },
      d.token,
    )
    expect(joined.body.manager).toMatchObject({ franchise_name: 'Deccan Dreamers', purse_remaining: 170_000 })
    expect((await ctx.api.post(`/api/auction/tournaments/${t.id}/join`, {}, d.token)).body.code).toBe(
      'ALREADY_JOINED',
    )

    const bidding = (await ctx.api.get(`/api/auction/tournaments/${t.id}/bidding.json`, owner.token)).body
    expect(bidding.manager.bid_block).toMatchObject({
      purse_remaining: 170_000,
      slots_left: 15,
      stars_left: 4,
      window_closes_at_in_millis: ctx.world.deps.clock.now() + 6 * HOUR,
    })
    const target = bidding.unsold_players[0]
    expect(target.base_price).toBeGreaterThan(1000)
    const low = await ctx.api.post(
      `/api/auction/tournaments/${t.id}/bid_player.json`,
      { player_id: target.id, bid_amount: target.base_price - 1 },
      owner.token,
    )
    expect(low.status).toBe(422)
    const mine = await ctx.api.post(
      `/api/auction/tournaments/${t.id}/bid_player.json`,
      { player_id: target.id, bid_amount: target.base_price + 500 },
      owner.token,
    )
    expect(mine.body.manager.active_bids_info).toEqual([
      expect.objectContaining({ player_id: target.id, bid_amount: target.base_price + 500 }),
    ])
    await ctx.api.post(
      `/api/auction/tournaments/${t.id}/bid_player`,
      { player_id: target.id, bid_amount: target.base_price + 100 },
      b.token,
    )
    // Anonymous until executed: b sees only his own bid.
    expect((await ctx.api.get(`/api/auction/tournaments/${t.id}`, b.token)).body.active_bids).toEqual([
      expect.objectContaining({ bid_amount: target.base_price + 100 }),
    ])

    // The window ends: the highest bid wins, and the next window opens at once.
    await advance(6 * HOUR)
    // Access tokens live an hour of game time: sign in again after the jump.
    for (const p of [owner, c]) p.token = (await ctx.api.login(p.email, p.password)).access_token
    const after = (await ctx.api.get(`/api/auction/tournaments/${t.id}.json`, owner.token)).body
    expect(after.tournament).toMatchObject({ phase: 'sealed', round: 2 })
    expect(after.success_bids).toEqual([
      expect.objectContaining({
        player_id: target.id,
        bid_amount: target.base_price + 500,
        bid_id: expect.any(Number),
      }),
    ])
    expect(after.manager.bid_block.window_closes_at_in_millis).toBe(ctx.world.deps.clock.now() + 6 * HOUR)
    expect(after.manager.purse_remaining).toBe(170_000 - target.base_price - 500)

    const released = await ctx.api.post(
      `/api/auction/tournaments/${t.id}/release.json`,
      { bid_id: after.success_bids[0].bid_id },
      owner.token,
    )
    expect(released.status).toBe(200)
    expect(released.body.manager).toMatchObject({ purse_remaining: 170_000, success_bids: [] })
    expect(
      (await ctx.api.post(`/api/auction/tournaments/${t.id}/release`, { bid_id: 999_999 }, owner.token))
        .status,
    ).toBe(404)
    const locked = (
      await ctx.api.get(`/api/auction/tournaments/${t.id}/bidding`, owner.token)
    ).body.unsold_players.find((p: { id: number }) => p.id === target.id)
    expect(locked.locked_until_in_millis).toBe(ctx.world.deps.clock.now() + 48 * HOUR)
    const again = await ctx.api.post(
      `/api/auction/tournaments/${t.id}/bid_player`,
      { player_id: target.id, bid_amount: target.base_price },
      owner.token,
    )
    expect(again.body).toMatchObject({ code: 'BID_REFUSED' })

    const log = (await ctx.api.get(`/api/auction/tournaments/${t.id}/activities.json`, c.token)).body
      .activities
    const texts = log.map((a: { text: string }) => a.text)
    expect(texts).toEqual(
      expect.arrayContaining(['Deccan Dreamers joined', 'Window 1 opened', 'Window 2 opened']),
    )
    expect(texts.some((x: string) => / bought .* for /.test(x))).toBe(true)
    expect(texts.some((x: string) => / released /.test(x))).toBe(true)
    const players = (await ctx.api.get(`/api/auction/tournaments/${t.id}/players`, c.token)).body.players
    expect(players.every((p: { status: string }) => p.status === 'unsold')).toBe(true)
  })

  it('keeps private tournaments to their code and a user to 5 tournaments per series', async () => {
    const series = await cricketSeries()
    const owner = await ctx.api.player()
    const made = await ctx.api.post(
      '/api/auction/tournaments',
      { name: 'Invite only', series_id: series, private: true },
      owner.token,
    )
    const stranger = await ctx.api.player()
    expect(
      (await ctx.api.post(`/api/auction/tournaments/${made.body.tournament.id}/join`, {}, stranger.token))
        .status,
    ).toBe(404)
    expect(
      (await ctx.api.get(`/api/auction/tournaments/${made.body.tournament.id}`, stranger.token)).status,
    ).toBe(404)
    const withCode = await ctx.api.post(
      `/api/auction/tournaments/${made.body.tournament.id}/join`,
      { code: made.body.tournament.code },
      stranger.token,
    )
    expect(withCode.status).toBe(201)
    for (let i = 0; i < 4; i++)
      expect(
        (
          await ctx.api.post(
            '/api/auction/tournaments',
            { name: `League ${i}`, series_id: series },
            owner.token,
          )
        ).status,
      ).toBe(201)
    const sixth = await ctx.api.post(
      '/api/auction/tournaments',
      { name: 'One too many', series_id: series },
      owner.token,
    )
    expect(sixth.status).toBe(409)
    expect(
      (
        await ctx.api.post(
          '/api/auction/tournaments',
          { name: 'Bad window', series_id: series, window_hours: 5 },
          owner.token,
        )
      ).status,
    ).toBe(422)
  })
})
