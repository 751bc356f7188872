import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import {
  type AuctionCommand,
  type AuctionEvent,
  type AuctionState,
  apply,
  type Violation,
} from '../../domain/auction/engine'
import { AppError, notFound } from '../../http/errors'
import { scheduleBots } from './bot-schedule'
import { insertEvent, lockedHead, saveState, saveStateAndPhase } from './command-queries'
import { scheduleLotReminders } from './lot-reminders'
import type { AuctionRow } from './queries'
import { scheduleStandIns } from './stand-in'
import { cached, forgetAuctionJobs, loadForCommand, memo, shared, withAuctionLock } from './state'
import { auctionStream, managerStream } from './streams'

export const AUCTION_TIMER_JOB = 'auction.timer'
const timerKey = (id: number) => `auction:${id}:timer`

const STATE_CODES = new Set(['PHASE', 'PAUSED', 'NOT_ENOUGH_MANAGERS'])

/** A refused command as the API answers it: 422 for a sealed bid below base, 409 otherwise. */
export function violationError(v: Violation): AppError {
  if (v.code === 'BELOW_BASE')
    return new AppError('VALIDATION_FAILED', v.message, { bid_amount: [v.message] })
  return new AppError(violationCode(v), v.message)
}

/** The API error code of a refused command. */
export function violationCode(v: Violation): 'VALIDATION_FAILED' | 'AUCTION_STATE' | 'BID_REFUSED' {
  if (v.code === 'BELOW_BASE') return 'VALIDATION_FAILED'
  return STATE_CODES.has(v.code) ? 'AUCTION_STATE' : 'BID_REFUSED'
}

export interface CommandResult {
  state: AuctionState
  events: AuctionEvent[]
}

/**
 * Runs one engine command against an auction's stored state: the new state, its events and
 * the lot timer are written in one transaction, the events are broadcast after the commit.
 * `build` sees the current state (e.g. to fill in the next bid amount) and may refuse.
 */
export function runCommand(
  deps: Deps,
  auctionId: number,
  build: (state: AuctionState, row: AuctionRow) => AuctionCommand | AuctionCommand[],
  extra?: (tx: Tx, after: AfterCommit, result: CommandResult, row: AuctionRow) => Promise<void>,
): Promise<CommandResult> {
  return withAuctionLock(deps, auctionId, async () => {
    // Another server process on the same database may have moved the auction on since the
    // state in memory (or the one just read) was taken: then read it again and start over.
    for (let attempt = 1; ; attempt++) {
      try {
        return await commandOnce(deps, auctionId, build, extra)
      } catch (error) {
        if (!(error instanceof StaleAuction) && !isUniqueViolation(error)) throw error
        // Whatever this process remembers of the auction is behind the database.
        cached(deps).delete(auctionId)
        forgetAuctionJobs(deps, auctionId)
        if (attempt >= 5) throw new AppError('AUCTION_STATE', 'The auction is busy; try again')
      }
    }
  })
}

/** The auction's stored seq moved on between reading its state and locking its row. */
class StaleAuction extends Error {}

async function commandOnce(
  deps: Deps,
  auctionId: number,
  build: (state: AuctionState, row: AuctionRow) => AuctionCommand | AuctionCommand[],
  extra?: (tx: Tx, after: AfterCommit, result: CommandResult, row: AuctionRow) => Promise<void>,
): Promise<CommandResult> {
  // The state in memory (a busy room's) needs no read before the transaction: its head is read
  // once, under the row's lock, and a seq that moved on sends the command round again.
  const loaded = cached(deps).has(auctionId) ? undefined : await loadForCommand(deps, auctionId)
  if (!loaded && !cached(deps).has(auctionId)) throw notFound('Auction')
  let out: CommandResult | undefined
  await withTx(deps, async (tx, after) => {
    // The auction's row, locked for the rest of the command: joins, decisions and commands of
    // every process take turns on it, and the state built on must still be the stored one.
    const head = await lockedHead(tx, { id: auctionId })
    if (!head) throw notFound('Auction')
    const state = loaded ? loaded.state : cached(deps).get(auctionId)
    const row = loaded ? loaded.row : ({ ...head, state: '' } as unknown as AuctionRow)
    if (!state || head.seq !== row.seq || head.seq !== state.seq)
      throw new StaleAuction(`auction ${auctionId} moved on`)
    const built = build(state, row)
    const commands = Array.isArray(built) ? built : [built]
    out = applyAll(state, commands)
    await store(deps, tx, after, row, out, commands.at(-1)?.atMs ?? deps.clock.now())
    if (extra) await extra(tx, after, out, row)
  })
  const result = out as unknown as CommandResult
  cached(deps).set(auctionId, result.state)
  memo(deps).wrote.set(auctionId, result.state.seq)
  return result
}

/** Several commands go together or not at all (the engine never changes the state it is given). */
function applyAll(state: AuctionState, commands: AuctionCommand[]): CommandResult {
  const out: CommandResult = { state, events: [] }
  for (const command of commands) {
    const result = apply(out.state, command)
    if (!result.ok) throw violationError(result.violation)
    out.state = result.state
    out.events.push(...result.events)
  }
  return out
}

async function store(
  deps: Deps,
  tx: Tx,
  after: AfterCommit,
  row: AuctionRow,
  r: CommandResult,
  atMs: number,
) {
  const s = r.state
  const state = JSON.stringify(s)
  const startedAtMs = row.started_at_ms === null && s.phase !== 'waiting' ? atMs : null
  const completedAtMs = row.completed_at_ms === null && s.phase === 'completed' ? atMs : null
  if (s.phase === row.status && startedAtMs === null && completedAtMs === null)
    await saveState(tx, { id: row.id, state, seq: s.seq, atMs })
  else
    await saveStateAndPhase(tx, {
      id: row.id,
      state,
      seq: s.seq,
      status: s.phase,
      atMs,
      startedAtMs,
      completedAtMs,
    })
  for (const e of r.events)
    await insertEvent(tx, {
      auctionId: row.id,
      seq: e.seq,
      type: e.type,
      payload: JSON.stringify(e),
      atMs: e.atMs,
    })
  // One pending timer per auction, at the lot's end or the sealed round's close.
  const due = timerDue(s)
  // Most bids move neither the timer (the anti-snipe reset only moves a late lot's end) nor,
  // without bots, the bot job: the job rows are written only when they change. What this
  // process remembers of them holds only while the stored seq is one it wrote itself: another
  // process's command (or its timer job) may have moved them since.
  const m = memo(deps)
  if (shared(deps)) {
    // Managers go on autopilot and bots join through other processes without a command:
    // the bot job is worked out from the database each time there.
    m.bots.delete(row.id)
    m.botsIdle.delete(row.id)
    if (m.wrote.get(row.id) !== row.seq) m.due.delete(row.id)
  }
  let moved = false
  if (!m.due.has(row.id) || m.due.get(row.id) !== due) {
    if (due === null) await deps.scheduler.cancel(tx, timerKey(row.id))
    else
      await deps.scheduler.schedule(tx, {
        kind: AUCTION_TIMER_JOB,
        runAtMs: due,
        payload: { auction_id: row.id },
        uniqueKey: timerKey(row.id),
      })
    after.run(() => m.due.set(row.id, due))
    moved = true
  }
  if (r.events.some((e) => e.type === 'manager_added' || e.type === 'manager_removed')) m.bots.delete(row.id)
  if (await scheduleBots(deps, tx, row.id, s, atMs, after)) moved = true
  if (await lotOpenedJobs(deps, tx, row, r.events, atMs)) moved = true
  if (moved) after.run(() => deps.scheduler.kick())
  publishEvents(after, row.id, r.events, deps.clock.now())
}

/**
 * A lot opened in an auction over days: absent people get a bot for it (./stand-in.ts) and a
 * reminder (./lot-reminders.ts), each a job set in the command's transaction. Whether one was.
 */
async function lotOpenedJobs(
  deps: Deps,
  tx: Tx,
  row: Pick<AuctionRow, 'id' | 'stand_in' | 'quiet_hours'>,
  events: AuctionEvent[],
  atMs: number,
): Promise<boolean> {
  if (row.stand_in !== 1 && row.quiet_hours === null) return false
  if (!events.some((e) => e.type === 'lot_opened')) return false
  if (row.stand_in === 1) await scheduleStandIns(deps, tx, row.id, atMs)
  if (row.quiet_hours !== null) await scheduleLotReminders(deps, tx, row.id, atMs)
  return true
}

/** When the auction's one timer fires: the lot's end or the sealed round's close (none while paused). */
function timerDue(s: AuctionState): number | null {
  if (s.paused) return null
  if (s.phase === 'open') return s.lot?.endsAtMs ?? null
  if (s.phase === 'sealed') return s.sealed?.closesAtMs ?? null
  return null
}

/** The command's events, sent after the commit: a sealed bid's amount to its bidder only. */
function publishEvents(after: AfterCommit, auctionId: number, events: AuctionEvent[], now: number): void {
  for (const e of events) {
    if (e.type === 'sealed_bid') {
      // The amount goes to its bidder only; everyone else learns that a bid was placed.
      after.publish(managerStream(auctionId, e.managerId), {
        ...wireEvent(e),
        seq: undefined,
        auction_seq: e.seq,
      })
      after.publish(auctionStream(auctionId), {
        type: 'sealed_bid',
        seq: e.seq,
        manager_id: e.managerId,
        server_time_in_millis: now,
      })
      continue
    }
    after.publish(auctionStream(auctionId), { ...wireEvent(e), server_time_in_millis: now })
  }
}

/** An engine event as clients get it: snake_case keys, times as `…_in_millis`. */
export function wireEvent(e: AuctionEvent): { type: string; [key: string]: unknown } {
  const out: { type: string; [key: string]: unknown } = { type: e.type }
  for (const key in e) {
    if (key === 'type' || key === 'private') continue
    out[wireKey(key)] = e[key as keyof AuctionEvent]
  }
  return out
}

/**
 * An event field's name on the wire: camelCase to snake_case in one pass over its characters
 * (a regular expression per field per event was a measurable part of a bid), instants as
 * `…_in_millis`, the one duration as `remaining_millis`.
 */
function wireKey(key: string): string {
  if (key === 'remainingMs') return 'remaining_millis'
  let snake = ''
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    snake += c >= 65 && c <= 90 ? `_${String.fromCharCode(c + 32)}` : key[i]
  }
  return snake.endsWith('_ms') ? `${snake.slice(0, -3)}_in_millis` : snake
}

// --- bots: the one job that lets the auction's bots act (see bots.ts)
