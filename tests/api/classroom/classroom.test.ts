import { describe, expect, it } from 'vitest'
import { rowCount, rowsWhere } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

/** The classroom (docs/classroom.md): students, group, auction and contest in one admin call. */
const ctx = apiWorld({ league: true, admin: true })

/** Rows of the tables a class writes to, to show that a refusal wrote nothing. */
async function counts() {
  const n = (table: 'users' | 'groups' | 'auctions' | 'contests' | 'classrooms' | 'auction_managers') =>
    rowCount(ctx.world.deps.db, table)
  return {
    users: await n('users'),
    groups: await n('groups'),
    auctions: await n('auctions'),
    contests: await n('contests'),
    classrooms: await n('classrooms'),
    managers: await n('auction_managers'),
  }
}

describe('POST /api/admin/classrooms', () => {
  it('creates 30 students who can sign in, their group, an auction with all of them approved and a private contest', async () => {
    const res = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 30, name: 'Physics 101' },
      ctx.admin.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const { students, group, auction, contest, classroom } = res.body
    expect(classroom.name).toBe('Physics 101')
    expect(students).toHaveLength(30)
    expect(students[0].username).toBe(`class${classroom.id}_s01`)
    expect(new Set(students.map((s: { password: string }) => s.password)).size).toBe(30)
    // Every student signs in with the printed password and sees the group and the auction.
    const first = await ctx.api.login(students[0].username, students[0].password)
    const last = await ctx.api.login(students[29].email, students[29].password)
    expect(last.access_token).toBeTruthy()
    const groups = await ctx.api.get('/api/groups', first.access_token)
    expect(JSON.stringify(groups.body)).toContain(group.uuid)
    const members = await ctx.world.deps.db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select('gm.user_id')
      .where('g.uuid', '=', group.uuid)
      .execute()
    expect(members).toHaveLength(31)
    // 30 seats, 30 students: no bots; the league pool gives 30 franchises balanced squads of 11.
    expect(auction).toMatchObject({ seats: 30, students: 30, bots: 0, squad_min: 11, balanced: true })
    expect(auction.pool.kind).toBe('league')
    const shown = await ctx.api.get(`/api/auctions/${auction.id}`, first.access_token)
    expect(shown.body.new_auction.capacity.pool_managers).toBeGreaterThanOrEqual(30)
    expect(auction.squad_min * 30).toBeLessThanOrEqual(auction.pool.players)
    expect(auction.squad_max).toBe(Math.min(15, Math.floor(auction.pool.players / 30)))
    const managers = await ctx.api.get(`/api/auctions/${auction.id}/managers`, first.access_token)
    expect(managers.status).toBe(200)
    const approved = managers.body.managers.filter((m: { status: string }) => m.status === 'approved')
    expect(approved).toHaveLength(30)
    expect(new Set(approved.map((m: { color: string }) => m.color)).size).toBe(30)
    expect(contest).not.toBeNull()
    // Private: a student finds it by its code (joining takes a team of theirs, as for anyone).
    const c = await ctx.api.get(`/api/contests/invite_code/${contest.invite_code}`, first.access_token)
    expect(c.status, JSON.stringify(c.body)).toBe(200)
    const row = await ctx.world.deps.db
      .selectFrom('contests')
      .selectAll()
      .where('id', '=', contest.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ is_private: 1, entry_fee_paise: 0, members_limit: 31 })
    const listed = await ctx.api.get('/api/admin/classrooms', ctx.admin.token)
    expect(listed.body.classrooms[0]).toMatchObject({
      id: classroom.id,
      auction_id: auction.id,
      contest_id: contest.id,
    })
  })

  it('fills empty seats with bots and names roster students as given', async () => {
    const roster = [
      { username: 'asha_k', full_name: 'Asha K' },
      { username: 'ravi_m', email: 'ravi@school.test' },
    ]
    const res = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 3, roster, seats: 6 },
      ctx.admin.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.students.map((s: { username: string }) => s.username).slice(0, 2)).toEqual([
      'asha_k',
      'ravi_m',
    ])
    expect(res.body.students[1].email).toBe('ravi@school.test')
    expect(res.body.students[0].full_name).toBe('Asha K')
    expect(res.body.auction).toMatchObject({ seats: 6, students: 3, bots: 3, balanced: true, squad_min: 11 })
    const managers = await ctx.world.deps.db
      .selectFrom('auction_managers')
      .select(['status', 'bot_strategy'])
      .where('auction_id', '=', res.body.auction.id)
      .execute()
    expect(managers.filter((m) => m.status === 'approved')).toHaveLength(6)
    expect(managers.filter((m) => m.bot_strategy !== null)).toHaveLength(3)
  })

  it('tops a small class up to four franchises with bots', async () => {
    const res = await ctx.api.post('/api/admin/classrooms', { students: 1 }, ctx.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.auction).toMatchObject({ seats: 4, bots: 3 })
    // Lots of the default 15 s, unless the instructor asks for longer ones (below).
    const made = await ctx.api.get(`/api/auctions/${res.body.auction.id}`, ctx.admin.token)
    expect(made.body.new_auction.lot_seconds).toBe(15)
  })

  it('makes a class that bids over days: long lots, quiet hours and stand-ins on its auction', async () => {
    const quiet_hours = { from: '22:00', to: '08:00', time_zone: 'Asia/Kolkata' }
    const res = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 2, lot_seconds: 6 * 3600, quiet_hours, stand_in: true },
      ctx.admin.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const made = (await ctx.api.get(`/api/auctions/${res.body.auction.id}`, ctx.admin.token)).body.new_auction
    expect(made).toMatchObject({ lot_seconds: 6 * 3600, quiet_hours, stand_in: true })
    // Lots over two minutes need the quiet window; a window that does not parse names its field.
    const long = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 2, lot_seconds: 3600 },
      ctx.admin.token,
    )
    expect(long.status).toBe(422)
    expect(long.body.errors.lot_seconds[0]).toMatch(/with quiet_hours/)
    const bad = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 2, quiet_hours: { ...quiet_hours, to: '22:00' } },
      ctx.admin.token,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).join()).toMatch(/quiet_hours/)
  })

  it('runs the class auction’s lots for the seconds the instructor asks (5–120)', async () => {
    const res = await ctx.api.post('/api/admin/classrooms', { students: 2, lot_seconds: 90 }, ctx.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const made = await ctx.api.get(`/api/auctions/${res.body.auction.id}`, ctx.admin.token)
    expect(made.body.new_auction.lot_seconds).toBe(90)
    for (const lot_seconds of [4, 121, 30.5]) {
      const bad = await ctx.api.post('/api/admin/classrooms', { students: 2, lot_seconds }, ctx.admin.token)
      expect(bad.status).toBe(422)
      expect(bad.body.errors.lot_seconds).toBeDefined()
    }
  })

  it('makes class after class on the same match: the instructor’s one team enters each contest', async () => {
    const contests = []
    for (let i = 0; i < 5; i++) {
      const res = await ctx.api.post('/api/admin/classrooms', { students: 1 }, ctx.admin.token)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      contests.push(res.body.contest)
    }
    expect(new Set(contests.map((c) => c.match_id)).size).toBe(1)
    const teams = await rowsWhere(ctx.world.deps.db, 'user_teams', { user_id: ctx.admin.id }, 'id')
    expect(teams).toHaveLength(1)
  })

  it('still makes the class, without a contest, when the instructor owns the most open contests allowed', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ctx.api.post('/api/admin/classrooms', { students: 1, seats: 2 }, ctx.admin.token)
      expect(res.body.contest, JSON.stringify(res.body)).not.toBeNull()
    }
    const res = await ctx.api.post('/api/admin/classrooms', { students: 1, seats: 2 }, ctx.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.contest).toBeNull()
    expect(res.body.contest_skipped).toMatch(/open contests/)
    expect(res.body.students).toHaveLength(1)
  })

  it.each([0, 41, 1.5])('refuses students = %s with the range (422), creating nothing', async (students) => {
    const before = await counts()
    const res = await ctx.api.post('/api/admin/classrooms', { students }, ctx.admin.token)
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.errors.students).toBeDefined()
    expect(await counts()).toEqual(before)
  })

  it('refuses a roster with a duplicate, naming both rows, and creates nothing', async () => {
    const before = await counts()
    const roster = [{ username: 'asha_k' }, { username: 'ravi_m' }, { username: 'Asha_K' }]
    const res = await ctx.api.post('/api/admin/classrooms', { students: 5, roster }, ctx.admin.token)
    expect(res.status).toBe(422)
    expect(res.body.errors['roster.2.username']).toEqual(['is the same as roster.0.username'])
    expect(await counts()).toEqual(before)
  })

  it('refuses a roster row whose name is taken or invalid, naming the row, and creates nothing', async () => {
    const someone = await ctx.api.player('taken_name')
    const before = await counts()
    const taken = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 3, roster: [{ username: 'fresh_one' }, { username: someone.username }] },
      ctx.admin.token,
    )
    expect(taken.status).toBe(422)
    expect(taken.body.errors['roster.1.username']).toEqual(['has already been taken'])
    const bad = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 3, roster: [{ username: 'fine_name' }, { username: '9bad name' }] },
      ctx.admin.token,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['roster.1.username'])
    expect(await counts()).toEqual(before)
  })

  it('undoes the whole class when a write fails halfway (a generated name taken): 409, nothing left', async () => {
    // The first class gets id 1, so its second student would be class1_s02.
    await ctx.api.player('class1_s02')
    const before = await counts()
    const res = await ctx.api.post('/api/admin/classrooms', { students: 3 }, ctx.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(res.body.code).toBe('CONFLICT')
    expect(await counts()).toEqual(before)
  })

  it('refuses more roster rows than students, and fewer seats than students', async () => {
    const rows = await ctx.api.post(
      '/api/admin/classrooms',
      { students: 1, roster: [{ username: 'one_a' }, { username: 'two_b' }] },
      ctx.admin.token,
    )
    expect(rows.status).toBe(422)
    expect(rows.body.errors.roster).toBeDefined()
    const seats = await ctx.api.post('/api/admin/classrooms', { students: 5, seats: 4 }, ctx.admin.token)
    expect(seats.status).toBe(422)
    expect(seats.body.errors.seats).toEqual(['must be at least students (5)'])
    // One franchise is no auction.
    const one = await ctx.api.post('/api/admin/classrooms', { students: 1, seats: 1 }, ctx.admin.token)
    expect(one.status).toBe(422)
    expect(one.body.errors.seats).toBeDefined()
  })

  it('is for admins: 401 signed out, 403 for a player', async () => {
    const player = await ctx.api.player()
    expect((await ctx.api.post('/api/admin/classrooms', { students: 2 })).status).toBe(401)
    const res = await ctx.api.post('/api/admin/classrooms', { students: 2 }, player.token)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
  })
})
