import type { AfterCommit, Tx } from '../../db/tx'
import { splitDebit } from '../../domain/ledger'
import { AppError } from '../../http/errors'
import {
  type AccountRow,
  type PostingRequest,
  type PostingResult,
  post,
  postMany,
  type RawHandles,
  readAccounts,
  SYSTEM_ACCOUNTS,
  systemAccountId,
  userAccountId,
  userBalances,
} from '../ledger'

/**
 * What a passbook line says about a contest: its name and its match, as the player saw them
 * when joining ("Entry fee · Mega Contest, MUM vs AHM"), never its id.
 */
export function contestMemo(
  kind: 'contest_entry' | 'contest_prizes' | 'contest_refund',
  label: string,
): string {
  const what = { contest_entry: 'Entry fee', contest_prizes: 'Winnings', contest_refund: 'Refund' }[kind]
  return `${what} · ${label}`
}

/** "Mega Contest, MUM vs AHM": how a contest is named on a passbook line. */
export const contestLabel = (c: { name: string; match_title: string }) => `${c.name}, ${c.match_title}`

/** Every contest collects its entry fees in its own pool account, emptied when it settles. */
export const poolCode = (contestId: number) => `contest:${contestId}:pool`

export function contestPoolAccount(tx: Tx, contestId: number, nowMs: number): Promise<number> {
  return systemAccountId(tx, poolCode(contestId), 'INR', nowMs)
}

/**
 * The lines of an entry fee (a contest's, a bot's stake): `fee` into the account `to` gives,
 * out of the payer's unused balance first, then winnings (409 INSUFFICIENT_BALANCE if short).
 * `to` is asked after the balance check, before the payer's accounts, as every entry did.
 */
export async function entryFeeLines(
  tx: Tx,
  payerId: number,
  fee: number,
  to: () => Promise<number>,
): Promise<Array<{ accountId: number; amount: number }>> {
  const split = splitDebit(fee, await userBalances(tx, payerId))
  if (!split.sufficient)
    throw new AppError('INSUFFICIENT_BALANCE', 'Not enough balance to pay the entry fee; add cash first')
  const lines = [{ accountId: await to(), amount: fee }]
  if (split.fromUnused > 0)
    lines.push({ accountId: await userAccountId(tx, payerId, 'unused'), amount: -split.fromUnused })
  if (split.fromWinnings > 0)
    lines.push({ accountId: await userAccountId(tx, payerId, 'winnings'), amount: -split.fromWinnings })
  return lines
}

/**
 * Posts an entry fee (of a daily, championship or esports contest): the lines of
 * `entryFeeLines`, under the posting's kind, key, memo and meta.
 */
export async function postEntryFee(
  tx: Tx,
  after: AfterCommit,
  fee: { payerId: number; paise: number; to: () => Promise<number> },
  posting: Omit<PostingRequest, 'lines'>,
): Promise<PostingResult> {
  const lines = await entryFeeLines(tx, fee.payerId, fee.paise, fee.to)
  return post(tx, { ...posting, lines }, after)
}

/** Entry fee: unused balance first, then winnings, into the contest pool. */
export async function chargeEntry(
  tx: Tx,
  after: AfterCommit,
  entry: {
    contestId: number
    /** `contestLabel(contest)`, for the passbook line. */
    label: string
    teamId: number
    userId: number
    feePaise: number
    nowMs: number
  },
): Promise<number | null> {
  if (entry.feePaise === 0) return null
  const to = () => contestPoolAccount(tx, entry.contestId, entry.nowMs)
  const result = await postEntryFee(
    tx,
    after,
    { payerId: entry.userId, paise: entry.feePaise, to },
    {
      kind: 'contest_entry',
      // One entry per team per contest: the key makes a retried join pay once.
      idempotencyKey: `contest:${entry.contestId}:entry:team:${entry.teamId}`,
      memo: contestMemo('contest_entry', entry.label),
      meta: { contest_id: entry.contestId, user_team_id: entry.teamId },
      nowMs: entry.nowMs,
    },
  )
  return result.transactionId
}

export interface PoolPayout {
  contestId: number
  /** `contestLabel(contest)`, for the passbook lines. */
  label: string
  kind: 'contest_prizes' | 'contest_refund'
  compartment: 'winnings' | 'unused'
  byUser: Map<number, number>
  nowMs: number
}

/** Pays each account its total (several entries of one user are added up: one line per account). */
export async function payFromPool(
  tx: Tx,
  after: AfterCommit,
  p: PoolPayout & {
    /** Settlement on SQLite: accounts and posting through prepared statements. */
    raw?: RawHandles
  },
): Promise<void> {
  await payFromPools(tx, after, [p], p.raw)
}

/**
 * Empties contest pools into their winners' (or members') accounts: one posting per contest,
 * keyed `contest:<id>:<kind>`, so paying twice pays once. The pool empties: what it cannot
 * cover the house tops up (guaranteed prizes); what is left over is the house's rake.
 * Settlement hands over a whole batch of contests; with `raw` (SQLite) the accounts are read
 * ahead in user order and the postings made together (`postMany`), without an await between
 * the reads and the writes.
 */
export async function payFromPools(
  tx: Tx,
  after: AfterCommit,
  payouts: PoolPayout[],
  raw?: RawHandles,
): Promise<void> {
  if (payouts.length === 0) return
  const nowMs = (payouts[0] as PoolPayout).nowMs
  const pools = payouts.map((p) => poolCode(p.contestId))
  const paidOut = (p: PoolPayout) => [...p.byUser.values()].reduce((sum, a) => sum + Math.max(0, a), 0)
  if (!raw) {
    let house: number | undefined
    const requests: PostingRequest[] = []
    for (const p of payouts) {
      const pool = await systemAccountId(tx, poolCode(p.contestId), 'INR', nowMs)
      const row = await tx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('id', '=', pool)
        .executeTakeFirstOrThrow()
      const winners = new Map<number, number>()
      for (const [userId, amount] of p.byUser)
        if (amount > 0) winners.set(await userAccountId(tx, userId, p.compartment), amount)
      if (Number(row.balance) !== paidOut(p))
        house ??= await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', nowMs)
      const request = poolPosting(p, pool, Number(row.balance), winners, house)
      if (request) requests.push(request)
    }
    await postMany(tx, requests, after)
    return
  }
  // Missing pools (and the house, if it has to square up) are created first: a Kysely insert.
  const ahead = readAccounts(raw, [], [SYSTEM_ACCOUNTS.house.code, ...pools])
  const found = new Map([...ahead.byId.values()].map((a) => [a.code, a]))
  for (const code of pools) if (!found.has(code)) await systemAccountId(tx, code, 'INR', nowMs)
  const squares = payouts.some((p) => Number(found.get(poolCode(p.contestId))?.balance ?? 0) !== paidOut(p))
  if (squares && !found.has(SYSTEM_ACCOUNTS.house.code))
    await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', nowMs)
  const codes = squares ? [SYSTEM_ACCOUNTS.house.code, ...pools] : pools

  // From here on, no await until the postings are written.
  const users = payouts.flatMap((p) =>
    [...p.byUser].flatMap(([userId, amount]) => (amount > 0 ? [userId] : [])),
  )
  // Only the compartment the prizes go to (one for every payout of a settlement).
  const kinds = [...new Set(payouts.map((p) => p.compartment))]
  const known = readAccounts(raw, users, codes, kinds.length === 1 ? kinds[0] : undefined)
  const byCode = new Map([...known.byId.values()].map((a) => [a.code, a]))
  for (const code of codes)
    if ((byCode.get(code) as AccountRow).currency !== 'INR')
      throw new Error(`account ${code} does not hold INR`)
  const house = byCode.get(SYSTEM_ACCOUNTS.house.code)?.id
  const requests: PostingRequest[] = []
  for (const p of payouts) {
    const pool = byCode.get(poolCode(p.contestId)) as AccountRow
    const winners = new Map<number, number>()
    for (const [userId, amount] of p.byUser) {
      if (amount <= 0) continue
      // The compartment's account: createUserAccounts gives every user one of each kind.
      const account = known.byUser.get(userId)?.find((a) => a.kind === p.compartment)
      if (!account) throw new AppError('NOT_FOUND', 'Wallet not found')
      winners.set(account.id, amount)
    }
    const request = poolPosting(p, pool.id, Number(pool.balance), winners, house)
    if (request) requests.push(request)
  }
  await postMany(tx, requests, after, raw, known)
}

/** The posting that empties one pool: winners credited, the pool debited, the house squaring up. */
function poolPosting(
  p: PoolPayout,
  pool: number,
  collected: number,
  winners: Map<number, number>,
  house: number | undefined,
): PostingRequest | null {
  const lines: Array<{ accountId: number; amount: number }> = []
  let paid = 0
  for (const [accountId, amount] of winners) {
    lines.push({ accountId, amount })
    paid += amount
  }
  if (collected !== 0) lines.push({ accountId: pool, amount: -collected })
  if (collected - paid !== 0) {
    if (house === undefined) throw new Error('the house account is needed to square a pool')
    lines.push({ accountId: house, amount: collected - paid })
  }
  if (lines.length < 2) return null
  return {
    kind: p.kind,
    idempotencyKey: `contest:${p.contestId}:${p.kind}`,
    memo: contestMemo(p.kind, p.label),
    meta: { contest_id: p.contestId },
    lines,
    nowMs: p.nowMs,
  }
}
