import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { type Tx, withTx } from '../../db/tx'
import type { AuctionCommand, AuctionState } from '../../domain/auction/engine'
import {
  nextQuietStart,
  type QuietHours,
  quietHoursProblems,
  quietNote,
  quietWindowAt,
} from '../../domain/auction/quiet-hours'
import { AppError } from '../../http/errors'
import { runCommand } from './commands'
import { type AuctionRow, findAuction, quietHoursOf } from './queries'
import { stateOf } from './state'

/**
 * Quiet hours (docs/auctions.md, "Over days: quiet hours, stand-ins and reminders"). One
 * scheduler job per running auction with a window, always set for the next boundary: at the
 * window's start it pauses the running lot (or sealed round) the way the owner's pause does —
 * the time left is kept — and at its end it resumes it. Everything it needs is in the database
 * (the window on the auction row, the pause in the engine state, the job in the job table), so
 * any server process may run it and a restart in the middle finds it where it was.
 */
export const AUCTION_QUIET_JOB = 'auction.quiet'
const quietKey = (id: number) => `auction:${id}:quiet`

/** Lots longer than this need quiet hours (an auction that runs over days). */
export const SHORT_LOT_MAX_SECONDS = 120
/** The longest lot of an auction that runs over days: one day. */
export const LONG_LOT_MAX_SECONDS = 86_400

export const QuietHoursInput = z
  .strictObject({
    from: z.string().openapi({ description: 'Local time the window starts, HH:MM (24 h)', example: '22:00' }),
    to: z.string().openapi({
      description: 'Local time it ends, HH:MM; at or before `from`: the next day (crosses midnight)',
      example: '08:00',
    }),
    time_zone: z.string().openapi({ description: 'IANA time zone of both times', example: 'Asia/Kolkata' }),
  })
  .superRefine((q, ctx) => {
    for (const [field, message] of Object.entries(quietHoursProblems(q) ?? {}))
      ctx.addIssue({ code: 'custom', path: [field], message })
  })
  .openapi('AuctionQuietHours', {
    description:
      'A nightly window during which the running lot’s clock stops (time left kept) and bids are refused (409, with when bidding resumes); it resumes at the window’s end.',
  })

/** What brings the state in line with the window at `atMs`: a quiet pause, its end, or nothing. */
export function quietCommands(q: QuietHours, state: AuctionState, atMs: number): AuctionCommand[] {
  if (state.phase !== 'open' && state.phase !== 'sealed') return []
  const w = quietWindowAt(q, atMs)
  const quietUntil = state.paused?.untilMs
  // The owner's own pause is theirs to end: the window neither extends nor ends it.
  if (state.paused && quietUntil === undefined) return []
  if (!w) return quietUntil === undefined ? [] : [{ type: 'resume', atMs }]
  if (quietUntil === w.endMs) return []
  const pause: AuctionCommand = { type: 'pause', atMs, untilMs: w.endMs, note: quietNote(q, w.endMs) }
  // Still paused for an earlier night (a clock jump over a whole day): that night ends first.
  return quietUntil === undefined ? [pause] : [{ type: 'resume', atMs }, pause]
}

/** The job at the next boundary (the window's end inside it, else the next start). */
async function scheduleNext(deps: Deps, tx: Tx, auctionId: number, q: QuietHours, atMs: number) {
  const w = quietWindowAt(q, atMs)
  await deps.scheduler.schedule(tx, {
    kind: AUCTION_QUIET_JOB,
    runAtMs: w ? w.endMs : nextQuietStart(q, atMs),
    payload: { auction_id: auctionId },
    uniqueKey: quietKey(auctionId),
  })
}

/**
 * Brings a running auction in line with its window at `atMs` and sets the job for the next
 * boundary. Idempotent: the job, an auction's start and every server start call it. `atMs` is
 * never taken before the auction's last command (a job that fires late after a restart pauses
 * from the time the lot was given back, not from when the window began).
 */
export async function syncQuietHours(deps: Deps, auctionId: number, atMs: number): Promise<void> {
  const row = await findAuction(deps.db, auctionId)
  const q = row ? quietHoursOf(row) : null
  if (!row || !q) return
  const state = stateOf(deps, row)
  if (state.phase === 'waiting' || state.phase === 'completed') {
    await withTx(deps, (tx) => deps.scheduler.cancel(tx, quietKey(auctionId)))
    return
  }
  const at = Math.max(atMs, Number(row.updated_at_ms))
  try {
    if (quietCommands(q, state, at).length > 0)
      await runCommand(deps, auctionId, (s) => quietCommands(q, s, at))
  } catch (error) {
    // The auction moved on meanwhile (completed by its owner): the next run finds it so.
    if (!(error instanceof AppError)) throw error
  }
  await withTx(deps, (tx) => scheduleNext(deps, tx, auctionId, q, at))
  deps.scheduler.kick()
}

export function registerAuctionQuietJobs(deps: Deps): void {
  deps.scheduler.register(AUCTION_QUIET_JOB, async (job) => {
    await syncQuietHours(deps, Number(job.payload.auction_id), job.run_at_ms)
  })
}

/** The auction JSON's fields for the window: the window, and while in it when it ends. */
export function quietFields(row: Pick<AuctionRow, 'quiet_hours' | 'stand_in'>, state: AuctionState) {
  const until = state.paused?.untilMs ?? null
  return {
    quiet_hours: quietHoursOf(row),
    paused_until: until === null ? null : new Date(until).toISOString(),
    paused_until_in_millis: until,
    paused_note: state.paused?.note ?? null,
    stand_in: row.stand_in === 1,
  }
}
