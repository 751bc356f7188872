import type { Deps } from '../../core/deps'
import { forUpdate } from '../../db/lock'
import { type Tx, withTx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { competitionRanks, distributePrizes, type PrizeRange } from '../../domain/prizes'
import { prizeActivities } from '../contests'
import { notify } from '../notifications'
import { championshipLabel, payChampionshipPool } from './ledger'
import { cancelChampionshipContest, lockPhaseContests } from './lock'
import { type PhaseWindow, phaseWindow } from './phase-window'

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
// Long: each contest checked, ranked and paid in the transaction that settles it.
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
