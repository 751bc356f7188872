import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BOT_STRATEGIES,
  type BotSeat,
  type BotStrategy,
  botDecision,
  botDelayMs,
  runBotAuction,
} from '../../../server/domain/auction/bots'
import {
  type AuctionCommand,
  type AuctionConfig,
  type AuctionState,
  createAuction,
  DEFAULT_TIMINGS,
} from '../../../server/domain/auction/engine'
import { type AuctionPlayer, BIDDING_INTERVALS } from '../../../server/domain/auction/rules'
import { randomStream } from '../../../server/domain/rng'
import { STYLE } from '../../../server/domain/styles'
import { accepted as must } from './accepted'

const T0 = 1_000_000
const STYLES = [STYLE.BATTER, STYLE.BATTER_KEEPER, STYLE.ALLROUNDER, STYLE.BOWLER]

const worldArb = fc
  .record({
    bots: fc.array(fc.constantFrom(...BOT_STRATEGIES), { minLength: 2, maxLength: 8 }),
    players: fc.array(
      fc.record({
        basePrice: fc.constantFrom(20, 50, 100, 200),
        style: fc.constantFrom(...STYLES),
        star: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      }),
      { minLength: 10, maxLength: 40 },
    ),
    purse: fc.integer({ min: 1000, max: 5000 }),
    squadMin: fc.integer({ min: 3, max: 6 }),
    squadExtra: fc.integer({ min: 0, max: 4 }),
    maxStars: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    balanced: fc.boolean(),
    bands: fc.constantFrom('standard', 'quick', 'fine'),
    seed: fc.nat(),
  })
  .map((w) => {
    const squadMax = w.squadMin + w.squadExtra
    const config: AuctionConfig = {
      purse: w.purse,
      squadMin: w.squadMin,
      // The balance rule needs room for a keeper, two batters and two bowlers.
      squadMax: w.balanced ? Math.max(6, squadMax) : squadMax,
      maxStars: w.maxStars,
      balance: w.balanced ? { keepers: 1, batters: 2, bowlers: 2 } : null,
      bands: BIDDING_INTERVALS[w.bands]?.bands ?? [],
      ...DEFAULT_TIMINGS,
      seed: w.seed,
    }
    const players: AuctionPlayer[] = w.players.map((p, i) => ({ id: i + 1, ...p }))
    const bots: BotSeat[] = w.bots.map((strategy, i) => ({ managerId: 100 + i, strategy }))
    return { config, players, bots, seed: w.seed }
  })

function checkInvariants(s: AuctionState) {
  const owned = s.managers.flatMap((m) => m.squad.map((x) => x.playerId))
  expect(new Set(owned).size).toBe(owned.length)
  for (const m of s.managers) {
    expect(m.purse).toBeGreaterThanOrEqual(0)
    expect(m.purse + m.squad.reduce((sum, x) => sum + x.price, 0)).toBe(s.config.purse)
    expect(m.squad.length).toBeLessThanOrEqual(s.config.squadMax)
  }
}

describe('botDecision', () => {
  it('only ever proposes commands the engine accepts, for every strategy at every step', () => {
    fc.assert(
      fc.property(worldArb, fc.nat(), (w, walkSeed) => {
        // A random walk: at each step a random bot of a random strategy is asked; its answer
        // must be accepted. Passing, pauses and sealed rounds move the auction on.
        const walk = randomStream(walkSeed)
        let s = createAuction(w.config, w.players)
        for (const b of w.bots) s = must(s, { type: 'add_manager', managerId: b.managerId, atMs: T0 })
        s = must(s, { type: 'start', atMs: T0 })
        let now = T0
        for (let i = 0; i < 400 && s.phase !== 'completed'; i++) {
          now += walk.int(0, 3000)
          const bot = walk.pick(w.bots)
          const strategy = walk.pick(BOT_STRATEGIES)
          const command = botDecision(s, bot.managerId, strategy, walk, now)
          if (command) {
            expect(command.type).toBe(s.phase === 'sealed' ? 'sealed_bid' : 'bid')
            s = must(s, command)
            continue
          }
          s = must(s, nextMove(s, walk, now))
        }
        checkInvariants(s)
      }),
      { numRuns: 40 },
    )
  })

  it('passes while paused, between rounds, as the highest bidder and with no lot', () => {
    const rand = randomStream(1)
    const players: AuctionPlayer[] = [
      { id: 1, basePrice: 20, style: STYLE.BATTER, star: false },
      { id: 2, basePrice: 20, style: STYLE.BOWLER, star: false },
    ]
    let s = createAuction(config({ purse: 1000, squadMin: 1, squadMax: 3 }), players)
    s = must(
      s,
      { type: 'add_manager', managerId: 1, atMs: T0 },
      { type: 'add_manager', managerId: 2, atMs: T0 },
    )
    expect(botDecision(s, 1, 'value', rand, T0)).toBeNull()
    s = must(s, { type: 'start', atMs: T0 })
    const lot = s.lot?.playerId ?? 0
    s = must(s, { type: 'bid', managerId: 1, playerId: lot, amount: 20, atMs: T0 })
    for (const strategy of BOT_STRATEGIES)
      for (let i = 0; i < 20; i++) expect(botDecision(s, 1, strategy, rand, T0 + 1)).toBeNull()
    // The value buyer answers at a fair price, but not once the lot has closed or while paused.
    expect(botDecision(s, 2, 'value', rand, T0 + 1)).toMatchObject({ type: 'bid', managerId: 2, amount: 25 })
    expect(botDecision(s, 2, 'value', rand, (s.lot?.endsAtMs ?? 0) + 1)).toBeNull()
    const paused = must(s, { type: 'pause', atMs: T0 + 1 })
    expect(botDecision(paused, 2, 'value', rand, T0 + 2)).toBeNull()
    const between = must(s, { type: 'tick', atMs: T0 + 15_000 }, { type: 'tick', atMs: T0 + 30_000 })
    expect(between.phase).toBe('between')
    expect(botDecision(between, 2, 'value', rand, T0 + 30_000)).toBeNull()
    expect(botDecision(between, 99, 'value', rand, T0 + 30_000)).toBeNull()
  })

  it('bids in a sealed round at most once per unsold player, then passes', () => {
    const players: AuctionPlayer[] = Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      basePrice: 50,
      style: STYLES[i % 4] as number,
      star: i === 0,
    }))
    let s = must(
      createAuction(config({ purse: 2000, squadMin: 2, squadMax: 4 }), players),
      { type: 'add_manager', managerId: 1, atMs: T0 },
      { type: 'add_manager', managerId: 2, atMs: T0 },
      { type: 'start', atMs: T0 },
    )
    for (let i = 1; i <= players.length; i++) s = must(s, { type: 'tick', atMs: T0 + 15_000 * i })
    s = must(s, { type: 'start_sealed', atMs: T0 + 100_000, closesAtMs: T0 + 200_000 })
    const rand = randomStream(3)
    const bids: AuctionCommand[] = []
    for (let command = botDecision(s, 1, 'value', rand, T0 + 100_001); command; ) {
      bids.push(command)
      s = must(s, command)
      command = botDecision(s, 1, 'value', rand, T0 + 100_001)
    }
    const ids = bids.map((b) => (b as { playerId: number }).playerId)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.length).toBeLessThanOrEqual(4)
    expect(new Set(ids).size).toBe(ids.length)
    for (const b of bids) expect((b as { amount: number }).amount).toBeGreaterThanOrEqual(50)
    expect(botDecision(s, 1, 'value', rand, T0 + 200_000)).toBeNull()
  })

  it('thinks for a human-looking while', () => {
    const rand = randomStream(5)
    for (const strategy of BOT_STRATEGIES)
      for (let i = 0; i < 200; i++) {
        const ms = botDelayMs(strategy, rand)
        expect(ms).toBeGreaterThanOrEqual(300)
        expect(ms).toBeLessThanOrEqual(4000)
      }
  })
})

describe('runBotAuction', () => {
  it('completes every random world with accepted commands and the ledger invariants', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const state = createAuction(w.config, w.players)
        const r = runBotAuction(state, w.bots, { startMs: T0, seed: w.seed })
        expect(r.state.phase).toBe('completed')
        expect(r.state.managers.map((m) => m.id).sort()).toEqual(w.bots.map((b) => b.managerId).sort())
        expect(r.commands).toBeGreaterThan(w.players.length)
        expect(r.events.map((e) => e.seq)).toEqual(r.events.map((_, i) => i + 1))
        checkInvariants(r.state)
        // Every player is owned or unsold at the end.
        const owned = r.state.managers.flatMap((m) => m.squad.map((x) => x.playerId))
        expect([...owned, ...r.state.unsold].sort((a, b) => a - b)).toEqual(w.players.map((p) => p.id))
      }),
      { numRuns: 40 },
    )
  })

  it('is deterministic for a seed, and different seeds give different auctions', () => {
    const world = fixedWorld()
    const a = runBotAuction(world.state, world.bots, { startMs: T0, seed: 42 })
    const b = runBotAuction(world.state, world.bots, { startMs: T0, seed: 42 })
    expect(b).toEqual(a)
    const outcomes = new Set(
      Array.from({ length: 8 }, (_, seed) =>
        JSON.stringify(runBotAuction(world.state, world.bots, { startMs: T0, seed }).state.managers),
      ),
    )
    expect(outcomes.size).toBeGreaterThanOrEqual(6)
  })

  it('runs extra sealed rounds only while players are unsold, and accepts a started auction', () => {
    const world = fixedWorld()
    const r = runBotAuction(world.state, world.bots, { startMs: T0, seed: 1, sealedRounds: 3 })
    expect(r.state.round).toBeGreaterThanOrEqual(1)
    expect(r.state.round).toBeLessThanOrEqual(3)
    const none = runBotAuction(world.state, world.bots, { startMs: T0, seed: 1, sealedRounds: 0 })
    expect(none.state.round).toBe(0)
    expect(none.events.some((e) => e.type === 'sealed_assigned')).toBe(false)
    // Managers added by the caller and an auction already running are taken as they are.
    const started = must(
      world.state,
      ...world.bots.map((b) => ({ type: 'add_manager' as const, managerId: b.managerId, atMs: T0 })),
      { type: 'start', atMs: T0 },
    )
    const resumed = runBotAuction(started, world.bots, { startMs: T0 + 1000, seed: 1 })
    expect(resumed.state.phase).toBe('completed')
    expect(resumed.events.some((e) => e.type === 'manager_added')).toBe(false)
  })

  it('gives each strategy its character: stars to the star chaser, purse to the hoarder', () => {
    const world = fixedWorld()
    const seeds = Array.from({ length: 8 }, (_, i) => i + 1)
    const stars: Record<BotStrategy, number> = { value: 0, star: 0, hoarder: 0, random: 0 }
    const purse: Record<BotStrategy, number> = { value: 0, star: 0, hoarder: 0, random: 0 }
    for (const seed of seeds) {
      const r = runBotAuction(world.state, world.bots, { startMs: T0, seed })
      for (const b of world.bots) {
        const m = r.state.managers.find((x) => x.id === b.managerId)
        if (!m) throw new Error('bot missing')
        stars[b.strategy] += m.squad.filter(
          (x) => world.players.find((p) => p.id === x.playerId)?.star,
        ).length
        purse[b.strategy] += m.purse
      }
    }
    expect(stars.star / seeds.length).toBeGreaterThan(stars.hoarder / seeds.length + 1)
    expect(purse.hoarder / seeds.length).toBeGreaterThan(purse.value / seeds.length + 200)
  })
})

function config(rules: Partial<AuctionConfig>): AuctionConfig {
  return {
    purse: 1000,
    squadMin: 3,
    squadMax: 6,
    maxStars: null,
    balance: null,
    bands: BIDDING_INTERVALS.standard?.bands ?? [],
    ...DEFAULT_TIMINGS,
    seed: 7,
    ...rules,
  }
}

/** 32 players (8 stars, all at base 200) for four squads of at most 7: one bot of each strategy. */
function fixedWorld() {
  const players: AuctionPlayer[] = Array.from({ length: 32 }, (_, i) => ({
    id: i + 1,
    basePrice: [20, 50, 100, 200][i % 4] as number,
    style: STYLES[(i >> 2) % 4] as number,
    star: i % 4 === 3,
  }))
  const bots: BotSeat[] = BOT_STRATEGIES.map((strategy, i) => ({ managerId: 10 + i, strategy }))
  return { state: createAuction(config({ purse: 2000, squadMin: 4, squadMax: 7 }), players), players, bots }
}

/** What moves a random walk on when the asked bot passes: time, pauses, releases and the round lifecycle. */
function nextMove(s: AuctionState, walk: ReturnType<typeof randomStream>, now: number): AuctionCommand {
  if (s.paused) return { type: 'resume', atMs: now }
  if (walk.bool(0.05)) {
    if (s.phase === 'open' || s.phase === 'sealed') return { type: 'pause', atMs: now }
  }
  const owner = walk.pick(s.managers)
  const owned = owner.squad[0]
  // A release locks the player from his old manager: bots must not bid on him in a sealed round.
  if ((s.phase === 'between' || s.phase === 'sealed') && owned && walk.bool(0.2))
    return { type: 'release', managerId: owner.id, playerId: owned.playerId, atMs: now }
  if (s.phase === 'open') return { type: 'tick', atMs: now }
  if (s.phase === 'sealed')
    return walk.bool(0.2) ? { type: 'close_sealed', atMs: now } : { type: 'tick', atMs: now }
  if (s.phase === 'between' && s.unsold.length > 0 && walk.bool(0.7))
    return { type: 'start_sealed', atMs: now, closesAtMs: walk.bool(0.5) ? now + 30_000 : null }
  return { type: 'complete', atMs: now }
}
