import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import { withBulkWrites } from '../../db/bulk-writes'
import { forUpdate, isPostgres } from '../../db/lock'
import { perConnection } from '../../db/prepared'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { distributePrizes } from '../../domain/prizes'
import { crashPoint } from '../../lib/crash-point'
import { type NewNotification, notificationStream, notifyMany, serializeNotification } from '../notifications'
import { currentLive, type LiveMatch } from '../scoring'
import { awardXp, awardXpMany } from '../users'
import { prizeActivities } from './activities'
import { contestLabel, payFromPools } from './ledger'
import { contestStream } from './messages'
import { prizeStructureOf } from './serialize'

export interface SettlementReport {
  contests: number
  entries: number
  winners: number
  paid: number
}

/**
 * Contests settle in transactions of about this many entries: one per contest would spend a
 * 60k-contest match's settlement on fsync'd commits and on writing the same account pages
 * again and again; a single one would hold the write lock for the whole match.
 */
const BATCH_ENTRIES = 100_000

export interface SettleOptions {
  /** Entries per transaction (default `BATCH_ENTRIES`); a contest is never split. */
  batchEntries?: number
  /** After each batch's commit, with the running totals (progress; a test stops it there). */
  onBatch?: (report: SettlementReport) => void
}

type ContestRow = { id: number; name: string; prize_structure: string; created_by_id: number | null }
type Standing = ReturnType<LiveMatch['board']['standings']>[number]
type Settled = { contest: ContestRow; entries: number; byUser: Map<number, number> }

/**
 * Pays a completed match's contests: final ranks from its events, prizes per structure (ties share the
 * summed prizes of the positions they occupy) to winnings through the ledger, notifications to
 * winners. A contest settles only from `locked`, in the same transaction as its payment and
 * notifications, so running it twice pays once and a restart half-way settles the rest.
 * Contests go in batches (each contest still checked and paid on its own, with its own ledger
 * transaction): the batch's member rows, postings and notifications are written in key order.
 */
export async function settleMatchContests(
  deps: Deps,
  matchId: number,
  options: SettleOptions = {},
): Promise<SettlementReport> {
  const live = await currentLive(deps, matchId)
  live.board.rankAll()
  const contests = await deps.db
    .selectFrom('contests')
    .select(['id', 'name', 'prize_structure', 'created_by_id'])
    .where('match_id', '=', matchId)
    .where('status', '=', 'locked')
    .orderBy('id')
    .execute()
  const report: SettlementReport = { contests: 0, entries: 0, winners: 0, paid: 0 }
  const match = await deps.db
    .selectFrom('matches')
    .select('title')
    .where('id', '=', matchId)
    .executeTakeFirst()
  const matchTitle = match?.title ?? `Match ${matchId}`
  const sqlite = deps.dbHandle.sqlite
  const batchEntries = options.batchEntries ?? BATCH_ENTRIES
  await withBulkWrites(sqlite, async () => {
    for (const batch of batches(contests, (c) => live.board.entriesOf(c.id), batchEntries)) {
      // Requests wait behind a batch, not behind the whole match (a batch is seconds of work).
      if (report.contests > 0) await new Promise((resolve) => setImmediate(resolve))
      const settled = await settleBatch(deps, live, batch, matchTitle)
      for (const s of settled) {
        report.contests++
        report.entries += s.entries
        report.winners += s.byUser.size
        for (const amount of s.byUser.values()) report.paid += amount
      }
      options.onBatch?.(report)
    }
  })
  crashPoint(deps.config, 'settlement.paid')
  return report
}

/**
 * One batch of contests in one transaction: each contest's member rows (only from `locked`),
 * the batch's prize postings, the contests completed, the winners' notifications and XP.
 */
async function settleBatch(
  deps: Deps,
  live: LiveMatch,
  batch: ContestRow[],
  matchTitle: string,
): Promise<Settled[]> {
  const sqlite = deps.dbHandle.sqlite
  return withTx(deps, async (tx, after) => {
    const st = sqlite ? statementsFor(sqlite) : undefined
    const now = deps.clock.now()
    const done: Settled[] = []
    for (const contest of batch) {
      const entries = await finalStandings(tx, st, live, contest)
      if (entries) done.push({ contest, ...entries })
    }
    await payFromPools(
      tx,
      after,
      done.map((s) => ({
        contestId: s.contest.id,
        label: contestLabel({ name: s.contest.name, match_title: matchTitle }),
        kind: 'contest_prizes' as const,
        compartment: 'winnings' as const,
        byUser: s.byUser,
        nowMs: now,
      })),
      sqlite ? { sqlite, bus: deps.bus } : undefined,
    )
    for (const s of done)
      if (st) st.complete.run(now, s.contest.id)
      else
        await tx
          .updateTable('contests')
          .set({ status: 'completed', settled_at_ms: now })
          .where('id', '=', s.contest.id)
          .execute()
    await notifyWinners(deps, tx, after, done, now)
    // Every prize winner earns win XP, once per contest (docs/social.md).
    const wins = done.flatMap((d) =>
      [...d.byUser.keys()].map((userId) => ({
        userId,
        reason: 'win' as const,
        source: `contest:${d.contest.id}`,
      })),
    )
    if (sqlite) awardXpMany({ sqlite, bus: deps.bus }, after, wins, now)
    else await awardXp(tx, after, wins, now, deps.dbHandle.kind === 'postgres')
    // A player's contest tells its activities page who won (the house's big ones do not).
    for (const s of done)
      if (s.contest.created_by_id !== null) await prizeActivities(tx, after, s.contest.id, s.byUser, now)
    for (const s of done)
      after.publish(contestStream(s.contest.id), { type: 'status', contest_status: 'completed' })
    return done
  })
}

function* batches<T>(items: T[], weight: (item: T) => number, most: number): Generator<T[]> {
  let batch: T[] = []
  let entries = 0
  for (const item of items) {
    const w = weight(item)
    if (batch.length > 0 && entries + w > most) {
      yield batch
      batch = []
      entries = 0
    }
    batch.push(item)
    entries += w
  }
  if (batch.length > 0) yield batch
}

/**
 * A locked contest's final points, rank and prize on every member row (a mega contest has
 * 400k), and what each user wins; null if it was settled (or cancelled) already.
 */
async function finalStandings(tx: Tx, st: Statements | undefined, live: LiveMatch, contest: ContestRow) {
  const status = st
    ? (st.status.get(contest.id) as string)
    : (
        await tx
          .selectFrom('contests')
          .select('status')
          .where('id', '=', contest.id)
          // Two settlements of one match (two processes): the second waits, then finds it settled.
          .$call(forUpdate(tx))
          .executeTakeFirstOrThrow()
      ).status
  if (status !== 'locked') return null
  const standings = live.board.standings(contest.id)
  const prizes = distributePrizes(
    prizeStructureOf(contest),
    standings.map((s) => ({ id: s.memberId, rank: s.rank })),
  )
  if (st) {
    // In member id order: the rows of a contest sit next to each other in the table, and the
    // board hands them over by rank, which sends every update to a random page.
    const order = Uint32Array.from(standings.keys())
    order.sort((a, b) => (standings[a] as Standing).memberId - (standings[b] as Standing).memberId)
    for (const i of order) {
      const s = standings[i] as Standing
      st.standing.run(s.pointsX2, s.rank, prizes[i] as number, s.memberId)
    }
  } else
    await writeStandings(
      tx,
      standings.map((s, i) => [s.memberId, s.pointsX2, s.rank, prizes[i] as number]),
    )
  // The board knows who owns each entry (loaded with it); otherwise ask the database.
  const users = live.board.usersOf(contest.id)
  const ownerOf = users
    ? (i: number) => users[i] as number
    : await owners(
        tx,
        contest.id,
        standings.map((s) => s.memberId),
      )
  const byUser = new Map<number, number>()
  standings.forEach((_, i) => {
    const prize = prizes[i] as number
    if (prize <= 0) return
    const user = ownerOf(i)
    byUser.set(user, (byUser.get(user) ?? 0) + prize)
  })
  return { entries: standings.length, byUser }
}

/**
 * Every member row's final points, rank and prize, a few thousand rows per statement
 * (PostgreSQL: an UPDATE … FROM (VALUES …); one statement per member was a round trip each,
 * and a mega contest has hundreds of thousands).
 */
async function writeStandings(
  tx: Tx,
  rows: Array<[id: number, pointsX2: number, rank: number, prize: number]>,
) {
  if (!isPostgres(tx)) {
    for (const [id, points_x2, rank, prize_paise] of rows)
      await tx
        .updateTable('contest_members')
        .set({ points_x2, rank, prize_paise })
        .where('id', '=', id)
        .execute()
    return
  }
  const CHUNK = 5_000
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map(
        ([id, points, rank, prize]) =>
          sql`(cast(${id} as bigint), cast(${points} as integer), cast(${rank} as integer), cast(${prize} as bigint))`,
      )
    await sql`update contest_members as cm
      set points_x2 = v.points_x2, rank = v.rank, prize_paise = v.prize_paise
      from (values ${sql.join(values)}) as v(id, points_x2, rank, prize_paise)
      where cm.id = v.id`.execute(tx)
  }
}

async function owners(tx: Tx, contestId: number, memberIds: number[]): Promise<(i: number) => number> {
  const rows = await tx
    .selectFrom('contest_members')
    .select(['id', 'user_id'])
    .where('contest_id', '=', contestId)
    .execute()
  const map = new Map(rows.map((r) => [r.id, r.user_id]))
  return (i) => map.get(memberIds[i] as number) as number
}

// One formatter: `toLocaleString` builds a new one per call, which 300k winners notice.
const rupees = new Intl.NumberFormat('en-IN')

const wonMessage = (contest: ContestRow, amount: number): NewNotification => ({
  kind: 'contest_won',
  body: `You won ₹${rupees.format(paiseToRupees(amount))} in ${contest.name}! It is in your winnings.`,
  data: { contest_id: contest.id, amount: paiseToRupees(amount) },
})

/**
 * "You won ₹…" to every winner of the batch, pushed after the commit. On SQLite in one batch
 * (`notifyMany`: rows in user order, pushes built after the commit).
 */
async function notifyWinners(deps: Deps, tx: Tx, after: AfterCommit, settled: Settled[], now: number) {
  const wins = settled.flatMap((s) =>
    [...s.byUser].map(([userId, amount]) => ({ userId, amount, contest: s.contest })),
  )
  const sqlite = deps.dbHandle.sqlite
  if (sqlite) {
    const messageOf = (w: (typeof wins)[number]) => wonMessage(w.contest, w.amount)
    notifyMany({ sqlite, bus: deps.bus }, after, wins, { userOf: (w) => w.userId, messageOf }, now)
    return
  }
  // In multi-row inserts; each row is pushed to its own user after the commit.
  for (let i = 0; i < wins.length; i += 1_000) {
    const rows = await tx
      .insertInto('notifications')
      .values(
        wins.slice(i, i + 1_000).map((w) => {
          const n = wonMessage(w.contest, w.amount)
          return {
            user_id: w.userId,
            kind: n.kind,
            body: n.body,
            data: JSON.stringify(n.data),
            created_at_ms: now,
          }
        }),
      )
      .returningAll()
      .execute()
    for (const row of rows)
      after.publish(notificationStream(row.user_id), {
        type: 'notification',
        notification: serializeNotification(row),
      })
  }
}

type Statements = ReturnType<typeof prepare>
const statementsFor = perConnection(prepare)

// Raw statements on the one SQLite connection, inside the transaction Kysely opened on it.
function prepare(sqlite: BetterSqlite3.Database) {
  return {
    status: sqlite.prepare('select status from contests where id = ?').pluck(),
    standing: sqlite.prepare(
      'update contest_members set points_x2 = ?, rank = ?, prize_paise = ? where id = ?',
    ),
    complete: sqlite.prepare("update contests set status = 'completed', settled_at_ms = ? where id = ?"),
  }
}
