import { ball, lineups } from './cricket-events'
import { cricketSeriesId, squadOf, validTeamBody } from './league'
import type { ApiWorld } from './world'

/**
 * Two upcoming cricket matches X and Y of the seeded league, a player with a team in a contest
 * of each, and what it takes to make X live and post its balls through the admin API.
 */
export async function twoMatches(ctx: ApiWorld) {
  const deps = ctx.world.deps
  const api = ctx.api
  const open = (await api.get('/api/contests?per_page=50')).body.contests as Array<{
    id: number
    match_id: number
    sport_slug: string
  }>
  const [x, y] = [...new Set(open.filter((c) => c.sport_slug === 'cricket').map((c) => c.match_id))]
  if (x === undefined || y === undefined)
    throw new Error('the league has fewer than two cricket matches with contests')
  const player = await api.player()
  await api.post('/api/admin/wallet/credits', { user_id: player.id, amount: 200 }, ctx.admin.token)
  const contestOf = async (matchId: number) => {
    const body = await validTeamBody(deps, matchId, 'cricket', 'live')
    const team = (await api.post(`/api/matches/${matchId}/user_teams`, body, player.token)).body.user_team
    const contest = (await api.get(`/api/matches/${matchId}/contests?per_page=50`)).body.contests[0]
    const joined = await api.post(`/api/contests/${contest.id}/join`, { team_id: team.id }, player.token)
    if (joined.status !== 200) throw new Error(`join answered ${joined.status}`)
    return contest.id as number
  }
  const contestX = await contestOf(x)
  const contestY = await contestOf(y)
  const squad = await squadOf(deps, x)
  const [l1, l2] = lineups(squad)
  let balls = 0
  const post = async (events: unknown[]) => {
    const res = await api.post(`/api/admin/matches/${x}/events`, { events }, ctx.admin.token)
    if (res.status !== 200) throw new Error(`events answered ${res.status}: ${JSON.stringify(res.body)}`)
  }
  return {
    player,
    x,
    y,
    contestX,
    contestY,
    seriesId: await cricketSeriesId(deps),
    /** Starts X and posts its lineups. */
    async startX() {
      const started = await api.post(`/api/admin/matches/${x}/start`, undefined, ctx.admin.token)
      if (started.status !== 200) throw new Error(`start answered ${started.status}`)
      await post([l1, l2])
    },
    /** One more ball of X's first over (a single). */
    async ballX() {
      balls++
      await post([ball(l1!.player_ids[0]!, l1!.player_ids[1]!, l2!.player_ids[0]!, 1, balls)])
    },
  }
}
