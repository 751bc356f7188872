import { hashString, type RandomStream, randomStream } from '../rng'
import { cricketCapabilities } from '../styles'
import {
  type AuctionCommand,
  type AuctionEvent,
  type AuctionState,
  apply,
  buyProblem,
  currentNextBid,
  type ManagerState,
} from './engine'
import { type AuctionPlayer, balanceDeficit, maxBid, type SquadRules } from './rules'

/**
 * Auction bots (DESIGN §5: "value buyer, star chaser, budget hoarder, random"): pure, seeded
 * decisions over the engine's state, and a headless driver that runs a whole auction with
 * them. A bot only ever proposes a command the engine would accept — it checks the same
 * `buyProblem` the engine does — so a refused bot command is a bug, and the driver throws.
 */

export type BotStrategy = 'value' | 'star' | 'hoarder' | 'random'

export const BOT_STRATEGIES: readonly BotStrategy[] = ['value', 'star', 'hoarder', 'random']

/** How long a sealed round run by the driver stays open. */
const SEALED_MS = 120_000

const DELAY_MS: Record<BotStrategy, [number, number]> = {
  star: [300, 1500],
  value: [800, 3000],
  hoarder: [1500, 4000],
  random: [300, 4000],
}

/** How long a bot "thinks" before acting on an open lot, so a live auction looks human. */
export function botDelayMs(strategy: BotStrategy, rand: RandomStream): number {
  const [min, max] = DELAY_MS[strategy]
  return rand.int(min, max)
}

/**
 * The bot's next command, or null to pass: in an open round a bid of exactly the next amount
 * on the current lot, in a sealed round one hidden bid on an unsold player it has not bid on
 * yet (null once it wants nothing more, so repeated calls end).
 */
export function botDecision(
  state: AuctionState,
  managerId: number,
  strategy: BotStrategy,
  rand: RandomStream,
  atMs: number,
): AuctionCommand | null {
  const m = state.managers.find((x) => x.id === managerId)
  if (!m || state.paused) return null
  if (state.phase === 'open') return openBid(state, m, strategy, rand, atMs)
  if (state.phase === 'sealed') return sealedBid(state, m, strategy, rand, atMs)
  return null
}

/** A bot's move in one kind of round: a command, or null to pass. */
type RoundMove = (
  s: AuctionState,
  m: ManagerState,
  strategy: BotStrategy,
  rand: RandomStream,
  atMs: number,
) => AuctionCommand | null

const openBid: RoundMove = (s, m, strategy, rand, atMs) => {
  const lot = s.lot
  const amount = currentNextBid(s)
  if (!lot || amount === null || atMs >= lot.endsAtMs) return null
  if (lot.bids.at(-1)?.managerId === m.id) return null
  const p = playerOf(s, lot.playerId)
  if (buyProblem(s, m, p, amount)) return null
  if (amount > valuation(s, m, p, strategy, rand)) return null
  return { type: 'bid', managerId: m.id, playerId: p.id, amount, atMs }
}

const sealedBid: RoundMove = (s, m, strategy, rand, atMs) => {
  const round = s.sealed
  if (!round || (round.closesAtMs !== null && atMs >= round.closesAtMs)) return null
  const mine = round.bids.filter((b) => b.managerId === m.id)
  // A hoarder only fills the squad it must have; the others bid for every free slot.
  const wanted =
    strategy === 'hoarder' ? s.config.squadMin - m.squad.length : s.config.squadMax - m.squad.length
  if (mine.length >= wanted) return null
  // Bids are settled one by one at the close, but a bot does not promise more than its purse.
  const budget = m.purse - mine.reduce((sum, b) => sum + b.amount, 0)
  const limit = Math.min(budget, maxBid(s.config, m.purse, m.squad.length, poolMinBase(s)))
  const candidates = s.unsold
    .filter((id) => !mine.some((b) => b.playerId === id))
    .filter((id) => !s.locks.some((l) => l.managerId === m.id && l.playerId === id && l.untilMs > atMs))
    .map((id) => playerOf(s, id))
    .map((p) => ({ p, value: valuation(s, m, p, strategy, rand) }))
    .filter((c) => c.value >= c.p.basePrice)
    .sort((a, b) => b.value / b.p.basePrice - a.value / a.p.basePrice || a.p.id - b.p.id)
  for (const { p, value } of candidates) {
    // Hidden bids shade below what the bot would pay in the open: nobody sees to outbid.
    const amount = Math.min(limit, Math.max(p.basePrice, Math.floor(value * (0.7 + 0.3 * rand.next()))))
    if (amount < p.basePrice || buyProblem(s, m, p, amount)) continue
    return { type: 'sealed_bid', managerId: m.id, playerId: p.id, amount, atMs }
  }
  return null
}

/**
 * The most this bot would pay for the player right now (0: not interested). The mood factor
 * is drawn afresh on every look, so the same bot is not equally keen at every step.
 */
function valuation(
  s: AuctionState,
  m: ManagerState,
  p: AuctionPlayer,
  strategy: BotStrategy,
  rand: RandomStream,
): number {
  const base = p.basePrice
  const squad = m.squad.map((x) => playerOf(s, x.playerId))
  const short = squad.length < s.config.squadMin
  const needed = fillsNeed(s.config, squad, p)
  const mood = 0.85 + 0.3 * rand.next()
  switch (strategy) {
    case 'value': {
      const mult = needed ? 3 : short ? 2 : 1.5
      // Spread the purse over a full squad: no slot is worth more than 1.5× its even share.
      const share = (1.5 * m.purse) / Math.max(1, s.config.squadMax - squad.length)
      return Math.min(base * mult * (p.star ? 1.3 : 1), share) * mood
    }
    case 'star':
      if (p.star) return Math.max(base * 4, m.purse * 0.45) * mood
      return base * (short || needed ? 1.3 : 1.05) * mood
    case 'hoarder': {
      if (p.star || base > cheapLimit(s)) return 0
      // Keep most of the purse once the minimum squad is there.
      const keep = short ? 0 : s.config.purse * 0.6
      return Math.min(base * 1.25 * mood, m.purse - keep)
    }
    case 'random':
      return rand.bool(0.6) ? base * (1 + 3 * rand.next()) : 0
  }
}

/** Whether the player gives the squad a role it still lacks (by the balance rule, or a default mix). */
function fillsNeed(rules: SquadRules, squad: readonly AuctionPlayer[], p: AuctionPlayer): boolean {
  if (rules.balance) return balanceDeficit(rules, [...squad, p]) < balanceDeficit(rules, squad)
  const caps = squad.map((x) => cricketCapabilities(x.style))
  const c = cricketCapabilities(p.style)
  const share = Math.ceil(rules.squadMax * 0.4)
  return (
    (c.keeper && !caps.some((x) => x.keeper)) ||
    (c.bat && caps.filter((x) => x.bat).length < share) ||
    (c.bowl && caps.filter((x) => x.bowl).length < share)
  )
}

/** "Cheap" for a hoarder: up to 2.5× the lowest base price in the auction. */
function cheapLimit(s: AuctionState): number {
  return 2.5 * Math.min(...s.players.map((p) => p.basePrice))
}

/** The engine's reservation unit: the cheapest base price still to be sold. */
function poolMinBase(s: AuctionState): number {
  const ids = [...s.queue, ...s.unsold, ...(s.lot ? [s.lot.playerId] : [])]
  const bases = ids.map((id) => playerOf(s, id).basePrice)
  return bases.length > 0 ? Math.min(...bases) : 0
}

function playerOf(s: AuctionState, id: number): AuctionPlayer {
  return s.players.find((p) => p.id === id) as AuctionPlayer
}

export interface BotSeat {
  managerId: number
  strategy: BotStrategy
}

export interface BotAuctionResult {
  state: AuctionState
  events: AuctionEvent[]
  /** Commands applied (every one accepted). */
  commands: number
}

interface Bot extends BotSeat {
  rand: RandomStream
}

/**
 * Runs an auction to completion with bots only, synchronously and deterministically: adds any
 * missing bot managers, starts a waiting auction (resumes a paused one), plays the open round
 * on simulated time, then `sealedRounds` sealed rounds (default 1) while players are unsold,
 * then completes.
 */
export function runBotAuction(
  state: AuctionState,
  bots: readonly BotSeat[],
  options: { startMs: number; seed: number; sealedRounds?: number },
): BotAuctionResult {
  if (new Set(bots.map((b) => b.managerId)).size !== bots.length) throw new Error('A manager has two bots')
  const seats: Bot[] = bots.map((b) => ({
    ...b,
    rand: randomStream(hashString(`auction:bot:${options.seed}:${b.managerId}`)),
  }))
  const order = randomStream(hashString(`auction:bot-order:${options.seed}`))
  const maxPurse = Math.max(state.config.purse, ...state.managers.map((m) => m.purse))
  const run = { state, events: [] as AuctionEvent[], commands: 0, now: options.startMs, steps: 0 }
  // Each step is a bid (which raises the price by at least one credit) or a lot's end.
  const stepLimit = (state.players.length + 1) * (maxPurse + 2) * 2 + 10_000
  const exec = (command: AuctionCommand) => {
    if (++run.steps > stepLimit) throw new Error(`Bot auction did not finish in ${stepLimit} steps`)
    const r = apply(run.state, command)
    if (!r.ok)
      throw new Error(`Bot auction: ${command.type} refused: ${r.violation.code} ${r.violation.message}`)
    run.state = r.state
    run.events.push(...r.events)
    run.commands++
  }

  if (run.state.phase === 'completed') return { state: run.state, events: [], commands: 0 }
  for (const b of seats)
    if (!run.state.managers.some((m) => m.id === b.managerId))
      exec({ type: 'add_manager', managerId: b.managerId, atMs: run.now })
  if (run.state.phase === 'waiting') exec({ type: 'start', atMs: run.now })
  if (run.state.paused) exec({ type: 'resume', atMs: run.now })

  let sealedLeft = options.sealedRounds ?? 1
  for (let s = run.state; s.phase !== 'completed'; s = run.state) {
    if (s.phase === 'open') openStep(run, seats, order, exec)
    else if (s.phase === 'sealed') {
      sealedRound(run, seats, exec)
      sealedLeft--
    } else if (s.phase === 'between' && sealedLeft > 0 && s.unsold.length > 0)
      exec({ type: 'start_sealed', atMs: run.now, closesAtMs: run.now + SEALED_MS })
    else exec({ type: 'complete', atMs: run.now })
  }
  return { state: run.state, events: run.events, commands: run.commands }
}

type Run = { state: AuctionState; now: number }
type Exec = (command: AuctionCommand) => void

/** One price level of the current lot: the quickest bot that wants to bid does, or the lot ends. */
function openStep(run: Run, seats: readonly Bot[], order: RandomStream, exec: Exec): void {
  const lot = run.state.lot
  if (!lot) throw new Error('Open round without a lot')
  const turns = order
    .shuffle(seats)
    .map((bot, i) => ({ bot, i, atMs: run.now + botDelayMs(bot.strategy, bot.rand) }))
    .sort((a, b) => a.atMs - b.atMs || a.i - b.i)
  for (const { bot, atMs } of turns) {
    if (atMs >= lot.endsAtMs) break
    const command = botDecision(run.state, bot.managerId, bot.strategy, bot.rand, atMs)
    if (command) {
      run.now = atMs
      exec(command)
      return
    }
  }
  run.now = Math.max(run.now, lot.endsAtMs)
  exec({ type: 'tick', atMs: run.now })
}

/** Every bot submits its hidden bids, in time order, until it wants nothing more; then the round closes. */
function sealedRound(run: Run, seats: readonly Bot[], exec: Exec): void {
  const closesAtMs = run.state.sealed?.closesAtMs ?? run.now + SEALED_MS
  const queue = seats.map((bot, i) => ({ bot, i, atMs: run.now + botDelayMs(bot.strategy, bot.rand) }))
  while (queue.length > 0) {
    queue.sort((a, b) => a.atMs - b.atMs || a.i - b.i)
    const turn = queue[0] as (typeof queue)[number]
    const command =
      turn.atMs < closesAtMs
        ? botDecision(run.state, turn.bot.managerId, turn.bot.strategy, turn.bot.rand, turn.atMs)
        : null
    if (!command) {
      queue.shift()
      continue
    }
    exec(command)
    turn.atMs += botDelayMs(turn.bot.strategy, turn.bot.rand)
  }
  run.now = Math.max(run.now, closesAtMs)
  exec({ type: 'close_sealed', atMs: run.now })
}
