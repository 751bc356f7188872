import { forUpdate } from '../../db/lock'
import { type Param, prepared, preparedFirst } from '../../db/prepared'
import type { AuctionStatus } from '../../db/schema'

/**
 * The statements every engine command runs (a league night's accepted bids: hundreds a
 * second), built and compiled once per dialect (server/db/prepared.ts): building a Kysely
 * query cost more than SQLite running it, and a command ran four. The auction benchmark
 * (docs/auctions.md, "Benchmark") measures this path against the same SQL run raw.
 */

const HEAD = [
  'id',
  'seq',
  'kind',
  'name',
  'owner_id',
  'status',
  'started_at_ms',
  'completed_at_ms',
  'window_hours',
  'stand_in',
  'quiet_hours',
] as const

/** The auction's columns a command needs, without its state (memory has it while the seq matches). */
export const auctionHead = preparedFirst((db, $: Param<{ id: number }>) =>
  db.selectFrom('auctions').select(HEAD).where('id', '=', $('id')),
)

/** The auction's stored seq (another process may have moved it on). */
export const storedSeq = preparedFirst((db, $: Param<{ id: number }>) =>
  db.selectFrom('auctions').select('seq').where('id', '=', $('id')),
)

/**
 * The auction's head with its row locked (PostgreSQL) for the rest of the transaction: a
 * command whose state memory holds reads it only here, once, and checks the seq under the lock.
 */
export const lockedHead = preparedFirst((db, $: Param<{ id: number }>) =>
  db.selectFrom('auctions').select(HEAD).where('id', '=', $('id')).$call(forUpdate(db)),
)

/**
 * The state a command leaves, when its phase stays as it was (most commands: a bid). The
 * status column is indexed twice: setting it to the value it has would still cost a commit
 * index pages to write.
 */
export const saveState = prepared((db, $: Param<{ id: number; state: string; seq: number; atMs: number }>) =>
  db
    .updateTable('auctions')
    .set({ state: $('state'), seq: $('seq'), updated_at_ms: $('atMs') })
    .where('id', '=', $('id')),
)

/**
 * The state of a command that moves the phase: the status too, and `startedAtMs` /
 * `completedAtMs` where the column is still empty (null leaves it as it is).
 */
export const saveStateAndPhase = prepared(
  (
    db,
    $: Param<{
      id: number
      state: string
      seq: number
      status: AuctionStatus
      atMs: number
      startedAtMs: number | null
      completedAtMs: number | null
    }>,
  ) =>
    db
      .updateTable('auctions')
      .set((eb) => ({
        state: $('state'),
        seq: $('seq'),
        status: $('status'),
        updated_at_ms: $('atMs'),
        started_at_ms: eb.fn.coalesce('started_at_ms', eb.val($('startedAtMs'))),
        completed_at_ms: eb.fn.coalesce('completed_at_ms', eb.val($('completedAtMs'))),
      }))
      .where('id', '=', $('id')),
)

/** One engine event (a bid's one event; a command with several inserts each). */
export const insertEvent = prepared(
  (db, $: Param<{ auctionId: number; seq: number; type: string; payload: string; atMs: number }>) =>
    db.insertInto('auction_events').values({
      auction_id: $('auctionId'),
      seq: $('seq'),
      type: $('type'),
      payload: $('payload'),
      at_ms: $('atMs'),
    }),
)
