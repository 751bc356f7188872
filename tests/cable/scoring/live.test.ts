import { describe, expect, it } from 'vitest'
import {
  cableServer,
  cableUrl,
  jsonCaller,
  type RawCable,
  rawCable,
  signedInUser,
  subscribedCable,
} from '../../helpers/cable'
import { ball, lineups } from '../../helpers/cricket-events'
import { squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'

const ctx = cableServer({ league: true, admin: true })

const call = jsonCaller(() => ctx.server, { web: true })

const subscribed = (token: string, identifier: string) => subscribedCable(ctx.server, token, identifier)

const messages = (cable: RawCable, identifier: string, type: string) =>
  cable.frames.filter((f) => f.identifier === identifier && f.message?.type === type).map((f) => f.message)

describe('MatchChannel and ContestChannel', () => {
  it('stream the score, player points, the leaderboard and the subscriber’s own ranks, in seq order', async () => {
    const { deps } = ctx.server
    const match = await upcomingMatch(deps)
    const players = [await signedInUser(ctx.server), await signedInUser(ctx.server)]
    const teams: number[] = []
    for (const [i, p] of players.entries()) {
      await call('POST', '/api/admin/wallet/credits', ctx.admin.token, { user_id: p.id, amount: 100 })
      const team = await call(
        'POST',
        `/api/matches/${match.id}/user_teams`,
        p.token,
        await validTeamBody(deps, match.id, 'cricket', `live${i}`),
      )
      teams.push(team.body.user_team.id)
    }
    const contests = (await call('GET', `/api/matches/${match.id}/contests`, ctx.admin.token)).body.contests
    const h2h = contests.find(
      (c: { kind: string; entry_fee: number }) => c.kind === 'head_to_head' && c.entry_fee === 25,
    )
    for (const [i, p] of players.entries())
      await call('POST', `/api/contests/${h2h.id}/join`, p.token, { team_id: teams[i] })

    const contestId = JSON.stringify({ channel: 'ContestChannel', contest_id: h2h.id })
    const matchId = JSON.stringify({ channel: 'MatchChannel', match_id: match.id })
    const watcher = await subscribed(players[0]!.token, contestId)
    watcher.subscribe(matchId)
    await watcher.take((f) => f.type === 'confirm_subscription' && f.identifier === matchId)
    expect(messages(watcher, contestId, 'snapshot')[0]).toMatchObject({
      contest_status: 'open',
      members_count: 2,
    })
    expect(messages(watcher, matchId, 'snapshot')[0]).toMatchObject({ match_status: 'upcoming' })

    await call('POST', `/api/admin/matches/${match.id}/start`, ctx.admin.token)
    await watcher.take((f) => f.identifier === matchId && f.message?.type === 'status')
    await watcher.take((f) => f.identifier === contestId && f.message?.type === 'status')

    const squad = await squadOf(deps, match.id)
    const xiOfSides = lineups(squad)
    const xi = xiOfSides.map((l) => l.player_ids)
    const balls = [1, 2, 3].map((n) => ball(xi[0]![0]!, xi[0]![1]!, xi[1]![0]!, n === 2 ? 4 : 1, n))
    const posted = await call('POST', `/api/admin/matches/${match.id}/events`, ctx.admin.token, {
      events: [...xiOfSides, ...balls],
    })
    expect(posted.status).toBe(200)
    await watcher.take((f) => f.identifier === contestId && f.message?.type === 'leaderboard')
    await watcher.take((f) => f.identifier === contestId && f.message?.type === 'my_ranks')

    const events = messages(watcher, matchId, 'event')
    expect(events.map((e) => e.event.seq)).toEqual([1, 2, 3, 4, 5])
    const seqs = watcher.frames
      .filter((f) => f.identifier === matchId && f.message?.seq)
      .map((f) => f.message.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(events.at(-1).summary.innings[0]).toMatchObject({ runs: 6, wickets: 0, overs: '0.3' })
    const points = messages(watcher, matchId, 'player_points').at(-1)
    expect(points.players.find((p: { player_id: number }) => p.player_id === xi[0]![0])).toBeDefined()

    const board = messages(watcher, contestId, 'leaderboard').at(-1)
    expect(board.top).toHaveLength(2)
    expect(board.top.map((e: { user: { slug: string } }) => e.user.slug).sort()).toEqual(
      players.map((p) => p.slug).sort(),
    )
    const mine = messages(watcher, contestId, 'my_ranks').at(-1)
    expect(mine.entries).toHaveLength(1)
    expect(mine.entries[0]).toMatchObject({ user_team_id: teams[0] })
    const apiRank = (await call('GET', `/api/contests/${h2h.id}/members`, ctx.admin.token)).body.members.find(
      (m: { user_team: { id: number } }) => m.user_team.id === teams[0],
    )
    expect(mine.entries[0]).toMatchObject({ rank: apiRank.rank, points: apiRank.points })

    // The same ranks and points again send no new my_ranks (only changes go out).
    const before = messages(watcher, contestId, 'my_ranks').length
    await call('POST', `/api/admin/matches/${match.id}/events`, ctx.admin.token, {
      events: [
        {
          ...balls[2],
          ball: 4,
          runs: 0,
          boundary: false,
          extras: { wides: 1, noballs: 0, byes: 0, legbyes: 0 },
          batter_id: xi[0]![0],
        },
      ],
    })
    await watcher.take((f) => f.identifier === matchId && f.message?.type === 'player_points')
    const bowlerPicked = xi[1]![0]
    const inTeam = (
      await call('GET', `/api/matches/${match.id}/user_teams/${teams[0]}`, players[0]!.token)
    ).body.user_team.player_ids
      .split(',')
      .map(Number)
      .includes(bowlerPicked)
    if (!inTeam) {
      await watcher.expectSilence(300)
      expect(messages(watcher, contestId, 'my_ranks')).toHaveLength(before)
    }
    await watcher.close()
  })

  it('rejects unknown matches and contests', async () => {
    const p = await signedInUser(ctx.server)
    const cable = await rawCable(cableUrl(ctx.server, `?access_token=${p.token}`))
    await cable.take((f) => f.type === 'welcome')
    for (const identifier of [
      JSON.stringify({ channel: 'MatchChannel', match_id: 999_999 }),
      JSON.stringify({ channel: 'ContestChannel', contest_id: 'x' }),
    ]) {
      cable.subscribe(identifier)
      expect(await cable.take((f) => f.identifier === identifier)).toEqual({
        identifier,
        type: 'reject_subscription',
      })
    }
    await cable.close()
  })
})
