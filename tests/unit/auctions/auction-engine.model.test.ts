import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AuctionCommand,
  type AuctionConfig,
  type AuctionEvent,
  type AuctionState,
  apply,
  createAuction,
  currentNextBid,
  DEFAULT_TIMINGS,
} from '../../../server/domain/auction/engine'
import { type AuctionPlayer, BIDDING_INTERVALS } from '../../../server/domain/auction/rules'
import { STYLE } from '../../../server/domain/styles'

/**
 * Model-based: random sequences of bids (mostly at the right amount), timer expiries, pauses,
 * sealed rounds, releases and completion, checked after every command against the invariants
 * and, for open-round bids, against a small reference of when a bid must be accepted.
 */

const STYLES = [STYLE.BATTER, STYLE.BATTER_KEEPER, STYLE.ALLROUNDER, STYLE.BOWLER]
const BANDS = BIDDING_INTERVALS.standard?.bands ?? []

const worldArb = fc.record({
  managers: fc.integer({ min: 2, max: 4 }),
  players: fc.array(
    fc.record({
      basePrice: fc.constantFrom(20, 50, 100, 200),
      style: fc.constantFrom(...STYLES),
      star: fc.boolean(),
    }),
    { minLength: 3, maxLength: 10 },
  ),
  purse: fc.integer({ min: 200, max: 1500 }),
  squadMin: fc.integer({ min: 1, max: 3 }),
  squadExtra: fc.integer({ min: 0, max: 3 }),
  maxStars: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  seed: fc.nat(),
})

type Step =
  | { kind: 'bid'; manager: number; exact: boolean; offset: number; later: number }
  | { kind: 'tick'; later: number }
  | { kind: 'pause' | 'resume' | 'start_sealed' | 'close_sealed' | 'complete'; later: number }
  | { kind: 'sealed_bid'; manager: number; player: number; extra: number; later: number }
  | { kind: 'release'; manager: number; player: number; later: number }

const later = fc.integer({ min: 0, max: 20_000 })
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      manager: fc.nat(3),
      exact: fc.boolean(),
      offset: fc.integer({ min: -30, max: 30 }),
      later: fc.integer({ min: 0, max: 3000 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('tick' as const), later }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'pause' as const,
        'resume' as const,
        'start_sealed' as const,
        'close_sealed' as const,
      ),
      later,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sealed_bid' as const),
      manager: fc.nat(3),
      player: fc.nat(9),
      extra: fc.integer({ min: -10, max: 300 }),
      later,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      manager: fc.nat(3),
      player: fc.nat(9),
      later,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), later }) },
)

function command(s: AuctionState, step: Step, at: number, players: AuctionPlayer[]): AuctionCommand {
  const managerId = (i: number) => 100 + (i % s.managers.length)
  const playerId = (i: number) => (players[i % players.length] as AuctionPlayer).id
  switch (step.kind) {
    case 'bid': {
      const next = currentNextBid(s) ?? 50
      return {
        type: 'bid',
        managerId: managerId(step.manager),
        playerId: s.lot?.playerId ?? playerId(step.manager),
        amount: step.exact ? next : next + step.offset,
        atMs: at,
      }
    }
    case 'sealed_bid': {
      const p = players[step.player % players.length] as AuctionPlayer
      return {
        type: 'sealed_bid',
        managerId: managerId(step.manager),
        playerId: p.id,
        amount: p.basePrice + step.extra,
        atMs: at,
      }
    }
    case 'release':
      return {
        type: 'release',
        managerId: managerId(step.manager),
        playerId: playerId(step.player),
        atMs: at,
      }
    case 'start_sealed':
      return { type: 'start_sealed', atMs: at, closesAtMs: at + 60_000 }
    default:
      return { type: step.kind, atMs: at }
  }
}

/** The reference: must an open-round bid be accepted? Written from the rules, not the engine. */
function mustAccept(s: AuctionState, c: Extract<AuctionCommand, { type: 'bid' }>): boolean {
  const lot = s.lot
  if (s.phase !== 'open' || s.paused || !lot || lot.playerId !== c.playerId || c.atMs >= lot.endsAtMs)
    return false
  const m = s.managers.find((x) => x.id === c.managerId)
  if (!m) return false
  const p = s.players.find((x) => x.id === c.playerId) as AuctionPlayer
  const last =
    lot.bids.length > 0 ? (lot.bids[lot.bids.length - 1] as { amount: number; managerId: number }) : null
  let expected = p.basePrice
  if (last) {
    const band = [...BANDS].reverse().find((b) => last.amount >= b.from) ?? BANDS[0]
    expected = last.amount + (band?.step ?? 1)
  }
  if (c.amount !== expected || last?.managerId === m.id) return false
  if (m.squad.length >= s.config.squadMax) return false
  const stars = m.squad.filter((x) => s.players.find((p2) => p2.id === x.playerId)?.star).length
  if (p.star && s.config.maxStars !== null && stars >= s.config.maxStars) return false
  const owned = new Set(s.managers.flatMap((x) => x.squad.map((y) => y.playerId)))
  const bases = s.players.filter((x) => !owned.has(x.id)).map((x) => x.basePrice)
  const cheapest = Math.min(...bases)
  const toFill = Math.max(1, s.config.squadMin - m.squad.length)
  return c.amount <= m.purse - cheapest * (toFill - 1)
}

function checkInvariants(s: AuctionState, history: AuctionEvent[]) {
  const owned = s.managers.flatMap((m) => m.squad.map((x) => x.playerId))
  // No player owned twice; every player in exactly one place once the auction has started.
  expect(new Set(owned).size).toBe(owned.length)
  if (s.phase !== 'waiting') {
    const places = [...owned, ...s.unsold, ...s.queue, ...(s.lot ? [s.lot.playerId] : [])].sort(
      (a, b) => a - b,
    )
    expect(places).toEqual(s.players.map((p) => p.id))
  }
  for (const m of s.managers) {
    expect(m.purse).toBeGreaterThanOrEqual(0)
    expect(m.purse + m.squad.reduce((sum, x) => sum + x.price, 0)).toBe(s.config.purse)
    expect(m.squad.length).toBeLessThanOrEqual(s.config.squadMax)
    if (s.config.maxStars !== null)
      expect(
        m.squad.filter((x) => s.players.find((p) => p.id === x.playerId)?.star).length,
      ).toBeLessThanOrEqual(s.config.maxStars)
  }
  // Accepted bids strictly increase within a lot; each lot opens and closes once.
  if (s.lot)
    for (let i = 1; i < s.lot.bids.length; i++)
      expect(s.lot.bids[i]?.amount).toBeGreaterThan(s.lot.bids[i - 1]?.amount ?? 0)
  const opened = history.filter((e) => e.type === 'lot_opened').map((e) => e.playerId)
  const closed = history.filter((e) => e.type === 'lot_closed').map((e) => e.playerId)
  expect(new Set(opened).size).toBe(opened.length)
  expect(new Set(closed).size).toBe(closed.length)
  // Sequence numbers: 1, 2, 3, … with no gap.
  expect(history.map((e) => e.seq)).toEqual(history.map((_, i) => i + 1))
}

describe('auction engine, model-based', () => {
  it('keeps every invariant and accepts exactly the bids the rules allow', () => {
    fc.assert(
      fc.property(worldArb, fc.array(stepArb, { minLength: 1, maxLength: 80 }), (w, steps) => {
        const players: AuctionPlayer[] = w.players.map((p, i) => ({ id: i + 1, ...p }))
        const config: AuctionConfig = {
          purse: w.purse,
          squadMin: w.squadMin,
          squadMax: w.squadMin + w.squadExtra,
          maxStars: w.maxStars,
          balance: null,
          bands: BANDS,
          ...DEFAULT_TIMINGS,
          seed: w.seed,
        }
        let s = createAuction(config, players)
        let at = 1_000_000
        const history: AuctionEvent[] = []
        for (let i = 0; i < w.managers; i++) {
          const r = apply(s, { type: 'add_manager', managerId: 100 + i, atMs: at })
          if (!r.ok) throw new Error(r.violation.message)
          s = r.state
          history.push(...r.events)
        }
        const started = apply(s, { type: 'start', atMs: at })
        if (!started.ok) throw new Error(started.violation.message)
        s = started.state
        history.push(...started.events)
        const replay: AuctionCommand[] = []

        for (const step of steps) {
          at += step.later
          const c = command(s, step, at, players)
          const before = JSON.stringify(s)
          const r = apply(s, c)
          // A refused command changes nothing.
          expect(JSON.stringify(s)).toBe(before)
          if (c.type === 'bid') expect(r.ok).toBe(mustAccept(s, c))
          if (!r.ok) continue
          replay.push(c)
          s = r.state
          history.push(...r.events)
          // Sealed amounts only ever travel in private events.
          for (const e of r.events) if (e.type === 'sealed_bid') expect(e.private).toBe(true)
          checkInvariants(s, history)
        }

        // Deterministic: the same accepted commands from the same start give the same auction.
        let again = started.state
        for (const c of replay) {
          const r = apply(again, c)
          if (!r.ok) throw new Error(`replay refused ${c.type}`)
          again = r.state
        }
        expect(again).toEqual(s)
      }),
      { numRuns: 300 },
    )
  })
})
