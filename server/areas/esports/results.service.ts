import { isUniqueViolation } from '../../db/errors'
import { lockRows } from '../../db/lock'
import type { AfterCommit, Executor, Tx } from '../../db/tx'
import { withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import type { PercentRange } from '../../domain/contest-creation'
import { ordinal, payouts, type ResultRow, standings, validateResults } from '../../domain/esports/results'
import { DISPUTE_WINDOW_HOURS } from '../../domain/esports/rules'
import { paiseToRupees } from '../../domain/money'
import type { Rng } from '../../domain/rng'
import { AppError, invalid, notFound } from '../../http/errors'
import { simulateResults } from '../../sim/esports-results'
import { visibleContest } from '../contest-creation/visibility'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId, userBalances } from '../ledger'
import { notify } from '../notifications'
import {
  type Caller,
  type EsportsContestRow,
  esportsContestStream,
  esportsPoolCode,
  findContest,
  hostedContest,
  isAdmin,
  memberRow,
} from './core'
import { esportsMemo, esportsPoolAccount } from './money'
import { afterLobbyResults } from './tournament-progress'

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
  const squads = await tx
    .selectFrom('esports_squads')
    .select(['id', 'name', 'slot_no'])
    .where('contest_id', '=', contest.id)
    .orderBy('slot_no')
    .orderBy('id')
    .execute()
  const members = await tx
    .selectFrom('esports_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.squad_id', 'm.user_id', 'm.position', 'm.refunded', 'm.prize_paise', 'u.username'])
    .where('m.contest_id', '=', contest.id)
    .orderBy('m.id')
    .execute()
  const paying = members.filter((m) => !m.refunded)
  const version = Number(contest.results_version) + 1
  let rows: ResultRow[]
  if (input.simulate) {
    const stream = ctx.rng.stream(`esports:results:${contest.id}:v${version}`)
    rows = simulateResults(
      stream,
      squads.map((s) => ({
        id: s.id,
        member_ids: paying.filter((m) => m.squad_id === s.id).map((m) => m.id),
      })),
      contest.game,
    )
  } else rows = input.results ?? []
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

  const settling = version === 1
  for (const m of paying) {
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
  after.publish(esportsContestStream(contest.id), { type: 'results', version })
  after.publish(esportsContestStream(contest.id), { type: 'standings' })
  return version
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

const rupees = (paise: number | string) => paiseToRupees(Number(paise))

/** The results as anyone who may see the contest sees them; 404 before any. */
export async function resultsJson(db: Executor, caller: Caller, contestId: number, nowMs: number) {
  const contest = await visibleContest(db, 'esports_contest', contestId, caller)
  if (Number(contest.results_version) === 0) throw notFound('Results')
  const versions = await db
    .selectFrom('esports_results as r')
    .innerJoin('users as u', 'u.id', 'r.entered_by_id')
    .select(['r.version', 'r.source', 'r.note', 'r.created_at_ms', 'u.id as user_id', 'u.slug', 'u.username'])
    .where('r.contest_id', '=', contest.id)
    .orderBy('r.version', 'desc')
    .execute()
  const latest = versions[0]
  if (!latest) throw notFound('Results')
  const squads = await db
    .selectFrom('esports_squads')
    .select(['id', 'name', 'placement', 'kills', 'points', 'rank', 'prize_paise'])
    .where('contest_id', '=', contest.id)
    .orderBy('rank')
    .orderBy('placement')
    .execute()
  const members = await db
    .selectFrom('esports_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.squad_id',
      'm.user_id',
      'm.position',
      'm.prize_paise',
      'm.in_game_name',
      'u.slug',
      'u.username',
    ])
    .where('m.contest_id', '=', contest.id)
    .where('m.refunded', '=', 0)
    .orderBy('m.position')
    .orderBy('m.id')
    .execute()
  const mine = members.find((m) => m.user_id === caller.id)
  const isHost = contest.host_id === caller.id || isAdmin(caller)
  return {
    contest_id: contest.id,
    version: Number(latest.version),
    source: latest.source,
    note: latest.note,
    my_squad_id: mine ? mine.squad_id : null,
    can_correct: isHost,
    can_dispute: !!mine && nowMs <= Number(latest.created_at_ms) + DISPUTE_WINDOW_MS,
    disputes_close_at_in_millis: Number(latest.created_at_ms) + DISPUTE_WINDOW_MS,
    standings: squads.map((s) => ({
      rank: s.rank ?? 0,
      squad: { id: s.id, name: s.name },
      placement: s.placement ?? 0,
      kills: s.kills ?? 0,
      points: s.points ?? 0,
      prize: rupees(s.prize_paise),
      members: members
        .filter((m) => m.squad_id === s.id)
        .map((m) => ({
          id: m.id,
          user: { id: m.user_id, slug: m.slug, username: m.username },
          in_game_name: m.in_game_name,
          prize: rupees(m.prize_paise),
        })),
    })),
    versions: versions.map((v) => ({
      version: Number(v.version),
      source: v.source,
      note: v.note,
      entered_by: { id: v.user_id, slug: v.slug, username: v.username },
      created_at_in_millis: Number(v.created_at_ms),
    })),
  }
}

export interface DisputeInput {
  text: string
  squad_id?: number
}

/**
 * A member disputes the results: a report of the contest in the admins' queue (subject type
 * `esports_contest`, reason `wrong_results`), within 24 hours of the latest version. The host
 * and the admins are notified. One open dispute per member and contest.
 */
export async function disputeResults(
  deps: Deps,
  caller: Caller,
  contestId: number,
  input: DisputeInput,
): Promise<number> {
  try {
    return await withTx(deps, async (tx, after) => {
      await lockRows(tx, 'users', caller.id)
      const contest = await findContest(tx, contestId)
      if (!contest || !(await memberRow(tx, contestId, caller.id))) throw notFound('Contest')
      const now = deps.clock.now()
      const latest = await tx
        .selectFrom('esports_results')
        .select(['version', 'created_at_ms'])
        .where('contest_id', '=', contest.id)
        .orderBy('version', 'desc')
        .executeTakeFirst()
      if (!latest) throw new AppError('CONFLICT', 'There are no results to dispute yet')
      if (now > Number(latest.created_at_ms) + DISPUTE_WINDOW_MS)
        throw new AppError('CONFLICT', 'Disputes close 24 hours after the results were entered')
      let about = ''
      if (input.squad_id !== undefined) {
        const squad = await tx
          .selectFrom('esports_squads')
          .select('name')
          .where('id', '=', input.squad_id)
          .where('contest_id', '=', contest.id)
          .executeTakeFirst()
        if (!squad) throw invalid({ squad_id: ['is not a squad of this contest'] })
        about = `About ${squad.name}: `
      }
      const open = await tx
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', caller.id)
        .where('contest_type', '=', 'esports_contest')
        .where('contest_id', '=', contest.id)
        .where('status', '=', 'open')
        .executeTakeFirst()
      if (open) throw alreadyDisputed()
      const row = await tx
        .insertInto('reports')
        .values({
          reporter_id: caller.id,
          contest_type: 'esports_contest',
          contest_id: contest.id,
          reason: 'wrong_results',
          text: `${about}${input.text}`,
          created_at_ms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const admins = await tx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .orderBy('id')
        .execute()
      const told = new Set([contest.host_id, ...admins.map((a) => a.id)])
      told.delete(caller.id)
      const who = await tx
        .selectFrom('users')
        .select('username')
        .where('id', '=', caller.id)
        .executeTakeFirstOrThrow()
      for (const userId of told)
        await notify(
          tx,
          after,
          userId,
          {
            kind: 'esports_dispute',
            body: `${who.username} disputed the results of ${contest.name} (version ${latest.version})`,
            data: {
              esports_contest_id: contest.id,
              report_id: Number(row.id),
              version: Number(latest.version),
            },
          },
          now,
        )
      return Number(row.id)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyDisputed()
    throw error
  }
}

const alreadyDisputed = () =>
  new AppError('CONFLICT', 'You already disputed these results; an admin will look at it soon')

/**
 * What the results page needs before (and besides) the results: the contest as the caller
 * sees it and its squads with their players — the host's form has one row per squad. Anyone
 * who may see the contest (404 otherwise).
 */
export async function resultsSheet(db: Executor, caller: Caller, contestId: number, nowMs: number) {
  const contest = await visibleContest(db, 'esports_contest', contestId, caller)
  const squads = await db
    .selectFrom('esports_squads')
    .select(['id', 'name', 'slot_no'])
    .where('contest_id', '=', contest.id)
    .orderBy('slot_no')
    .orderBy('id')
    .execute()
  const members = await db
    .selectFrom('esports_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.squad_id', 'm.user_id', 'm.in_game_name', 'u.slug', 'u.username'])
    .where('m.contest_id', '=', contest.id)
    .where('m.refunded', '=', 0)
    .orderBy('m.position')
    .orderBy('m.id')
    .execute()
  const mine = members.find((m) => m.user_id === caller.id)
  const canEnter =
    (contest.host_id === caller.id || isAdmin(caller)) &&
    (contest.status === 'locked' || contest.status === 'completed') &&
    nowMs >= contest.starts_at_ms
  return {
    contest: {
      id: contest.id,
      name: contest.name,
      game: contest.game,
      mode: contest.mode,
      status: contest.status,
      starts_at_in_millis: Number(contest.starts_at_ms),
      results_version: Number(contest.results_version),
      is_host: contest.host_id === caller.id,
    },
    can_enter: canEnter,
    my_squad_id: mine ? mine.squad_id : null,
    squads: squads.map((s) => ({
      id: s.id,
      name: s.name,
      players: members
        .filter((m) => m.squad_id === s.id)
        .map((m) => ({
          user: { id: m.user_id, slug: m.slug, username: m.username },
          in_game_name: m.in_game_name,
        })),
    })),
  }
}
