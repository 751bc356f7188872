import { sql } from 'kysely'
import { forUpdate, lockRows } from '../../db/lock'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { paiseToRupees } from '../../domain/money'
import {
  competitionRanks,
  DEFAULT_RAKE_BPS,
  distributePrizes,
  type PrizeRange,
  prizePool,
  tieredStructure,
  winnerCount,
} from '../../domain/prizes'
import { AppError, invalid, notFound } from '../../http/errors'
import {
  cancelAndRefund,
  decideAtLock,
  lockedActivity,
  prizeActivities,
  recordActivity,
  usernameOf,
  visibleContest,
  wasRemoved,
} from '../contests'
import { notify } from '../notifications/service'
import { championshipLabel, chargeChampionshipEntry, payChampionshipPool } from './ledger'

/**
 * Championship contests (issue 12 item 3; docs/championship.md "Championship contests"):
 * paid leagues on a series phase. A member enters with their classic team of that phase;
 * joining closes when the phase's first match starts (`lockPhaseContests`, from lockMatch:
 * unfilled ones that are not guaranteed are cancelled and refunded, the rest lock); members
 * rank on their team's phase total and the prizes go to winnings when the phase's last match
 * has ended (`settlePhaseContests`, from the phase's end).
 */

export interface PhaseWindow {
  phase_id: number
  series_id: number
  label: string
  /** The first phase match's start (ms); null for a phase without matches. */
  starts_at_ms: number | null
  /** Some phase match is past upcoming (locked, live, completed or abandoned). */
  started: boolean
}

export async function phaseWindow(db: Executor, phaseId: number): Promise<PhaseWindow | null> {
  const phase = await db
    .selectFrom('series_phases as p')
    .innerJoin('series as s', 's.id', 'p.series_id')
    .select(['p.id', 'p.series_id', 'p.name', 's.name as series_name'])
    .where('p.id', '=', phaseId)
    .executeTakeFirst()
  if (!phase) return null
  const matches = await db
    .selectFrom('matches')
    .select(['status', 'event_time_ms'])
    .where('phase_id', '=', phaseId)
    .execute()
  const starts = matches.map((m) => Number(m.event_time_ms))
  return {
    phase_id: phase.id,
    series_id: phase.series_id,
    label: `${phase.series_name} · ${phase.name}`,
    starts_at_ms: starts.length ? Math.min(...starts) : null,
    started: matches.some((m) => m.status !== 'upcoming'),
  }
}

/** Joining is closed once the phase's first match has started (or is due to). */
export function phaseLocked(w: PhaseWindow, nowMs: number): boolean {
  return w.started || (w.starts_at_ms !== null && w.starts_at_ms <= nowMs)
}

export interface NewChampionshipContest {
  name: string
  entry_fee_paise: number
  members_limit: number
  /** Ranks paid; default 30% of the spots (at least 1, never more rupees than the pool). */
  winner_count?: number
  guaranteed?: boolean
  rake_bps?: number
}

/**
 * The row of a new contest (seeds insert it inside their own transaction): prize pool = fee ×
 * spots less the rake, floored to the rupee, over `winner_count` ranks (default 30% of the
 * spots, at least 1, never more winners than rupees in the pool).
 */
export function championshipContestRow(phaseId: number, input: NewChampionshipContest, nowMs: number) {
  const rake = input.rake_bps ?? DEFAULT_RAKE_BPS
  const pool = prizePool(input.entry_fee_paise, input.members_limit, rake)
  const wanted = Math.min(
    input.members_limit,
    input.winner_count ?? Math.max(1, Math.floor(input.members_limit * 0.3)),
  )
  const winners = pool === 0 ? 0 : Math.max(1, Math.min(wanted, pool / 100))
  const structure: PrizeRange[] = tieredStructure(pool, winners)
  return {
    phase_id: phaseId,
    name: input.name,
    entry_fee_paise: input.entry_fee_paise,
    members_limit: input.members_limit,
    guaranteed: input.guaranteed ? 1 : 0,
    rake_bps: rake,
    prize_pool_paise: pool,
    prize_structure: JSON.stringify(structure),
    winner_count: winnerCount(structure),
    created_at_ms: nowMs,
  }
}

/** Creates a contest on a phase that has matches and has not started. */
export async function createChampionshipContest(deps: Deps, phaseId: number, input: NewChampionshipContest) {
  const window = await phaseWindow(deps.db, phaseId)
  if (!window) throw notFound('Series phase')
  if (window.starts_at_ms === null)
    throw invalid({ phase_id: ['has no matches; a championship contest needs a phase with matches'] })
  if (phaseLocked(window, deps.clock.now()))
    throw new AppError('EVENT_LOCKED', 'The phase has started; its contests are closed')
  if ((input.winner_count ?? 0) > input.members_limit)
    throw invalid({ winner_count: [`must be at most members_limit (${input.members_limit})`] })
  const row = await deps.db
    .insertInto('championship_contests')
    .values(championshipContestRow(phaseId, input, deps.clock.now()))
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Joins with the caller's classic team of the contest's phase (`classicTeamId` optional: a
 * player has one per phase). The seat (never beyond members_limit), the member row and the
 * entry fee happen in one transaction under the contest's row lock; lockPhaseContests takes
 * the same lock, so a join in flight at the phase's start finishes first and is counted.
 */
export async function joinChampionshipContest(
  deps: Deps,
  userId: number,
  contestId: number,
  classicTeamId?: number,
  inviteCode?: string,
): Promise<number> {
  return withTx(deps, (tx, after) =>
    joinChampionshipInTx(deps, tx, after, { userId, contestId, classicTeamId, inviteCode }),
  )
}

/** The join inside the caller's transaction (contest creation joins its creator in its own). */
export async function joinChampionshipInTx(
  deps: Deps,
  tx: Tx,
  after: AfterCommit,
  j: { userId: number; contestId: number; classicTeamId?: number; inviteCode?: string; creating?: boolean },
): Promise<number> {
  const { userId, contestId, classicTeamId } = j
  {
    await lockRows(tx, 'users', userId)
    await lockRows(tx, 'championship_contests', contestId)
    const contest = await tx
      .selectFrom('championship_contests')
      .selectAll()
      .where('id', '=', contestId)
      .executeTakeFirst()
    if (!contest) throw notFound('Contest')
    await visibleContest(tx, 'championship_contest', contest, { id: userId }, j.inviteCode)
    let teamQuery = tx
      .selectFrom('classic_teams')
      .select(['id', 'phase_id', 'user_id'])
      .where('user_id', '=', userId)
    teamQuery =
      classicTeamId === undefined
        ? teamQuery.where('phase_id', '=', contest.phase_id)
        : teamQuery.where('id', '=', classicTeamId)
    const team = await teamQuery.executeTakeFirst()
    if (!team)
      if (classicTeamId === undefined)
        throw invalid({ classic_team_id: ['create your championship team for this phase first'] })
      else throw notFound('Classic team')
    if (team.phase_id !== contest.phase_id) throw invalid({ classic_team_id: ['is for another phase'] })
    const window = (await phaseWindow(tx, contest.phase_id)) as PhaseWindow
    const now = deps.clock.now()
    if (phaseLocked(window, now))
      throw new AppError('EVENT_LOCKED', 'The phase has started; joining is closed')
    if (contest.status !== 'open') throw new AppError('CONTEST_CLOSED', `This contest is ${contest.status}`)
    if (await wasRemoved(tx, 'championship_contest', contestId, userId))
      throw new AppError('CONFLICT', 'The owner removed you from this contest; you cannot join it again')
    const joined = await tx
      .selectFrom('championship_contest_members')
      .select('id')
      .where('contest_id', '=', contestId)
      .where('classic_team_id', '=', team.id)
      .executeTakeFirst()
    if (joined) throw new AppError('ALREADY_JOINED', 'Your team has already joined this contest')
    const seat = await tx
      .updateTable('championship_contests')
      .set({ members_count: sql<number>`members_count + 1` })
      .where('id', '=', contestId)
      .where('members_count', '<', sql<number>`members_limit`)
      .executeTakeFirst()
    if (Number(seat.numUpdatedRows) === 0) throw new AppError('CONTEST_FULL', 'This contest is full')
    const fee = Number(contest.entry_fee_paise)
    await chargeChampionshipEntry(tx, after, {
      contestId,
      label: championshipLabel({ name: contest.name, phase_label: window.label }),
      classicTeamId: team.id,
      userId,
      feePaise: fee,
      nowMs: now,
    })
    const member = await tx
      .insertInto('championship_contest_members')
      .values({
        contest_id: contestId,
        user_id: userId,
        classic_team_id: team.id,
        entry_fee_paise: fee,
        joined_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (!j.creating)
      await recordActivity(
        tx,
        after,
        {
          type: 'championship_contest',
          contestId,
          kind: 'joined',
          userId,
          body: `${await usernameOf(tx, userId)} joined`,
          data: { member_id: member.id },
        },
        now,
      )
    return member.id
  }
}

/**
 * The phase has started (its first match locks): contests that did not fill and are not
 * guaranteed are cancelled with every fee back to unused balance, the rest lock. Runs inside
 * lockMatch's transaction for any match of the phase; only `open` contests are touched, so
 * every later match's lock finds nothing to do.
 */
export async function lockPhaseContests(tx: Tx, after: AfterCommit, phaseId: number, atMs: number) {
  const contests = await tx
    .selectFrom('championship_contests')
    .selectAll()
    .where('phase_id', '=', phaseId)
    .where('status', '=', 'open')
    .orderBy('id')
    .$call(forUpdate(tx))
    .execute()
  if (contests.length === 0) return
  const window = (await phaseWindow(tx, phaseId)) as PhaseWindow
  for (const c of contests) {
    const decision = await decideAtLock(
      tx,
      'championship_contest',
      c,
      'The contest did not fill before the phase started',
    )
    if (decision.action === 'cancel')
      await cancelChampionshipContest(tx, after, c, window.label, decision.reason, atMs)
    else {
      await tx
        .updateTable('championship_contests')
        .set({ status: 'locked', locked_at_ms: atMs, ...decision.rescaled })
        .where('id', '=', c.id)
        .execute()
      await lockedActivity(tx, after, 'championship_contest', c.id, decision, atMs)
    }
  }
}

/** Cancels a championship contest and refunds it (cancelAndRefund in contests), from its pool. */
export async function cancelChampionshipContest(
  tx: Tx,
  after: AfterCommit,
  contest: { id: number; name: string },
  phaseLabel: string,
  reason: string,
  nowMs: number,
  notifyKind: 'contest_cancelled' | 'contest_deleted' = 'contest_cancelled',
) {
  await cancelAndRefund(tx, after, {
    type: 'championship_contest',
    contest,
    reason,
    nowMs,
    notifyKind,
    refund: (byUser) =>
      payChampionshipPool(tx, after, {
        contestId: contest.id,
        label: championshipLabel({ name: contest.name, phase_label: phaseLabel }),
        kind: 'refund',
        byUser,
        nowMs,
      }),
  })
}

export interface PhaseSettlement {
  contests: number
  cancelled: number
  winners: number
  paid_paise: number
}

/**
 * The phase has ended (every match completed or abandoned; call after the phase totals are
 * final): each locked contest ranks its members on their team's phase total (ties share the
 * prizes of the positions they occupy) and pays winnings, once — a contest settles only from
 * `locked`, under its row lock, in the transaction that pays it. Contests still open (no lock
 * ran) are locked first; a phase none of whose matches completed refunds instead.
 */
export async function settlePhaseContests(deps: Deps, phaseId: number): Promise<PhaseSettlement> {
  const report: PhaseSettlement = { contests: 0, cancelled: 0, winners: 0, paid_paise: 0 }
  const matches = await deps.db
    .selectFrom('matches')
    .select(['status', 'event_time_ms'])
    .where('phase_id', '=', phaseId)
    .execute()
  if (matches.length === 0 || matches.some((m) => m.status !== 'completed' && m.status !== 'abandoned'))
    return report
  const played = matches.some((m) => m.status === 'completed')
  const window = (await phaseWindow(deps.db, phaseId)) as PhaseWindow
  await withTx(deps, (tx, after) => lockPhaseContests(tx, after, phaseId, deps.clock.now()))
  const ids = await deps.db
    .selectFrom('championship_contests')
    .select('id')
    .where('phase_id', '=', phaseId)
    .where('status', '=', 'locked')
    .orderBy('id')
    .execute()
  for (const { id } of ids)
    await withTx(deps, async (tx, after) => {
      // Two processes ending one phase: the second waits here, then finds it settled.
      const contest = await tx
        .selectFrom('championship_contests')
        .selectAll()
        .where('id', '=', id)
        .$call(forUpdate(tx))
        .executeTakeFirstOrThrow()
      if (contest.status !== 'locked') return
      const now = deps.clock.now()
      if (!played) {
        await cancelChampionshipContest(
          tx,
          after,
          contest,
          window.label,
          'Every match of the phase was abandoned',
          now,
        )
        report.cancelled++
        return
      }
      const byUser = await rankAndPrize(tx, contest)
      await payChampionshipPool(tx, after, {
        contestId: id,
        label: championshipLabel({ name: contest.name, phase_label: window.label }),
        kind: 'prizes',
        byUser,
        nowMs: now,
      })
      await tx
        .updateTable('championship_contests')
        .set({ status: 'completed', settled_at_ms: now })
        .where('id', '=', id)
        .execute()
      if (contest.created_by_id !== null)
        await prizeActivities(tx, after, id, byUser, now, 'championship_contest')
      for (const [userId, amount] of byUser)
        await notify(
          tx,
          after,
          userId,
          {
            kind: 'contest_won',
            body: `You won ₹${paiseToRupees(amount)} in ${contest.name}! It is in your winnings.`,
            data: { championship_contest_id: id, amount: paiseToRupees(amount) },
          },
          now,
        )
      report.contests++
      report.winners += byUser.size
      for (const amount of byUser.values()) report.paid_paise += amount
    })
  if (report.contests + report.cancelled > 0)
    deps.log.info('championship contests settled', { phase_id: phaseId, ...report })
  return report
}

/** Final score, rank and prize on every member row; what each user wins. */
async function rankAndPrize(tx: Tx, contest: { id: number; prize_structure: string }) {
  const members = await tx
    .selectFrom('championship_contest_members as m')
    .innerJoin('classic_teams as t', 't.id', 'm.classic_team_id')
    .select(['m.id', 'm.user_id', 't.score_x2'])
    .where('m.contest_id', '=', contest.id)
    .orderBy('m.id')
    .execute()
  const ranks = competitionRanks(members.map((m) => Number(m.score_x2)))
  const prizes = distributePrizes(
    JSON.parse(contest.prize_structure) as PrizeRange[],
    members.map((m, i) => ({ id: m.id, rank: ranks[i] as number })),
  )
  const byUser = new Map<number, number>()
  for (const [i, m] of members.entries()) {
    const prize = prizes[i] as number
    await tx
      .updateTable('championship_contest_members')
      .set({ score_x2: Number(m.score_x2), rank: ranks[i] as number, prize_paise: prize })
      .where('id', '=', m.id)
      .execute()
    if (prize > 0) byUser.set(m.user_id, (byUser.get(m.user_id) ?? 0) + prize)
  }
  return byUser
}
