import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { hasRow, rowWhere } from '../../db/query'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import {
  DEFAULT_RAKE_BPS,
  type PrizeRange,
  prizePool,
  tieredStructure,
  winnerCount,
} from '../../domain/prizes'
import { AppError, invalid, notFound } from '../../http/errors'
import { recordJoined, takeSeat, visibleContest, wasRemoved } from '../contests'
import { championshipLabel, chargeChampionshipEntry } from './ledger'
import { type PhaseWindow, phaseLocked, phaseWindow } from './phase-window'

/**
 * Championship contests (docs/championship.md "Championship contests"):
 * paid leagues on a series phase. A member enters with their classic team of that phase;
 * joining closes when the phase's first match starts (`lockPhaseContests`, from lockMatch:
 * unfilled ones that are not guaranteed are cancelled and refunded, the rest lock); members
 * rank on their team's phase total and the prizes go to winnings when the phase's last match
 * has ended (`settlePhaseContests`, from the phase's end).
 */

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
// Long: as joinInTx, the checks, seat and fee of a join in their order in one transaction.
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
    const contest = await rowWhere(tx, 'championship_contests', { id: contestId })
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
    const joined = await hasRow(tx, 'championship_contest_members', {
      contest_id: contestId,
      classic_team_id: team.id,
    })
    if (joined) throw new AppError('ALREADY_JOINED', 'Your team has already joined this contest')
    if (!(await takeSeat(tx, 'championship_contests', contestId)))
      throw new AppError('CONTEST_FULL', 'This contest is full')
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
      await recordJoined(
        tx,
        after,
        { type: 'championship_contest', contestId, userId, memberId: member.id },
        now,
      )
    return member.id
  }
}

// The area's API: locking, cancelling and settling live in their own files.
export { cancelChampionshipContest, lockPhaseContests } from './lock'
export { type PhaseWindow, phaseLocked, phaseWindow } from './phase-window'
export { type PhaseSettlement, settlePhaseContests } from './settle'
