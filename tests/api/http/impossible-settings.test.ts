import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_INSTANT_MS } from '../../../server/http/instants'
import { rowCount } from '../../helpers/db'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'

/**
 * Settings that can never work are refused when they are given, with a 422 naming the field,
 * instead of being stored and failing later (an auction that refuses every bid, a start time
 * in 1970, a sealed round that closed before it opened, a clock no date can show).
 */

let world: TestWorld
let api: ReturnType<typeof client>
let owner: Awaited<ReturnType<typeof api.player>>
let matchId: number

beforeAll(async () => {
  world = await leagueWorld()
  api = client(world.deps)
  owner = await api.player()
  matchId = (await upcomingMatch(world.deps)).id
})
afterAll(() => world.close())

const auctionCount = () => rowCount(world.deps.db, 'auctions')

const create = (settings: Record<string, unknown>) =>
  api.post('/api/auctions', { name: 'Office league', match_id: matchId, ...settings }, owner.token)

describe('creating an auction', () => {
  it('refuses a balanced squad that cannot fit in squad_max (every bid refused, or never scoring)', async () => {
    const message =
      'must be at least 11 for a balanced squad (11 players with 1 keeper, 6 who bat, 5 who bowl, to score a match); or set balanced to false'
    // Below 6 the engine refuses every bid; below 11 no squad could ever score a match.
    for (const squad_max of [3, 6, 10]) {
      const res = await create({ squad_min: 2, squad_max })
      expect(res.status).toBe(422)
      expect(res.body.errors.squad_max).toEqual([message])
    }
    expect((await create({ squad_min: 2, squad_max: 3, balanced: false })).status).toBe(201)
    expect((await create({ squad_min: 2, squad_max: 11 })).status).toBe(201)
  })

  it('refuses a purse that cannot pay for a minimum squad, and squads the pool cannot fill', async () => {
    const poor = await create({ squad_min: 6, squad_max: 8, balanced: false, purse: 100 })
    expect(poor.status).toBe(422)
    expect(poor.body.errors.purse).toEqual([
      expect.stringMatching(/^must pay for a minimum squad: the 6 cheapest players cost \d+$/),
    ])
    const big = await create({ squad_min: 25, squad_max: 25, balanced: false })
    expect(big.status).toBe(422)
    expect(big.body.errors.match_id).toEqual([expect.stringMatching(/^has \d+ players; 2 squads need 50$/)])
  })

  it('refuses a start time in 1970 or anywhere before the game clock, and one past the year 9999', async () => {
    const before = await auctionCount()
    for (const at of [0, 1, world.deps.clock.now() - 1, world.deps.clock.now()]) {
      const res = await create({ balanced: false, squad_min: 2, squad_max: 4, starts_at_in_millis: at })
      expect(res.status, String(at)).toBe(422)
      expect(res.body.errors.starts_at_in_millis, String(at)).toEqual([
        expect.stringMatching(/^must be in the future \(the game clock is at 2026-/),
      ])
    }
    const far = await create({
      balanced: false,
      squad_min: 2,
      squad_max: 4,
      starts_at_in_millis: MAX_INSTANT_MS + 1,
    })
    expect(far.status).toBe(422)
    expect(await auctionCount()).toBe(before)
    const soon = world.deps.clock.now() + 3_600_000
    const ok = await create({ balanced: false, squad_min: 2, squad_max: 4, starts_at_in_millis: soon })
    expect(ok.status).toBe(201)
    expect(ok.body.new_auction.starts_at_in_millis).toBe(soon)
  })

  it('refuses rescheduling into the past and a sealed round that closes before it opens', async () => {
    const auction = (await create({ balanced: false, squad_min: 2, squad_max: 4 })).body.new_auction
    const past = await api.put(
      `/api/auctions/${auction.id}`,
      { starts_at_in_millis: 86_400_000 },
      owner.token,
    )
    expect(past.status).toBe(422)
    expect(Object.keys(past.body.errors)).toEqual(['starts_at_in_millis'])
    const sealed = await api.post(
      `/api/auctions/${auction.id}/secondary_round`,
      { closes_at_in_millis: world.deps.clock.now() - 60_000 },
      owner.token,
    )
    expect(sealed.status).toBe(422)
    expect(Object.keys(sealed.body.errors)).toEqual(['closes_at_in_millis'])
  })
})

describe('the admin clock', () => {
  it('refuses a jump no date can show, and leaves the clock alone', async () => {
    const admin = await api.admin()
    const before = world.deps.clock.now()
    for (const body of [
      { advance_ms: Number.MAX_SAFE_INTEGER },
      { advance_ms: MAX_INSTANT_MS - before + 1 },
      { now_in_millis: MAX_INSTANT_MS + 1 },
    ]) {
      const res = await api.post('/api/admin/clock', body, admin.token)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
    }
    expect(world.deps.clock.now()).toBe(before)
    expect((await api.get('/api/admin/clock', admin.token)).status).toBe(200)
  })
})

describe('a date of birth', () => {
  it('is refused when no one alive could have it, on the profile and on a PAN', async () => {
    for (const dob of ['0000-01-01', '1800-01-01', '1905-11-21']) {
      const me = await api.put('/api/me', { dob }, owner.token)
      expect(me.status, dob).toBe(422)
      expect(me.body.errors, dob).toEqual({ dob: ['must be at most 120 years ago'] })
      const pan = await api.put(
        '/api/me/save_pan',
        { name: 'Old Timer', pan_number: 'ABCDE1234F', dob, attachment_id: 1 },
        owner.token,
      )
      expect(pan.status, dob).toBe(422)
      expect(pan.body.errors, dob).toEqual({ dob: ['must be at most 120 years ago'] })
    }
    expect((await api.put('/api/me', { dob: '1907-01-01' }, owner.token)).status).toBe(200)
  })
})
