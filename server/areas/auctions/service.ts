import type { Selectable } from 'kysely'
import { isUniqueViolation } from '../../db/errors'
import { forUpdate, lockRows } from '../../db/lock'
import type { AuctionsTable } from '../../db/schema'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { type BotStrategy, botDelayMs } from '../../domain/auction/bots'
import { capacityOf } from '../../domain/auction/capacity'
import {
  type AuctionCommand,
  type AuctionEvent,
  type AuctionState,
  apply,
  bidProblem,
  createAuction as createEngineState,
  DEFAULT_TIMINGS,
  type Violation,
} from '../../domain/auction/engine'
import { type AuctionPlayer, BIDDING_INTERVALS, type SquadRules } from '../../domain/auction/rules'
import {
  MIN_SQUADS,
  type SettingsProblem,
  SQUAD_BALANCE,
  settingsProblems,
} from '../../domain/auction/settings'
import { inviteCode } from '../../domain/contest-templates'
import { hashString, randomStream } from '../../domain/rng'
import { AppError, forbidden, invalid, notFound } from '../../http/errors'
import { requireFuture } from '../../http/instants'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../ledger'
import { notify } from '../notifications'
import { AUCTION_COLORS } from './catalog'
import { type AuctionPool, defaultPool, poolOf, poolProblem, requireSeats } from './pools'
import { visibleAuction } from './visibility'

export type AuctionRow = Selectable<AuctionsTable>

export const AUCTION_TIMER_JOB = 'auction.timer'
export const auctionStream = (id: number) => `auction:${id}`
/** The waiting room's own messages (`managers_changed`): the main stream carries only engine events, numbered by the engine. */
export const roomStream = (id: number) => `auction:${id}:room`
export const managerStream = (auctionId: number, managerId: number) =>
  `auction:${auctionId}:manager:${managerId}`
const timerKey = (id: number) => `auction:${id}:timer`

export async function findAuction(db: Executor, id: number): Promise<AuctionRow | undefined> {
  return db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function requireOwnedAuction(db: Executor, id: number, userId: number): Promise<AuctionRow> {
  const row = await visibleAuction(db, id, userId)
  if (row.owner_id !== userId) throw forbidden('Only the auction’s owner can do that')
  return row
}

export function managerOf(db: Executor, auctionId: number, userId: number) {
  return db
    .selectFrom('auction_managers')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

// --- engine state: parsed once, kept per auction while its seq matches the stored one

interface Memo {
  states: Map<number, AuctionState>
  /** The lot / sealed-round timer last written per auction (null: none pending). */
  due: Map<number, number | null>
  /** The auction's bots (and managers on autopilot), as last read. */
  bots: Map<number, Array<{ id: number; bot_strategy: string | null }>>
  /** Auctions whose bot job is known to be cancelled. */
  botsIdle: Set<number>
  /** The seq this process last stored per auction (its own commit, not a read). */
  wrote: Map<number, number>
}

const memos = new WeakMap<Deps, Memo>()

function memo(deps: Deps): Memo {
  let m = memos.get(deps)
  if (!m) {
    m = { states: new Map(), due: new Map(), bots: new Map(), botsIdle: new Set(), wrote: new Map() }
    memos.set(deps, m)
  }
  return m
}

function cached(deps: Deps): Map<number, AuctionState> {
  return memo(deps).states
}

/** Forgets what this process remembers of an auction's managers and jobs (they changed elsewhere). */
export function forgetAuctionJobs(deps: Deps, auctionId: number): void {
  const m = memo(deps)
  m.due.delete(auctionId)
  m.bots.delete(auctionId)
  m.botsIdle.delete(auctionId)
}

/** Several server processes share the database (PostgreSQL): memory may be behind it. */
const shared = (deps: Deps) => deps.dbHandle.kind === 'postgres'

/**
 * A bid refused by the auction's current state, or null. Commands of one auction are
 * serialised and each leaves its state here, so a bid that this state refuses would be refused
 * in turn too: most bids of a busy lot (everyone at the same amount) are answered from memory,
 * without waiting for the auction's turn or parsing its state. A bid it accepts still goes
 * through `runCommand`, which checks it again. On PostgreSQL another process may have moved
 * the auction on: the state in memory answers only while its seq is the stored one (one
 * indexed read); otherwise the command itself decides.
 */
export async function refusedBid(
  deps: Deps,
  auctionId: number,
  command: Extract<AuctionCommand, { type: 'bid' }>,
): Promise<Violation | null> {
  const state = cached(deps).get(auctionId)
  if (!state) return null
  if (shared(deps)) {
    const stored = await deps.db
      .selectFrom('auctions')
      .select('seq')
      .where('id', '=', auctionId)
      .executeTakeFirst()
    if (stored?.seq !== state.seq) return null
  }
  return bidProblem(state, command)
}

export function stateOf(deps: Deps, row: AuctionRow): AuctionState {
  const map = cached(deps)
  const hit = map.get(row.id)
  if (hit && hit.seq === row.seq) return hit
  const state = JSON.parse(row.state) as AuctionState
  map.set(row.id, state)
  return state
}

/**
 * The auction for a command: its columns and its state — from memory when the stored seq is
 * the one in memory (a busy room's state is tens of kilobytes of JSON: reading and parsing it
 * for every bid, refused ones included, was most of a bid's cost).
 */
async function loadForCommand(
  deps: Deps,
  id: number,
): Promise<{ row: AuctionRow; state: AuctionState } | undefined> {
  const head = await deps.db
    .selectFrom('auctions')
    .select([
      'id',
      'seq',
      'kind',
      'name',
      'owner_id',
      'status',
      'started_at_ms',
      'completed_at_ms',
      'window_hours',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!head) return undefined
  const hit = cached(deps).get(id)
  const row = hit && hit.seq === head.seq ? undefined : await findAuction(deps.db, id)
  if (!row) {
    const full = { ...head, state: '' } as unknown as AuctionRow
    return { row: full, state: hit as AuctionState }
  }
  return { row, state: stateOf(deps, row) }
}

const locks = new WeakMap<Deps, Map<number, Promise<unknown>>>()

/** Commands of one auction run strictly one at a time (the first valid bid at an amount wins). */
function withAuctionLock<T>(deps: Deps, auctionId: number, fn: () => Promise<T>): Promise<T> {
  let byAuction = locks.get(deps)
  if (!byAuction) {
    byAuction = new Map()
    locks.set(deps, byAuction)
  }
  const previous = byAuction.get(auctionId) ?? Promise.resolve()
  const run = previous.then(fn, fn)
  const settled = run.catch(() => undefined)
  byAuction.set(auctionId, settled)
  void settled.then(() => {
    if (byAuction?.get(auctionId) === settled) byAuction.delete(auctionId)
  })
  return run
}

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
  const loaded = await loadForCommand(deps, auctionId)
  if (!loaded) throw notFound('Auction')
  const { row } = loaded
  const built = build(loaded.state, row)
  const commands = Array.isArray(built) ? built : [built]
  // Several commands go together or not at all (the engine never changes the state it is given).
  const out: CommandResult = { state: loaded.state, events: [] }
  for (const command of commands) {
    const result = apply(out.state, command)
    if (!result.ok) throw violationError(result.violation)
    out.state = result.state
    out.events.push(...result.events)
  }
  const atMs = commands.at(-1)?.atMs ?? deps.clock.now()
  await withTx(deps, async (tx, after) => {
    // The auction's row, locked for the rest of the command: joins, decisions and commands of
    // every process take turns on it, and the state built on must still be the stored one.
    const current = await tx
      .selectFrom('auctions')
      .select('seq')
      .where('id', '=', auctionId)
      .$call(forUpdate(tx))
      .executeTakeFirst()
    if (!current) throw notFound('Auction')
    if (current.seq !== row.seq) throw new StaleAuction(`auction ${auctionId} moved on`)
    await store(deps, tx, after, row, out, atMs)
    if (extra) await extra(tx, after, out, row)
  })
  cached(deps).set(auctionId, out.state)
  memo(deps).wrote.set(auctionId, out.state.seq)
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
  await tx
    .updateTable('auctions')
    .set({
      state: JSON.stringify(s),
      seq: s.seq,
      status: s.phase,
      updated_at_ms: atMs,
      ...(row.started_at_ms === null && s.phase !== 'waiting' ? { started_at_ms: atMs } : {}),
      ...(s.phase === 'completed' && row.completed_at_ms === null ? { completed_at_ms: atMs } : {}),
    })
    .where('id', '=', row.id)
    .execute()
  if (r.events.length > 0)
    await tx
      .insertInto('auction_events')
      .values(
        r.events.map((e) => ({
          auction_id: row.id,
          seq: e.seq,
          type: e.type,
          payload: JSON.stringify(e),
          at_ms: e.atMs,
        })),
      )
      .execute()
  // One pending timer per auction, at the lot's end or the sealed round's close.
  const due = s.paused
    ? null
    : s.phase === 'open'
      ? (s.lot?.endsAtMs ?? null)
      : s.phase === 'sealed'
        ? (s.sealed?.closesAtMs ?? null)
        : null
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
  if (moved) after.run(() => deps.scheduler.kick())
  const now = deps.clock.now()
  for (const e of r.events) {
    if (e.type === 'sealed_bid') {
      // The amount goes to its bidder only; everyone else learns that a bid was placed.
      after.publish(managerStream(row.id, e.managerId), {
        ...wireEvent(e),
        seq: undefined,
        auction_seq: e.seq,
      })
      after.publish(auctionStream(row.id), {
        type: 'sealed_bid',
        seq: e.seq,
        manager_id: e.managerId,
        server_time_in_millis: now,
      })
      continue
    }
    after.publish(auctionStream(row.id), { ...wireEvent(e), server_time_in_millis: now })
  }
}

/** An engine event as clients get it: snake_case keys, times as `…_in_millis`. */
export function wireEvent(e: AuctionEvent): { type: string; [key: string]: unknown } {
  const out: { type: string; [key: string]: unknown } = { type: e.type }
  for (const [key, value] of Object.entries(e)) {
    if (key === 'type' || key === 'private') continue
    // Instants are `…_in_millis` as everywhere in the API; the one duration is `remaining_millis`.
    if (key === 'remainingMs') {
      out.remaining_millis = value
      continue
    }
    const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    out[snake.endsWith('_ms') ? `${snake.slice(0, -3)}_in_millis` : snake] = value
  }
  return out
}

// --- bots: the one job that lets the auction's bots act (see bots.ts)

export const AUCTION_BOT_JOB = 'auction.bots'
const botKey = (auctionId: number) => `auction:${auctionId}:bots`

export const rngFor = (auctionId: number, managerId: number, seq: number) =>
  randomStream(hashString(`auction:${auctionId}:bot:${managerId}:${seq}`))

/** The auction's bots, quickest first for this state (seeded by its seq). */
export function botOrder(
  auctionId: number,
  state: AuctionState,
  bots: Array<{ id: number; bot_strategy: string | null }>,
) {
  return bots
    .map((b) => {
      const strategy = b.bot_strategy as BotStrategy
      return { id: b.id, strategy, delay: botDelayMs(strategy, rngFor(auctionId, b.id, state.seq)) }
    })
    .sort((a, b) => a.delay - b.delay || a.id - b.id)
}

/** The auction's bots, and the managers a bot plays for while they are away (with that strategy). */
export function approvedBots(db: Deps['db'] | Tx, auctionId: number) {
  return db
    .selectFrom('auction_managers')
    .select((eb) => ['id', eb.fn.coalesce('bot_strategy', 'autopilot').as('bot_strategy')])
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('bot_strategy', 'is not', null), eb('autopilot', 'is not', null)]))
    .orderBy('id')
    .execute()
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
async function scheduleBots(
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

export interface CreateAuctionInput {
  name: string
  sport_slug: string
  series_id?: number | undefined
  match_id?: number | undefined
  purse: number
  squad_min: number
  squad_max: number
  max_stars: number | null
  balanced: boolean
  lot_seconds: number
  bidding_interval: string
  charges: number
  starts_at_ms: number | null
  private: boolean
  kind?: 'live' | 'tournament'
  window_hours?: number
  /** At most this many managers (null/absent: as many as the pool and the colours allow). */
  max_managers?: number | null
  /** Which players it offers (default: its match's, else its series'): see ./pools.ts. */
  pool?: AuctionPool | undefined
  /** Bots play for a manager away this long (null/absent: never). */
  takeover_seconds?: number | null
  /** A check that runs in the creating transaction, before the insert (a per-user limit). */
  before?: (tx: Tx) => Promise<void>
  /** Issue 15: the group it is created from (its members are invited, docs/groups.md). */
  group_id?: number | null
}

/** One 422 naming every setting that can never work; pool problems go on the pool's source field. */
function refuseImpossible(problems: SettingsProblem[], poolField: 'match_id' | 'series_id' | 'pool'): void {
  if (problems.length === 0) return
  const fields = new Map<string, string[]>()
  for (const { field, message } of problems) {
    const name = field === 'pool' ? poolField : field
    fields.set(name, [...(fields.get(name) ?? []), message])
  }
  throw invalid(Object.fromEntries(fields))
}

/**
 * A live auction must give every manager it takes a full squad: 422 when its pool cannot give
 * two (the fewest an auction is worth running with), or fewer than the owner's `max_managers`.
 * The message says how many it can take, so the owner can ask for fewer or a bigger pool.
 */
function refuseOverCapacity(
  rules: SquadRules,
  players: AuctionPlayer[],
  input: CreateAuctionInput,
  poolField: 'match_id' | 'series_id' | 'pool',
): void {
  const capacity = capacityOf(rules, players, AUCTION_COLORS.length, null)
  const pool = defaultPool(input)
  const takes =
    capacity.pool_managers <= capacity.colors
      ? `the ${pool} pool of ${capacity.pool_players} players takes at most ${capacity.max_managers} managers with squads of ${capacity.squad_size}${capacity.squad_size >= 11 && rules.balance ? ' (balanced)' : ''}`
      : `an auction takes at most ${capacity.colors} managers, one per franchise colour`
  if (capacity.max_managers < MIN_SQUADS)
    throw new AppError('VALIDATION_FAILED', `The auction cannot run: ${takes}`, {
      [poolField]: [`is too small: ${takes}; choose a bigger pool (series or league) or smaller squads`],
    })
  const asked = input.max_managers ?? null
  if (asked !== null && asked > capacity.max_managers)
    throw new AppError('VALIDATION_FAILED', `Too many managers: ${takes}`, {
      max_managers: [`must be at most ${capacity.max_managers}: ${takes}`],
    })
}

export async function createAuction(
  deps: Deps,
  ownerId: number,
  input: CreateAuctionInput,
): Promise<AuctionRow> {
  const sport = await deps.db
    .selectFrom('sports')
    .select(['id', 'slug'])
    .where('slug', '=', input.sport_slug)
    .executeTakeFirst()
  if (!sport) throw new AppError('VALIDATION_FAILED', 'Unknown sport', { sport: ['is not a known sport'] })
  if (sport.slug !== 'cricket')
    throw new AppError('VALIDATION_FAILED', 'Auctions are for cricket', { sport: ['must be cricket'] })
  if (input.series_id !== undefined) {
    const series = await deps.db
      .selectFrom('series')
      .select(['id', 'sport_id'])
      .where('id', '=', input.series_id)
      .executeTakeFirst()
    if (!series || series.sport_id !== sport.id)
      throw new AppError('VALIDATION_FAILED', 'Unknown series', { series_id: ['is not a cricket series'] })
  }
  if (input.match_id !== undefined) {
    const match = await deps.db
      .selectFrom('matches')
      .select(['id', 'sport_id', 'status'])
      .where('id', '=', input.match_id)
      .executeTakeFirst()
    if (!match || match.sport_id !== sport.id)
      throw new AppError('VALIDATION_FAILED', 'Unknown match', { match_id: ['is not a cricket match'] })
  }
  const now = deps.clock.now()
  requireFuture(now, { starts_at_in_millis: input.starts_at_ms })
  const wrongPool = poolProblem(input)
  if (wrongPool) throw invalid({ pool: [wrongPool] })
  const players = await poolOf(deps.db, sport.id, input)
  const rules: SquadRules = {
    purse: input.purse,
    squadMin: input.squad_min,
    squadMax: input.squad_max,
    maxStars: input.max_stars,
    balance: input.balanced ? { ...SQUAD_BALANCE } : null,
  }
  const poolField =
    input.pool !== undefined ? 'pool' : input.match_id !== undefined ? 'match_id' : 'series_id'
  refuseImpossible(settingsProblems(rules, players), poolField)
  if (input.kind !== 'tournament') refuseOverCapacity(rules, players, input, poolField)
  const seed = deps.rng.stream('auctions').uint32()
  const state = createEngineState(
    {
      ...rules,
      bands: BIDDING_INTERVALS[input.bidding_interval]?.bands ?? [],
      ...DEFAULT_TIMINGS,
      lotMs: input.lot_seconds * 1000,
      seed,
    },
    players,
  )
  return withTx(deps, async (tx) => {
    if (input.before) await input.before(tx)
    const row = await tx
      .insertInto('auctions')
      .values({
        owner_id: ownerId,
        kind: input.kind ?? 'live',
        name: input.name,
        code: `PENDING-${seed}-${now}`,
        sport_id: sport.id,
        series_id: input.series_id ?? null,
        match_id: input.match_id ?? null,
        purse: input.purse,
        squad_min: input.squad_min,
        squad_max: input.squad_max,
        max_stars: input.max_stars,
        balanced: input.balanced ? 1 : 0,
        lot_seconds: input.lot_seconds,
        bidding_interval: input.bidding_interval,
        charges: input.charges,
        is_private: input.private ? 1 : 0,
        starts_at_ms: input.starts_at_ms,
        window_hours: input.window_hours ?? null,
        max_managers: input.max_managers ?? null,
        takeover_seconds: input.takeover_seconds ?? null,
        group_id: input.group_id ?? null,
        seed,
        state: JSON.stringify(state),
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const code = inviteCode(`auction:${row.id}:${seed}`)
    await tx.updateTable('auctions').set({ code }).where('id', '=', row.id).execute()
    return { ...row, code }
  })
}

/**
 * Joins an auction by its invite code with a franchise name and a free colour, paying the
 * auction's coin charge through the ledger. The owner is approved at once; anyone else waits
 * for the owner (a rejection refunds the charge).
 */
export async function joinAuction(
  deps: Deps,
  userId: number,
  auctionId: number,
  input: { code: string; franchise_name: string; color: string; bot_strategy?: string | null },
) {
  return withTx(deps, async (tx, after) => {
    // Under the auction's lock: the start, decisions and other joins take turns with this one,
    // so a colour is taken once and nobody joins a started auction.
    await lockRows(tx, 'auctions', auctionId)
    const row = await findAuction(tx, auctionId)
    if (!row || row.code !== input.code.trim().toUpperCase()) throw notFound('Auction')
    if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
    const existing = await managerOf(tx, auctionId, userId)
    if (existing) throw new AppError('ALREADY_JOINED', 'You have already joined this auction')
    await requireSeats(tx, row, stateOf(deps, row), 1)
    const taken = await tx
      .selectFrom('auction_managers')
      .select('id')
      .where('auction_id', '=', auctionId)
      .where('color', '=', input.color)
      .where('status', '!=', 'rejected')
      .executeTakeFirst()
    if (taken) throw new AppError('COLOR_TAKEN', 'Another franchise has that colour')
    const now = deps.clock.now()
    const owner = row.owner_id === userId
    const manager = await tx
      .insertInto('auction_managers')
      .values({
        auction_id: auctionId,
        user_id: userId,
        franchise_name: input.franchise_name,
        color: input.color,
        status: owner || input.bot_strategy ? 'approved' : 'pending',
        charge_coins: row.charges,
        bot_strategy: input.bot_strategy ?? null,
        joined_at_ms: now,
        decided_at_ms: owner ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (row.charges > 0)
      await post(
        tx,
        {
          kind: 'auction_charge',
          idempotencyKey: `auction:${auctionId}:manager:${manager.id}:charge`,
          memo: `Joining charge, auction ${row.name}`,
          meta: { auction_id: auctionId, manager_id: manager.id },
          lines: [
            { accountId: await userAccountId(tx, userId, 'coins'), amount: -row.charges },
            {
              accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', now),
              amount: row.charges,
            },
          ],
          nowMs: now,
        },
        after,
      )
    if (!owner)
      await notify(
        tx,
        after,
        row.owner_id,
        {
          kind: 'auction_join_request',
          body: `${input.franchise_name} wants to join ${row.name}.`,
          data: { auction_id: auctionId, manager_id: manager.id },
        },
        now,
      )
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: manager.id })
    return manager
  })
}

/** The owner approves a pending manager (who enters the engine) or rejects them (refunded). */
export async function decideManager(
  deps: Deps,
  ownerId: number,
  auctionId: number,
  managerId: number,
  decision: 'approved' | 'rejected',
) {
  await requireOwnedAuction(deps.db, auctionId, ownerId)
  return withTx(deps, async (tx, after) => {
    // Under the auction's lock, as the start: of two decisions the second finds the first, and
    // nobody is decided once the auction has started (the start declines who is left).
    await lockRows(tx, 'auctions', auctionId)
    const row = await requireOwnedAuction(tx, auctionId, ownerId)
    const manager = await tx
      .selectFrom('auction_managers')
      .selectAll()
      .where('id', '=', managerId)
      .where('auction_id', '=', auctionId)
      .executeTakeFirst()
    if (!manager) throw notFound('Manager')
    if (manager.status !== 'pending')
      throw new AppError('AUCTION_STATE', `The manager is already ${manager.status}`)
    if (row.status !== 'waiting') throw new AppError('AUCTION_STATE', 'The auction has already started')
    if (decision === 'approved') await requireSeats(tx, row, stateOf(deps, row), 1, 'approved')
    const now = deps.clock.now()
    await tx
      .updateTable('auction_managers')
      .set({ status: decision, decided_at_ms: now })
      .where('id', '=', managerId)
      .where('status', '=', 'pending')
      .execute()
    if (decision === 'rejected' && manager.charge_coins > 0)
      await post(
        tx,
        {
          kind: 'auction_charge_refund',
          idempotencyKey: `auction:${auctionId}:manager:${managerId}:refund`,
          memo: `Joining charge refunded, auction ${row.name}`,
          meta: { auction_id: auctionId, manager_id: managerId },
          lines: [
            {
              accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', now),
              amount: -manager.charge_coins,
            },
            { accountId: await userAccountId(tx, manager.user_id, 'coins'), amount: manager.charge_coins },
          ],
          nowMs: now,
        },
        after,
      )
    await notify(
      tx,
      after,
      manager.user_id,
      {
        kind: decision === 'approved' ? 'auction_approved' : 'auction_rejected',
        body:
          decision === 'approved'
            ? `You are in ${row.name} as ${manager.franchise_name}.`
            : `Your request to join ${row.name} was declined${manager.charge_coins > 0 ? '; your coins are back' : ''}.`,
        data: { auction_id: auctionId, manager_id: managerId },
      },
      now,
    )
    after.publish(roomStream(auctionId), { type: 'managers_changed', manager_id: managerId })
    return { ...manager, status: decision }
  })
}

/** Starts the open round with every approved manager. */
export async function startAuction(deps: Deps, ownerId: number, auctionId: number) {
  await requireOwnedAuction(deps.db, auctionId, ownerId)
  const approved = await approvedManagers(deps.db, auctionId)
  return runCommand(
    deps,
    auctionId,
    (state) => {
      const now = deps.clock.now()
      // Managers enter the engine as the auction starts, in the same step as the start.
      const joining =
        state.phase === 'waiting' ? approved.filter((m) => !state.managers.some((x) => x.id === m.id)) : []
      return [
        ...joining.map((m): AuctionCommand => ({ type: 'add_manager', managerId: m.id, atMs: now })),
        { type: 'start', atMs: now },
      ]
    },
    async (tx, after, r, row) => {
      // Read again under the auction's lock: a decision that came in since is either in the
      // engine already or refused with the state conflict, never half applied.
      const approvedNow = await approvedManagers(tx, auctionId)
      if (approvedNow.some((m) => !r.state.managers.some((x) => x.id === m.id)))
        throw new AppError('AUCTION_STATE', 'A manager was approved meanwhile; start the auction again')
      const pending = await tx
        .selectFrom('auction_managers')
        .select('id')
        .where('auction_id', '=', auctionId)
        .where('status', '=', 'pending')
        .execute()
      // Whoever is still pending at the start is declined and refunded.
      for (const p of pending) {
        const manager = await tx
          .selectFrom('auction_managers')
          .selectAll()
          .where('id', '=', p.id)
          .executeTakeFirstOrThrow()
        await tx
          .updateTable('auction_managers')
          .set({ status: 'rejected', decided_at_ms: deps.clock.now() })
          .where('id', '=', p.id)
          .execute()
        if (manager.charge_coins > 0)
          await post(
            tx,
            {
              kind: 'auction_charge_refund',
              idempotencyKey: `auction:${auctionId}:manager:${p.id}:refund`,
              memo: `Joining charge refunded, auction ${row.name}`,
              meta: { auction_id: auctionId, manager_id: p.id },
              lines: [
                {
                  accountId: await systemAccountId(
                    tx,
                    SYSTEM_ACCOUNTS.houseCoins.code,
                    'COIN',
                    deps.clock.now(),
                  ),
                  amount: -manager.charge_coins,
                },
                {
                  accountId: await userAccountId(tx, manager.user_id, 'coins'),
                  amount: manager.charge_coins,
                },
              ],
              nowMs: deps.clock.now(),
            },
            after,
          )
      }
    },
  )
}

function approvedManagers(db: Executor, auctionId: number) {
  return db
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'approved')
    .orderBy('id')
    .execute()
}
