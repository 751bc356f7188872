import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

async function funded(amount = 500) {
  const admin = await ctx.api.admin()
  const player = await ctx.api.player()
  const credit = await ctx.api.post('/api/admin/wallet/credits', { user_id: player.id, amount }, admin.token)
  expect(credit.status).toBe(201)
  return { admin, player }
}

describe('the daily loop', () => {
  it('builds teams, joins a paid head-to-head, scores events, settles, and pays the winner through the ledger', async () => {
    const { admin, player: alice } = await funded()
    const bob = await ctx.api.player()
    await ctx.api.post('/api/admin/wallet/credits', { email: bob.email, amount: '100' }, admin.token)
    const match = await upcomingMatch(ctx.world.deps)

    const contests = (await ctx.api.get(`/api/matches/${match.id}/contests`, alice.token)).body.contests
    const h2h = contests.find(
      (c: { kind: string; entry_fee: number }) => c.kind === 'head_to_head' && c.entry_fee === 25,
    )
    expect(h2h).toMatchObject({ members_limit: 2, prize_amount: 42, winner_count: 1, joinable: true })

    // Teams that differ: alice has a batter bob does not.
    const aTeamBody = await validTeamBody(ctx.world.deps, match.id, 'cricket', 'alice')
    let bTeamBody = await validTeamBody(ctx.world.deps, match.id, 'cricket', 'bob')
    for (let salt = 0; bTeamBody.player_ids === aTeamBody.player_ids; salt++)
      bTeamBody = await validTeamBody(ctx.world.deps, match.id, 'cricket', `bob${salt}`)
    const aTeam = await ctx.api.post(`/api/matches/${match.id}/user_teams`, aTeamBody, alice.token)
    expect(aTeam.status).toBe(201)
    expect(aTeam.body.user_team).toMatchObject({
      team_no: 1,
      captain: aTeamBody.captain,
      is_current_user_allowed_to_edit: true,
    })
    expect(aTeam.body.user_team.team_players).toHaveLength(11)
    const bTeam = await ctx.api.post(`/api/matches/${match.id}/user_teams`, bTeamBody, bob.token)

    const pre = await ctx.api.post(`/api/contests/${h2h.id}/joining_confirmation`, undefined, alice.token)
    expect(pre.body).toMatchObject({ popup: 'join_league', entry_fee: 25, current_balance: 500 })
    const join = await ctx.api.post(
      `/api/contests/${h2h.id}/join`,
      { team_id: aTeam.body.user_team.id },
      alice.token,
    )
    expect(join.status).toBe(200)
    expect(join.body.contest).toMatchObject({ members_count: 1, joined_count: 1 })
    expect((await ctx.api.get('/api/me', alice.token)).body.user).toMatchObject({
      unused_balance: 475,
      current_balance: 475,
      contests_count: 1,
      stats: { total_teams: 1, total_leagues: 1 },
    })
    // The passbook names the contest and its match, not an id.
    const entryLine = (await ctx.api.get('/api/me/unused_passbook', alice.token)).body.passbook_entries[0]
    expect(entryLine).toMatchObject({ kind: 'contest_entry', amount: -25 })
    expect(entryLine.memo).toBe(`Entry fee · ${h2h.name}, ${h2h.match_title}`)
    expect(
      (await ctx.api.post(`/api/contests/${h2h.id}/join`, { team_id: bTeam.body.user_team.id }, bob.token))
        .status,
    ).toBe(200)

    // Full: a third player gets the pre-flight refusal and a 409 on join.
    const carol = await ctx.api.player()
    await ctx.api.post('/api/admin/wallet/credits', { user_id: carol.id, amount: 100 }, admin.token)
    const cTeam = await ctx.api.post(
      `/api/matches/${match.id}/user_teams`,
      await validTeamBody(ctx.world.deps, match.id, 'cricket', 'c'),
      carol.token,
    )
    expect(
      (await ctx.api.post(`/api/contests/${h2h.id}/joining_confirmation`, undefined, carol.token)).body,
    ).toMatchObject({ popup: 'event_locked', error: 'This contest is full' })
    const full = await ctx.api.post(
      `/api/contests/${h2h.id}/join`,
      { team_id: cTeam.body.user_team.id },
      carol.token,
    )
    expect(full.status).toBe(409)
    expect(full.body.code).toBe('CONTEST_FULL')

    // Carol joins the small league instead, which will not fill.
    const small = contests.find((c: { kind: string }) => c.kind === 'small')
    expect(
      (
        await ctx.api.post(
          `/api/contests/${small.id}/join`,
          { team_id: cTeam.body.user_team.id },
          carol.token,
        )
      ).status,
    ).toBe(200)

    // Before the start, other teams are hidden.
    expect(
      (await ctx.api.get(`/api/matches/${match.id}/user_teams/${bTeam.body.user_team.id}`, alice.token))
        .status,
    ).toBe(404)

    const start = await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, admin.token)
    expect(start.body.match).toMatchObject({ match_status: 'live', locked: true })
    expect((await ctx.api.get(`/api/contests/${h2h.id}`)).body.contest.contest_status).toBe('locked')
    expect((await ctx.api.get(`/api/contests/${small.id}`)).body.contest).toMatchObject({
      contest_status: 'cancelled',
    })
    const refundLine = (await ctx.api.get('/api/me/unused_passbook', carol.token)).body.passbook_entries[0]
    expect(refundLine).toMatchObject({ kind: 'contest_refund', amount: small.entry_fee })
    expect(refundLine.memo).toBe(`Refund · ${small.name}, ${small.match_title}`)
    expect(
      (await ctx.api.get(`/api/matches/${match.id}/user_teams/${bTeam.body.user_team.id}`, alice.token))
        .status,
    ).toBe(200)
    expect(
      (
        await ctx.api.put(
          `/api/matches/${match.id}/user_teams/${aTeam.body.user_team.id}`,
          aTeamBody,
          alice.token,
        )
      ).status,
    ).toBe(409)

    // A six by a batter only alice picked, off a bowler she did not pick.
    const squad = await squadOf(ctx.world.deps, match.id)
    const aIds = new Set(aTeamBody.player_ids.split(',').map(Number))
    const bIds = new Set(bTeamBody.player_ids.split(',').map(Number))
    const batter = squad.find((p) => aIds.has(p.id) && !bIds.has(p.id))!
    const bowler = squad.find((p) => p.real_team_id !== batter.real_team_id && !aIds.has(p.id))!
    const side = (teamId: number, must: number) =>
      [must, ...squad.filter((p) => p.real_team_id === teamId && p.id !== must).map((p) => p.id)].slice(0, 11)
    const other = squad.find((p) => p.real_team_id === batter.real_team_id && p.id !== batter.id)!
    const events = [
      { type: 'lineup', team_id: batter.real_team_id, player_ids: side(batter.real_team_id, batter.id) },
      { type: 'lineup', team_id: bowler.real_team_id, player_ids: side(bowler.real_team_id, bowler.id) },
      {
        type: 'ball',
        innings: 1,
        over: 0,
        ball: 1,
        batter_id: batter.id,
        non_striker_id: other.id,
        bowler_id: bowler.id,
        runs: 6,
        boundary: true,
      },
    ]
    const posted = await ctx.api.post(`/api/admin/matches/${match.id}/events`, { events }, admin.token)
    expect(posted.status).toBe(200)
    expect(posted.body).toMatchObject({ ingested: 3, replaced: 0, last_seq: 3 })
    const scores = (await ctx.api.get(`/api/matches/${match.id}/player_scores`)).body.player_scores
    expect(scores.find((s: { player_id: number }) => s.player_id === batter.id).total_score).toBe(14) // 6 + six bonus 3 + strike rate 6 − 1
    const board = await ctx.api.get(`/api/contests/${h2h.id}/members`, alice.token)
    expect(
      board.body.members.map((m: { user: { slug: string }; rank: number }) => [m.user.slug, m.rank]),
    ).toEqual([
      [alice.slug, 1],
      [bob.slug, 2],
    ])
    const multiplier = batter.id === aTeamBody.captain ? 2 : batter.id === aTeamBody.vice_captain ? 1.5 : 1
    expect(board.body.members[0].points).toBe(14 * multiplier)
    // My contests carry my live standing (no second request needed).
    const liveMine = (await ctx.api.get('/api/my_contests?type=live', alice.token)).body.my_contests[0]
    expect(liveMine.my_entries[0]).toMatchObject({ rank: 1, points: 14 * multiplier })

    const done = await ctx.api.post(`/api/admin/matches/${match.id}/complete`, undefined, admin.token)
    expect(done.status).toBe(200)
    expect(done.body.match.match_status).toBe('completed')
    const me = (await ctx.api.get('/api/me', alice.token)).body.user
    expect(me).toMatchObject({ winning_balance: 42, unused_balance: 475, current_balance: 517 })
    const prizeLine = (await ctx.api.get('/api/me/winnings_passbook', alice.token)).body.passbook_entries[0]
    expect(prizeLine).toMatchObject({ kind: 'contest_prizes', amount: 42 })
    expect(prizeLine.memo).toBe(`Winnings · ${h2h.name}, ${h2h.match_title}`)
    expect(me.contests_count).toBe(1)
    expect((await ctx.api.get('/api/me', bob.token)).body.user.winning_balance).toBe(0)
    const mine = (await ctx.api.get('/api/my_contests?type=finished', alice.token)).body.my_contests
    expect(mine[0].my_entries).toEqual([expect.objectContaining({ rank: 1, prize: 42, refunded: false })])
    const crest = await ctx.api.app.request(`/media/teams/${batter.real_team_id}.svg`)
    expect(crest.headers.get('content-type')).toBe('image/svg+xml')
    expect((await ctx.api.app.request('/media/teams/999999.svg')).status).toBe(404)
    const final = (await ctx.api.get(`/api/contests/${h2h.id}/members`)).body.members
    expect(final[0]).toMatchObject({ rank: 1, prize: 42 })
    expect((await ctx.api.get(`/api/contests/${h2h.id}`)).body.contest.contest_status).toBe('completed')
    const notes = (await ctx.api.get('/api/notifications', alice.token)).body.notifications
    expect(notes[0]).toMatchObject({ kind: 'contest_won' })

    // Completing again is refused and pays nothing more.
    const again = await ctx.api.post(`/api/admin/matches/${match.id}/complete`, undefined, admin.token)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'MATCH_STATE', error: 'The match is already completed' })
    expect((await ctx.api.get('/api/me', alice.token)).body.user.winning_balance).toBe(42)
    const ledger = await verifyLedger(ctx.world.deps.db)
    expect(ledger.problems).toEqual([])
  })
})
