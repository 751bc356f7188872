import { describe, expect, it } from 'vitest'
import { cableServer, jsonCaller, type RawCable, signedInUser, subscribedCable } from '../../helpers/cable'
import { ball, lineups } from '../../helpers/cricket-events'
import { squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'

/**
 * A snapshot tells which broadcasts it already holds: its `seq` is the last one published on
 * the stream before it was read, so the next broadcast a new subscriber sees is seq + 1 and a
 * client can drop anything at or below it (MatchChannel, ContestChannel, ClockChannel).
 */
const ctx = cableServer({ league: { dbFile: ':memory:' }, admin: true })

const call = jsonCaller(() => ctx.server, { web: true })

const follow = (token: string, identifiers: string[]) => subscribedCable(ctx.server, token, ...identifiers)

const seqsOf = (cable: RawCable, identifier: string, types?: string[]) =>
  cable.frames
    .filter(
      (f) =>
        f.identifier === identifier &&
        f.message?.type !== 'snapshot' &&
        typeof f.message?.seq === 'number' &&
        (!types || types.includes(f.message.type)),
    )
    .map((f) => f.message.seq as number)
const snapshotOf = (cable: RawCable, identifier: string) =>
  cable.frames.find((f) => f.identifier === identifier && f.message?.type === 'snapshot')?.message

describe('snapshot seq', () => {
  it('MatchChannel and ContestChannel snapshots carry the seq of the last broadcast they include', async () => {
    const { deps } = ctx.server
    const match = await upcomingMatch(deps)
    const player = await signedInUser(ctx.server)
    await call('POST', '/api/admin/wallet/credits', ctx.admin.token, { user_id: player.id, amount: 100 })
    const team = await call(
      'POST',
      `/api/matches/${match.id}/user_teams`,
      player.token,
      await validTeamBody(deps, match.id, 'cricket', 'seq'),
    )
    const contests = (await call('GET', `/api/matches/${match.id}/contests`, ctx.admin.token)).body.contests
    const contest = contests.find((c: { entry_fee: number; kind: string }) => c.kind === 'mega')
    expect(
      (
        await call('POST', `/api/contests/${contest.id}/join`, player.token, {
          team_id: team.body.user_team.id,
        })
      ).status,
    ).toBe(200)
    const matchId = JSON.stringify({ channel: 'MatchChannel', match_id: match.id })
    const contestId = JSON.stringify({ channel: 'ContestChannel', contest_id: contest.id })

    // Before the start: nothing on the match yet; the join made the contest's two broadcasts
    // (members, and the `joined` activity).
    const early = await follow(player.token, [matchId, contestId])
    expect(snapshotOf(early, matchId)).toMatchObject({ seq: 0, match_status: 'upcoming' })
    expect(snapshotOf(early, contestId)).toMatchObject({
      seq: 2,
      user_seq: 0,
      contest_status: 'open',
      members_count: 1,
    })

    await call('POST', `/api/admin/matches/${match.id}/start`, ctx.admin.token)
    const squad = await squadOf(deps, match.id)
    const xiOfSides = lineups(squad)
    const xi = xiOfSides.map((l) => l.player_ids)
    const single = (n: number) => ball(xi[0]![0]!, xi[0]![1]!, xi[1]![0]!, 1, n)
    await call('POST', `/api/admin/matches/${match.id}/events`, ctx.admin.token, {
      events: [...xiOfSides, single(1), single(2)],
    })
    await early.take((f) => f.identifier === contestId && f.message?.type === 'my_ranks')
    await early.take(
      (f) => f.identifier === matchId && f.message?.type === 'event' && f.message.event.seq === 4,
    )
    await early.take((f) => f.identifier === matchId && f.message?.type === 'player_points')
    const matchSeqs = seqsOf(early, matchId)
    const contestSeqs = seqsOf(early, contestId, ['status', 'leaderboard', 'members', 'activity'])
    const userSeqs = seqsOf(early, contestId, ['my_ranks'])
    expect(matchSeqs.length).toBeGreaterThan(3)

    // A late subscriber's snapshot names exactly what it holds…
    const late = await follow(player.token, [matchId, contestId])
    const matchSnapshot = snapshotOf(late, matchId)
    expect(matchSnapshot).toMatchObject({ seq: Math.max(...matchSeqs), match_status: 'live' })
    expect(matchSnapshot.summary.innings[0]).toMatchObject({ runs: 2 })
    expect(snapshotOf(late, contestId)).toMatchObject({
      seq: Math.max(...contestSeqs),
      user_seq: Math.max(...userSeqs),
      contest_status: 'locked',
    })

    // …and the next broadcast follows it without a gap.
    await call('POST', `/api/admin/matches/${match.id}/events`, ctx.admin.token, { events: [single(3)] })
    const next = await late.take((f) => f.identifier === matchId && f.message?.type === 'event')
    expect(next.message.seq).toBe(matchSnapshot.seq + 1)
    await early.close()
    await late.close()
  })

  it('ClockChannel sends the clock on subscribe and every change an admin makes', async () => {
    const player = await signedInUser(ctx.server)
    const clockId = JSON.stringify({ channel: 'ClockChannel' })
    const cable = await follow(player.token, [clockId])
    const snapshot = snapshotOf(cable, clockId)
    expect(snapshot).toMatchObject({ speed: 1, paused: false })
    expect(typeof snapshot.now_in_millis).toBe('number')
    expect((await call('POST', '/api/admin/clock', ctx.admin.token, { speed: 60 })).status).toBe(200)
    const fast = await cable.take((f) => f.identifier === clockId && f.message?.type === 'clock')
    expect(fast.message).toMatchObject({ seq: snapshot.seq + 1, speed: 60, paused: false })
    await call('POST', '/api/admin/clock', ctx.admin.token, { paused: true })
    const paused = await cable.take(
      (f) => f.identifier === clockId && f.message?.type === 'clock' && f.message.paused === true,
    )
    expect(paused.message.seq).toBe(snapshot.seq + 2)
    await call('POST', '/api/admin/clock', ctx.admin.token, { paused: false, speed: 1 })

    const rejected = JSON.stringify({ channel: 'ClockChannel', user_id: 1 })
    cable.subscribe(rejected)
    expect(await cable.take((f) => f.identifier === rejected)).toMatchObject({ type: 'reject_subscription' })
    await cable.close()
  })

  it('AuctionTournamentChannel sends the tournament in the shape GET gives (window length, seats)', async () => {
    const owner = await signedInUser(ctx.server)
    const series = (await call('GET', '/api/series', owner.token)).body.series.find(
      (x: { sport_slug: string }) => x.sport_slug === 'cricket',
    )
    const created = await call('POST', '/api/auction/tournaments', owner.token, {
      name: 'Snapshot Cup',
      series_id: series.id,
      window_hours: 8,
      max_managers: 6,
    })
    expect(created.status).toBe(201)
    const id = created.body.tournament.id
    const identifier = JSON.stringify({ channel: 'AuctionTournamentChannel', tournament_id: id })
    const cable = await follow(owner.token, [identifier])
    const fetched = (await call('GET', `/api/auction/tournaments/${id}`, owner.token)).body.tournament
    const snapshot = snapshotOf(cable, identifier)
    expect(snapshot.tournament).toMatchObject({ window_hours: 8, max_managers: 6, phase: 'waiting' })
    expect(Object.keys(snapshot.tournament).sort()).toEqual(Object.keys(fetched).sort())
    await cable.close()
  })
})
