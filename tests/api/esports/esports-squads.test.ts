import { describe, expect, it } from 'vitest'
import { esportsContestStream } from '../../../server/areas/esports/core'
import { userBalances } from '../../../server/areas/ledger/service'
import { expectLedgerBalanced, race, statuses } from '../../helpers/concurrency'
import { creditUnused, insertEsportsContest, insertVerifiedAccount } from '../../helpers/esports-fixture'
import { apiWorld } from '../../helpers/world'

// Members and squads of esports contests (docs/esports.md "Members and squads"):
// joining (new squad, squad code, private code, solo), the 403s naming a missing account or
// level, the 409s (full room, full squad, already in, after the lock), leaving and removals
// with refunds, the captain's edits, the reads and their visibility, and a race for the last
// slot. Runs on SQLite and (api-pg) PostgreSQL.

const ctx = apiWorld({ per: 'file' })

type Player = Awaited<ReturnType<typeof ctx.api.player>>
const del = (path: string, token: string) => ctx.api.call('DELETE', path, { token })
const DAY = 86_400_000

async function gamer(game: 'pubg' | 'free-fire' | 'call-of-duty' = 'pubg', level = 50, cash = 0) {
  const p = await ctx.api.player()
  await insertVerifiedAccount(ctx.world.deps.db, p.id, game, level, { in_game_name: `IGN_${p.username}` })
  if (cash > 0) await creditUnused(ctx.world.deps, p.id, cash)
  return p
}

async function contest(host: Player, over: Partial<Parameters<typeof insertEsportsContest>[1]> = {}) {
  return insertEsportsContest(ctx.world.deps.db, {
    host_id: host.id,
    starts_at_ms: ctx.world.deps.clock.now() + DAY,
    ...over,
  })
}

const join = (id: number, p: Player, body: Record<string, unknown> = {}) =>
  ctx.api.post(`/api/esports/contests/${id}/join`, body, p.token)

async function unused(userId: number) {
  return (await userBalances(ctx.world.deps.db, userId)).unused
}

async function row(id: number) {
  return ctx.world.deps.db
    .selectFrom('esports_contests')
    .select(['squads_count', 'members_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function lock(id: number) {
  await ctx.world.deps.db
    .updateTable('esports_contests')
    .set({ status: 'locked' })
    .where('id', '=', id)
    .execute()
}

describe('joining', () => {
  it('403 names the missing account, the pending or rejected one, and the level', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { min_level: 30 })
    const none = await ctx.api.player()
    let res = await join(c.id, none)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe(
      'You need a verified PUBG game account to join: add one in your profile settings',
    )
    const pending = await ctx.api.player()
    await insertVerifiedAccount(ctx.world.deps.db, pending.id, 'pubg', 50, { status: 'pending' })
    res = await join(c.id, pending)
    expect(res.status).toBe(403)
    expect(res.body.error).toMatch(/PUBG game account is waiting for an admin to verify it/)
    const rejected = await ctx.api.player()
    await insertVerifiedAccount(ctx.world.deps.db, rejected.id, 'pubg', 50, {
      status: 'rejected',
      reject_reason: 'blurry screenshot',
    })
    res = await join(c.id, rejected)
    expect(res.status).toBe(403)
    expect(res.body.error).toMatch(/PUBG game account was rejected \(blurry screenshot\)/)
    // A verified account of another game is not one for this game.
    const wrongGame = await gamer('free-fire')
    expect((await join(c.id, wrongGame)).body.error).toMatch(/verified PUBG game account/)
    const low = await gamer('pubg', 12)
    res = await join(c.id, low)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('This contest needs PUBG level 30 or above; your account is level 12')
    expect(await row(c.id)).toMatchObject({ squads_count: 0, members_count: 0 })
  })

  it('a new squad, then a friend by its code: fees charged, counts kept, positions in order', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { mode: 'duo', entry_fee_paise: 4_950 })
    const a = await gamer('pubg', 50, 10_000)
    const b = await gamer('pubg', 50, 10_000)
    const res = await join(c.id, a, { squad_name: 'Night Owls' })
    expect(res.status).toBe(201)
    const squad = res.body.squad
    expect(squad).toMatchObject({
      name: 'Night Owls',
      slot_no: 1,
      captain: { id: a.id, username: a.username },
      members_count: 1,
      contest_id: c.id,
    })
    expect(squad.invite_code).toMatch(/^[A-Z2-9]{8}$/)
    expect(res.body.esports_member).toMatchObject({
      squad_id: squad.id,
      user: { id: a.id },
      in_game_name: `IGN_${a.username}`,
      position: 1,
      kills: null,
      prize: 0,
    })
    expect(res.body.esports_member.character_id).toMatch(/^5\d+/)
    expect(await unused(a.id)).toBe(10_000 - 4_950)

    // Bad and foreign codes.
    expect((await join(c.id, b, { squad_invite_code: 'NOPE1234' })).status).toBe(404)
    const other = await contest(host, { mode: 'duo' })
    const elsewhere = await join(other.id, await gamer(), {})
    expect((await join(c.id, b, { squad_invite_code: elsewhere.body.squad.invite_code })).status).toBe(404)
    const both = await join(c.id, b, { squad_name: 'x y', squad_invite_code: squad.invite_code })
    expect(both.status).toBe(422)
    expect(both.body.errors).toHaveProperty('squad_invite_code')

    const res2 = await join(c.id, b, { squad_invite_code: squad.invite_code.toLowerCase() })
    expect(res2.status).toBe(201)
    expect(res2.body.esports_member.position).toBe(2)
    expect(res2.body.squad.members_count).toBe(2)
    expect(await row(c.id)).toMatchObject({ squads_count: 1, members_count: 2 })

    // Full squad, already in.
    const late = await gamer('pubg', 50, 10_000)
    const full = await join(c.id, late, { squad_invite_code: squad.invite_code })
    expect(full.status).toBe(409)
    expect(full.body.error).toMatch(/squad is full/)
    const again = await join(c.id, a, { squad_name: 'Second' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ALREADY_JOINED')
    expect(await unused(late.id)).toBe(10_000)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('a taken squad name is 422; the default name is the in-game name’s squad', async () => {
    const host = await ctx.api.player()
    const c = await contest(host)
    await join(c.id, await gamer(), { squad_name: 'Alpha' })
    const dup = await join(c.id, await gamer(), { squad_name: 'ALPHA' })
    expect(dup.status).toBe(422)
    expect(dup.body.errors.squad_name).toEqual(['is taken in this contest'])
    const short = await join(c.id, await gamer(), { squad_name: 'A' })
    expect(short.status).toBe(422)
    expect(short.body.errors).toHaveProperty('squad_name')
    const p = await gamer()
    const res = await join(c.id, p, {})
    expect(res.status).toBe(201)
    expect(res.body.squad.name).toBe(`IGN_${p.username}’s squad`.slice(0, 24))
  })

  it('the room full is 409; insufficient balance is 409 and charges nothing', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { slots: 2, entry_fee_paise: 1_000 })
    const poor = await gamer('pubg', 50, 500)
    const broke = await join(c.id, poor, {})
    expect(broke.status).toBe(409)
    expect(broke.body.code).toBe('INSUFFICIENT_BALANCE')
    expect(await row(c.id)).toMatchObject({ squads_count: 0, members_count: 0 })
    expect((await join(c.id, await gamer('pubg', 50, 1_000), {})).status).toBe(201)
    expect((await join(c.id, await gamer('pubg', 50, 1_000), {})).status).toBe(201)
    const full = await join(c.id, await gamer('pubg', 50, 1_000), {})
    expect(full.status).toBe(409)
    expect(full.body.error).toBe('The room is full')
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('solo: always a squad of one named after the in-game name', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { mode: 'solo', kind: 'free-fire' })
    const p = await gamer('free-fire')
    const res = await join(c.id, p, { squad_name: 'Ignored' })
    expect(res.status).toBe(201)
    expect(res.body.squad.name).toBe(`IGN_${p.username}`.slice(0, 24))
    const q = await gamer('free-fire')
    expect((await join(c.id, q, { squad_invite_code: res.body.squad.invite_code })).status).toBe(409)
  })

  it('every squad change goes out as {type: squads} on the contest’s stream after the commit', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { mode: 'duo' })
    const seen: string[] = []
    const stop = ctx.world.deps.bus.subscribe(esportsContestStream(c.id), (m) => seen.push(m.type))
    try {
      const a = await gamer()
      const s = (await join(c.id, a, { squad_name: 'Live ones' })).body.squad
      await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'Live twos' }, a.token)
      await join(c.id, a, {}) // refused: nothing goes out
      await del(`/api/esports/contests/${c.id}/membership`, a.token)
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(3)
      expect(seen).toEqual(['squads', 'squads', 'squads'])
    } finally {
      stop()
    }
  })

  it('a private contest needs its invite code, unless joining by a squad’s code', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { is_private: true, invite_code: 'PRIVROOM01' })
    const a = await gamer()
    expect((await join(c.id, a, {})).status).toBe(404)
    expect((await join(c.id, a, { invite_code: 'WRONG' })).status).toBe(404)
    expect((await ctx.api.get(`/api/esports/contests/${c.id}/squads`, a.token)).status).toBe(404)
    const res = await join(c.id, a, { invite_code: 'privroom01' })
    expect(res.status).toBe(201)
    const b = await gamer()
    expect((await join(c.id, b, { squad_invite_code: res.body.squad.invite_code })).status).toBe(201)
    expect((await ctx.api.get(`/api/esports/contests/${c.id}/squads`, b.token)).status).toBe(200)
  })

  it('after the lock joining is 409; an unknown contest 404; signed out 401', async () => {
    const host = await ctx.api.player()
    const c = await contest(host)
    await lock(c.id)
    const res = await join(c.id, await gamer(), {})
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('CONTEST_CLOSED')
    expect((await join(999_999_999, await gamer(), {})).status).toBe(404)
    expect((await ctx.api.post(`/api/esports/contests/${c.id}/join`, {})).status).toBe(401)
    expect((await ctx.api.post('/api/esports/contests/abc/join', {}, host.token)).status).toBe(422)
  })
})

describe('leaving and removals', () => {
  it('leaving refunds, passes the captaincy on and frees an emptied squad’s slot', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { entry_fee_paise: 2_500 })
    const a = await gamer('pubg', 50, 5_000)
    const b = await gamer('pubg', 50, 5_000)
    const s = (await join(c.id, a, { squad_name: 'First' })).body.squad
    await join(c.id, b, { squad_invite_code: s.invite_code })
    const solo = await gamer('pubg', 50, 5_000)
    const s2 = (await join(c.id, solo, { squad_name: 'Second' })).body.squad
    expect(s2.slot_no).toBe(2)

    const left = await del(`/api/esports/contests/${c.id}/membership`, a.token)
    expect(left.status).toBe(200)
    expect(await unused(a.id)).toBe(5_000)
    const squads = (await ctx.api.get(`/api/esports/contests/${c.id}/squads`, b.token)).body
    const first = squads.squads.find((x: { id: number }) => x.id === s.id)
    expect(first).toMatchObject({ captain: { id: b.id }, members_count: 1 })
    expect(first.members[0]).toMatchObject({ user: { id: b.id }, position: 1 })
    expect(await row(c.id)).toMatchObject({ squads_count: 2, members_count: 2 })

    // Left again: not a member (404). The last member leaving deletes the squad: slot 1 frees.
    expect((await del(`/api/esports/contests/${c.id}/membership`, a.token)).status).toBe(404)
    expect((await del(`/api/esports/contests/${c.id}/membership`, b.token)).status).toBe(200)
    expect(await row(c.id)).toMatchObject({ squads_count: 1, members_count: 1 })
    const back = await join(c.id, a, { squad_name: 'Back again' })
    expect(back.status).toBe(201)
    expect(back.body.squad.slot_no).toBe(1)
    expect(await unused(a.id)).toBe(2_500)
    await lock(c.id)
    const locked = await del(`/api/esports/contests/${c.id}/membership`, a.token)
    expect(locked.status).toBe(409)
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('the captain removes a member (refunded, notified); not themself; others may not', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { entry_fee_paise: 1_000 })
    const cap = await gamer('pubg', 50, 1_000)
    const m1 = await gamer('pubg', 50, 1_000)
    const m2 = await gamer('pubg', 50, 1_000)
    const s = (await join(c.id, cap, { squad_name: 'Removers' })).body.squad
    await join(c.id, m1, { squad_invite_code: s.invite_code })
    await join(c.id, m2, { squad_invite_code: s.invite_code })
    const stranger = await gamer()
    expect((await ctx.api.post(`/api/squad_teams/${s.id}/remove`, { user_id: m1.id }, m2.token)).status).toBe(
      403,
    )
    expect(
      (await ctx.api.post(`/api/squad_teams/${s.id}/remove`, { user_id: m1.id }, stranger.token)).status,
    ).toBe(404)
    const self = await ctx.api.post(`/api/squad_teams/${s.id}/remove`, { user_id: cap.id }, cap.token)
    expect(self.status).toBe(422)
    expect(self.body.errors).toHaveProperty('user_id')
    expect(
      (await ctx.api.post(`/api/squad_teams/${s.id}/remove`, { user_id: stranger.id }, cap.token)).status,
    ).toBe(404)
    const res = await ctx.api.post(`/api/squad_teams/${s.id}/remove`, { user_id: m1.id }, cap.token)
    expect(res.status).toBe(200)
    expect(
      res.body.squad.members.map((m: { user: { id: number }; position: number }) => [m.user.id, m.position]),
    ).toEqual([
      [cap.id, 1],
      [m2.id, 2],
    ])
    expect(await unused(m1.id)).toBe(1_000)
    const notes = await ctx.api.get('/api/notifications', m1.token)
    expect(JSON.stringify(notes.body)).toMatch(/removed from the squad Removers/)
    expect(await row(c.id)).toMatchObject({ members_count: 2 })
    await expectLedgerBalanced(ctx.world.deps)
  })
})

describe('the captain’s edits', () => {
  async function squadOfThree() {
    const host = await ctx.api.player()
    const c = await contest(host)
    const cap = await gamer()
    const m1 = await gamer()
    const m2 = await gamer()
    const s = (await join(c.id, cap, { squad_name: 'Editors' })).body.squad
    await join(c.id, m1, { squad_invite_code: s.invite_code })
    await join(c.id, m2, { squad_invite_code: s.invite_code })
    const full = (await ctx.api.get(`/api/esports/contests/${c.id}/squads`, cap.token)).body.squads[0]
    return { host, c, cap, m1, m2, s, members: full.members as Array<{ id: number; user: { id: number } }> }
  }

  it('renames: 2–24 characters, unique ignoring case; only the captain', async () => {
    const { c, cap, m1, s } = await squadOfThree()
    await join(c.id, await gamer(), { squad_name: 'Taken Name' })
    expect(
      (await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'taken name' }, cap.token)).body.errors,
    ).toEqual({
      name: ['is taken in this contest'],
    })
    expect((await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'x' }, cap.token)).status).toBe(422)
    expect((await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'y'.repeat(25) }, cap.token)).status).toBe(
      422,
    )
    expect((await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'New Name' }, m1.token)).status).toBe(403)
    expect(
      (await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'New Name' }, (await gamer()).token)).status,
    ).toBe(404)
    const res = await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'New Name' }, cap.token)
    expect(res.status).toBe(200)
    expect(res.body.squad.name).toBe('New Name')
    // Same name, other case: its own name is no clash.
    expect((await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'NEW NAME' }, cap.token)).status).toBe(200)
  })

  it('invites by username with a notification and link; 404 unknown; 409 already in', async () => {
    const { c, cap, m1, s } = await squadOfThree()
    const friend = await ctx.api.player()
    expect(
      (await ctx.api.post(`/api/squad_teams/${s.id}/invite`, { username: 'nobody-here' }, cap.token)).status,
    ).toBe(404)
    const inContest = await ctx.api.post(
      `/api/squad_teams/${s.id}/invite`,
      { username: m1.username },
      cap.token,
    )
    expect(inContest.status).toBe(409)
    expect(
      (await ctx.api.post(`/api/squad_teams/${s.id}/invite`, { username: friend.username }, m1.token)).status,
    ).toBe(403)
    const res = await ctx.api.post(
      `/api/squad_teams/${s.id}/invite`,
      { username: friend.username.toUpperCase() },
      cap.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.invitation).toEqual({
      user: { id: friend.id, slug: friend.slug, username: friend.username },
      url: `/contests/${c.id}/squads?invite=${s.invite_code}`,
    })
    const notes = await ctx.api.get('/api/notifications', friend.token)
    expect(JSON.stringify(notes.body)).toContain(`/contests/${c.id}/squads?invite=${s.invite_code}`)
  })

  it('hands over the captaincy', async () => {
    const { cap, m1, s } = await squadOfThree()
    expect(
      (await ctx.api.put(`/api/squad_teams/${s.id}/captain`, { user_id: cap.id }, m1.token)).status,
    ).toBe(403)
    const res = await ctx.api.put(`/api/squad_teams/${s.id}/captain`, { user_id: m1.id }, cap.token)
    expect(res.status).toBe(200)
    expect(res.body.squad.captain.id).toBe(m1.id)
    expect((await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'Old cap' }, cap.token)).status).toBe(403)
  })

  it('members edit their own in-game name; the captain the positions; the path’s game must match', async () => {
    const { cap, m1, members } = await squadOfThree()
    const [capRow, m1Row, m2Row] = members as [
      { id: number; user: { id: number } },
      { id: number; user: { id: number } },
      { id: number; user: { id: number } },
    ]
    const own = await ctx.api.put(`/api/pubg_members/${m1Row.id}`, { in_game_name: 'Sniper King' }, m1.token)
    expect(own.status).toBe(200)
    expect(own.body.esports_member).toMatchObject({ id: m1Row.id, in_game_name: 'Sniper King' })
    expect(
      (await ctx.api.put(`/api/pubg_members/${m1Row.id}`, { in_game_name: 'Mine' }, cap.token)).status,
    ).toBe(403)
    expect((await ctx.api.put(`/api/pubg_members/${m2Row.id}`, { position: 1 }, m1.token)).status).toBe(403)
    expect(
      (await ctx.api.put(`/api/free_fire_members/${m1Row.id}`, { in_game_name: 'X' }, m1.token)).status,
    ).toBe(404)
    expect((await ctx.api.put(`/api/pubg_members/${m1Row.id}`, {}, m1.token)).status).toBe(422)
    const moved = await ctx.api.put(`/api/pubg_members/${m2Row.id}`, { position: 1 }, cap.token)
    expect(moved.status).toBe(200)
    expect(moved.body.esports_member.position).toBe(1)
    const four = await ctx.api.put(`/api/pubg_members/${m2Row.id}`, { position: 4 }, cap.token)
    expect(four.status).toBe(422)
    expect(four.body.errors).toHaveProperty('position')

    // Reorder in one go: the captain's, the first and the second member's new positions.
    const reorder = (positions: [number, number, number], token: string) =>
      ctx.api.post(
        '/api/pubg_members/update_members',
        {
          squad_id: moved.body.esports_member.squad_id,
          members: [capRow, m1Row, m2Row].map((row, i) => ({ id: row.id, position: positions[i] })),
        },
        token,
      )
    const bad = await reorder([1, 1, 2], cap.token)
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('members.1.position')
    const missing = await ctx.api.post(
      '/api/pubg_members/update_members',
      { squad_id: moved.body.esports_member.squad_id, members: [{ id: capRow.id, position: 1 }] },
      cap.token,
    )
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toHaveProperty('members')
    const byMember = await reorder([3, 1, 2], m1.token)
    expect(byMember.status).toBe(403)
    const ok = await reorder([3, 1, 2], cap.token)
    expect(ok.status).toBe(200)
    expect(ok.body.squad.members.map((m: { id: number }) => m.id)).toEqual([m1Row.id, m2Row.id, capRow.id])
    expect(
      (
        await ctx.api.post(
          '/api/call_of_duty_members/update_members',
          { squad_id: ok.body.squad.id, members: [{ id: capRow.id, position: 1 }] },
          cap.token,
        )
      ).status,
    ).toBe(404)
  })

  it('after the lock every squad write is 409', async () => {
    const { c, cap, m1, s, members } = await squadOfThree()
    await lock(c.id)
    expect((await ctx.api.put(`/api/squad_teams/${s.id}`, { name: 'Late' }, cap.token)).status).toBe(409)
    expect(
      (await ctx.api.put(`/api/squad_teams/${s.id}/captain`, { user_id: m1.id }, cap.token)).status,
    ).toBe(409)
    expect(
      (await ctx.api.post(`/api/squad_teams/${s.id}/remove`, { user_id: m1.id }, cap.token)).status,
    ).toBe(409)
    expect(
      (
        await ctx.api.post(
          `/api/squad_teams/${s.id}/invite`,
          { username: (await ctx.api.player()).username },
          cap.token,
        )
      ).status,
    ).toBe(409)
    expect(
      (await ctx.api.put(`/api/pubg_members/${members[1]?.id}`, { in_game_name: 'Late' }, m1.token)).status,
    ).toBe(409)
  })
})

describe('reads', () => {
  it('squads: my invite code only; others’ character ids hidden until the lock; host sees all', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { mode: 'duo' })
    const a = await gamer()
    const b = await gamer()
    const sa = (await join(c.id, a, { squad_name: 'Aces' })).body.squad
    await join(c.id, b, { squad_name: 'Bees' })
    const seen = (await ctx.api.get(`/api/esports/contests/${c.id}/squads`, a.token)).body
    expect(seen.my_squad_id).toBe(sa.id)
    const [mine, theirs] = seen.squads
    expect(mine.invite_code).toBe(sa.invite_code)
    expect(mine.members[0].character_id).toMatch(/^5/)
    expect(theirs.invite_code).toBeNull()
    expect(theirs.members[0].character_id).toBeNull()
    const byHost = (await ctx.api.get(`/api/squad_teams?contest_id=${c.id}`, host.token)).body
    expect(byHost.my_squad_id).toBeNull()
    expect(
      byHost.squads.every(
        (s: { members: Array<{ character_id: string | null }> }) => s.members[0]?.character_id,
      ),
    ).toBe(true)
    expect(byHost.squads.every((s: { invite_code: string | null }) => s.invite_code === null)).toBe(true)
    const outsider = await ctx.api.player()
    expect((await ctx.api.get(`/api/squad_teams?contest_id=${c.id}`, outsider.token)).status).toBe(200)
    expect((await ctx.api.get('/api/squad_teams?contest_id=abc', outsider.token)).status).toBe(422)
    expect((await ctx.api.get('/api/squad_teams', outsider.token)).status).toBe(422)
    await lock(c.id)
    const later = (await ctx.api.get(`/api/esports/contests/${c.id}/squads`, a.token)).body
    expect(later.squads[1].members[0].character_id).toMatch(/^5/)
  })

  it('GET /api/contests/{id}/members?type= answers esports members; a daily id stays daily', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { kind: 'call-of-duty' })
    const a = await gamer('call-of-duty')
    await join(c.id, a, { squad_name: 'Duty' })
    const res = await ctx.api.get(`/api/contests/${c.id}/members?type=call_of_duty`, a.token)
    expect(res.status).toBe(200)
    expect(res.body.members).toHaveLength(1)
    expect(res.body.members[0]).toMatchObject({ user: { id: a.id }, position: 1 })
    expect((await ctx.api.get(`/api/contests/${c.id}/members`, a.token)).body.members).toHaveLength(1)
    expect((await ctx.api.get(`/api/contests/${c.id}/members?type=pubg`, a.token)).status).toBe(404)
    expect((await ctx.api.get(`/api/contests/${c.id}/members?type=chess`, a.token)).status).toBe(422)
    expect((await ctx.api.get(`/api/contests/${c.id}/members?type=pubg`)).status).toBe(401)
    // Daily ids still reach the daily leaderboard, which needs no sign-in (here: no such contest).
    expect((await ctx.api.get('/api/contests/12345/members?type=pubg')).status).toBe(404)
  })
})

describe('races', () => {
  it('two players taking the last slot at once: one 201, one 409', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { slots: 2, entry_fee_paise: 500 })
    await join(c.id, await gamer('pubg', 50, 500), {})
    const players = [await gamer('pubg', 50, 500), await gamer('pubg', 50, 500)]
    const answers = await race(2, (i) => join(c.id, players[i] as Player, {}))
    expect(statuses(answers)).toEqual({ 201: 1, 409: 1 })
    expect(await row(c.id)).toMatchObject({ squads_count: 2, members_count: 2 })
    const slots = await ctx.world.deps.db
      .selectFrom('esports_squads')
      .select('slot_no')
      .where('contest_id', '=', c.id)
      .orderBy('slot_no')
      .execute()
    expect(slots.map((s) => Number(s.slot_no))).toEqual([1, 2])
    await expectLedgerBalanced(ctx.world.deps)
  })

  it('two joins into the last place of a squad at once: one 201, one 409', async () => {
    const host = await ctx.api.player()
    const c = await contest(host, { mode: 'duo' })
    const s = (await join(c.id, await gamer(), {})).body.squad
    const players = [await gamer(), await gamer()]
    const answers = await race(2, (i) =>
      join(c.id, players[i] as Player, { squad_invite_code: s.invite_code }),
    )
    expect(statuses(answers)).toEqual({ 201: 1, 409: 1 })
  })
})
