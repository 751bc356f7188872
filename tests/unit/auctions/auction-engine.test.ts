import { describe, expect, it } from 'vitest'
import {
  type AuctionConfig,
  apply,
  createAuction,
  currentNextBid,
  DEFAULT_TIMINGS,
} from '../../../server/domain/auction/engine'
import {
  type AuctionPlayer,
  BIDDING_INTERVALS,
  balanceDeficit,
  lotOrder,
  maxBid,
  nextBidAmount,
} from '../../../server/domain/auction/rules'
import { STYLE } from '../../../server/domain/styles'
import { accepted as run } from './accepted'

const T0 = 1_000_000

const CONFIG: AuctionConfig = {
  purse: 1000,
  squadMin: 3,
  squadMax: 5,
  maxStars: null,
  balance: null,
  bands: BIDDING_INTERVALS.standard?.bands ?? [],
  ...DEFAULT_TIMINGS,
  seed: 7,
}

const PLAYERS: AuctionPlayer[] = [
  { id: 1, basePrice: 200, style: STYLE.BATTER, star: true },
  { id: 2, basePrice: 100, style: STYLE.BOWLER, star: false },
  { id: 3, basePrice: 100, style: STYLE.BATTER_KEEPER, star: false },
  { id: 4, basePrice: 50, style: STYLE.ALLROUNDER, star: false },
  { id: 5, basePrice: 50, style: STYLE.BOWLER, star: false },
  { id: 6, basePrice: 20, style: STYLE.BATTER, star: false },
]

function started(config: Partial<AuctionConfig> = {}, players = PLAYERS) {
  return run(
    createAuction({ ...CONFIG, ...config }, players),
    { type: 'add_manager', managerId: 10, atMs: T0 },
    { type: 'add_manager', managerId: 11, atMs: T0 },
    { type: 'start', atMs: T0 },
  )
}

describe('auction rules', () => {
  it('steps bids through the bands, starting at the base price', () => {
    const bands = [
      { from: 0, step: 5 },
      { from: 100, step: 10 },
      { from: 200, step: 20 },
    ]
    expect(nextBidAmount(bands, 50, null)).toBe(50)
    expect(nextBidAmount(bands, 50, 95)).toBe(100)
    expect(nextBidAmount(bands, 50, 100)).toBe(110)
    expect(nextBidAmount(bands, 50, 200)).toBe(220)
  })

  it('keeps back enough purse to fill the minimum squad at the cheapest base price', () => {
    expect(maxBid(CONFIG, 1000, 0, 20)).toBe(1000 - 20 * 2)
    expect(maxBid(CONFIG, 1000, 2, 20)).toBe(1000)
    expect(maxBid(CONFIG, 1000, 4, 20)).toBe(1000)
  })

  it('counts the fewest players that would balance a squad (a keeper bats, an all-rounder bats and bowls)', () => {
    const rules = { ...CONFIG, squadMax: 15, balance: { keepers: 1, batters: 6, bowlers: 5 } }
    expect(balanceDeficit(rules, [])).toBe(6)
    const bowlers = Array.from({ length: 5 }, (_, i) => ({
      id: i,
      basePrice: 1,
      style: STYLE.BOWLER,
      star: false,
    }))
    expect(balanceDeficit(rules, bowlers)).toBe(6)
    const allrounders = Array.from({ length: 5 }, (_, i) => ({
      id: i,
      basePrice: 1,
      style: STYLE.ALLROUNDER,
      star: false,
    }))
    expect(balanceDeficit(rules, allrounders)).toBe(1)
  })

  it('orders lots in sets — stars, then by base price — the same for the same seed', () => {
    const order = lotOrder(PLAYERS, 7)
    expect(order[0]).toBe(1)
    expect(new Set(order.slice(1, 3))).toEqual(new Set([2, 3]))
    expect(new Set(order.slice(3, 5))).toEqual(new Set([4, 5]))
    expect(order.at(-1)).toBe(6)
    expect(lotOrder(PLAYERS, 7)).toEqual(order)
  })
})

describe('open rounds', () => {
  it('sells to the highest bidder at expiry, with the anti-snipe reset on accepted bids only', () => {
    let s = started()
    expect(s.lot).toMatchObject({ playerId: 1, endsAtMs: T0 + 15_000 })
    expect(currentNextBid(s)).toBe(200)
    s = run(s, { type: 'bid', managerId: 10, playerId: 1, amount: 200, atMs: T0 + 1000 })
    expect(s.lot?.endsAtMs).toBe(T0 + 15_000)
    // With 2 s left a bid puts the timer back to 10 s.
    s = run(s, { type: 'bid', managerId: 11, playerId: 1, amount: 220, atMs: T0 + 13_000 })
    expect(s.lot?.endsAtMs).toBe(T0 + 23_000)
    // A refused bid does not.
    const refused = apply(s, { type: 'bid', managerId: 10, playerId: 1, amount: 230, atMs: T0 + 22_000 })
    expect(refused).toMatchObject({ ok: false, violation: { code: 'WRONG_AMOUNT' } })
    const r = apply(s, { type: 'tick', atMs: T0 + 23_000 })
    if (!r.ok) throw new Error('tick refused')
    expect(r.events.map((e) => e.type)).toEqual(['lot_closed', 'manager_updated', 'lot_opened'])
    expect(r.events[0]).toMatchObject({ result: 'sold', managerId: 11, price: 220 })
    expect(r.state.managers.find((m) => m.id === 11)).toMatchObject({
      purse: 780,
      squad: [{ playerId: 1, price: 220 }],
    })
    // Sequence numbers run on across commands.
    expect(r.events.map((e) => e.seq)).toEqual([s.seq + 1, s.seq + 2, s.seq + 3])
  })

  it('refuses a bid from the highest bidder, on another player, after the end, or while paused', () => {
    let s = started()
    s = run(s, { type: 'bid', managerId: 10, playerId: 1, amount: 200, atMs: T0 })
    expect(apply(s, { type: 'bid', managerId: 10, playerId: 1, amount: 220, atMs: T0 })).toMatchObject({
      violation: { code: 'ALREADY_HIGHEST' },
    })
    expect(apply(s, { type: 'bid', managerId: 11, playerId: 2, amount: 100, atMs: T0 })).toMatchObject({
      violation: { code: 'LOT_CLOSED' },
    })
    expect(
      apply(s, { type: 'bid', managerId: 11, playerId: 1, amount: 220, atMs: T0 + 15_000 }),
    ).toMatchObject({
      violation: { code: 'LOT_CLOSED' },
    })
    expect(apply(s, { type: 'bid', managerId: 99, playerId: 1, amount: 220, atMs: T0 })).toMatchObject({
      violation: { code: 'NOT_A_MANAGER' },
    })
    const paused = run(s, { type: 'pause', atMs: T0 + 5000 })
    expect(
      apply(paused, { type: 'bid', managerId: 11, playerId: 1, amount: 220, atMs: T0 + 6000 }),
    ).toMatchObject({
      violation: { code: 'PAUSED' },
    })
    // A paused lot does not expire; resuming gives back the 10 s that were left.
    const still = run(paused, { type: 'tick', atMs: T0 + 60_000 })
    expect(still.lot?.playerId).toBe(1)
    const resumed = run(still, { type: 'resume', atMs: T0 + 100_000 })
    expect(resumed.lot?.endsAtMs).toBe(T0 + 110_000)
  })

  it('refuses a bid beyond the reservation or into a full squad', () => {
    let s = started({ purse: 300, squadMin: 3, squadMax: 1 })
    // squadMax 1: manager 10 buys player 1, then cannot bid again.
    s = run(
      s,
      { type: 'bid', managerId: 10, playerId: 1, amount: 200, atMs: T0 },
      { type: 'tick', atMs: T0 + 15_000 },
    )
    expect(
      apply(s, {
        type: 'bid',
        managerId: 10,
        playerId: s.lot?.playerId ?? 0,
        amount: 100,
        atMs: T0 + 15_001,
      }),
    ).toMatchObject({
      violation: { code: 'SQUAD_FULL' },
    })
    // Manager 11, purse 300, needs 3 players at the cheapest base 20: at most 300 − 40 = 260.
    const t = started({ purse: 300 })
    const high = run(t, { type: 'bid', managerId: 10, playerId: 1, amount: 200, atMs: T0 })
    const steps = run(
      high,
      { type: 'bid', managerId: 11, playerId: 1, amount: 220, atMs: T0 },
      {
        type: 'bid',
        managerId: 10,
        playerId: 1,
        amount: 240,
        atMs: T0,
      },
    )
    expect(apply(steps, { type: 'bid', managerId: 11, playerId: 1, amount: 260, atMs: T0 }).ok).toBe(true)
    const over = run(steps, { type: 'bid', managerId: 11, playerId: 1, amount: 260, atMs: T0 })
    expect(apply(over, { type: 'bid', managerId: 10, playerId: 1, amount: 280, atMs: T0 })).toMatchObject({
      violation: { code: 'OVER_BUDGET' },
    })
  })

  it('caps star players and keeps room for a balanced squad', () => {
    const players: AuctionPlayer[] = [
      { id: 1, basePrice: 10, style: STYLE.BOWLER, star: true },
      { id: 2, basePrice: 10, style: STYLE.BOWLER, star: true },
      { id: 3, basePrice: 10, style: STYLE.BOWLER, star: false },
    ]
    let s = started(
      { maxStars: 1, squadMax: 3, squadMin: 1, balance: { keepers: 1, batters: 2, bowlers: 0 } },
      players,
    )
    s = run(
      s,
      { type: 'bid', managerId: 10, playerId: s.lot?.playerId ?? 0, amount: 10, atMs: T0 },
      { type: 'tick', atMs: T0 + 15_000 },
    )
    expect(
      apply(s, { type: 'bid', managerId: 10, playerId: s.lot?.playerId ?? 0, amount: 10, atMs: T0 + 15_000 }),
    ).toMatchObject({
      violation: { code: 'STAR_LIMIT' },
    })
    s = run(s, { type: 'tick', atMs: T0 + 30_000 })
    // Two bowlers of three slots would leave no room for the keeper.
    expect(
      apply(s, { type: 'bid', managerId: 10, playerId: 3, amount: 10, atMs: T0 + 30_000 }),
    ).toMatchObject({
      violation: { code: 'SQUAD_BALANCE' },
    })
  })

  it('ends the open round between rounds once every player has come up', () => {
    let s = started()
    for (let i = 0; i < PLAYERS.length; i++) s = run(s, { type: 'tick', atMs: T0 + 15_000 * (i + 1) })
    expect(s.phase).toBe('between')
    expect(s.lot).toBeNull()
    expect(new Set(s.unsold)).toEqual(new Set(PLAYERS.map((p) => p.id)))
  })
})

describe('sealed rounds', () => {
  function between() {
    let s = started()
    s = run(s, { type: 'complete', atMs: T0 + 1 })
    return s
  }

  it('refuses bids below the base price and keeps them hidden in private events', () => {
    let s = started()
    for (let i = 0; i < PLAYERS.length; i++) s = run(s, { type: 'tick', atMs: T0 + 15_000 * (i + 1) })
    s = run(s, { type: 'start_sealed', atMs: T0 + 100_000, closesAtMs: T0 + 200_000 })
    expect(
      apply(s, { type: 'sealed_bid', managerId: 10, playerId: 1, amount: 150, atMs: T0 + 100_001 }),
    ).toMatchObject({
      violation: { code: 'BELOW_BASE' },
    })
    const r = apply(s, { type: 'sealed_bid', managerId: 10, playerId: 1, amount: 250, atMs: T0 + 100_001 })
    expect(r.ok && r.events[0]).toMatchObject({ type: 'sealed_bid', private: true })
    expect(between().phase).toBe('completed')
  })

  it('assigns dearest base price first to the highest bid that still fits; ties by seeded draw, penalising the last tie winner', () => {
    let s = started({ purse: 500, squadMin: 1 })
    for (let i = 0; i < PLAYERS.length; i++) s = run(s, { type: 'tick', atMs: T0 + 15_000 * (i + 1) })
    s = run(
      s,
      { type: 'start_sealed', atMs: T0 + 100_000, closesAtMs: null },
      // Player 1 (base 200): manager 10 bids 450, 11 bids 300. Player 2 (base 100): both 100.
      { type: 'sealed_bid', managerId: 10, playerId: 1, amount: 450, atMs: T0 + 100_000 },
      { type: 'sealed_bid', managerId: 11, playerId: 1, amount: 300, atMs: T0 + 100_000 },
      { type: 'sealed_bid', managerId: 10, playerId: 2, amount: 100, atMs: T0 + 100_000 },
      { type: 'sealed_bid', managerId: 11, playerId: 2, amount: 100, atMs: T0 + 100_000 },
      { type: 'sealed_bid', managerId: 10, playerId: 3, amount: 100, atMs: T0 + 100_000 },
      { type: 'sealed_bid', managerId: 11, playerId: 3, amount: 100, atMs: T0 + 100_000 },
    )
    const r = apply(s, { type: 'close_sealed', atMs: T0 + 110_000 })
    if (!r.ok) throw new Error('close refused')
    const assigned = r.events.filter((e) => e.type === 'sealed_assigned')
    // Player 1 to 10 at 450; 10 has 50 left, so player 2's tie does not fit him: 11 wins it outright.
    expect(assigned[0]).toMatchObject({ playerId: 1, managerId: 10, price: 450, tie: false })
    expect(assigned[1]).toMatchObject({ playerId: 2, managerId: 11, price: 100, tie: false })
    expect(r.state.phase).toBe('between')

    // A real tie, twice: the second goes to the other manager (the last winner is penalised).
    let t = started({ purse: 1000, squadMin: 1 })
    for (let i = 0; i < PLAYERS.length; i++) t = run(t, { type: 'tick', atMs: T0 + 15_000 * (i + 1) })
    t = run(
      t,
      { type: 'start_sealed', atMs: T0, closesAtMs: null },
      { type: 'sealed_bid', managerId: 10, playerId: 2, amount: 100, atMs: T0 },
      { type: 'sealed_bid', managerId: 11, playerId: 2, amount: 100, atMs: T0 },
      { type: 'sealed_bid', managerId: 10, playerId: 3, amount: 100, atMs: T0 },
      { type: 'sealed_bid', managerId: 11, playerId: 3, amount: 100, atMs: T0 },
    )
    const tie = apply(t, { type: 'close_sealed', atMs: T0 })
    if (!tie.ok) throw new Error('close refused')
    const [first, second] = tie.events.filter((e) => e.type === 'sealed_assigned') as Array<{
      managerId: number
      tie: boolean
    }>
    expect(first?.tie && second?.tie).toBe(true)
    expect(second?.managerId).not.toBe(first?.managerId)
    // Same seed, same draw.
    expect(apply(t, { type: 'close_sealed', atMs: T0 })).toEqual(tie)
  })

  it('releases a player back to the pool with his price, and locks him from the same manager for two days', () => {
    let s = started({ squadMin: 1 })
    s = run(s, { type: 'bid', managerId: 10, playerId: 1, amount: 200, atMs: T0 })
    for (let i = 0; i < PLAYERS.length; i++) s = run(s, { type: 'tick', atMs: T0 + 15_000 * (i + 1) })
    s = run(s, { type: 'release', managerId: 10, playerId: 1, atMs: T0 + 100_000 })
    expect(s.managers.find((m) => m.id === 10)).toMatchObject({ purse: 1000, squad: [] })
    expect(s.unsold).toContain(1)
    s = run(s, { type: 'start_sealed', atMs: T0 + 100_000, closesAtMs: null })
    expect(
      apply(s, { type: 'sealed_bid', managerId: 10, playerId: 1, amount: 200, atMs: T0 + 100_000 }),
    ).toMatchObject({
      violation: { code: 'RELEASE_LOCKED' },
    })
    expect(
      apply(s, { type: 'sealed_bid', managerId: 11, playerId: 1, amount: 200, atMs: T0 + 100_000 }).ok,
    ).toBe(true)
    const later = T0 + 100_000 + DEFAULT_TIMINGS.releaseLockMs
    expect(apply(s, { type: 'sealed_bid', managerId: 10, playerId: 1, amount: 200, atMs: later }).ok).toBe(
      true,
    )
    expect(apply(s, { type: 'release', managerId: 11, playerId: 1, atMs: later })).toMatchObject({
      violation: { code: 'NOT_OWNED' },
    })
  })
})

describe('tournaments', () => {
  it('start with every player in the sealed pool and no open round', () => {
    const s = run(
      createAuction({ ...CONFIG, squadMin: 1 }, PLAYERS),
      { type: 'add_manager', managerId: 10, atMs: T0 },
      { type: 'add_manager', managerId: 11, atMs: T0 },
      { type: 'start', atMs: T0, sealedOnly: true },
    )
    expect(s).toMatchObject({ phase: 'between', lot: null, queue: [] })
    expect(new Set(s.unsold)).toEqual(new Set(PLAYERS.map((p) => p.id)))
    const sealed = run(
      s,
      { type: 'start_sealed', atMs: T0, closesAtMs: T0 + 6 * 3600_000 },
      { type: 'sealed_bid', managerId: 10, playerId: 1, amount: 300, atMs: T0 + 1 },
      { type: 'tick', atMs: T0 + 6 * 3600_000 },
    )
    expect(sealed.phase).toBe('between')
    expect(sealed.managers.find((m) => m.id === 10)?.squad).toEqual([{ playerId: 1, price: 300 }])
  })
})
