import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type Tx, withTx } from '../../db/tx'
import { quietWindowAt } from '../../domain/auction/quiet-hours'
import { notifyOnce } from '../notifications'
import { findAuction, quietHoursOf } from './queries'
import { stateOf } from './state'
import { isHere } from './takeover'

/**
 * Lot reminders (docs/auctions.md, "Over days: quiet hours, stand-ins and reminders"). The
 * product has no watchlist or shortlist of players, so "a student's lot" is every lot of an
 * auction that runs over days (one with quiet hours) while the student is away from its room:
 * when a lot opens, each approved person with no socket in the room gets a notification linking
 * to the bidding room — at most one per lot and person (`notifyOnce`, keyed by the lot), never
 * inside the quiet hours (the job waits for the window's end and then reminds of the lot then
 * running). A scheduler job set in the command's own transaction, so a restart still sends it.
 */
export const AUCTION_LOT_REMINDER_JOB = 'auction.lot_reminder'

/** Called inside a command's transaction when it opened a lot in an auction with quiet hours. */
export async function scheduleLotReminders(
  deps: Deps,
  tx: Tx,
  auctionId: number,
  atMs: number,
): Promise<void> {
  await deps.scheduler.schedule(tx, {
    kind: AUCTION_LOT_REMINDER_JOB,
    runAtMs: atMs,
    payload: { auction_id: auctionId },
    uniqueKey: `auction:${auctionId}:lot_reminder`,
  })
}

/** Sends the running lot's reminders (or moves the job to the window's end); returns how many were sent. */
export async function sendLotReminders(deps: Deps, auctionId: number, atMs: number): Promise<number> {
  const row = await findAuction(deps.db, auctionId)
  const quiet = row ? quietHoursOf(row) : null
  if (!row || !quiet || row.status !== 'open') return 0
  const window = quietWindowAt(quiet, atMs)
  if (window) {
    await withTx(deps, (tx) => scheduleLotReminders(deps, tx, auctionId, window.endMs))
    deps.scheduler.kick()
    return 0
  }
  const lot = stateOf(deps, row).lot
  if (!lot) return 0
  const people = await deps.db
    .selectFrom('auction_managers as m')
    .innerJoin('players as p', (j) => j.on('p.id', '=', lot.playerId))
    .select(['m.id', 'm.user_id', 'p.display_name'])
    .where('m.auction_id', '=', auctionId)
    .where('m.status', '=', 'approved')
    .where('m.bot_strategy', 'is', null)
    .orderBy('m.id')
    .execute()
  const away: typeof people = []
  for (const p of people) if (!(await isHere(deps, auctionId, p.id))) away.push(p)
  let sent = 0
  await withTx(deps, async (tx, after) => {
    // Two runs at once (two processes) take turns here; notifyOnce then finds the first's rows.
    await lockRows(tx, 'auctions', auctionId)
    for (const p of away) {
      const notification = {
        kind: 'auction_lot_opened' as const,
        body: `${p.display_name} is up for bidding in ${row.name}.`,
        data: { auction_id: auctionId, manager_id: p.id, path: `/auctions/${auctionId}/bidding` },
      }
      if (
        await notifyOnce(tx, after, p.user_id, `auction:${auctionId}:lot:${lot.playerId}`, notification, atMs)
      )
        sent++
    }
  })
  return sent
}

export function registerAuctionLotReminderJobs(deps: Deps): void {
  deps.scheduler.register(AUCTION_LOT_REMINDER_JOB, async (job) => {
    await sendLotReminders(deps, Number(job.payload.auction_id), job.run_at_ms)
  })
}
