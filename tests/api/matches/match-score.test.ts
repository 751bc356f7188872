import { describe, expect, it } from 'vitest'
import { ball, lineups } from '../../helpers/cricket-events'
import { squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

type Line = { rule: string; label: string; points: number }
type BreakdownPlayer = {
  player_id: number
  role: 'captain' | 'vice_captain' | null
  selected_by: number | null
  captain_by: number | null
  vice_captain_by: number | null
  base_points: number
  multiplier: number
  points: number
  lines: Line[]
}

/** A started match with an over's first five balls: 1, 4, dot, 6 and a wicket. */
async function playedMatch() {
  const match = await upcomingMatch(ctx.deps)
  const squad = await squadOf(ctx.deps, match.id)
  const teams = []
  for (const salt of ['a', 'b', 'c']) {
    const p = await ctx.api.player()
    const body = await validTeamBody(ctx.deps, match.id, 'cricket', salt)
    const res = await ctx.api.post(`/api/matches/${match.id}/user_teams`, body, p.token)
    expect(res.status).toBe(201)
    teams.push({ ...p, team: res.body.user_team, body })
  }
  const before = { selection: await ctx.api.get(`/api/matches/${match.id}/selection`), squad, teams }
  const [home, away] = lineups(squad)
  const [a, b] = [home!.player_ids[0]!, home!.player_ids[1]!]
  const bowler = away!.player_ids[10]!
  await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
  const events = [
    home,
    away,
    ball(a, b, bowler, 1, 1),
    ball(b, a, bowler, 4, 2),
    ball(b, a, bowler, 0, 3),
    ball(b, a, bowler, 6, 4),
    { ...ball(b, a, bowler, 0, 5), wicket: { kind: 'bowled', player_out_id: b } },
  ]
  const posted = await ctx.api.post(`/api/admin/matches/${match.id}/events`, { events }, ctx.admin.token)
  expect(posted.status).toBe(200)
  return { match, a, b, bowler, ...before }
}

describe('GET /api/matches/{id}/score', () => {
  it('answers an upcoming match with its start, no balls and the squad’s names; 404 for no match', async () => {
    const match = await upcomingMatch(ctx.deps)
    const res = await ctx.api.get(`/api/matches/${match.id}/score`)
    expect(res.status).toBe(200)
    expect(res.body.score).toMatchObject({
      match_id: match.id,
      match_status: 'upcoming',
      event_time_in_millis: match.event_time_ms,
      lineups_out: false,
      summary: {},
      recent_balls: [],
    })
    expect(res.body.score.names.length).toBe((await squadOf(ctx.deps, match.id)).length)
    const missing = await ctx.api.get('/api/matches/999999/score')
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('NOT_FOUND')
  })

  it('shows the latest balls as the strip prints them, the batters and the bowler’s figures', async () => {
    const { match, a, bowler } = await playedMatch()
    const { score } = (await ctx.api.get(`/api/matches/${match.id}/score`)).body
    expect(score.match_status).toBe('live')
    expect(score.lineups_out).toBe(true)
    expect(score.recent_balls.map((x: { text: string }) => x.text)).toEqual(['1', '4', '.', '6', 'W'])
    expect(score.recent_balls.map((x: { kind: string }) => x.kind)).toEqual([
      'run',
      'four',
      'dot',
      'six',
      'wicket',
    ])
    expect(score.summary.innings[0]).toMatchObject({ runs: 11, wickets: 1, overs: '0.5' })
    // The dismissed batter is gone until the next ball names the new one.
    expect(score.summary.batters).toEqual([{ player_id: a, runs: 1, balls: 1, on_strike: false }])
    expect(score.summary.bowler).toMatchObject({ player_id: bowler, overs: '0.5', runs: 11, wickets: 1 })
    const names = new Map(score.names.map((n: { player_id: number; name: string }) => [n.player_id, n.name]))
    expect(names.get(a)).toEqual(expect.any(String))
  })
})

describe('GET /api/matches/{id}/selection', () => {
  it('is empty before the start, then counts picks, captains and vice-captains over every team of the match', async () => {
    const { match, selection: early } = await playedMatch()
    expect(early.status).toBe(200)
    expect(early.body.selection).toEqual({ locked: false, teams_count: null, players: [] })
    const { selection } = (await ctx.api.get(`/api/matches/${match.id}/selection`)).body
    // The reference: every stored team of the match, counted here one by one.
    const rows = await ctx.deps.db
      .selectFrom('user_teams')
      .select(['player_ids', 'captain_id', 'vice_captain_id'])
      .where('match_id', '=', match.id)
      .execute()
    expect(selection.locked).toBe(true)
    expect(selection.teams_count).toBe(rows.length)
    const pct = (n: number) => Math.round((n / rows.length) * 1000) / 10
    for (const s of selection.players) {
      const picked = rows.filter((r) => r.player_ids.split(',').map(Number).includes(s.player_id)).length
      expect(s).toEqual({
        player_id: s.player_id,
        selected_by: pct(picked),
        captain_by: pct(rows.filter((r) => r.captain_id === s.player_id).length),
        vice_captain_by: pct(rows.filter((r) => r.vice_captain_id === s.player_id).length),
      })
    }
    const everyPicked = new Set(rows.flatMap((r) => r.player_ids.split(',').map(Number)))
    expect(selection.players.filter((s: { selected_by: number }) => s.selected_by > 0).length).toBe(
      everyPicked.size,
    )
  })
})

describe('GET /api/matches/{match_id}/user_teams/{id}/breakdown', () => {
  it('hides another player’s team before the start (404) and the shares from the owner (null)', async () => {
    const match = await upcomingMatch(ctx.deps)
    const owner = await ctx.api.player()
    const body = await validTeamBody(ctx.deps, match.id)
    const team = (await ctx.api.post(`/api/matches/${match.id}/user_teams`, body, owner.token)).body.user_team
    const path = `/api/matches/${match.id}/user_teams/${team.id}/breakdown`
    const other = await ctx.api.player()
    const hidden = await ctx.api.get(path, other.token)
    expect(hidden.status).toBe(404)
    expect((await ctx.api.get(path)).status).toBe(401)
    const mine = (await ctx.api.get(path, owner.token)).body.breakdown
    expect(mine).toMatchObject({ locked: false, teams_count: null, total_points: 0 })
    expect(mine.players).toHaveLength(11)
    for (const p of mine.players as BreakdownPlayer[])
      expect([p.selected_by, p.captain_by, p.vice_captain_by]).toEqual([null, null, null])
  })

  it('gives each player’s points by event with the leader’s bonus, summing to the team’s points', async () => {
    const { match, teams } = await playedMatch()
    const scores = new Map(
      (await ctx.api.get(`/api/matches/${match.id}/player_scores`)).body.player_scores.map(
        (s: { player_id: number; total_score: number }) => [s.player_id, s.total_score],
      ),
    )
    const viewer = await ctx.api.player()
    let leadersWithPoints = 0
    for (const { team, body } of teams) {
      const res = await ctx.api.get(`/api/matches/${match.id}/user_teams/${team.id}/breakdown`, viewer.token)
      expect(res.status).toBe(200)
      const b = res.body.breakdown
      expect(b.locked).toBe(true)
      expect(b.teams_count).toBeGreaterThanOrEqual(3)
      let total = 0
      for (const p of b.players as BreakdownPlayer[]) {
        const base = (scores.get(p.player_id) as number | undefined) ?? 0
        const role =
          p.player_id === body.captain ? 'captain' : p.player_id === body.vice_captain ? 'vice_captain' : null
        expect(p.role).toBe(role)
        expect(p.multiplier).toBe(role === 'captain' ? 2 : role === 'vice_captain' ? 1.5 : 1)
        expect(p.base_points).toBe(base)
        expect(p.points).toBe(base * p.multiplier)
        expect(p.lines.reduce((sum, l) => sum + l.points, 0)).toBe(p.points)
        expect(p.selected_by).toBeGreaterThan(0)
        if (role === 'captain') expect(p.captain_by).toBeGreaterThan(0)
        if (role && base !== 0) {
          leadersWithPoints++
          expect(p.lines.at(-1)?.rule).toBe(`${role}_multiplier`)
        }
        total += p.points
      }
      expect(b.total_points).toBe(total)
    }
    // The balls gave someone points (the lineup bonus at least): the test saw leaders' lines.
    expect(leadersWithPoints).toBeGreaterThan(0)
  })
})
