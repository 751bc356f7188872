import { describe, expect, it } from 'vitest'
import { chargeEsportsEntry } from '../../../server/areas/esports/money'
import { userBalances } from '../../../server/areas/ledger/service'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { withTx } from '../../../server/db/tx'
import type { EsportsGame } from '../../../server/domain/esports/rules'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import type { client } from '../../helpers/http'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

/** Esports contests of each kind and who may host them (docs/esports.md). */
const ctx = apiWorld({ admin: true })

type Player = Awaited<ReturnType<ReturnType<typeof client>['player']>>
let characters = 10_000

async function account(p: { id: number }, game: EsportsGame = 'pubg', level = 40, status = 'verified') {
  await insertVerifiedAccount(ctx.world.deps.db, p.id, game, level, {
    status: status as 'verified',
    in_game_name: `ign${p.id}`,
    character_id: String(++characters * 1000 + p.id),
    at_ms: ctx.world.deps.clock.now(),
  })
}

async function credit(p: { id: number }, rupees: number) {
  const res = await ctx.api.post(
    '/api/admin/wallet/credits',
    { user_id: p.id, amount: rupees, compartment: 'unused' },
    ctx.admin.token,
  )
  expect(res.status).toBeLessThan(300)
}

/** A player who may host anything: a verified level-40 PUBG account and the admin's grant. */
async function host(game: EsportsGame = 'pubg'): Promise<Player> {
  const p = await ctx.api.player()
  await account(p, game)
  const granted = await ctx.api.post(
    `/api/admin/users/${p.id}/contest_access`,
    { note: 'test' },
    ctx.admin.token,
  )
  expect(granted.status).toBeLessThan(300)
  return p
}

const startsIn = (minutes: number) => ctx.world.deps.clock.now() + minutes * 60_000

function draft(over: Record<string, unknown> = {}) {
  return {
    kind: 'pubg',
    mode: 'squad',
    name: 'Sunday Squads',
    entry_fee: 100,
    per_kill: 10,
    prize_ranges: [
      { from: 1, to: 1, percent: 60 },
      { from: 2, to: 2, percent: 40 },
    ],
    slots: 10,
    min_level: 10,
    starts_at: startsIn(60),
    is_private: false,
    ...over,
  }
}

async function create(p: { token: string }, over: Record<string, unknown> = {}) {
  const res = await ctx.api.post('/api/esports/contests', draft(over), p.token)
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.esports_contest
}

/** A squad of one member straight into the tables (the join API is another part's), paying the fee. */
async function joinDirect(contestId: number, p: { id: number }, game: EsportsGame = 'pubg') {
  const now = ctx.world.deps.clock.now()
  const acc = await ctx.world.deps.db
    .selectFrom('game_accounts')
    .selectAll()
    .where('user_id', '=', p.id)
    .where('game', '=', game)
    .executeTakeFirstOrThrow()
  await withTx(ctx.world.deps, async (tx, after) => {
    const contest = await tx
      .selectFrom('esports_contests')
      .selectAll()
      .where('id', '=', contestId)
      .executeTakeFirstOrThrow()
    const squad = await tx
      .insertInto('esports_squads')
      .values({
        contest_id: contestId,
        name: `Squad ${p.id}`,
        captain_id: p.id,
        invite_code: `SQ${p.id}X${contestId}`,
        slot_no: contest.squads_count + 1,
        members_count: 1,
        tournament_squad_id: null,
        placement: null,
        kills: null,
        points: null,
        rank: null,
        created_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const member = await tx
      .insertInto('esports_members')
      .values({
        contest_id: contestId,
        squad_id: squad.id,
        user_id: p.id,
        game_account_id: acc.id,
        in_game_name: acc.in_game_name,
        character_id: acc.character_id,
        position: 1,
        entry_fee_paise: contest.entry_fee_paise,
        kills: null,
        joined_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx
      .updateTable('esports_contests')
      .set({ squads_count: contest.squads_count + 1, members_count: contest.members_count + 1 })
      .where('id', '=', contestId)
      .execute()
    await chargeEsportsEntry(tx, after, { contest, memberId: member.id, userId: p.id, nowMs: now })
    return squad.id
  })
}

describe('creating an esports contest', () => {
  it('creates a paid public squad contest: pool, prizes, per kill, code for the host only', async () => {
    const h = await host()
    const c = await create(h, { map: 'erangel', description: 'Bring your best' })
    expect(c.id).toBeGreaterThan(1_000_000)
    expect(c).toMatchObject({
      kind: 'pubg',
      game: 'pubg',
      game_name: 'PUBG',
      mode: 'squad',
      team_size: 4,
      name: 'Sunday Squads',
      description: 'Bring your best',
      map: 'Erangel',
      host: { id: h.id, slug: h.slug, username: h.username },
      entry_fee: 100,
      rake_percent: 15,
      per_kill: 10,
      // ₹100 × 10 squads × 4 less 15% = ₹3,400; kills take at most 39 × ₹10 = ₹390.
      prize_pool: 3400,
      placement_pool: 3010,
      slots: 10,
      squads_count: 0,
      min_level: 10,
      is_private: false,
      status: 'open',
      reveal_minutes: 15,
      is_host: true,
      joined: false,
      my_squad_id: null,
      results_version: 0,
      room_details: { room_id: null, room_password: null },
      point_table: { placement: [15, 12, 10, 8, 6, 4, 2, 1, 1, 1, 1, 1], per_kill: 1 },
    })
    expect(c.prizes).toEqual([
      { from: 1, to: 1, rank_text: '1', percent: 60, amount: 1806 },
      { from: 2, to: 2, rank_text: '2', percent: 40, amount: 1204 },
    ])
    expect(c.invite_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/)
    expect(c.reveal_at_in_millis).toBe(c.starts_at_in_millis - 15 * 60_000)

    const other = await ctx.api.player()
    const seen = await ctx.api.get(`/api/esports/contests/${c.id}`, other.token)
    expect(seen.status).toBe(200)
    expect(seen.body.esports_contest).toMatchObject({ invite_code: null, room_details: null, is_host: false })
    const anon = await ctx.api.get(`/api/esports/contests/${c.id}`)
    expect(anon.status).toBe(200)
    const asAdmin = await ctx.api.get(`/api/esports/contests/${c.id}`, ctx.admin.token)
    expect(asAdmin.body.esports_contest.invite_code).toBe(c.invite_code)
  })

  it('takes every kind and a generated prize option; a free contest is private with no prizes', async () => {
    const h = await host()
    await account(h, 'free-fire')
    await account(h, 'call-of-duty')
    for (const kind of ['pubg', 'pubg-lite', 'pubg-single-match', 'free-fire', 'call-of-duty']) {
      const c = await create(h, { kind, prize_ranges: undefined, prize_option: 'top_3', map: undefined })
      expect(c.kind).toBe(kind)
      expect(c.prizes.map((r: { percent: number }) => r.percent)).toEqual([50, 30, 20])
    }
    const free = await create(h, {
      entry_fee: 0,
      per_kill: 0,
      prize_ranges: undefined,
      is_private: undefined,
      mode: 'solo',
      slots: 100,
    })
    expect(free).toMatchObject({ entry_fee: 0, rake_percent: 0, prize_pool: 0, prizes: [], is_private: true })
  })

  it('answers 422 with the field names of every broken rule', async () => {
    const h = await host()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'chess' }, 'kind'],
      [{ mode: 'trio' }, 'mode'],
      [{ name: 'ab' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ slots: 1 }, 'slots'],
      [{ slots: 26 }, 'slots'],
      [{ kind: 'free-fire', slots: 13 }, 'slots'],
      [{ entry_fee: 10_001 }, 'entry_fee'],
      [{ entry_fee: 10.5 }, 'entry_fee'],
      [{ entry_fee: -1 }, 'entry_fee'],
      [{ per_kill: 86 }, 'per_kill'],
      [{ per_kill: 2.5 }, 'per_kill'],
      [{ entry_fee: 0, prize_ranges: undefined, is_private: true, per_kill: 5 }, 'per_kill'],
      [{ entry_fee: 0, per_kill: 0, is_private: true }, 'prize_ranges'],
      [{ entry_fee: 0, per_kill: 0, prize_ranges: undefined, is_private: false }, 'is_private'],
      [{ prize_ranges: [{ from: 1, to: 1, percent: 90 }] }, 'prize_ranges'],
      [{ prize_ranges: [{ from: 1, to: 11, percent: 10 }] }, 'prize_ranges.0.to'],
      [{ prize_ranges: [{ from: 2, to: 2, percent: 100 }] }, 'prize_ranges.0.from'],
      [{ prize_ranges: undefined, prize_option: 'top_50_percent', slots: 2 }, 'prize_option'],
      [{ min_level: 101 }, 'min_level'],
      [{ starts_at: startsIn(19) }, 'starts_at'],
      [{ starts_at: startsIn(31 * 24 * 60) }, 'starts_at'],
      [{ starts_at: 'tomorrow' }, 'starts_at'],
      [{ reveal_minutes: 4 }, 'reveal_minutes'],
      [{ reveal_minutes: 121 }, 'reveal_minutes'],
      [{ map: 'Bermuda' }, 'map'],
      [{ surprise: 1 }, 'surprise'],
      [{ starts_in_minutes: 60 }, 'starts_in_minutes'],
      [{ starts_at: undefined }, 'starts_at'],
      [{ starts_at: undefined, starts_in_minutes: 10 }, 'starts_at'],
    ]
    for (const [over, field] of cases) {
      const res = await ctx.api.post('/api/esports/contests', draft(over), h.token)
      expect(res.status, JSON.stringify(over)).toBe(422)
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(over)).toContain(field)
    }
    // Starting just after reveal + 5 minutes is fine; ISO times are taken too.
    const ok = await ctx.api.post(
      '/api/esports/contests',
      draft({ starts_at: new Date(startsIn(20)).toISOString() }),
      h.token,
    )
    expect(ok.status).toBe(201)
    const byMinutes = await ctx.api.post(
      '/api/esports/contests',
      draft({ starts_at: undefined, starts_in_minutes: 45 }),
      h.token,
    )
    expect(byMinutes.status).toBe(201)
    expect(byMinutes.body.esports_contest.starts_at_in_millis).toBe(startsIn(45))
    const rows = await ctx.world.deps.db.selectFrom('esports_contests').select('id').execute()
    expect(rows).toHaveLength(2)
  })

  it('answers 403 naming the first missing requirement', async () => {
    const p = await ctx.api.player()
    const none = await ctx.api.post('/api/esports/contests', draft(), p.token)
    expect(none.status).toBe(403)
    expect(none.body.error).toMatch(/Add your PUBG game account/)

    await account(p, 'pubg', 40, 'pending')
    const pending = await ctx.api.post('/api/esports/contests', draft(), p.token)
    expect(pending.status).toBe(403)
    expect(pending.body.error).toMatch(/waits for an admin/)

    const low = await ctx.api.player()
    await account(low, 'pubg', 19)
    const lowRes = await ctx.api.post('/api/esports/contests', draft(), low.token)
    expect(lowRes.status).toBe(403)
    expect(lowRes.body.error).toMatch(/level 20 or more \(it is 19\)/)

    // A verified level-20 account may host a free private contest, not a paid one.
    const plain = await ctx.api.player()
    await account(plain, 'pubg', 20)
    const paid = await ctx.api.post('/api/esports/contests', draft(), plain.token)
    expect(paid.status).toBe(403)
    expect(paid.body.error).toMatch(/Verify your mobile number/)
    const freePublic = await ctx.api.post(
      '/api/esports/contests',
      draft({ entry_fee: 0, per_kill: 0, prize_ranges: undefined, is_private: false }),
      plain.token,
    )
    expect(freePublic.status).toBe(422)
    const free = await ctx.api.post(
      '/api/esports/contests',
      draft({ entry_fee: 0, per_kill: 0, prize_ranges: undefined, is_private: undefined }),
      plain.token,
    )
    expect(free.status).toBe(201)

    // The account must be for the kind's game.
    const ff = await ctx.api.post(
      '/api/esports/contests',
      draft({ kind: 'free-fire', map: undefined }),
      plain.token,
    )
    expect(ff.status).toBe(403)
    expect(ff.body.error).toMatch(/Free Fire game account/)
  })

  it('caps open hosted contests at 10', async () => {
    const h = await host()
    for (let i = 0; i < 10; i++) await create(h, { name: `Room ${i}` })
    const res = await ctx.api.post('/api/esports/contests', draft(), h.token)
    expect(res.status).toBe(403)
    expect(res.body.error).toMatch(/already host 10 open esports contests/)
    const access = await ctx.api.get('/api/esports/access?kind=pubg', h.token)
    expect(access.body.esports_access).toMatchObject({ allowed: false, paid_allowed: false })
    expect(access.body.esports_access.missing.map((r: { key: string }) => r.key)).toEqual(['hosted_open_cap'])
  })

  it('needs sign-in', async () => {
    expect((await ctx.api.post('/api/esports/contests', draft())).status).toBe(401)
    expect((await ctx.api.get('/api/esports/access')).status).toBe(401)
  })
})

describe('who may host', () => {
  it('lists every requirement, what is met and what is missing', async () => {
    const p = await ctx.api.player()
    const res = await ctx.api.get('/api/esports/access?kind=free-fire', p.token)
    expect(res.status).toBe(200)
    const a = res.body.esports_access
    expect(a).toMatchObject({ kind: 'free-fire', allowed: false, free_allowed: false, paid_allowed: false })
    expect(a.requirements.map((r: { key: string }) => r.key)).toEqual([
      'game_account_verified',
      'game_level',
      'mobile_verified',
      'paid_contest_completed',
      'admin_grant',
      'hosted_open_cap',
    ])
    expect(a.missing.map((r: { key: string }) => r.key)).toEqual([
      'game_account_verified',
      'game_level',
      'mobile_verified',
      'paid_contest_completed',
      'admin_grant',
    ])
    const h = await host()
    const ok = (await ctx.api.get('/api/esports/access?kind=pubg', h.token)).body.esports_access
    expect(ok).toMatchObject({ allowed: true, free_allowed: true, paid_allowed: true, missing: [] })
    expect((await ctx.api.get('/api/esports/access?kind=chess', h.token)).status).toBe(422)
  })

  it('a request notifies every admin once a day; 409 for a player who may host already', async () => {
    const second = await ctx.api.admin()
    const p = await ctx.api.player()
    await account(p)
    const res = await ctx.api.post('/api/pubgs/access', { kind: 'pubg', message: 'I run scrims' }, p.token)
    expect(res.status).toBe(202)
    expect(res.body.esports_access.paid_allowed).toBe(false)
    for (const a of [ctx.admin, second]) {
      const n = await notificationsOf(ctx.world.deps.db, a.id, 'esports_access_request')
      expect(n).toHaveLength(1)
      expect(n[0]?.body).toContain(p.username)
      expect(n[0]?.body).toContain('I run scrims')
      expect(JSON.parse(n[0]?.data ?? '{}')).toMatchObject({ user_id: p.id, link: `/users/${p.slug}` })
    }
    const again = await ctx.api.post('/api/pubgs/access', {}, p.token)
    expect(again.status).toBe(429)
    ctx.world.wall.advance(24 * 3600_000 + 1000)
    const fresh = (await ctx.api.login(p.email, p.password)).access_token
    ctx.admin.token = (await ctx.api.login(ctx.admin.email, ctx.admin.password)).access_token
    expect((await ctx.api.post('/api/pubgs/access', {}, fresh)).status).toBe(202)

    const h = await host()
    expect((await ctx.api.post('/api/pubgs/access', {}, h.token)).status).toBe(409)
    expect((await ctx.api.post('/api/pubgs/access', { kind: 'chess' }, fresh)).status).toBe(422)
  })
})

describe('seeing and listing', () => {
  it('lists public contests and the private ones I host or joined, by start; filters', async () => {
    const h = await host()
    await account(h, 'free-fire')
    const later = await create(h, { name: 'Later room', starts_at: startsIn(120) })
    const sooner = await create(h, { name: 'Sooner room', starts_at: startsIn(40) })
    const hidden = await create(h, { name: 'Private room', is_private: true })
    const ff = await create(h, { name: 'FF room', kind: 'free-fire', slots: 12, map: undefined })
    const p = await ctx.api.player()
    await account(p)
    await credit(p, 500)

    const list = await ctx.api.get('/api/esports/contests', p.token)
    expect(list.status).toBe(200)
    expect(list.body.esports_contests.map((c: { id: number }) => c.id)).toEqual([sooner.id, ff.id, later.id])
    expect(list.body.meta).toMatchObject({ page: 1, total: 3 })
    expect(
      (await ctx.api.get('/api/esports/contests?game=free-fire', p.token)).body.esports_contests,
    ).toHaveLength(1)
    expect((await ctx.api.get('/api/esports/contests?kind=pubg', p.token)).body.meta.total).toBe(2)
    expect(
      (await ctx.api.get('/api/esports/contests?per_page=1&page=2', p.token)).body.esports_contests[0].id,
    ).toBe(ff.id)
    expect((await ctx.api.get('/api/esports/contests?mine=true', p.token)).body.meta.total).toBe(0)
    expect((await ctx.api.get('/api/esports/contests?mine=true', h.token)).body.meta.total).toBe(4)
    expect((await ctx.api.get('/api/esports/contests', h.token)).body.meta.total).toBe(4)

    // The private one: 404 for a stranger, found by its code, visible once joined.
    expect((await ctx.api.get(`/api/esports/contests/${hidden.id}`, p.token)).status).toBe(404)
    const byCode = await ctx.api.get(
      `/api/esports/contests/by_code/${hidden.invite_code.toLowerCase()}`,
      p.token,
    )
    expect(byCode.status).toBe(200)
    expect(byCode.body.esports_contest).toMatchObject({ id: hidden.id, invite_code: null })
    expect((await ctx.api.get('/api/esports/contests/by_code/NOPE123456', p.token)).status).toBe(404)
    await joinDirect(hidden.id, p)
    const joined = await ctx.api.get(`/api/esports/contests/${hidden.id}`, p.token)
    expect(joined.status).toBe(200)
    expect(joined.body.esports_contest).toMatchObject({ joined: true, room_details: null, members_count: 1 })
    expect(joined.body.esports_contest.my_squad_id).toBeGreaterThan(0)
    expect((await ctx.api.get('/api/esports/contests', p.token)).body.meta.total).toBe(4)
    expect((await ctx.api.get('/api/esports/contests?mine=1', p.token)).body.meta.total).toBe(1)

    // Room details reach a member only once revealed.
    await ctx.world.deps.db
      .updateTable('esports_contests')
      .set({
        room_id: 'R-1',
        room_password: 'pw',
        revealed_at_ms: ctx.world.deps.clock.now(),
        status: 'locked',
      })
      .where('id', '=', hidden.id)
      .execute()
    const revealed = await ctx.api.get(`/api/esports/contests/${hidden.id}`, p.token)
    expect(revealed.body.esports_contest.room_details).toEqual({ room_id: 'R-1', room_password: 'pw' })

    // status filters: default open+locked, completed/cancelled only when asked.
    await ctx.api.call('DELETE', `/api/esports/contests/${later.id}`, { token: h.token })
    expect((await ctx.api.get('/api/esports/contests', p.token)).body.meta.total).toBe(3)
    expect(
      (await ctx.api.get('/api/esports/contests?status=cancelled', p.token)).body.esports_contests[0].id,
    ).toBe(later.id)
    expect((await ctx.api.get('/api/esports/contests?status=all', p.token)).body.meta.total).toBe(4)
    expect((await ctx.api.get('/api/esports/contests?status=soon', p.token)).status).toBe(422)
    expect((await ctx.api.get('/api/esports/contests/999', p.token)).status).toBe(404)
    expect((await ctx.api.get('/api/esports/contests/abc', p.token)).status).toBe(422)
  })
})

describe('editing and cancelling', () => {
  it('the host edits before the lock; the aliases take only their game', async () => {
    const h = await host()
    const c = await create(h)
    const res = await ctx.api.put(
      `/api/esports/contests/${c.id}`,
      {
        name: 'Renamed',
        map: 'Sanhok',
        min_level: 30,
        starts_at: startsIn(90),
        reveal_minutes: 30,
        slots: 20,
      },
      h.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.esports_contest).toMatchObject({
      name: 'Renamed',
      map: 'Sanhok',
      min_level: 30,
      reveal_minutes: 30,
      slots: 20,
      starts_at_in_millis: startsIn(90),
    })
    const alias = await ctx.api.put(`/api/pubgs/${c.id}`, { description: 'via alias', per_kill: 20 }, h.token)
    expect(alias.status).toBe(200)
    expect(alias.body.esports_contest).toMatchObject({ description: 'via alias', per_kill: 20 })
    expect((await ctx.api.put(`/api/free_fires/${c.id}`, { name: 'Nope' }, h.token)).status).toBe(404)
    expect((await ctx.api.put(`/api/call_of_duties/${c.id}`, { name: 'Nope' }, h.token)).status).toBe(404)
    await account(h, 'free-fire')
    const ff = await create(h, { kind: 'free-fire', slots: 12, map: 'Bermuda' })
    expect((await ctx.api.put(`/api/free_fires/${ff.id}`, { name: 'FF Renamed' }, h.token)).status).toBe(200)
    expect((await ctx.api.put(`/api/pubgs/${ff.id}`, { name: 'Nope' }, h.token)).status).toBe(404)

    // Bad input, others, the admin.
    const bad = await ctx.api.put(
      `/api/esports/contests/${c.id}`,
      { name: 'x', slots: 99, map: 'Nowhere' },
      h.token,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['map', 'name', 'slots'])
    expect((await ctx.api.put(`/api/esports/contests/${c.id}`, { mode: 'solo' }, h.token)).status).toBe(422)
    const stranger = await ctx.api.player()
    expect(
      (await ctx.api.put(`/api/esports/contests/${c.id}`, { name: 'Mine now' }, stranger.token)).status,
    ).toBe(403)
    const priv = await create(h, { is_private: true })
    expect(
      (await ctx.api.put(`/api/esports/contests/${priv.id}`, { name: 'Mine now' }, stranger.token)).status,
    ).toBe(404)
    expect(
      (await ctx.api.put(`/api/esports/contests/${c.id}`, { name: 'By admin' }, ctx.admin.token)).status,
    ).toBe(200)
    // A free contest cannot turn public.
    const free = await create(h, { entry_fee: 0, per_kill: 0, prize_ranges: undefined, is_private: true })
    const pub = await ctx.api.put(`/api/esports/contests/${free.id}`, { is_private: false }, h.token)
    expect(pub.status).toBe(422)
    expect(Object.keys(pub.body.errors)).toEqual(['is_private'])
    const paid = await ctx.api.put(
      `/api/esports/contests/${free.id}`,
      { entry_fee: 50, is_private: false },
      h.token,
    )
    expect(paid.status).toBe(200)
    expect(paid.body.esports_contest).toMatchObject({ entry_fee: 50, is_private: false })
    expect(paid.body.esports_contest.prizes).toHaveLength(1)
  })

  it('money, prizes and slots freeze once another squad joined; everything after the lock is 409', async () => {
    const h = await host()
    const c = await create(h)
    await credit(h, 500)
    await joinDirect(c.id, h)
    // Only the host's own squad: prizes and slots still change, the fee does not (they paid it).
    expect(
      (
        await ctx.api.put(
          `/api/esports/contests/${c.id}`,
          { prize_option: 'winner_takes_all', slots: 12 },
          h.token,
        )
      ).status,
    ).toBe(200)
    expect((await ctx.api.put(`/api/esports/contests/${c.id}`, { entry_fee: 50 }, h.token)).status).toBe(409)
    const p = await ctx.api.player()
    await account(p)
    await credit(p, 500)
    await joinDirect(c.id, p)
    for (const body of [{ per_kill: 5 }, { slots: 15 }, { prize_option: 'top_3' }, { entry_fee: 20 }]) {
      const res = await ctx.api.put(`/api/esports/contests/${c.id}`, body, h.token)
      expect(res.status, JSON.stringify(body)).toBe(409)
    }
    // Unchanged values and the always-editable fields still pass.
    expect(
      (await ctx.api.put(`/api/esports/contests/${c.id}`, { slots: 12, name: 'Still open' }, h.token)).status,
    ).toBe(200)
    await ctx.world.deps.db
      .updateTable('esports_contests')
      .set({ status: 'locked', locked_at_ms: ctx.world.deps.clock.now() })
      .where('id', '=', c.id)
      .execute()
    expect((await ctx.api.put(`/api/esports/contests/${c.id}`, { name: 'Too late' }, h.token)).status).toBe(
      409,
    )
    expect((await ctx.api.call('DELETE', `/api/esports/contests/${c.id}`, { token: h.token })).status).toBe(
      409,
    )
  })

  it('the host cancels before the lock: every entry refunded, members notified', async () => {
    const h = await host()
    const c = await create(h)
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    for (const p of [a, b]) {
      await account(p)
      await credit(p, 300)
      await joinDirect(c.id, p)
    }
    const stranger = await ctx.api.player()
    expect(
      (await ctx.api.call('DELETE', `/api/esports/contests/${c.id}`, { token: stranger.token })).status,
    ).toBe(403)
    const res = await ctx.api.call('DELETE', `/api/esports/contests/${c.id}`, { token: h.token })
    expect(res.status).toBe(200)
    expect(res.body.esports_contest).toMatchObject({
      status: 'cancelled',
      status_reason: 'Cancelled by the host',
    })
    for (const p of [a, b]) {
      expect((await userBalances(ctx.world.deps.db, p.id)).unused).toBe(30_000)
      const notes = await notificationsOf(ctx.world.deps.db, p.id, 'esports_contest_cancelled')
      expect(notes).toHaveLength(1)
      expect(notes[0]?.body).toContain('₹100 entry is back')
    }
    expect((await ctx.api.call('DELETE', `/api/esports/contests/${c.id}`, { token: h.token })).status).toBe(
      409,
    )
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
    expect((await ctx.api.call('DELETE', '/api/esports/contests/5', { token: h.token })).status).toBe(404)
  })
})
