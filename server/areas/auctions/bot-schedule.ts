import type { Deps } from '../../core/deps'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { type BotStrategy, botDelayMs } from '../../domain/auction/bots'
import type { AuctionState } from '../../domain/auction/engine'
import { hashString, randomStream } from '../../domain/rng'
import { approvedBots, findAuction } from './queries'
import { memo, stateOf, withAuctionLock } from './state'

export const AUCTION_BOT_JOB = 'auction.bots'
const botKey = (auctionId: number) => `auction:${auctionId}:bots`

/** A bot's draws for one state of the auction: its seed (the server's --seed made it), its id and the state's seq. */
export const rngFor = (auctionId: number, state: AuctionState, managerId: number) =>
  randomStream(hashString(`auction:${auctionId}:${state.config.seed}:bot:${managerId}:${state.seq}`))

/** The auction's bots, quickest first for this state (seeded by its seq). */
export function botOrder(
  auctionId: number,
  state: AuctionState,
  bots: Array<{ id: number; bot_strategy: string | null }>,
) {
  return bots
    .map((b) => {
      const strategy = b.bot_strategy as BotStrategy
      return { id: b.id, strategy, delay: botDelayMs(strategy, rngFor(auctionId, state, b.id)) }
    })
    .sort((a, b) => a.delay - b.delay || a.id - b.id)
}

/** The auction's bots, from memory when nothing about its managers changed since the last read. */
export async function botsOf(deps: Deps, db: Deps['db'] | Tx, auctionId: number) {
  const m = memo(deps)
  const known = m.bots.get(auctionId)
  if (known) return known
  const bots = await approvedBots(db, auctionId)
  m.bots.set(auctionId, bots)
  return bots
}

/**
 * Moves (or cancels) the auction's bot job after a command: called inside its transaction.
 * Returns whether a job row was written.
 */
export async function scheduleBots(
  deps: Deps,
  tx: Tx,
  auctionId: number,
  state: AuctionState,
  atMs: number,
  after: AfterCommit,
): Promise<boolean> {
  const m = memo(deps)
  const bots = await botsOf(deps, tx, auctionId)
  const active = bots.length > 0 && !state.paused && (state.phase === 'open' || state.phase === 'sealed')
  if (!active) {
    if (m.botsIdle.has(auctionId)) return false
    await deps.scheduler.cancel(tx, botKey(auctionId))
    after.run(() => m.botsIdle.add(auctionId))
    return true
  }
  m.botsIdle.delete(auctionId)
  const first = botOrder(auctionId, state, bots)[0]
  await deps.scheduler.schedule(tx, {
    kind: AUCTION_BOT_JOB,
    runAtMs: atMs + (first?.delay ?? 1000),
    payload: { auction_id: auctionId },
    uniqueKey: botKey(auctionId),
  })
  return true
}

/** Moves the bot job for the auction as it stands now (a manager went on autopilot). */
export async function nudgeBots(deps: Deps, auctionId: number): Promise<void> {
  await withAuctionLock(deps, auctionId, async () => {
    const row = await findAuction(deps.db, auctionId)
    if (!row) return
    const state = stateOf(deps, row)
    await withTx(deps, async (tx, after) => {
      if (await scheduleBots(deps, tx, auctionId, state, deps.clock.now(), after))
        after.run(() => deps.scheduler.kick())
    })
  })
}
