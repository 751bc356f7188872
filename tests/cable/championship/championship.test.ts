import { describe, expect, it } from 'vitest'
import { cableServer, jsonCaller, signedInCable, signedInUser } from '../../helpers/cable'
import { classicBody, sixForTeamA, threeMatchPhase } from '../../helpers/championship'

const ctx = cableServer({ league: true, admin: true })

const call = jsonCaller(() => ctx.server, { web: true })

const connect = (token: string) => signedInCable(ctx.server, token)

describe('ChampionshipChannel', () => {
  it('rejects an unknown phase', async () => {
    const me = await signedInUser(ctx.server)
    const cable = await connect(me.token)
    const id = JSON.stringify({ channel: 'ChampionshipChannel', phase_id: 999_999 })
    cable.subscribe(id)
    await cable.take((f) => f.type === 'reject_subscription' && f.identifier === id)
    cable.close()
  })

  it('streams the phase leaderboard and my team’s score ball by ball', async () => {
    const { deps } = ctx.server
    const phase = await threeMatchPhase(deps)
    const [m1] = phase.matchIds as [number]
    const a = await signedInUser(ctx.server)
    const b = await signedInUser(ctx.server)
    const bodyA = await classicBody(deps, phase.id, 'a')
    const bodyB = await classicBody(deps, phase.id, 'b')
    const teamA = (
      await call('POST', '/api/championship/classic_teams', a.token, { phase_id: phase.id, ...bodyA })
    ).body.classic_team
    await call('POST', '/api/championship/classic_teams', b.token, { phase_id: phase.id, ...bodyB })

    const id = JSON.stringify({ channel: 'ChampionshipChannel', phase_id: phase.id })
    const cable = await connect(a.token)
    cable.subscribe(id)
    await cable.take((f) => f.type === 'confirm_subscription' && f.identifier === id)
    await cable.take((f) => f.identifier === id && f.message?.type === 'snapshot')
    const first = await cable.take((f) => f.identifier === id && f.message?.type === 'my_team')
    expect(first.message).toMatchObject({
      classic_team_id: teamA.id,
      score: 0,
      rank: null,
      live_match_id: null,
    })

    await call('POST', `/api/admin/matches/${m1}/start`, ctx.admin.token)
    const events = await sixForTeamA(deps, m1, bodyA.player_ids, bodyB.player_ids)
    const posted = await call('POST', `/api/admin/matches/${m1}/events`, ctx.admin.token, { events })
    expect(posted.status).toBe(200)
    const score = (await call('GET', `/api/championship/classic_teams/${teamA.id}/score`, a.token)).body
      .classic_team_score
    expect(score.live_match).toMatchObject({ id: m1 })
    expect(score.score).toBeGreaterThan(0)
    const mine = await cable.take(
      (f) => f.identifier === id && f.message?.type === 'my_team' && f.message.score === score.score,
    )
    expect(mine.message).toMatchObject({ classic_team_id: teamA.id, rank: 1, live_match_id: m1 })
    const board = await cable.take(
      (f) =>
        f.identifier === id && f.message?.type === 'leaderboard' && f.message.top[0]?.score === score.score,
    )
    expect(board.message.top[0]).toMatchObject({ classic_team_id: teamA.id, rank: 1, score: score.score })
    expect(board.message.top).toHaveLength(2)
    expect(board.message.live_match_ids).toEqual([m1])
    cable.close()
  })
})
