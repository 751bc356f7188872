import { describe, expect, it } from 'vitest'
import { idsOf } from '../../../server/areas/championship/queries'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { championshipAfterMatch } from '../../../server/areas/match-day/championship'
import { distributePrizes } from '../../../server/domain/prizes'
import { classicBody, squadOf, threeMatchPhase, withTransfers } from '../../helpers/championship'
import { ball, lineups } from '../../helpers/cricket-events'
import { rowById, rowsWhere } from '../../helpers/db'
import { houseTransfer, transactionsOfKind } from '../../helpers/ledger'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

const TEAMS = '/api/championship/classic_teams'
type Body = { player_ids: number[]; captain: number; vice_captain: number }

/** Lineups of both sides (11 each, `first` included) for a cricket match. */
const lineupsOf = async (matchId: number, first: number[]) =>
  lineups(await squadOf(ctx.world.deps, matchId), first)

/** Starts a match, plays a ball hit by `batter` (one of its players) for `runs`; returns the ball's seq. */
async function playBall(matchId: number, batter: number, runs: number) {
  const [l1, l2] = await lineupsOf(matchId, [batter])
  const batting = l1!.player_ids.includes(batter) ? l1! : l2!
  const bowling = batting === l1 ? l2! : l1!
  const other = batting.player_ids.find((id) => id !== batter)!
  const res = await ctx.api.post(
    `/api/admin/matches/${matchId}/events`,
    { events: [l1, l2, ball(batter, other, bowling.player_ids[0]!, runs)] },
    ctx.admin.token,
  )
  expect(res.status).toBe(200)
  return { seq: res.body.last_seq as number, batter, other, bowler: bowling.player_ids[0]! }
}

async function scoreRows(matchId: number) {
  return ctx.world.deps.db
    .selectFrom('classic_team_scores')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('id')
    .execute()
}

/** A row's score ×2 worked out here: the players' stored points, C ×2 and VC ×1.5. */
async function expectedX2(row: {
  player_ids: string
  captain_id: number
  vice_captain_id: number
  match_id: number
}) {
  const points = new Map(
    (
      await ctx.world.deps.db
        .selectFrom('player_match_scores')
        .select(['player_id', 'total_score'])
        .where('match_id', '=', row.match_id)
        .execute()
    ).map((p) => [p.player_id, p.total_score]),
  )
  return idsOf(row.player_ids).reduce(
    (sum, id) =>
      sum + (points.get(id) ?? 0) * (id === row.captain_id ? 4 : id === row.vice_captain_id ? 3 : 2),
    0,
  )
}

async function credit(userId: number, rupees: number) {
  const res = await ctx.api.post(
    '/api/admin/wallet/credits',
    { user_id: userId, amount: rupees },
    ctx.admin.token,
  )
  expect(res.status).toBe(201)
}

describe('a three-match phase: locks, transfers, charges, scores, a correction, a late joiner and the prizes', () => {
  it('plays through and leaves a ledger that verifies', async () => {
    const phase = await threeMatchPhase(ctx.world.deps)
    const [m1, m2, m3] = phase.matchIds as [number, number, number]
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const c = await ctx.api.player()
    await credit(a.id, 100)
    await credit(b.id, 20)

    const bodyA = await classicBody(ctx.world.deps, phase.id, 'a')
    const bodyB = await classicBody(ctx.world.deps, phase.id, 'b')
    const teamA = (await ctx.api.post(TEAMS, { phase_id: phase.id, ...bodyA }, a.token)).body.classic_team
    const teamB = (await ctx.api.post(TEAMS, { phase_id: phase.id, ...bodyB }, b.token)).body.classic_team
    // Before the first lock another user's team is hidden, history included.
    expect((await ctx.api.get(`${TEAMS}/${teamA.id}`, b.token)).status).toBe(404)
    expect((await ctx.api.get(`${TEAMS}/${teamA.id}/history`, b.token)).status).toBe(404)
    expect((await ctx.api.get(`${TEAMS}/${teamA.id}/edit`, b.token)).status).toBe(404)

    // Match 1 locks: both teams snapshotted, 2 free transfers banked, nothing charged.
    await ctx.api.post(`/api/admin/matches/${m1}/start`, undefined, ctx.admin.token)
    let rows = await scoreRows(m1)
    expect(rows.map((r) => [r.classic_team_id, r.free_left, Number(r.paid_charged_paise)])).toEqual([
      [teamA.id, 2, 0],
      [teamB.id, 2, 0],
    ])
    // Starting again changes nothing (idempotent lock).
    await ctx.api.post(`/api/admin/matches/${m1}/start`, undefined, ctx.admin.token)
    expect(await scoreRows(m1)).toHaveLength(2)
    // Public now; the edit data stays the owner's.
    expect((await ctx.api.get(`${TEAMS}/${teamA.id}`, b.token)).status).toBe(200)
    expect((await ctx.api.get(`${TEAMS}/${teamA.id}/history`, b.token)).status).toBe(200)
    expect((await ctx.api.get(`${TEAMS}/${teamA.id}/edit`, b.token)).status).toBe(404)

    // A's captain hits a four; the board moves live.
    const squad1 = new Set((await squadOf(ctx.world.deps, m1)).map((p) => p.id))
    const hitter = bodyA.player_ids.find((id) => squad1.has(id) && !bodyB.player_ids.includes(id))
    expect(hitter).toBeDefined()
    const played = await playBall(m1, hitter!, 4)
    const live = await ctx.api.get(`${TEAMS}/${teamA.id}/score`, a.token)
    expect(live.body.classic_team_score.live_match.id).toBe(m1)
    rows = await scoreRows(m1)
    const liveA = live.body.classic_team_score.score
    expect(liveA).toBe((await expectedX2(rows[0]!)) / 2)
    const board = await ctx.api.get(`/api/championship/series_phases/${phase.id}/leaderboard`, b.token)
    expect(board.body.classic_teams[0]).toMatchObject({ id: teamA.id, rank: 1, score: liveA })
    expect(board.body.current_user_classic_team.id).toBe(teamB.id)

    // A correction: it was a six. The stored rows are re-scored in the correction's transaction.
    const fix = await ctx.api.post(
      `/api/admin/matches/${m1}/events`,
      { events: [{ ...ball(played.batter, played.other, played.bowler, 6), seq: played.seq }] },
      ctx.admin.token,
    )
    expect(fix.status).toBe(200)
    rows = await scoreRows(m1)
    expect(rows[0]!.score_x2).toBe(await expectedX2(rows[0]!))
    expect(rows[0]!.score_x2 / 2).toBeGreaterThan(liveA)

    expect((await ctx.api.post(`/api/admin/matches/${m1}/complete`, undefined, ctx.admin.token)).status).toBe(
      200,
    )
    rows = await scoreRows(m1)
    for (const r of rows) expect(r.score_x2).toBe(await expectedX2(r))
    const afterM1 = await ctx.world.deps.db.selectFrom('classic_teams').selectAll().orderBy('id').execute()
    expect(afterM1.map((t) => [t.id, t.score_x2, t.rank])).toEqual([
      [teamA.id, rows[0]!.score_x2, 1],
      [teamB.id, rows[1]!.score_x2, rows[1]!.score_x2 === rows[0]!.score_x2 ? 1 : 2],
    ])

    // A: four transfers planned (2 free + ₹15 + ₹25), one reverted before the lock: ₹15 charged.
    const four = await withTransfers(ctx.world.deps, phase.id, bodyA, 4)
    const planned = await ctx.api.put(`${TEAMS}/${teamA.id}`, four, a.token)
    expect(planned.status).toBe(200)
    expect(planned.body.classic_team.transfers).toMatchObject({ used: 4, cost: 40, paid_left: 0 })
    const reverted = four.player_ids.map((id, i) =>
      i === four.player_ids.findIndex((x, j) => x !== bodyA.player_ids[j]) ? bodyA.player_ids[i]! : id,
    )
    const three: Body = { ...four, player_ids: reverted }
    const saved = await ctx.api.put(`${TEAMS}/${teamA.id}`, three, a.token)
    expect(saved.body.classic_team.transfers).toMatchObject({ used: 3, cost: 15, free_left: 0, paid_left: 1 })
    const edit = await ctx.api.get(`${TEAMS}/${teamA.id}/edit`, a.token)
    expect(edit.body.classic_team).toMatchObject({
      free_transfers: 0,
      paid_transfers: 1,
      free_at_lock: 2,
      cost: 15,
    })

    // B plans one paid transfer it can afford at the save (₹15 of ₹20) ... at match 3.
    // C joins late: unlimited until its first lock, then 2 × (matches before + 1) free.
    const bodyC = await classicBody(ctx.world.deps, phase.id, 'c')
    const teamC = (await ctx.api.post(TEAMS, { phase_id: phase.id, ...bodyC }, c.token)).body.classic_team
    expect(teamC.free_transfers_left).toBe('∞')

    await ctx.api.post(`/api/admin/matches/${m2}/start`, undefined, ctx.admin.token)
    rows = await scoreRows(m2)
    const rowA2 = rows.find((r) => r.classic_team_id === teamA.id)!
    expect(rowA2).toMatchObject({ free_sub_used: 2, paid_sub_used: 1, free_left: 2 })
    expect(Number(rowA2.paid_charged_paise)).toBe(1500)
    expect(idsOf(rowA2.player_in)).toHaveLength(3)
    expect(rows.find((r) => r.classic_team_id === teamC.id)).toMatchObject({ free_left: 4, free_sub_used: 0 })
    expect((await userBalances(ctx.world.deps.db, a.id)).unused).toBe(100_00 - 1500)
    const history = await ctx.api.get(`${TEAMS}/${teamA.id}/history`, b.token)
    expect(history.body.classic_team_scores.map((r: { match: { id: number } }) => r.match.id)).toEqual([
      m1,
      m2,
    ])
    expect(history.body.classic_team_scores[1]).toMatchObject({ paid_sub_used: 1, paid_charged: 15 })
    expect(history.body.classic_team_scores[1].player_in).toHaveLength(3)
    const one = await ctx.api.get(`/api/championship/classic_team_scores/${rowA2.id}`, c.token)
    expect(one.body.classic_team_score).toMatchObject({ id: rowA2.id, free_sub_used: 2, paid_sub_used: 1 })
    expect((await ctx.api.post(`/api/admin/matches/${m2}/complete`, undefined, ctx.admin.token)).status).toBe(
      200,
    )

    // B: 5 transfers (4 free + ₹15), affordable at the save; then the balance is spent.
    const fiveB = await withTransfers(ctx.world.deps, phase.id, bodyB, 5)
    const bSave = await ctx.api.put(`${TEAMS}/${teamB.id}`, fiveB, b.token)
    expect(bSave.status).toBe(200)
    expect(bSave.body.classic_team.transfers).toMatchObject({ used: 5, cost: 15 })
    await houseTransfer(ctx.world.deps, b.id, -1000, {
      kind: 'test_spend',
      key: `test:spend:${b.id}`,
      push: true,
    })
    await ctx.api.post(`/api/admin/matches/${m3}/start`, undefined, ctx.admin.token)
    rows = await scoreRows(m3)
    const rowB3 = rows.find((r) => r.classic_team_id === teamB.id)!
    // Short at the lock: the team as it stood at the last lock, nothing charged, never negative.
    expect(rowB3).toMatchObject({ free_sub_used: 0, paid_sub_used: 0 })
    expect(Number(rowB3.paid_charged_paise)).toBe(0)
    expect(idsOf(rowB3.player_ids)).toEqual([...bodyB.player_ids].sort((x, y) => x - y))
    expect((await userBalances(ctx.world.deps.db, b.id)).unused).toBe(1000)
    const note = await notificationsOf(ctx.world.deps.db, b.id, 'classic_transfers_reverted')
    expect(note).toHaveLength(1)

    // The last match completes: final ranks and the prizes, paid once.
    expect((await ctx.api.post(`/api/admin/matches/${m3}/complete`, undefined, ctx.admin.token)).status).toBe(
      200,
    )
    await championshipAfterMatch(ctx.world.deps, m3)
    const final = await ctx.world.deps.db.selectFrom('classic_teams').selectAll().orderBy('id').execute()
    for (const t of final) {
      const sum = (
        await rowsWhere(ctx.world.deps.db, 'classic_team_scores', { classic_team_id: t.id }, 'score_x2')
      ).reduce((s, r) => s + r.score_x2, 0)
      expect(t.score_x2).toBe(sum)
    }
    const expected = distributePrizes(
      [
        { from: 1, to: 1, amount_paise: 50_000 },
        { from: 2, to: 3, amount_paise: 10_000 },
      ],
      final.map((t) => ({ id: t.id, rank: t.rank! })),
    )
    const winnings = await Promise.all(
      final.map(async (t) => (await userBalances(ctx.world.deps.db, t.user_id)).winnings),
    )
    expect(winnings).toEqual(expected)
    expect(winnings.reduce((sum, w) => sum + w, 0)).toBe(70_000)
    const prizeTx = await transactionsOfKind(ctx.world.deps.db, 'phase_prizes')
    expect(prizeTx).toHaveLength(1)
    const phaseJson = (await ctx.api.get(`/api/championship/series_phases/${phase.id}`, a.token)).body
      .series_phase
    expect(phaseJson).toMatchObject({ status: 'completed', matches_completed: 3, prizes_paid: true })
    expect(phaseJson.prizes).toEqual([
      { rank: '1', prize: 500 },
      { rank: '2-3', prize: 100 },
    ])
    // Editing after the phase's last match started: 409.
    expect((await ctx.api.put(`${TEAMS}/${teamA.id}`, three, a.token)).status).toBe(409)

    const report = await verifyLedger(ctx.world.deps.db)
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
  })

  it('a phase whose every match was abandoned scores nothing and pays no prizes', async () => {
    const phase = await threeMatchPhase(ctx.world.deps)
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    await ctx.api.post(
      TEAMS,
      { phase_id: phase.id, ...(await classicBody(ctx.world.deps, phase.id, 'a')) },
      a.token,
    )
    await ctx.api.post(
      TEAMS,
      { phase_id: phase.id, ...(await classicBody(ctx.world.deps, phase.id, 'b')) },
      b.token,
    )
    await ctx.api.post(`/api/admin/matches/${phase.matchIds[0]}/start`, undefined, ctx.admin.token)
    for (const id of phase.matchIds)
      expect((await ctx.api.post(`/api/admin/matches/${id}/abandon`, {}, ctx.admin.token)).status).toBe(200)
    const teams = await ctx.world.deps.db.selectFrom('classic_teams').selectAll().orderBy('id').execute()
    expect(teams.map((t) => [t.score_x2, t.rank])).toEqual([
      [0, 1],
      [0, 1],
    ])
    const row = await rowById(ctx.world.deps.db, 'series_phases', phase.id, 'prizes_paid_at_ms')
    expect(row.prizes_paid_at_ms).not.toBeNull()
    expect(await transactionsOfKind(ctx.world.deps.db, 'phase_prizes')).toEqual([])
    expect((await userBalances(ctx.world.deps.db, a.id)).winnings).toBe(0)
  })
})
