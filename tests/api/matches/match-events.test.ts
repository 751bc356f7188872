import { describe, expect, it } from 'vitest'
import { ball, lineups } from '../../helpers/cricket-events'
import { squadOf, upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

describe('GET /api/matches/{id}/events', () => {
  it('answers the stored events in seq order with their seq, a correction in place of what it replaced', async () => {
    const match = await upcomingMatch(ctx.deps)
    const empty = await ctx.api.get(`/api/matches/${match.id}/events`)
    expect(empty.status).toBe(200)
    expect(empty.body.events).toEqual([])

    const squad = await squadOf(ctx.deps, match.id)
    const [home, away] = lineups(squad)
    const [a, b] = [home!.player_ids[0]!, home!.player_ids[1]!]
    const bowler = away!.player_ids[10]!
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const events = [home, away, ball(a, b, bowler, 1, 1), ball(b, a, bowler, 4, 2)]
    const posted = await ctx.api.post(`/api/admin/matches/${match.id}/events`, { events }, ctx.admin.token)
    expect(posted.status).toBe(200)
    // A correction: the four was a six.
    const fixed = await ctx.api.post(
      `/api/admin/matches/${match.id}/events`,
      { events: [{ ...ball(b, a, bowler, 6, 2), seq: 4 }] },
      ctx.admin.token,
    )
    expect(fixed.status).toBe(200)

    // Public like the match: no token.
    const res = await ctx.api.get(`/api/matches/${match.id}/events`)
    expect(res.status).toBe(200)
    const got = res.body.events as Array<Record<string, unknown>>
    expect(got.map((e) => [e.seq, e.type])).toEqual([
      [1, 'lineup'],
      [2, 'lineup'],
      [3, 'ball'],
      [4, 'ball'],
    ])
    expect(got[0]).toMatchObject({ team_id: home!.team_id, player_ids: home!.player_ids })
    expect(got[3]).toMatchObject({ batter_id: b, bowler_id: bowler, runs: 6, boundary: true })
  })

  it('answers 404 NOT_FOUND for no match', async () => {
    const res = await ctx.api.get('/api/matches/999999/events')
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('NOT_FOUND')
  })
})
