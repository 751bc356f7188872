import { type Tx, withTx } from '../../db/tx'
import type { Deps } from '../../deps'
import { paiseToRupees } from '../../domain/money'
import { distributePrizes } from '../../domain/prizes'
import { notify } from '../notifications/service'
import { loadLive } from '../scoring/live'
import { payFromPool } from './ledger'
import { prizeStructureOf } from './serialize'
import { contestStream } from './service'

export interface SettlementReport {
  contests: number
  entries: number
  winners: number
  paid: number
}

/**
 * Pays a completed match: final ranks from its events, prizes per structure (ties share the
 * summed prizes of the positions they occupy) to winnings through the ledger, notifications to
 * winners. Each contest settles in its own transaction and only from `locked`, so running it
 * twice pays once and a restart half-way simply settles the rest.
 */
export async function settleMatch(deps: Deps, matchId: number): Promise<SettlementReport> {
  const live = await loadLive(deps, matchId)
  live.board.rankAll()
  const contests = await deps.db
    .selectFrom('contests')
    .select(['id', 'name', 'prize_structure'])
    .where('match_id', '=', matchId)
    .where('status', '=', 'locked')
    .orderBy('id')
    .execute()
  const report: SettlementReport = { contests: 0, entries: 0, winners: 0, paid: 0 }
  for (const contest of contests) {
    const standings = live.board.standings(contest.id)
    const prizes = distributePrizes(
      prizeStructureOf(contest),
      standings.map((s) => ({ id: s.memberId, rank: s.rank })),
    )
    const settled = await withTx(deps, async (tx, after) => {
      const current = await tx
        .selectFrom('contests')
        .select('status')
        .where('id', '=', contest.id)
        .executeTakeFirstOrThrow()
      if (current.status !== 'locked') return false
      const now = deps.clock.now()
      await writeFinalStandings(deps, tx, standings, prizes)
      const owners = await ownersOf(tx, contest.id)
      const byUser = new Map<number, number>()
      standings.forEach((s, i) => {
        const prize = prizes[i] as number
        if (prize <= 0) return
        const user = owners.get(s.memberId) as number
        byUser.set(user, (byUser.get(user) ?? 0) + prize)
      })
      await payFromPool(tx, after, {
        contestId: contest.id,
        kind: 'contest_prizes',
        compartment: 'winnings',
        byUser,
        nowMs: now,
      })
      await tx
        .updateTable('contests')
        .set({ status: 'completed', settled_at_ms: now })
        .where('id', '=', contest.id)
        .execute()
      for (const [userId, amount] of byUser)
        await notify(
          tx,
          after,
          userId,
          {
            kind: 'contest_won',
            body: `You won ₹${paiseToRupees(amount).toLocaleString('en-IN')} in ${contest.name}! It is in your winnings.`,
            data: { contest_id: contest.id, amount: paiseToRupees(amount) },
          },
          now,
        )
      after.publish(contestStream(contest.id), { type: 'status', contest_status: 'completed' })
      report.winners += byUser.size
      report.paid += [...byUser.values()].reduce((a, b) => a + b, 0)
      return true
    })
    if (settled) {
      report.contests++
      report.entries += standings.length
    }
  }
  await deps.db
    .updateTable('matches')
    .set({ settled_at_ms: deps.clock.now() })
    .where('id', '=', matchId)
    .where('settled_at_ms', 'is', null)
    .execute()
  return report
}

async function ownersOf(tx: Tx, contestId: number): Promise<Map<number, number>> {
  const rows = await tx
    .selectFrom('contest_members')
    .select(['id', 'user_id'])
    .where('contest_id', '=', contestId)
    .execute()
  return new Map(rows.map((r) => [r.id, r.user_id]))
}

/** Final points, rank and prize on every member row (a prepared statement on SQLite: a mega contest has many). */
async function writeFinalStandings(
  deps: Deps,
  tx: Tx,
  standings: Array<{ memberId: number; pointsX2: number; rank: number }>,
  prizes: number[],
) {
  const sqlite = deps.dbHandle.sqlite
  if (sqlite) {
    // Same connection, inside the transaction Kysely opened (it holds the only connection).
    const stmt = sqlite.prepare(
      'update contest_members set points_x2 = ?, rank = ?, prize_paise = ? where id = ?',
    )
    for (const [i, s] of standings.entries()) stmt.run(s.pointsX2, s.rank, prizes[i] as number, s.memberId)
    return
  }
  for (const [i, s] of standings.entries())
    await tx
      .updateTable('contest_members')
      .set({ points_x2: s.pointsX2, rank: s.rank, prize_paise: prizes[i] as number })
      .where('id', '=', s.memberId)
      .execute()
}
