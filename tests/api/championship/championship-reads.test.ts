import { beforeEach, describe, expect, it } from 'vitest'
import { classicBody, threeMatchPhase } from '../../helpers/championship'
import { rowById } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })
let phase: { id: number; matchIds: number[] }
beforeEach(async () => {
  phase = await threeMatchPhase(ctx.world.deps)
})

const TEAMS = '/api/championship/classic_teams'
const PHASES = '/api/championship/series_phases'

async function withTeam(salt = 'a') {
  const me = await ctx.api.player()
  const body = await classicBody(ctx.world.deps, phase.id, salt)
  const team = (await ctx.api.post(TEAMS, { phase_id: phase.id, ...body }, me.token)).body.classic_team
  return { me, body, team }
}

describe('GET /api/championship/series_phases', () => {
  it('lists a series’ phases with my team, transfer windows and prizes', async () => {
    const { me, team } = await withTeam()
    const series = await rowById(ctx.world.deps.db, 'series_phases', phase.id, 'series_id')
    const res = await ctx.api.get(`${PHASES}.json?series_id=${series.series_id}`, me.token)
    expect(res.status).toBe(200)
    const mine = res.body.series_phases.find((p: { id: number }) => p.id === phase.id)
    expect(mine).toMatchObject({
      name: 'Test Phase',
      status: 'upcoming',
      matches_count: 3,
      matches_completed: 0,
      current_user_classic_team: {
        id: team.id,
        score: 0,
        rank: null,
        free_transfers: '∞',
        paid_transfers: '∞',
      },
      prizes: [
        { rank: '1', prize: 500 },
        { rank: '2-3', prize: 100 },
      ],
    })
    expect(mine.transfer_windows.map((w: { id: number }) => w.id)).toEqual(phase.matchIds)
    expect(mine.next_deadline).toBe(mine.transfer_windows[0].window_time_in_millis)
    for (const p of res.body.series_phases) expect(p.series.id).toBe(series.series_id)
    const other = await ctx.api.player()
    const theirs = (await ctx.api.get(`${PHASES}/${phase.id}`, other.token)).body.series_phase
    expect(theirs.current_user_classic_team).toBeNull()
    expect((await ctx.api.get(`${PHASES}?fields=id,name`, me.token)).body.series_phases[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
    })
  })

  it('answers 404 for an unknown phase, 422 for a bad id and 401 without a token', async () => {
    const me = await ctx.api.player()
    expect((await ctx.api.get(`${PHASES}/999999`, me.token)).status).toBe(404)
    expect((await ctx.api.get(`${PHASES}/abc`, me.token)).status).toBe(422)
    expect((await ctx.api.get(`${PHASES}?series_id=-1`, me.token)).status).toBe(422)
    expect((await ctx.api.get(PHASES)).status).toBe(401)
  })
})

describe('GET …/series_phases/{id}/players', () => {
  it('lists the phase’s players with fixture filters, marking a team’s players with classic_team_id', async () => {
    const { me, body, team } = await withTeam()
    // A series of one pairing: every fixture has the same title.
    await ctx.world.deps.db
      .updateTable('matches')
      .set({ title: 'AUS vs IND' })
      .where('id', 'in', phase.matchIds)
      .execute()
    const res = await ctx.api.get(`${PHASES}/${phase.id}/players?classic_team_id=${team.id}`, me.token)
    expect(res.status).toBe(200)
    const selected = res.body.players
      .filter((p: { selected: boolean }) => p.selected)
      .map((p: { id: number }) => p.id)
    expect(selected.sort()).toEqual([...body.player_ids].sort())
    expect(res.body.players[0]).toMatchObject({
      display_info: expect.any(String),
      team: { jersey_photo: expect.any(String) },
    })
    expect(res.body.filters.map((f: { id: number }) => f.id)).toEqual(phase.matchIds)
    // Every chip reads differently, even where fixtures share a title (a series of one pairing).
    const texts = res.body.filters.map((f: { text: string }) => f.text)
    expect(new Set(texts).size).toBe(texts.length)
    // The plain series phase call honours it too.
    const plain = await ctx.api.get(
      `/api/series_phases/${phase.id}/players?classic_team_id=${team.id}`,
      me.token,
    )
    expect(plain.status).toBe(200)
    expect(plain.body.filters).toEqual(res.body.filters)
    const plainSelected = plain.body.players
      .filter((p: { selected: boolean }) => p.selected)
      .map((p: { id: number }) => p.id)
    expect(plainSelected.sort()).toEqual([...body.player_ids].sort())
    // Another user's team before its first lock is hidden; then shown as it locked.
    const other = await ctx.api.player()
    expect(
      (await ctx.api.get(`${PHASES}/${phase.id}/players?classic_team_id=${team.id}`, other.token)).status,
    ).toBe(404)
    expect(
      (await ctx.api.get(`/api/series_phases/${phase.id}/players?classic_team_id=${team.id}`)).status,
    ).toBe(404)
    await ctx.api.post(`/api/admin/matches/${phase.matchIds[0]}/start`, undefined, ctx.admin.token)
    const seen = await ctx.api.get(`${PHASES}/${phase.id}/players?classic_team_id=${team.id}`, other.token)
    expect(seen.body.players.filter((p: { selected: boolean }) => p.selected)).toHaveLength(11)
    // A team of another phase: 404.
    expect((await ctx.api.get(`${PHASES}/1/players?classic_team_id=${team.id}`, me.token)).status).toBe(404)
  })
})

describe('classic team reads', () => {
  it('edit data: "∞" before the first lock, the numbers after; the owner only', async () => {
    const { me, team } = await withTeam()
    const edit = await ctx.api.get(`${TEAMS}/${team.id}/edit`, me.token)
    expect(edit.status).toBe(200)
    expect(edit.body.classic_team).toMatchObject({
      free_transfers: '∞',
      paid_transfers: '∞',
      last_lock_player_ids: null,
      free_per_match: 2,
      paid_fees: [15, 25],
    })
    expect(edit.body.classic_team.team_players).toHaveLength(11)
    await ctx.api.post(`/api/admin/matches/${phase.matchIds[0]}/start`, undefined, ctx.admin.token)
    const locked = await ctx.api.get(`${TEAMS}/${team.id}/edit`, me.token)
    expect(locked.body.classic_team).toMatchObject({ free_transfers: 2, paid_transfers: 2, free_at_lock: 2 })
    expect(locked.body.classic_team.last_lock_player_ids).toHaveLength(11)
    const other = await ctx.api.player()
    expect((await ctx.api.get(`${TEAMS}/${team.id}/edit`, other.token)).status).toBe(404)
  })

  it('team, score, history, results and one score row; others see it only after the first lock', async () => {
    const { me, team } = await withTeam()
    const other = await ctx.api.player()
    for (const path of [`${TEAMS}/${team.id}`, `${TEAMS}/${team.id}/score`, `${TEAMS}/${team.id}/history`])
      expect((await ctx.api.get(path, other.token)).status).toBe(404)
    expect((await ctx.api.get(`${TEAMS}/${team.id}/score`, me.token)).body.classic_team_score).toEqual({
      classic_team_id: team.id,
      score: 0,
      rank: null,
      live_match: null,
    })
    expect((await ctx.api.get(`${TEAMS}/${team.id}/history`, me.token)).body.classic_team_scores).toEqual([])
    await ctx.api.post(`/api/admin/matches/${phase.matchIds[0]}/start`, undefined, ctx.admin.token)
    const seen = (await ctx.api.get(`${TEAMS}/${team.id}`, other.token)).body.classic_team
    expect(seen).toMatchObject({ id: team.id, rank: 1, free_transfers_left: null, transfers: null })
    expect(seen.team_players_ids).toHaveLength(11)
    const history = (await ctx.api.get(`${TEAMS}/${team.id}/history`, other.token)).body.classic_team_scores
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({
      series_phase_id: phase.id,
      score: 0,
      free_sub_used: 0,
      paid_sub_used: 0,
      paid_charged: 0,
      player_in: [],
      player_out: [],
      match: { id: phase.matchIds[0], status: 'live' },
    })
    const results = (await ctx.api.get(`${PHASES}/${phase.id}/results`, me.token)).body.classic_team_scores
    expect(results.map((r: { id: number }) => r.id)).toEqual([history[0].id])
    expect(
      (await ctx.api.get(`${PHASES}/${phase.id}/results`, other.token)).body.classic_team_scores,
    ).toEqual([])
    const row = await ctx.api.get(`/api/championship/classic_team_scores/${history[0].id}`, other.token)
    expect(row.body.classic_team_score.players_scores).toHaveLength(11)
    expect((await ctx.api.get('/api/championship/classic_team_scores/999999', other.token)).status).toBe(404)
    expect((await ctx.api.get(`${TEAMS}/999999`, me.token)).status).toBe(404)
  })

  it('leaderboard: locked teams best first with transfer sums, paged, with mine; signed out too', async () => {
    const teams = [await withTeam('a'), await withTeam('b'), await withTeam('c')]
    expect(
      (await ctx.api.get(`${PHASES}/${phase.id}/leaderboard`, teams[0]!.me.token)).body.classic_teams,
    ).toEqual([])
    await ctx.api.post(`/api/admin/matches/${phase.matchIds[0]}/start`, undefined, ctx.admin.token)
    const page = await ctx.api.get(`${PHASES}/${phase.id}/leaderboard?page=2&per_page=2`, teams[0]!.me.token)
    expect(page.status).toBe(200)
    expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 })
    expect(page.body.classic_teams).toHaveLength(1)
    expect(page.body.classic_teams[0]).toMatchObject({
      rank: 1,
      score: 0,
      sum_free_sub_used: 0,
      sum_paid_sub_used: 0,
    })
    expect(page.body.current_user_classic_team).toMatchObject({
      id: teams[0]!.team.id,
      series_phase_id: phase.id,
    })
    expect(
      (await ctx.api.get(`${PHASES}/${phase.id}/leaderboard?per_page=0`, teams[0]!.me.token)).status,
    ).toBe(422)
    // Public like the phase (docs/visibility.md): signed out, the same board without a line of mine.
    const signedIn = await ctx.api.get(`${PHASES}/${phase.id}/leaderboard`, teams[0]!.me.token)
    const signedOut = await ctx.api.get(`${PHASES}/${phase.id}/leaderboard`)
    expect(signedOut.status).toBe(200)
    expect(signedOut.body.classic_teams).toHaveLength(3)
    expect(signedOut.body.classic_teams).toEqual(signedIn.body.classic_teams)
    expect(signedOut.body.current_user_classic_team).toBeNull()
    expect((await ctx.api.get(`${PHASES}/999999/leaderboard`)).status).toBe(404)
  })
})
