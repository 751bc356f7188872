import { beforeEach, describe, expect, it } from 'vitest'
import {
  REVEAL_JOB,
  resumeEsportsReveals,
  revealContest,
  revealJobKey,
  scheduleReveal,
} from '../../../server/areas/esports/rooms.service'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { rowsWhere } from '../../helpers/db'
import {
  type FixtureContest,
  insertEsportsContest,
  insertSquadMember,
} from '../../helpers/esports-rooms-fixture'
import { apiWorld, type SignedIn } from '../../helpers/world'

/** Room details and the reveal job (docs/esports.md "Room details"). */
const ctx = apiWorld({ admin: true })
let host: SignedIn
beforeEach(async () => {
  host = await ctx.api.player()
})

const path = (id: number) => `/api/esports/contests/${id}/room_details`
const room = { room_id: 'ROOM4471', room_password: 'x7k2' }

async function contestWith(members: number, o: Parameters<typeof insertEsportsContest>[1] | object = {}) {
  const c = await insertEsportsContest(ctx.world.deps, { hostId: host.id, ...o })
  const players = []
  for (let i = 0; i < members; i++) {
    const p = await ctx.api.player()
    const fee = (o as { entryFeePaise?: number }).entryFeePaise ?? 0
    if (fee > 0)
      await ctx.api.post(
        '/api/admin/wallet/credits',
        { user_id: p.id, amount: fee / 100, compartment: 'unused' },
        ctx.admin.token,
      )
    await insertSquadMember(ctx.world.deps, c.id, p.id)
    players.push(p)
  }
  await scheduleReveal(ctx.world.deps, { ...c, id: c.id, status: 'open' })
  return { c, players }
}

const row = (id: number) =>
  ctx.world.deps.db.selectFrom('esports_contests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** Moves the game clock to `ms` through the admin API (which runs the jobs that became due). */
async function clockTo(ms: number) {
  const res = await ctx.api.post(
    '/api/admin/clock',
    { advance_ms: ms - ctx.world.deps.clock.now() },
    ctx.admin.token,
  )
  expect(res.status).toBe(200)
}
const revealAt = (c: FixtureContest) => c.starts_at_ms - c.reveal_minutes * 60_000

async function notes(p: { token: string }) {
  return (await ctx.api.get('/api/notifications', p.token)).body.notifications as Array<{
    kind: string
    body: string
    data: Record<string, unknown>
  }>
}

describe('PUT /api/esports/contests/{id}/room_details', () => {
  it('lets the host and admins set them; members get 403, strangers to a private contest 404', async () => {
    const { c, players } = await contestWith(1, { isPrivate: true })
    const stranger = await ctx.api.player()
    const ok = await ctx.api.put(path(c.id), room, host.token)
    expect(ok.status).toBe(200)
    expect(ok.body.room_details).toMatchObject({
      ...room,
      starts_at_in_millis: c.starts_at_ms,
      reveal_at_in_millis: revealAt(c),
      set_at_in_millis: ctx.world.deps.clock.now(),
    })
    expect((await ctx.api.put(path(c.id), room, players[0]!.token)).status).toBe(403)
    const hidden = await ctx.api.put(path(c.id), room, stranger.token)
    expect(hidden.status).toBe(404)
    expect(
      (await ctx.api.put(path(c.id), { room_id: 'ADMIN01', room_password: 'pw' }, ctx.admin.token)).status,
    ).toBe(200)
    expect((await row(c.id)).room_id).toBe('ADMIN01')
    expect((await ctx.api.put(path(999_999_999), room, host.token)).status).toBe(404)
    // Before the reveal nobody is told anything.
    expect(await notes(players[0]!)).toEqual([])
  })

  it('a stranger to a public contest may see it but not set its room (403)', async () => {
    const { c } = await contestWith(0)
    const stranger = await ctx.api.player()
    expect((await ctx.api.put(path(c.id), room, stranger.token)).status).toBe(403)
  })

  it('checks the fields (422, one message per field)', async () => {
    const { c } = await contestWith(0)
    for (const [body, fields] of [
      [{}, ['room_id', 'room_password']],
      [{ room_id: 'ab', room_password: 'x' }, ['room_id']],
      [{ room_id: 'ROOM-1', room_password: 'x' }, ['room_id']],
      [{ room_id: 'A'.repeat(21), room_password: 'x' }, ['room_id']],
      [{ room_id: 'ROOM1', room_password: '' }, ['room_password']],
      [{ room_id: 'ROOM1', room_password: 'has space' }, ['room_password']],
      [{ room_id: 'ROOM1', room_password: 'p'.repeat(21) }, ['room_password']],
      [{ room_id: 123, room_password: ['x'] }, ['room_id', 'room_password']],
      [{ ...room, room_name: 'x' }, ['room_name']],
    ] as const) {
      const res = await ctx.api.put(path(c.id), body, host.token)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual([...fields])
    }
    expect((await ctx.api.put('/api/esports/contests/abc/room_details', room, host.token)).status).toBe(422)
    expect((await ctx.api.put(path(c.id), room)).status).toBe(401)
  })

  it('is 409 on a cancelled or completed contest', async () => {
    for (const status of ['cancelled', 'completed'] as const) {
      const c = await insertEsportsContest(ctx.world.deps, { hostId: host.id, status })
      const res = await ctx.api.put(path(c.id), room, host.token)
      expect(res.status).toBe(409)
      expect(res.body.error).toContain(status)
    }
  })

  it('after the reveal: members are notified and may read them at once', async () => {
    const { c, players } = await contestWith(2)
    await clockTo(revealAt(c))
    expect((await row(c.id)).status).toBe('locked')
    for (const p of players) {
      const [n] = await notes(p)
      expect(n?.body).toBe(
        `Squads are locked for ${c.name}; room details will appear here as soon as the host sets them`,
      )
      const early = await ctx.api.get(path(c.id), p.token)
      expect(early.status).toBe(404)
      expect(early.body.error).toContain('host has not set the room details yet')
    }
    expect((await ctx.api.put(path(c.id), room, host.token)).status).toBe(200)
    for (const p of players) {
      expect((await notes(p))[0]).toMatchObject({
        kind: 'esports_room_details',
        body: `Room details for ${c.name} are out`,
        data: { path: `/contests/${c.id}` },
      })
      expect((await ctx.api.get(path(c.id), p.token)).body.room_details).toMatchObject(room)
    }
    // A change is announced as one; the same values again are not.
    await ctx.api.put(path(c.id), { room_id: 'ROOM9', room_password: 'new' }, host.token)
    expect((await notes(players[0]!))[0]?.body).toBe(`The room details for ${c.name} changed`)
    const count = (await notes(players[0]!)).length
    await ctx.api.put(path(c.id), { room_id: 'ROOM9', room_password: 'new' }, host.token)
    expect((await notes(players[0]!)).length).toBe(count)
    for (const n of await notes(players[0]!)) expect(n.body).not.toContain('new')
  })
})

describe('GET /api/esports/contests/{id}/room_details', () => {
  it('before the reveal: the host always, members a 404 saying when, others a plain 404', async () => {
    const { c, players } = await contestWith(2, { isPrivate: true })
    const stranger = await ctx.api.player()
    const blank = await ctx.api.get(path(c.id), host.token)
    expect(blank.status).toBe(200)
    expect(blank.body.room_details).toEqual({
      room_id: null,
      room_password: null,
      reveal_at_in_millis: revealAt(c),
      starts_at_in_millis: c.starts_at_ms,
      set_at_in_millis: null,
      is_host: true,
    })
    await ctx.api.put(path(c.id), room, host.token)
    expect((await ctx.api.get(path(c.id), ctx.admin.token)).body.room_details).toMatchObject(room)
    const member = await ctx.api.get(path(c.id), players[0]!.token)
    expect(member.status).toBe(404)
    expect(member.body.error).toBe(
      `Room details appear here at ${new Date(revealAt(c)).toISOString()}, 15 minutes before the start`,
    )
    expect(JSON.stringify(member.body)).not.toContain(room.room_password)
    const other = await ctx.api.get(path(c.id), stranger.token)
    expect(other.status).toBe(404)
    expect(other.body.error).toBe('Contest not found')
  })

  it('after the reveal: members yes, a stranger to a public contest and a refunded member no', async () => {
    const { c, players } = await contestWith(3)
    const stranger = await ctx.api.player()
    await ctx.api.put(path(c.id), room, host.token)
    // The third member left before the lock (refunded).
    await ctx.world.deps.db
      .updateTable('esports_members')
      .set({ refunded: 1 })
      .where('contest_id', '=', c.id)
      .where('user_id', '=', players[2]!.id)
      .execute()
    await clockTo(revealAt(c))
    for (const p of players.slice(0, 2))
      expect((await ctx.api.get(path(c.id), p.token)).body.room_details).toEqual({
        ...room,
        reveal_at_in_millis: revealAt(c),
        starts_at_in_millis: c.starts_at_ms,
        set_at_in_millis: expect.any(Number),
        is_host: false,
      })
    const other = await ctx.api.get(path(c.id), stranger.token)
    expect(other.status).toBe(404)
    expect(other.body.error).toBe('Room details not found')
    expect((await ctx.api.get(path(c.id), players[2]!.token)).status).toBe(404)
    expect(await notes(players[2]!)).toEqual([])
  })
})

describe('the reveal job', () => {
  it('locks the contest at starts_at − reveal_minutes and notifies every member, once', async () => {
    const { c, players } = await contestWith(2, { revealMinutes: 30 })
    await ctx.api.put(path(c.id), room, host.token)
    await clockTo(revealAt(c) - 1)
    expect((await row(c.id)).status).toBe('open')
    await clockTo(revealAt(c))
    const locked = await row(c.id)
    expect(locked).toMatchObject({ status: 'locked', locked_at_ms: revealAt(c), revealed_at_ms: revealAt(c) })
    for (const p of players) {
      const list = await notes(p)
      expect(list).toHaveLength(1)
      expect(list[0]).toMatchObject({
        kind: 'esports_room_details',
        body: `Room details for ${c.name} are out`,
        data: { path: `/contests/${c.id}`, esports_contest_id: c.id },
      })
      expect(JSON.stringify(list)).not.toContain(room.room_id)
    }
    // Run again (a crash after its commit): nothing more happens.
    expect(await revealContest(ctx.world.deps, c.id, revealAt(c))).toBe('skipped')
    for (const p of players) expect(await notes(p)).toHaveLength(1)
  })

  it('cancels and refunds a contest with fewer than 2 squads', async () => {
    const { c, players } = await contestWith(1, { entryFeePaise: 2_000 })
    const [p] = players
    expect(await userBalances(ctx.world.deps.db, p!.id)).toMatchObject({ unused: 0 })
    await clockTo(revealAt(c))
    const r = await row(c.id)
    expect(r.status).toBe('cancelled')
    expect(r.status_reason).toBe('Fewer than 2 squads joined by the lock')
    expect(r.revealed_at_ms).toBeNull()
    expect(await userBalances(ctx.world.deps.db, p!.id)).toMatchObject({ unused: 2_000, winnings: 0 })
    const [n] = await notes(p!)
    expect(n).toMatchObject({
      kind: 'esports_contest_cancelled',
      body: `${c.name} was cancelled: fewer than 2 squads joined. Your entry fee is refunded to your unused balance.`,
      data: { path: `/contests/${c.id}` },
    })
    expect((await notes(host))[0]?.body).toContain('was cancelled at the lock')
    expect((await ctx.api.get(path(c.id), p!.token)).status).toBe(404)
    expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
  })

  it('counts squads with a member still in: a squad whose only member left does not play', async () => {
    const { c, players } = await contestWith(2, { entryFeePaise: 1_000 })
    await ctx.world.deps.db
      .updateTable('esports_members')
      .set({ refunded: 1 })
      .where('user_id', '=', players[1]!.id)
      .execute()
    await clockTo(revealAt(c))
    expect((await row(c.id)).status).toBe('cancelled')
    expect(await userBalances(ctx.world.deps.db, players[0]!.id)).toMatchObject({ unused: 1_000 })
  })

  it('reveals a tournament lobby (created locked, squads fixed) at its time, whoever is left', async () => {
    const c = await insertEsportsContest(ctx.world.deps, { hostId: host.id, status: 'locked' })
    const p = await ctx.api.player()
    await insertSquadMember(ctx.world.deps, c.id, p.id)
    await scheduleReveal(ctx.world.deps, { ...c, status: 'locked', revealed_at_ms: null })
    expect((await ctx.api.put(path(c.id), room, host.token)).status).toBe(200)
    expect((await ctx.api.get(path(c.id), p.token)).status).toBe(404)
    await clockTo(revealAt(c) + 1)
    const after = await row(c.id)
    // One squad is not cancelled: the round fixed the lobby, the tournament decides.
    expect(after.status).toBe('locked')
    expect(Number(after.revealed_at_ms)).toBe(revealAt(c))
    const seen = await ctx.api.get(path(c.id), p.token)
    expect(seen.status).toBe(200)
    expect(seen.body.room_details).toMatchObject(room)
    expect((await notes(p)).map((n) => n.kind)).toContain('esports_room_details')
  })

  it('moves with the start: one job, at the new reveal time', async () => {
    const { c } = await contestWith(2)
    const later = { ...c, starts_at_ms: c.starts_at_ms + 3_600_000, reveal_minutes: 20 }
    await ctx.world.deps.db
      .updateTable('esports_contests')
      .set({ starts_at_ms: later.starts_at_ms, reveal_minutes: 20 })
      .where('id', '=', c.id)
      .execute()
    await scheduleReveal(ctx.world.deps, { ...later, status: 'open' })
    const jobs = await ctx.world.deps.db
      .selectFrom('scheduled_jobs')
      .select(['run_at_ms', 'status'])
      .where('unique_key', '=', revealJobKey(c.id))
      .execute()
    expect(jobs).toEqual([{ run_at_ms: revealAt(later), status: 'pending' }])
    await clockTo(revealAt(c))
    expect((await row(c.id)).status).toBe('open')
    await clockTo(revealAt(later))
    expect((await row(c.id)).locked_at_ms).toBe(revealAt(later))
    // A contest no longer open loses its job.
    const gone = await insertEsportsContest(ctx.world.deps, { hostId: host.id })
    await scheduleReveal(ctx.world.deps, { ...gone, status: 'open' })
    await scheduleReveal(ctx.world.deps, { ...gone, status: 'cancelled' })
    expect(
      await rowsWhere(
        ctx.world.deps.db,
        'scheduled_jobs',
        { unique_key: revealJobKey(gone.id), status: 'pending' },
        'id',
      ),
    ).toEqual([])
  })

  it('a late job (the clock jumped past the start) still reveals exactly once, at the reveal instant', async () => {
    const { c, players } = await contestWith(2)
    await ctx.api.put(path(c.id), room, host.token)
    await clockTo(c.starts_at_ms + 2 * 3_600_000)
    expect(await row(c.id)).toMatchObject({ status: 'locked', revealed_at_ms: revealAt(c) })
    for (const p of players) expect(await notes(p)).toHaveLength(1)
    const done = await rowsWhere(ctx.world.deps.db, 'scheduled_jobs', { kind: REVEAL_JOB }, 'status')
    expect(done).toEqual([{ status: 'done' }])
  })

  it('at a start, an open contest without its job gets it (run at once when already due)', async () => {
    const c = await insertEsportsContest(ctx.world.deps, { hostId: host.id, startsInMs: 10 * 60_000 })
    const p1 = await ctx.api.player()
    const p2 = await ctx.api.player()
    await insertSquadMember(ctx.world.deps, c.id, p1.id)
    await insertSquadMember(ctx.world.deps, c.id, p2.id)
    expect(await resumeEsportsReveals(ctx.world.deps)).toBe(1)
    expect(await resumeEsportsReveals(ctx.world.deps)).toBe(0)
    await ctx.world.deps.scheduler.runDue()
    expect((await row(c.id)).status).toBe('locked')
    expect(await notes(p1)).toHaveLength(1)
  })
})
