import { describe, expect, it } from 'vitest'
import { playerOutside, squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

const teamsPath = (matchId: number) => `/api/matches/${matchId}/user_teams`

describe('POST /api/matches/{match_id}/user_teams', () => {
  it('creates a team (201) with its players, captain, vice-captain and credits', async () => {
    const me = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const body = await validTeamBody(ctx.world.deps, match.id)
    const res = await ctx.api.post(`${teamsPath(match.id)}.json`, body, me.token)
    expect(res.status).toBe(201)
    const team = res.body.user_team
    expect(team).toMatchObject({
      team_no: 1,
      match_id: match.id,
      captain: body.captain,
      vice_captain: body.vice_captain,
    })
    expect(team.player_ids.split(',').map(Number).sort()).toEqual(
      body.player_ids.split(',').map(Number).sort(),
    )
    expect(team.team_players.find((p: { id: number }) => p.id === body.captain)).toMatchObject({
      is_captain: true,
      multiplier: 2,
    })
    expect(team.budget + team.credits_left).toBe(100)
    const list = await ctx.api.get(teamsPath(match.id), me.token)
    expect(list.body.user_teams.map((t: { id: number }) => t.id)).toEqual([team.id])
  })

  it('answers an XI breaking several rules with 422 naming every rule, and stores nothing', async () => {
    const me = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const squad = await squadOf(ctx.world.deps, match.id)
    const bowlers = squad.filter((p) => p.style === 13).slice(0, 11)
    expect(bowlers).toHaveLength(11)
    const res = await ctx.api.post(
      teamsPath(match.id),
      {
        player_ids: bowlers.map((p) => p.id).join(','),
        captain: bowlers[0]!.id,
        vice_captain: bowlers[0]!.id,
      },
      me.token,
    )
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.errors.rules).toEqual(
      expect.arrayContaining([
        'cricket_min_keeper',
        'cricket_min_batters',
        'cricket_min_allrounders',
        'captain_is_vice_captain',
      ]),
    )
    expect(res.body.errors.player_ids.length).toBeGreaterThanOrEqual(3)
    expect(res.body.errors.vice_captain).toEqual([
      'The captain and the vice-captain must be different players.',
    ])
    expect((await ctx.api.get(teamsPath(match.id), me.token)).body.user_teams).toEqual([])
  })

  it('refuses players outside the match, duplicates, a captain outside the team and a malformed list', async () => {
    const me = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const body = await validTeamBody(ctx.world.deps, match.id)
    const ids = body.player_ids.split(',').map(Number)
    const outsider = await playerOutside(ctx.world.deps, [match.id])
    const foreign = await ctx.api.post(
      teamsPath(match.id),
      { ...body, player_ids: [...ids.slice(0, 10), outsider].join(',') },
      me.token,
    )
    expect(foreign.body.errors.rules).toContain('player_not_in_match')
    const dup = await ctx.api.post(
      teamsPath(match.id),
      { ...body, player_ids: [...ids.slice(0, 10), ids[0]].join(',') },
      me.token,
    )
    expect(dup.body.errors.rules).toEqual(expect.arrayContaining(['duplicate_player', 'team_size']))
    const notIn = await ctx.api.post(teamsPath(match.id), { ...body, captain: outsider }, me.token)
    expect(notIn.body.errors.rules).toEqual(['captain_not_in_team'])
    expect(notIn.body.errors.captain).toEqual(['The captain must be one of your selected players.'])
    const bad = await ctx.api.post(teamsPath(match.id), { ...body, player_ids: '1,2,x' }, me.token)
    expect(bad.status).toBe(422)
    expect(bad.body.errors.player_ids).toEqual(['must be a comma-joined list of player ids'])
    const missing = await ctx.api.post(teamsPath(match.id), { player_ids: body.player_ids }, me.token)
    expect(missing.body.errors).toMatchObject({ captain: ['is required'], vice_captain: ['is required'] })
  })

  it('allows four teams per match and refuses a fifth with 409', async () => {
    const me = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    for (let i = 0; i < 4; i++)
      expect(
        (
          await ctx.api.post(
            teamsPath(match.id),
            await validTeamBody(ctx.world.deps, match.id, 'cricket', `t${i}`),
            me.token,
          )
        ).status,
      ).toBe(201)
    const fifth = await ctx.api.post(
      teamsPath(match.id),
      await validTeamBody(ctx.world.deps, match.id, 'cricket', 't5'),
      me.token,
    )
    expect(fifth.status).toBe(409)
    expect(fifth.body.code).toBe('TEAM_LIMIT')
    const nos = (await ctx.api.get(teamsPath(match.id), me.token)).body.user_teams.map(
      (t: { team_no: number }) => t.team_no,
    )
    expect(nos).toEqual([1, 2, 3, 4])
  })

  it('builds valid teams for every sport', async () => {
    const me = await ctx.api.player()
    for (const sport of ['football', 'f1', 'pubg', 'free-fire', 'call-of-duty']) {
      const match = await upcomingMatch(ctx.world.deps, sport)
      const res = await ctx.api.post(
        teamsPath(match.id),
        await validTeamBody(ctx.world.deps, match.id, sport),
        me.token,
      )
      expect(res.status, sport).toBe(201)
      expect(res.body.user_team.team_players).toHaveLength(sport === 'football' ? 11 : 5)
    }
  })

  it('requires sign-in and a real match', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    expect(
      (await ctx.api.post(teamsPath(match.id), await validTeamBody(ctx.world.deps, match.id))).status,
    ).toBe(401)
    const me = await ctx.api.player()
    expect(
      (await ctx.api.post(teamsPath(999_999), await validTeamBody(ctx.world.deps, match.id), me.token))
        .status,
    ).toBe(404)
  })
})

describe('PUT and GET a team', () => {
  it('edits a team until the start; afterwards edits are refused with 409', async () => {
    const me = await ctx.api.player()
    const admin = await ctx.api.admin()
    const match = await upcomingMatch(ctx.world.deps)
    const created = (
      await ctx.api.post(teamsPath(match.id), await validTeamBody(ctx.world.deps, match.id), me.token)
    ).body.user_team
    const next = await validTeamBody(ctx.world.deps, match.id, 'cricket', 'other')
    const edit = await ctx.api.put(`${teamsPath(match.id)}/${created.id}`, next, me.token)
    expect(edit.status).toBe(200)
    expect(edit.body.user_team).toMatchObject({ id: created.id, captain: next.captain })
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, admin.token)
    const late = await ctx.api.put(`${teamsPath(match.id)}/${created.id}`, next, me.token)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('EVENT_LOCKED')
    const create = await ctx.api.post(teamsPath(match.id), next, me.token)
    expect(create.body.code).toBe('EVENT_LOCKED')
    expect(
      (await ctx.api.get(`${teamsPath(match.id)}/${created.id}`, me.token)).body.user_team
        .is_current_user_allowed_to_edit,
    ).toBe(false)
  })

  it('hides another user’s team (404) until the match starts, and never lets them edit it', async () => {
    const owner = await ctx.api.player()
    const other = await ctx.api.player()
    const admin = await ctx.api.admin()
    const match = await upcomingMatch(ctx.world.deps)
    const body = await validTeamBody(ctx.world.deps, match.id)
    const team = (await ctx.api.post(teamsPath(match.id), body, owner.token)).body.user_team
    expect((await ctx.api.get(`${teamsPath(match.id)}/${team.id}`, other.token)).status).toBe(404)
    expect((await ctx.api.put(`${teamsPath(match.id)}/${team.id}`, body, other.token)).status).toBe(404)
    expect(
      (await ctx.api.get(`/api/matches/${match.id}/players?user_team_id=${team.id}`, other.token)).status,
    ).toBe(404)
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, admin.token)
    const seen = await ctx.api.get(`${teamsPath(match.id)}/${team.id}`, other.token)
    expect(seen.status).toBe(200)
    expect(seen.body.user_team.is_current_user_allowed_to_edit).toBe(false)
    expect((await ctx.api.put(`${teamsPath(match.id)}/${team.id}`, body, other.token)).status).toBe(404)
  })
})
