import type { Deps } from '../../core/deps'
import { AppError } from '../../http/errors'
import { AUCTION_TIMER_JOB, runCommand } from './commands'
import { findAuction } from './queries'
import { memo, stateOf } from './state'

/** The scheduler's timer: a lot or a sealed round ran out (at the moment it stands for). */
export function registerAuctionJobs(deps: Deps): void {
  deps.scheduler.register(AUCTION_TIMER_JOB, async (job) => {
    const id = Number(job.payload.auction_id)
    const at = job.run_at_ms
    // This job is now spent: whatever comes next writes the timer again.
    memo(deps).due.delete(id)
    try {
      await runCommand(deps, id, () => ({ type: 'tick', atMs: at }))
      await openNextWindow(deps, id, at)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
    }
  })
}

/**
 * A tournament's window closed: the next one opens at once (while players remain). Also run at
 * a start, for a tournament whose server went down between closing one window and opening the
 * next (two commands, two transactions).
 */
export async function openNextWindow(deps: Deps, auctionId: number, atMs: number): Promise<void> {
  const row = await findAuction(deps.db, auctionId)
  if (row?.kind !== 'tournament') return
  const state = stateOf(deps, row)
  if (state.phase !== 'between' || state.unsold.length === 0) return
  await runCommand(deps, auctionId, () => ({
    type: 'start_sealed',
    atMs,
    closesAtMs: atMs + (row.window_hours ?? 24) * 3600_000,
  }))
}

// --- creating and joining
