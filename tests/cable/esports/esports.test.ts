import { describe, expect, it } from 'vitest'
import { scheduleReveal } from '../../../server/areas/esports/rooms.service'
import { cableServer, jsonCaller, type RawCable, signedInCable, signedInUser } from '../../helpers/cable'
import { insertEsportsContest, insertSquadMember } from '../../helpers/esports-rooms-fixture'

// EsportsContestChannel and EsportsTournamentChannel (docs/channels.md, docs/esports.md "Live"):
// who may subscribe, `status` to everyone watching, `room` only to members and the host.

const ctx = cableServer()

const call = jsonCaller(() => ctx.server)

const contestChannel = (id: unknown) => JSON.stringify({ channel: 'EsportsContestChannel', contest_id: id })
const tournamentChannel = (id: unknown) =>
  JSON.stringify({ channel: 'EsportsTournamentChannel', tournament_id: id })

const connect = (token: string) => signedInCable(ctx.server, token)

async function follow(cable: RawCable, identifier: string) {
  cable.subscribe(identifier)
  const mine = (f: { identifier?: string }) => f.identifier === identifier
  const snapshot = await cable.take(mine)
  expect(snapshot.message.type).toBe('snapshot')
  expect((await cable.take(mine)).type).toBe('confirm_subscription')
  return snapshot.message
}

async function world(o: { isPrivate?: boolean } = {}) {
  const host = await signedInUser(ctx.server)
  const admin = await signedInUser(ctx.server, 'admin')
  const members = [await signedInUser(ctx.server), await signedInUser(ctx.server)]
  const c = await insertEsportsContest(ctx.server.deps, { hostId: host.id, isPrivate: o.isPrivate ?? false })
  for (const m of members) await insertSquadMember(ctx.server.deps, c.id, m.id)
  await scheduleReveal(ctx.server.deps, { ...c, status: 'open' })
  const reveal = async () => {
    const to = c.starts_at_ms - c.reveal_minutes * 60_000
    const res = await call('POST', '/api/admin/clock', admin.token, {
      advance_ms: Math.max(0, to - ctx.server.deps.clock.now()),
    })
    expect(res.status).toBe(200)
  }
  return { host, admin, members, c, reveal }
}

describe('EsportsContestChannel', () => {
  it('rejects a stranger to a private contest, unknown contests and bad identifiers', async () => {
    const { c, members, host } = await world({ isPrivate: true })
    const stranger = await signedInUser(ctx.server)
    const cable = await connect(stranger.token)
    for (const id of [c.id, 999_999_999, 'abc', -1, null]) {
      cable.subscribe(contestChannel(id))
      expect(await cable.take()).toEqual({ type: 'reject_subscription', identifier: contestChannel(id) })
    }
    await cable.close()
    for (const who of [members[0]!, host]) {
      const ok = await connect(who.token)
      expect(await follow(ok, contestChannel(c.id))).toMatchObject({
        contest_id: c.id,
        status: 'open',
        squads_count: 2,
        members_count: 2,
        revealed_at_in_millis: null,
        room: null,
      })
      await ok.close()
    }
  })

  it('at the reveal a member gets `room`; a non-member watching a public contest gets `status` only', async () => {
    const { c, members, host, reveal } = await world()
    expect(
      (
        await call('PUT', `/api/esports/contests/${c.id}/room_details`, host.token, {
          room_id: 'LIVE123',
          room_password: 'pw9',
        })
      ).status,
    ).toBe(200)
    const stranger = await signedInUser(ctx.server)
    const member = await connect(members[0]!.token)
    const watcher = await connect(stranger.token)
    const id = contestChannel(c.id)
    expect((await follow(member, id)).room).toBeNull()
    expect((await follow(watcher, id)).room).toBeNull()
    await reveal()
    const mine = (f: { identifier?: string }) => f.identifier === id
    const got = [(await member.take(mine)).message, (await member.take(mine)).message]
    expect(got).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'status',
          status: 'locked',
          contest_id: c.id,
          seq: expect.any(Number),
        }),
        expect.objectContaining({
          type: 'room',
          room_id: 'LIVE123',
          room_password: 'pw9',
          contest_id: c.id,
          seq: expect.any(Number),
        }),
      ]),
    )
    expect((await watcher.take(mine)).message).toMatchObject({ type: 'status', status: 'locked' })
    await watcher.expectSilence(300)
    expect(JSON.stringify(watcher.frames)).not.toContain('LIVE123')

    // A change after the reveal reaches members at once; a later subscriber's snapshot has it.
    await call('PUT', `/api/esports/contests/${c.id}/room_details`, host.token, {
      room_id: 'LIVE456',
      room_password: 'pw10',
    })
    expect((await member.take(mine)).message).toMatchObject({ type: 'room', room_id: 'LIVE456' })
    await watcher.expectSilence(300)
    const late = await connect(members[1]!.token)
    expect(await follow(late, id)).toMatchObject({
      status: 'locked',
      room: { room_id: 'LIVE456', room_password: 'pw10' },
    })
    const stranger2 = await connect(stranger.token)
    expect((await follow(stranger2, contestChannel(c.id))).room).toBeNull()
    for (const cable of [member, watcher, late, stranger2]) await cable.close()
  })
})

describe('EsportsTournamentChannel', () => {
  it('snapshots a tournament and rejects unknown ones', async () => {
    const user = await signedInUser(ctx.server)
    const now = ctx.server.deps.clock.now()
    const t = await ctx.server.deps.db
      .insertInto('esports_tournaments')
      .values({
        name: 'Cup',
        kind: 'pubg',
        mode: 'squad',
        team_size: 4,
        description: null,
        squads_limit: 16,
        rounds_count: 2,
        seed: 7,
        created_by_id: user.id,
        registration_closes_at_ms: now + 3_600_000,
        created_at_ms: now,
        completed_at_ms: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const cable = await connect(user.token)
    expect(await follow(cable, tournamentChannel(t.id))).toMatchObject({
      tournament_id: t.id,
      status: 'registration',
      current_round: 0,
    })
    for (const id of [999_999, 'x']) {
      cable.subscribe(tournamentChannel(id))
      expect(await cable.take()).toEqual({ type: 'reject_subscription', identifier: tournamentChannel(id) })
    }
    await cable.close()
  })
})
