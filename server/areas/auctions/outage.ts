import type { Deps } from '../../core/deps'
import type { AuctionState } from '../../domain/auction/engine'
import { AppError } from '../../http/errors'
import type { Outage } from '../clock'
import { runCommand } from './commands'
import { findAuction } from './queries'
import { syncQuietHours } from './quiet'
import { stateOf } from './state'
import { scheduleTakeovers } from './takeover'
import { openNextWindow } from './timer'

/** The deadline a running auction is waiting for: the lot's end or the sealed round's close. */
function deadlineOf(state: AuctionState): number | null {
  if (state.paused) return null
  if (state.phase === 'open') return state.lot?.endsAtMs ?? null
  if (state.phase === 'sealed') return state.sealed?.closesAtMs ?? null
  return null
}

/**
 * What a start does for running auctions (docs/restarts.md).
 *
 * Time the server was down does not count against bidders. The game clock kept running
 * through the outage, so every running lot and sealed round is paused at the last moment the
 * server was alive and resumed now — through the engine's own `pause` and `resume`, recorded in
 * the auction's events like an owner's pause. The lot (or round, or tournament window) gets the
 * time it had left, and at least the anti-snipe window (10 s by default), so people have time
 * to reconnect; the next lots open when it ends, as always. Bots think again from now.
 *
 * A tournament stopped between closing a window and opening the next (two transactions) opens
 * it now. Everyone's in-room count starts at zero after a restart, so every manager of an
 * auction with takeovers gets the full `bot_takeover_seconds` from now to come back: nobody is
 * taken over for time the server was down.
 */
export async function resumeAuctions(deps: Deps, outage: Outage | null): Promise<void> {
  const running = await deps.db
    .selectFrom('auctions')
    .select(['id', 'status', 'takeover_seconds', 'quiet_hours'])
    .where('status', 'in', ['open', 'sealed', 'between'])
    .orderBy('id')
    .execute()
  for (const auction of running) {
    try {
      if (outage && auction.status !== 'between') await giveBackTime(deps, auction.id, outage)
      if (auction.status === 'between') await openNextWindow(deps, auction.id, deps.clock.now())
    } catch (error) {
      // The auction moved on meanwhile (another server, an owner): nothing to make good.
      if (!(error instanceof AppError)) throw error
    }
    // Given its time back inside its quiet hours: paused again until the window ends.
    if (auction.quiet_hours !== null) await syncQuietHours(deps, auction.id, deps.clock.now())
    if (auction.takeover_seconds !== null) await scheduleTakeovers(deps, auction.id)
  }
}

async function giveBackTime(deps: Deps, auctionId: number, outage: Outage): Promise<void> {
  const row = await findAuction(deps.db, auctionId)
  if (!row) return
  const state = stateOf(deps, row)
  if (deadlineOf(state) === null) return
  const now = deps.clock.now()
  // The last command is a sign of life too (beats are a second apart, bids are not).
  const downAt = Math.min(now, Math.max(outage.lastAliveGameMs, Number(row.updated_at_ms)))
  if (now <= downAt) return
  const floor = Math.min(state.config.resetMs, state.config.lotMs)
  await runCommand(deps, auctionId, () => [
    { type: 'pause', atMs: downAt },
    { type: 'resume', atMs: now, minRemainingMs: floor },
  ])
  deps.log.info('auction resumed after an outage', { auction_id: auctionId, down_ms: now - downAt })
}
