import type BetterSqlite3 from 'better-sqlite3'
import { lockRows } from '../../db/lock'
import { perConnection } from '../../db/prepared'
import type { Currency } from '../../db/schema'
import type { AfterCommit, Tx } from '../../db/tx'
import type { BusPayload } from '../../db/types'
import { checkPosting, type PostingLine } from '../../domain/ledger'
import { AppError } from '../../http/errors'
import type { Bus } from '../../lib/bus'
import { notificationStream } from '../notifications'
import { fingerprint, type PostingRequest, type PostingResult, post, walletJson } from './service'

/** The raw SQLite handle (the caller's transaction is open on it) and the bus for after the commit. */
export interface RawHandles {
  sqlite: BetterSqlite3.Database
  bus: Bus
}

export interface AccountRow {
  id: number
  code: string
  user_id: number | null
  kind: string
  currency: Currency
  balance: number
  allow_negative: number
}

/** Accounts read ahead by the caller: by id, and by user (every compartment, or one). */
export interface KnownAccounts {
  byId: Map<number, AccountRow>
  byUser: Map<number, AccountRow[]>
}

/**
 * Reads the accounts of `userIds` (every compartment, or only `kind`'s) and the accounts with
 * `codes`, for `postMany` to use instead of reading them one by one. Users go in id order, 500
 * to a statement (`user_id in (…)`: SQLite probes the (user_id, kind) index for each, in order,
 * so each probe lands next to the last — a range scan measured slower: it reads the accounts
 * of everyone in between too; a statement per user cost a call into the driver and an array
 * per user). A settlement pays into one compartment and asks for that one only: a third of
 * the rows of a million-team match's 287k winners.
 */
export function readAccounts(
  raw: RawHandles,
  userIds: number[],
  codes: string[],
  kind?: string,
): KnownAccounts {
  const known: KnownAccounts = { byId: new Map(), byUser: new Map() }
  const users = Float64Array.from(new Set(userIds)).sort()
  const ofKind = kind === undefined ? '' : ' and kind = ?'
  for (let i = 0; i < users.length; i += CHUNK) {
    const part: Array<number | string> = Array.from(users.subarray(i, i + CHUNK))
    const sql = `select ${COLUMNS} from ledger_accounts where user_id in`
    const statement = inList(raw.sqlite, sql, part.length, ofKind)
    if (kind !== undefined) part.push(kind)
    for (const row of statement.all(...part) as AccountRow[]) {
      const userId = row.user_id as number
      const rows = known.byUser.get(userId)
      if (rows) rows.push(row)
      else known.byUser.set(userId, [row])
      known.byId.set(row.id, row)
    }
  }
  for (let i = 0; i < codes.length; i += CHUNK) {
    const part = codes.slice(i, i + CHUNK)
    const sql = `select ${COLUMNS} from ledger_accounts where code in`
    for (const row of inList(raw.sqlite, sql, part.length).all(...part) as AccountRow[])
      known.byId.set(row.id, row)
  }
  return known
}

/**
 * Many postings at once, exactly as if `post` had made them one after the other: a match's
 * settlement pays 60k contests, one of them with 100k+ winners. Every rule holds per posting —
 * a replayed idempotency key returns the first transaction (a different one conflicts), every
 * account must exist, the lines must pass `checkPosting`, a user account going below zero
 * aborts the caller's whole transaction with 409 (found before anything is written; keys are
 * checked first, so a batch with both a conflicting key and a shortfall names the key), each
 * entry records its account's running balance — and every user whose wallet moved gets a
 * wallet push after the commit (one, with the final balances).
 *
 * On SQLite (`raw`) it runs synchronously through cached prepared statements, nothing else
 * touching the connection meanwhile, and walks the accounts in id order: each account is read
 * once (or taken from `known`, read earlier in the same transaction), gets its entries in
 * posting order and one balance update. On a million accounts, key-ordered B-tree probes cost
 * a fraction of random ones. Without `raw` it is `post`, one posting after the other.
 */
export async function postMany(
  tx: Tx,
  requests: PostingRequest[],
  after: AfterCommit,
  raw?: RawHandles,
  known?: KnownAccounts,
): Promise<PostingResult[]> {
  if (!raw) return postOneByOne(tx, requests, after)
  const st = statementsFor(raw.sqlite)
  const results: PostingResult[] = new Array(requests.length)
  const fresh = replays(raw.sqlite, requests, results)

  const { lineAccount, lineAmount, linePosting, order } = linesByAccount(requests, fresh)
  const accounts = accountsOfLines(st, lineAccount, order, known)
  for (const r of fresh) checkRequest(requests[r] as PostingRequest, accounts)
  // Each account's running balance through the postings in order; a shortfall stops us here,
  // before a single row is written.
  const balanceAfter = new Float64Array(order.length)
  const final = new Map<number, number>()
  order.forEach((key, k) => {
    const i = key % 2 ** 21
    const account = accounts.get(lineAccount[i] as number) as AccountRow
    const balance = (final.get(account.id) ?? Number(account.balance)) + (lineAmount[i] as number)
    if (balance < 0 && !account.allow_negative)
      throw new AppError('INSUFFICIENT_BALANCE', `Insufficient ${account.kind} balance`)
    balanceAfter[k] = balance
    final.set(account.id, balance)
  })
  for (const r of fresh) {
    const request = requests[r] as PostingRequest
    const meta = JSON.stringify(request.meta ?? {})
    const id = st.insertTransaction.run(
      request.kind,
      request.idempotencyKey,
      request.memo ?? null,
      meta,
      request.nowMs,
    )
    results[r] = { transactionId: Number(id.lastInsertRowid), replayed: false }
  }
  order.forEach((key, k) => {
    const i = key % 2 ** 21
    const r = linePosting[i] as number
    const transactionId = (results[r] as PostingResult).transactionId
    st.insertEntry.run(
      transactionId,
      lineAccount[i],
      lineAmount[i],
      balanceAfter[k],
      (requests[r] as PostingRequest).nowMs,
    )
  })
  // One update per account, to the balance computed from the one read in this transaction.
  for (const [id, balance] of final) st.setBalance.run(balance, id)
  queueWalletPushes(st, raw.bus, after, accounts, final)
  return results
}

/**
 * Without the SQLite handles (PostgreSQL): every account of the batch locked first, in id
 * order, then `post` one posting after the other, which alone would lock them in posting
 * order, and two batches could cross.
 */
async function postOneByOne(
  tx: Tx,
  requests: PostingRequest[],
  after: AfterCommit,
): Promise<PostingResult[]> {
  await lockRows(
    tx,
    'ledger_accounts',
    requests.flatMap((r) => r.lines.map((l) => l.accountId)),
  )
  const out: PostingResult[] = []
  for (const request of requests) out.push(await post(tx, request, after))
  return out
}

/**
 * Every line of every new posting, by account and then posting order: keys of account id
 * × 2²¹ + line number sort natively, without a comparator.
 */
function linesByAccount(requests: PostingRequest[], fresh: number[]) {
  const lineAccount: number[] = []
  const lineAmount: number[] = []
  const linePosting: number[] = []
  for (const r of fresh)
    for (const l of (requests[r] as PostingRequest).lines) {
      lineAccount.push(l.accountId)
      lineAmount.push(l.amount)
      linePosting.push(r)
    }
  if (lineAccount.length >= 2 ** 21) throw new Error('too many lines for one batch of postings')
  const order = Float64Array.from(lineAccount, (id, i) => id * 2 ** 21 + i).sort()
  return { lineAccount, lineAmount, linePosting, order }
}

/** Each account of the lines read once, in id order (or taken from `known`). */
function accountsOfLines(
  st: ReturnType<typeof statementsFor>,
  lineAccount: number[],
  order: Float64Array,
  known: KnownAccounts | undefined,
): Map<number, AccountRow> {
  const accounts = new Map<number, AccountRow>()
  for (const key of order) {
    const id = lineAccount[key % 2 ** 21] as number
    if (accounts.has(id)) continue
    const account = known?.byId.get(id) ?? (st.account.get(id) as AccountRow | undefined)
    if (!account) throw new Error(`ledger account ${id} does not exist`)
    accounts.set(id, account)
  }
  return accounts
}

function checkRequest(request: PostingRequest, accounts: Map<number, AccountRow>): void {
  const lines: PostingLine[] = request.lines.map((l) => ({
    accountId: l.accountId,
    amount: l.amount,
    currency: (accounts.get(l.accountId) as AccountRow).currency,
  }))
  const problems = checkPosting(lines)
  if (problems.length > 0) throw new Error(`invalid posting ${request.kind}: ${JSON.stringify(problems)}`)
}

/** Fills `results` for keys already posted (or throws on a conflict); returns the postings still to make. */
function replays(
  sqlite: BetterSqlite3.Database,
  requests: PostingRequest[],
  results: PostingResult[],
): number[] {
  const st = statementsFor(sqlite)
  const existing = new Map<string, { id: number; kind: string }>()
  for (let i = 0; i < requests.length; i += CHUNK) {
    const keys = requests.slice(i, i + CHUNK).map((r) => r.idempotencyKey)
    const sql = 'select id, kind, idempotency_key as key from ledger_transactions where idempotency_key in'
    for (const row of inList(sqlite, sql, keys.length).all(...keys) as Array<{
      id: number
      kind: string
      key: string
    }>)
      existing.set(row.key, row)
  }
  const fresh: number[] = []
  const keys = new Set<string>()
  requests.forEach((request, r) => {
    const first = existing.get(request.idempotencyKey)
    if (!first) {
      if (keys.has(request.idempotencyKey))
        throw new Error(`idempotency key ${request.idempotencyKey} appears twice in one batch`)
      keys.add(request.idempotencyKey)
      fresh.push(r)
      return
    }
    const entries = st.entriesOf.all(first.id) as Array<{ accountId: number; amount: number }>
    if (first.kind !== request.kind || fingerprint(entries) !== fingerprint(request.lines))
      throw new AppError(
        'IDEMPOTENCY_CONFLICT',
        'This idempotency key was already used for a different transaction',
      )
    results[r] = { transactionId: first.id, replayed: true }
  })
  return fresh
}

/**
 * A wallet push to each moved user, after the commit, with the balances this transaction
 * leaves. Only a user whose stream someone follows has them read (now, inside the transaction,
 * after the balance updates): 287k winners of a big match are mostly not looking. One who
 * starts following before the commit gets a push without balances, which makes the client
 * read its wallet again.
 */
function queueWalletPushes(
  st: Statements,
  bus: Bus,
  after: AfterCommit,
  accounts: Map<number, AccountRow>,
  final: Map<number, number>,
) {
  const owners = [...new Set([...final.keys()].flatMap((id) => accounts.get(id)?.user_id ?? []))]
  owners.sort((a, b) => a - b)
  const heard: Array<{ stream: string; message: BusPayload }> = []
  const unheard: string[] = []
  for (const userId of owners) {
    const stream = notificationStream(userId)
    if (bus.subscriberCount(stream) === 0) {
      unheard.push(stream)
      continue
    }
    const b = { unused: 0, winnings: 0, coins: 0 }
    for (const row of st.accountsOfUser.all(userId) as AccountRow[])
      if (row.kind in b) b[row.kind as keyof typeof b] = Number(row.balance)
    heard.push({ stream, message: { type: 'wallet', ...walletJson(b) } })
  }
  after.run(() => {
    for (const h of heard) bus.publish(h.stream, h.message)
    // Nobody followed these when the balances were written; the seq still moves on.
    for (const stream of unheard) bus.publish(stream, UNHEARD_WALLET)
  })
}

/**
 * For a stream nobody followed when the balances were written: its seq still moves on (a
 * client that comes back sees the gap and refetches; one that started following meanwhile
 * reads its wallet again on a push without balances) but no payload is built.
 */
const UNHEARD_WALLET = { type: 'wallet' }

const COLUMNS = 'id, code, user_id, kind, currency, balance, allow_negative'
const CHUNK = 500

/** A cached `… in (?, ?, …)` statement for `n` values (and `suffix` after the list). */
function inList(
  sqlite: BetterSqlite3.Database,
  sql: string,
  n: number,
  suffix = '',
): BetterSqlite3.Statement {
  const st = statementsFor(sqlite)
  const text = `${sql} (${new Array(n).fill('?').join(', ')})${suffix}`
  let stmt = st.lists.get(text)
  if (!stmt) {
    stmt = sqlite.prepare(text)
    if (n === CHUNK) st.lists.set(text, stmt)
  }
  return stmt
}

type Statements = ReturnType<typeof prepare>
const statementsFor = perConnection(prepare)

function prepare(sqlite: BetterSqlite3.Database) {
  return {
    lists: new Map<string, BetterSqlite3.Statement>(),
    entriesOf: sqlite.prepare(
      'select account_id as accountId, amount from ledger_entries where transaction_id = ? order by id',
    ),
    account: sqlite.prepare(`select ${COLUMNS} from ledger_accounts where id = ?`),
    accountsOfUser: sqlite.prepare(`select ${COLUMNS} from ledger_accounts where user_id = ?`),
    insertTransaction: sqlite.prepare(
      'insert into ledger_transactions (kind, idempotency_key, memo, meta, created_at_ms) values (?, ?, ?, ?, ?)',
    ),
    // The new balance was computed from the one read in this same write transaction.
    setBalance: sqlite.prepare('update ledger_accounts set balance = ? where id = ?'),
    insertEntry: sqlite.prepare(
      `insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at_ms)
       values (?, ?, ?, ?, ?)`,
    ),
  }
}
