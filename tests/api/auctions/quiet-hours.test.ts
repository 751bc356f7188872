import { describe, expect, it } from 'vitest'
import { seatAndStart, smallAuction } from '../../helpers/auctions'
import { upcomingMatch } from '../../helpers/league'
import { longClock } from '../../helpers/long-clock'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

const HOUR = 3600_000
const KOLKATA = { from: '22:00', to: '08:00', time_zone: 'Asia/Kolkata' }

const { advance, player } = longClock(ctx)

const ist = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' }).format(
    ms,
  )

/**
 * An auction that runs over days (docs/auctions.md, "Over days"): 6-hour lots, quiet from
 * 22:00 to 08:00 in Kolkata. The tests' clock starts at 06:00 UTC, 11:30 in Kolkata.
 */
describe('POST /api/auctions with quiet_hours: the lot clock stops overnight', () => {
  it('refuses long lots without quiet hours, and windows that are not windows', async () => {
    const owner = await player()
    const match = await upcomingMatch(ctx.world.deps)
    const long = await ctx.api.post(
      '/api/auctions',
      smallAuction('Long', match.id, { lot_seconds: 600 }),
      owner.token,
    )
    expect(long.status).toBe(422)
    expect(long.body.errors.lot_seconds[0]).toContain('quiet_hours')
    const same = await ctx.api.post(
      '/api/auctions',
      smallAuction('Same', match.id, { quiet_hours: { ...KOLKATA, to: '22:00' } }),
      owner.token,
    )
    expect(same.status).toBe(422)
    expect(JSON.stringify(same.body.errors)).toContain('must differ')
    const bad = await ctx.api.post(
      '/api/auctions',
      smallAuction('Bad', match.id, {
        quiet_hours: { from: '10pm', to: '08:00', time_zone: 'Asia/Atlantis' },
      }),
      owner.token,
    )
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.body.errors)).toContain('HH:MM')
    expect(JSON.stringify(bad.body.errors)).toContain('IANA')
    const day = await ctx.api.post(
      '/api/auctions',
      smallAuction('Day', match.id, { lot_seconds: 86_401, quiet_hours: KOLKATA }),
      owner.token,
    )
    expect(day.status).toBe(422)
  })

  it('pauses the running lot at 22:00 with its time kept, refuses bids saying when, resumes at 08:00', async () => {
    const owner = await player()
    const bob = await player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post(
      '/api/auctions',
      smallAuction('Over days', match.id, { lot_seconds: 6 * 3600, quiet_hours: KOLKATA }),
      owner.token,
    )
    expect(created.status).toBe(201)
    const a = created.body.new_auction
    expect(a).toMatchObject({
      lot_seconds: 21_600,
      quiet_hours: KOLKATA,
      paused_until: null,
      stand_in: false,
    })
    await seatAndStart(ctx.api, a, owner, [bob])
    const lot = async () => (await ctx.api.get(`/api/auctions/${a.id}/bidding_player`, bob.token)).body
    const show = async () => (await ctx.api.get(`/api/auctions/${a.id}`, bob.token)).body.new_auction
    const start = ctx.world.deps.clock.now()
    expect(ist(start)).toBe('11:30')
    const first = await lot()
    expect(first.ends_at_in_millis - start).toBe(6 * HOUR)

    // 17:30: the first lot ends unsold; the second runs to 23:30, past the window's start.
    await advance(6 * HOUR)
    const second = await lot()
    expect(second.bidding_player.id).not.toBe(first.bidding_player.id)
    expect(ist(second.ends_at_in_millis)).toBe('23:30')

    // 22:00: paused, 1.5 h left, until 08:00 tomorrow.
    await advance(4.5 * HOUR)
    const night = await show()
    expect(night).toMatchObject({ paused: true, status: 'paused', quiet_hours: KOLKATA })
    expect(ist(night.paused_until_in_millis)).toBe('08:00')
    expect(night.paused_until_in_millis - ctx.world.deps.clock.now()).toBe(10 * HOUR)
    expect(night.paused_until).toBe(new Date(night.paused_until_in_millis).toISOString())
    expect(night.paused_note).toContain('Paused overnight — bidding resumes at')
    expect(night.paused_note).toContain('08:00 (Asia/Kolkata)')
    const paused = await lot()
    expect(paused).toMatchObject({ paused: true, remaining_millis: 1.5 * HOUR })
    expect(paused.paused_until_in_millis).toBe(night.paused_until_in_millis)

    // A bid in the window: 409, saying when bidding resumes.
    await advance(2 * HOUR)
    const refused = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: paused.bidding_player.id, bid_amount: paused.next_bid_amount },
      bob.token,
    )
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('AUCTION_STATE')
    expect(refused.body.error).toContain('bidding resumes at')
    expect(refused.body.error).toContain('08:00 (Asia/Kolkata)')
    // Nothing ran out overnight: the same lot, the same time left.
    expect((await lot()).remaining_millis).toBe(1.5 * HOUR)

    // 08:00: the lot resumes with the 1.5 hours it had; bids are taken again.
    await advance(8 * HOUR)
    const morning = await lot()
    expect(morning).toMatchObject({ paused: false, paused_until_in_millis: null })
    expect(morning.bidding_player.id).toBe(second.bidding_player.id)
    expect(ist(morning.ends_at_in_millis)).toBe('09:30')
    expect((await show()).paused_until).toBeNull()
    const taken = await ctx.api.post(
      `/api/auctions/${a.id}/bid_player`,
      { player_id: morning.bidding_player.id, bid_amount: morning.next_bid_amount },
      bob.token,
    )
    expect(taken.status).toBe(200)

    // The next night is quiet again (the job set itself for the next window).
    await advance(12 * HOUR)
    expect(ist(ctx.world.deps.clock.now())).toBe('20:00')
    await advance(2 * HOUR)
    expect((await show()).paused).toBe(true)
  })

  it('an auction started inside its window waits for the morning', async () => {
    const owner = await player()
    const bob = await player()
    const match = await upcomingMatch(ctx.world.deps)
    // 11:30 in Kolkata now: a window from 11:00 to 12:00 has begun.
    const window = { from: '11:00', to: '12:00', time_zone: 'Asia/Kolkata' }
    const created = await ctx.api.post(
      '/api/auctions',
      smallAuction('Late start', match.id, { lot_seconds: 3600, quiet_hours: window }),
      owner.token,
    )
    await seatAndStart(ctx.api, created.body.new_auction, owner, [bob])
    const id = created.body.new_auction.id
    const lot = (await ctx.api.get(`/api/auctions/${id}/bidding_player`, bob.token)).body
    expect(lot).toMatchObject({ paused: true, remaining_millis: 3600_000 })
    expect(ist(lot.paused_until_in_millis)).toBe('12:00')
    await advance(0.5 * HOUR)
    const noon = (await ctx.api.get(`/api/auctions/${id}/bidding_player`, bob.token)).body
    expect(noon.paused).toBe(false)
    expect(ist(noon.ends_at_in_millis)).toBe('13:00')
  })
})
