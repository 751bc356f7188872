import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { AfterCommit, Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import type { PercentRange } from '../../domain/contest-creation'
import { ordinal, payouts, type ResultRow, standings, validateResults } from '../../domain/esports/results'
import { DISPUTE_WINDOW_HOURS } from '../../domain/esports/rules'
import { paiseToRupees } from '../../domain/money'
import type { Rng } from '../../domain/rng'
import { AppError, invalid } from '../../http/errors'
import { simulateResults } from '../../sim/esports-results'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId, userBalances } from '../ledger'
import { notify } from '../notifications'
import {
  type Caller,
  type EsportsContestRow,
  esportsContestStream,
  esportsPoolCode,
  hostedContest,
  squadsBySlot,
} from './core'
import { esportsMemo, esportsPoolAccount } from './money'
import { afterLobbyResults } from './tournament-results'

/**
 * Results of an esports contest (docs/esports.md "Results, payouts and corrections"): the host
 * or an admin enters placements and kills (or lets the simulator draw them) once the match has
 * started and the squads are locked. Version 1 settles the contest: prizes from the pool to
 * the members' winnings, the pool's leftover to the house. A later version is a correction:
 * each member's difference is posted (from the house, or back from the member), never edited.
 */

/** Disputes are taken this long after the latest version of the results. */
export const DISPUTE_WINDOW_MS = DISPUTE_WINDOW_HOURS * 60 * 60 * 1000

export interface ResultsInput {
  results?: ResultRow[]
  simulate?: boolean
  note?: string | null
}

export async function enterResults(
  deps: Deps,
  caller: Caller,
  contestId: number,
  input: ResultsInput,
): Promise<number> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'esports_contests', contestId)
    const contest = await hostedContest(tx, contestId, caller)
    const now = deps.clock.now()
    if (contest.status !== 'locked' && contest.status !== 'completed')
      throw new AppError(
        'CONFLICT',
        contest.status === 'open'
          ? 'The squads are not locked yet: results come after the room is played'
          : `The contest is ${contest.status}`,
      )
    if (now < contest.starts_at_ms)
      throw new AppError('CONFLICT', 'The match has not started yet: results come after the start')
    const version = await recordResults(tx, after, contest, caller, input, { nowMs: now, rng: deps.rng })
    if (contest.round_id !== null) await afterLobbyResults(tx, after, deps, contest.id)
    return version
  })
}

/**
 * The results written, paid and announced, inside the caller's transaction (which holds the
 * contest's row lock and has checked who and when): the next version stored, squads and
 * members updated, the money posted, members notified, the live messages queued. The seeds
 * use it too (a finished room of the demo league). Returns the version.
 */
export async function recordResults(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  caller: Caller,
  input: ResultsInput,
  ctx: { nowMs: number; rng: Rng },
): Promise<number> {
  const now = ctx.nowMs
  const squads = await squadsBySlot(tx, contest.id)
  const members = await tx
    .selectFrom('esports_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.squad_id', 'm.user_id', 'm.position', 'm.refunded', 'm.prize_paise', 'u.username'])
    .where('m.contest_id', '=', contest.id)
    .orderBy('m.id')
    .execute()
  const paying = members.filter((m) => !m.refunded)
  const version = Number(contest.results_version) + 1
  const rows = input.simulate
    ? simulateResults(
        ctx.rng.stream(`esports:results:${contest.id}:v${version}`),
        squads.map((s) => ({
          id: s.id,
          member_ids: paying.filter((m) => m.squad_id === s.id).map((m) => m.id),
        })),
        contest.game,
      )
    : (input.results ?? [])
  const { table, pay } = standingsAndPayouts(contest, rows, squads, members)
  await tx
    .insertInto('esports_results')
    .values({
      contest_id: contest.id,
      version,
      source: input.simulate ? 'simulator' : contest.host_id === caller.id ? 'host' : 'admin',
      entered_by_id: caller.id,
      results: JSON.stringify(
        rows.map((r) => ({ squad_id: r.squad_id, placement: r.placement, kills: r.kills })),
      ),
      note: input.note ?? null,
      created_at_ms: now,
    })
    .execute()
  const outcome: Outcome = { contest, version, table, pay, paying, now }
  await storeStandings(tx, outcome)
  await postPrizes(tx, after, outcome)
  await tellMembers(tx, after, outcome)
  after.publish(esportsContestStream(contest.id), { type: 'results', version })
  after.publish(esportsContestStream(contest.id), { type: 'standings' })
  return version
}

/** The standings and payouts of a version's rows, once they are checked against the squads (422 otherwise). */
function standingsAndPayouts(
  contest: EsportsContestRow,
  rows: ResultRow[],
  squads: Array<{ id: number; name: string }>,
  members: Array<{ id: number; squad_id: number; position: number; refunded: number }>,
) {
  const paying = members.filter((m) => !m.refunded)
  const problems = validateResults(
    squads.map((s) => ({
      id: s.id,
      name: s.name,
      players: paying.filter((m) => m.squad_id === s.id).length,
    })),
    rows,
    contest,
  )
  if (problems) throw invalid(problems, Object.values(problems).flat()[0])
  const table = standings(contest.game, rows)
  const pay = payouts(
    {
      entry_fee_paise: Number(contest.entry_fee_paise),
      rake_bps: Number(contest.rake_bps),
      per_kill_paise: Number(contest.per_kill_paise),
      prize_percents: JSON.parse(contest.prize_percents) as PercentRange[],
    },
    table,
    members.map((m) => ({
      id: m.id,
      squad_id: m.squad_id,
      position: m.position,
      refunded: m.refunded === 1,
    })),
  )
  return { table, pay }
}

/** A version of the results worked out: its standings and payouts, and who they pay. */
interface Outcome {
  contest: EsportsContestRow
  version: number
  table: ReturnType<typeof standings>
  pay: ReturnType<typeof payouts>
  paying: Array<MemberMoney & { squad_id: number; prize_paise: number | string }>
  now: number
}

/** Each squad's placement, kills, points, rank and prize written on its row. */
async function storeStandings(tx: Tx, { table, pay }: Outcome): Promise<void> {
  const bySquad = new Map(pay.squads.map((s) => [s.squad_id, s]))
  for (const s of table)
    await tx
      .updateTable('esports_squads')
      .set({
        placement: s.placement,
        kills: s.kills,
        points: s.points,
        rank: s.rank,
        prize_paise: bySquad.get(s.squad_id)?.total ?? 0,
      })
      .where('id', '=', s.squad_id)
      .execute()
}

/**
 * The money of a version: the first pays the prizes and the rake and completes the contest;
 * a later one posts only each member's difference from what they were paid.
 */
async function postPrizes(tx: Tx, after: AfterCommit, o: Outcome): Promise<void> {
  const { contest, version, pay, now } = o
  const settling = version === 1
  for (const m of o.paying) {
    const prize = pay.members.get(m.id) ?? 0
    const diff = prize - Number(m.prize_paise)
    if (settling) {
      if (prize > 0) await payPrize(tx, after, contest, m, prize, version, now)
    } else if (diff !== 0) await correct(tx, after, contest, m, diff, version, now)
    if (prize !== Number(m.prize_paise) || settling)
      await tx.updateTable('esports_members').set({ prize_paise: prize }).where('id', '=', m.id).execute()
  }
  if (settling) {
    await rakeToHouse(tx, after, contest, now)
    await tx
      .updateTable('esports_contests')
      .set({ status: 'completed', settled_at_ms: now, results_version: version })
      .where('id', '=', contest.id)
      .execute()
  } else
    await tx
      .updateTable('esports_contests')
      .set({ results_version: version })
      .where('id', '=', contest.id)
      .execute()
}

/** Every paying member told their squad's rank and their prize (or that the results were corrected). */
async function tellMembers(
  tx: Tx,
  after: AfterCommit,
  { contest, version, table, pay, paying, now }: Outcome,
) {
  const settling = version === 1
  const standingOf = new Map(table.map((s) => [s.squad_id, s]))
  for (const m of paying) {
    const s = standingOf.get(m.squad_id)
    const prize = pay.members.get(m.id) ?? 0
    const what = settling ? `Results of ${contest.name}` : `Results of ${contest.name} were corrected`
    await notify(
      tx,
      after,
      m.user_id,
      {
        kind: settling ? 'esports_results' : 'esports_results_corrected',
        body: `${what}: your squad ranked ${ordinal(s?.rank ?? 0)}${prize > 0 ? ` and you won ₹${paiseToRupees(prize)}` : ''}`,
        data: {
          esports_contest_id: contest.id,
          version,
          rank: s?.rank ?? null,
          prize: paiseToRupees(prize),
          link: `/contests/${contest.id}/${contest.game}-update`,
        },
      },
      now,
    )
  }
}

type MemberMoney = { id: number; user_id: number; username: string }

const prizeKey = (contestId: number, version: number, memberId: number) =>
  `esports_contest:${contestId}:prize:v${version}:member:${memberId}`

async function payPrize(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  m: MemberMoney,
  amount: number,
  version: number,
  nowMs: number,
): Promise<void> {
  await post(
    tx,
    {
      kind: 'esports_prize',
      idempotencyKey: prizeKey(contest.id, version, m.id),
      memo: esportsMemo('Winnings', contest),
      meta: { esports_contest_id: contest.id, member_id: m.id, version },
      lines: [
        { accountId: await esportsPoolAccount(tx, contest.id, nowMs), amount: -amount },
        { accountId: await userAccountId(tx, m.user_id, 'winnings'), amount },
      ],
      nowMs,
    },
    after,
  )
}

/** What the prizes left in the pool (the rake, and ranks nobody held) goes to the house: the pool ends at 0. */
async function rakeToHouse(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  nowMs: number,
): Promise<void> {
  const pool = await esportsPoolAccount(tx, contest.id, nowMs)
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', esportsPoolCode(contest.id))
    .executeTakeFirstOrThrow()
  const left = Number(row.balance)
  if (left === 0) return
  const house = await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', nowMs)
  await post(
    tx,
    {
      kind: 'esports_rake',
      idempotencyKey: `esports_contest:${contest.id}:rake`,
      memo: `Rake · ${contest.name}`,
      meta: { esports_contest_id: contest.id },
      lines: [
        { accountId: pool, amount: -left },
        { accountId: house, amount: left },
      ],
      nowMs,
    },
    after,
  )
}

/**
 * A correction's difference for one member: more from the house into winnings; less back from
 * the member's winnings, then unused, to the house — 409 naming the player when they have
 * spent it (the whole correction then changes nothing).
 */
async function correct(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  m: MemberMoney,
  diff: number,
  version: number,
  nowMs: number,
): Promise<void> {
  const house = await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', nowMs)
  const lines: Array<{ accountId: number; amount: number }> = []
  if (diff > 0)
    lines.push(
      { accountId: house, amount: -diff },
      { accountId: await userAccountId(tx, m.user_id, 'winnings'), amount: diff },
    )
  else {
    const back = -diff
    await lockRows(tx, 'users', m.user_id)
    const balances = await userBalances(tx, m.user_id)
    const fromWinnings = Math.min(balances.winnings, back)
    const fromUnused = Math.min(balances.unused, back - fromWinnings)
    if (fromWinnings + fromUnused < back)
      throw new AppError(
        'CONFLICT',
        `${m.username} has only ₹${paiseToRupees(fromWinnings + fromUnused)} of the ₹${paiseToRupees(back)} this correction takes back; nothing was changed`,
      )
    lines.push({ accountId: house, amount: back })
    if (fromWinnings > 0)
      lines.push({ accountId: await userAccountId(tx, m.user_id, 'winnings'), amount: -fromWinnings })
    if (fromUnused > 0)
      lines.push({ accountId: await userAccountId(tx, m.user_id, 'unused'), amount: -fromUnused })
  }
  await post(
    tx,
    {
      kind: 'esports_correction',
      idempotencyKey: `esports_contest:${contest.id}:correction:v${version}:member:${m.id}`,
      memo: esportsMemo('Correction', contest),
      meta: { esports_contest_id: contest.id, member_id: m.id, version },
      lines,
      nowMs,
    },
    after,
  )
}
