import { beforeEach, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { lockMatch } from '../../../server/areas/match-day/lifecycle'
import { creationKit } from '../../helpers/contest-creation'
import { apiWorld } from '../../helpers/world'

/** Owner controls, refunds, activities and the lock rules of players' contests (docs/contest-creation.md). */
const ctx = apiWorld({ league: true, admin: true })
let kit: ReturnType<typeof creationKit>
beforeEach(async () => {
  kit = creationKit(ctx.world.deps, ctx.api, ctx.admin)
})

type Player = Awaited<ReturnType<typeof kit.player>>

async function joinWithCode(contest: { id: number; invite_code: string }, matchId: number, rupees = 500) {
  const p = await kit.player(rupees)
  const team = await kit.team(p, matchId, `j-${p.id}`)
  const res = await ctx.api.post(
    `/api/contests/${contest.id}/join`,
    { team_id: team, invite_code: contest.invite_code },
    p.token,
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { ...p, member_id: res.body.member_id as number }
}

const ledgerOk = async () => expect((await verifyLedger(ctx.world.deps.db)).problems).toEqual([])
const notificationsOf = (p: Player) =>
  ctx.world.deps.db.selectFrom('notifications').select(['kind', 'body']).where('user_id', '=', p.id).execute()

describe('editing', () => {
  it('before anyone else joined: anything (the owner pays the fee difference); game and match never', async () => {
    const { owner, contest } = await kit.privateContest()
    const res = await ctx.api.put(
      `/api/contests/${contest.id}`,
      { entry_fee: 150, members_limit: 10, prize_option: 'top_3', name: 'Bigger League' },
      owner.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // ₹150 × 10 = ₹1500 less 15% = ₹1275: 50/30/20.
    expect(res.body.contest).toMatchObject({
      name: 'Bigger League',
      entry_fee: 150,
      members_limit: 10,
      prize_amount: 1275,
      winner_count: 3,
    })
    expect(await kit.balance(owner)).toBe(350)
    await ledgerOk()
    const game = await ctx.api.put(
      `/api/contests/${contest.id}`,
      { game: 'football-single-match' },
      owner.token,
    )
    expect(game.status).toBe(422)
    expect(game.body.errors.game).toBeDefined()
    const cheaper = await ctx.api.put(`/api/contests/${contest.id}`, { entry_fee: 50 }, owner.token)
    expect(cheaper.status).toBe(200)
    expect(await kit.balance(owner)).toBe(450)
    await ledgerOk()
    const acts = (await ctx.api.get(`/api/contests/${contest.id}/activities`, owner.token)).body.activities
    expect(acts.map((a: { kind: string }) => a.kind)).toEqual(['edited', 'edited', 'created'])
    expect(acts[1].body).toMatch(/changed the name, the entry fee, the size, the prizes/)
  })

  it('after another joined: name, description, a larger size (prizes recomputed); anything else 409', async () => {
    const { owner, contest, match_id } = await kit.privateContest({ prize_option: 'winner_takes_all' })
    await joinWithCode(contest, match_id)
    const fee = await ctx.api.put(`/api/contests/${contest.id}`, { entry_fee: 200 }, owner.token)
    expect(fee.status).toBe(409)
    const smaller = await ctx.api.put(`/api/contests/${contest.id}`, { members_limit: 3 }, owner.token)
    expect(smaller.status).toBe(409)
    const prize = await ctx.api.put(`/api/contests/${contest.id}`, { prize_option: 'top_3' }, owner.token)
    expect(prize.status).toBe(409)
    const ok = await ctx.api.put(
      `/api/contests/${contest.id}`,
      { name: 'Renamed', description: 'Now bigger', members_limit: 8 },
      owner.token,
    )
    expect(ok.status).toBe(200)
    // ₹100 × 8 less 15% = ₹680, still winner takes all.
    expect(ok.body.contest).toMatchObject({
      name: 'Renamed',
      description: 'Now bigger',
      members_limit: 8,
      prize_amount: 680,
      first_prize: 680,
    })
  })

  it('someone else’s contest: edit, delete, remove members, verify → 404', async () => {
    const { contest, match_id } = await kit.privateContest()
    const member = await joinWithCode(contest, match_id)
    const other = await kit.withAccess(100)
    for (const p of [other, member]) {
      expect((await ctx.api.put(`/api/contests/${contest.id}`, { name: 'Mine now' }, p.token)).status).toBe(
        404,
      )
      expect((await ctx.api.call('DELETE', `/api/contests/${contest.id}`, { token: p.token })).status).toBe(
        404,
      )
      expect(
        (
          await ctx.api.post(
            `/api/contests/${contest.id}/update_members`,
            { remove_member_ids: [member.member_id] },
            p.token,
          )
        ).status,
      ).toBe(404)
      expect(
        (await ctx.api.post(`/api/contests/${contest.id}/verify`, { name: 'x y z' }, p.token)).status,
      ).toBe(404)
    }
    expect((await ctx.api.get(`/api/contests/${contest.id}`, member.token)).body.contest.name).toBe(
      'Friends League',
    )
  })
})

describe('deleting', () => {
  it('refunds every member through the ledger in one go, notifies them; after the start 409', async () => {
    const { owner, contest, match_id } = await kit.privateContest()
    const a = await joinWithCode(contest, match_id)
    const b = await joinWithCode(contest, match_id)
    expect(await kit.balance(a)).toBe(400)
    const res = await ctx.api.call('DELETE', `/api/contests/${contest.id}`, { token: owner.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.contest).toMatchObject({
      contest_status: 'cancelled',
      can_delete: false,
      can_edit: false,
    })
    for (const p of [owner, a, b]) {
      expect(await kit.balance(p)).toBe(500)
      expect((await notificationsOf(p)).map((n) => n.kind)).toContain('contest_deleted')
      const status = (await ctx.api.get(`/api/contests/${contest.id}/refund_status`, p.token)).body
        .refund_status
      expect(status).toMatchObject({ refunded: true, amount: 100, reason: 'The owner deleted the contest' })
    }
    const pool = await ctx.world.deps.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', `contest:${contest.id}:pool`)
      .executeTakeFirstOrThrow()
    expect(Number(pool.balance)).toBe(0)
    await ledgerOk()
    expect((await ctx.api.call('DELETE', `/api/contests/${contest.id}`, { token: owner.token })).status).toBe(
      409,
    )
    const acts = (await ctx.api.get(`/api/contests/${contest.id}/activities`, a.token)).body.activities
    expect(acts[0].kind).toBe('deleted')
  })

  it('after the match has started → 409, nothing refunded', async () => {
    const { owner, contest, match_id } = await kit.privateContest({ guaranteed: true })
    await joinWithCode(contest, match_id)
    await lockMatch(ctx.world.deps, match_id, ctx.world.deps.clock.now())
    const res = await ctx.api.call('DELETE', `/api/contests/${contest.id}`, { token: owner.token })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('EVENT_LOCKED')
    expect(
      (await ctx.api.put(`/api/contests/${contest.id}`, { name: 'Late name' }, owner.token)).status,
    ).toBe(409)
    expect(await kit.balance(owner)).toBe(400)
  })
})

describe('removing members', () => {
  it('refunds the removed entry, notifies, blocks a rejoin; the owner’s own entry is 422', async () => {
    const { owner, contest, match_id } = await kit.privateContest()
    const a = await joinWithCode(contest, match_id)
    const res = await ctx.api.post(
      `/api/contests/${contest.id}/update_members`,
      { remove_member_ids: [a.member_id] },
      owner.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.contest.members_count).toBe(1)
    expect(await kit.balance(a)).toBe(500)
    expect((await notificationsOf(a)).map((n) => n.kind)).toContain('contest_member_removed')
    const status = (await ctx.api.get(`/api/contests/${contest.id}/refund_status`, a.token)).body
      .refund_status
    expect(status).toMatchObject({
      refunded: true,
      amount: 100,
      reason: 'The owner removed your entry',
      entries: [{ member_id: a.member_id, refunded: true, amount: 100 }],
    })
    await ledgerOk()
    const team = await kit.team(a, match_id, 'again')
    const again = await ctx.api.post(
      `/api/contests/${contest.id}/join`,
      { team_id: team, invite_code: contest.invite_code },
      a.token,
    )
    expect(again.status).toBe(409)
    const ownEntry = contest.my_entries[0].member_id
    const own = await ctx.api.post(
      `/api/contests/${contest.id}/update_members`,
      { remove_member_ids: [ownEntry] },
      owner.token,
    )
    expect(own.status).toBe(422)
    const unknown = await ctx.api.post(
      `/api/contests/${contest.id}/update_members`,
      { remove_member_ids: [999999] },
      owner.token,
    )
    expect(unknown.status).toBe(422)
    const stranger = await kit.player()
    expect((await ctx.api.get(`/api/contests/${contest.id}/refund_status`, stranger.token)).status).toBe(404)
    const acts = (await ctx.api.get(`/api/contests/${contest.id}/activities`, owner.token)).body.activities
    expect(acts.map((x: { kind: string }) => x.kind)).toEqual(['member_removed', 'joined', 'created'])
    expect(acts[0].user.username).toBe(a.username)
  })
})

describe('at the start', () => {
  it('unfilled and not guaranteed: cancelled and refunded', async () => {
    const { owner, contest, match_id } = await kit.privateContest()
    const a = await joinWithCode(contest, match_id)
    await lockMatch(ctx.world.deps, match_id, ctx.world.deps.clock.now())
    const c = (await ctx.api.get(`/api/contests/${contest.id}`, owner.token)).body.contest
    expect(c.contest_status).toBe('cancelled')
    expect(await kit.balance(a)).toBe(500)
    await ledgerOk()
  })

  it('guaranteed and unfilled: runs with its members, prizes shrunk to what they paid', async () => {
    const { owner, contest, match_id } = await kit.privateContest({
      guaranteed: true,
      members_limit: 10,
      prize_option: 'top_3',
    })
    await joinWithCode(contest, match_id)
    await joinWithCode(contest, match_id)
    await lockMatch(ctx.world.deps, match_id, ctx.world.deps.clock.now())
    const c = (await ctx.api.get(`/api/contests/${contest.id}`, owner.token)).body.contest
    // 3 × ₹100 = ₹300 less 15% = ₹255, 50/30/20 over 3 ranks.
    expect(c).toMatchObject({ contest_status: 'locked', prize_amount: 255, winner_count: 3 })
    const prizes = (await ctx.api.get(`/api/contests/${contest.id}/prizes`, owner.token)).body.prizes
    expect(prizes.map((p: { amount: number }) => p.amount)).toEqual([127.5, 76.5, 51])
    const acts = (await ctx.api.get(`/api/contests/${contest.id}/activities`, owner.token)).body.activities
    expect(acts[0]).toMatchObject({ kind: 'locked', user: null })
  })

  it('guaranteed with only its creator: cancelled', async () => {
    const { owner, contest, match_id } = await kit.privateContest({ guaranteed: true })
    await lockMatch(ctx.world.deps, match_id, ctx.world.deps.clock.now())
    const c = (await ctx.api.get(`/api/contests/${contest.id}`, owner.token)).body.contest
    expect(c.contest_status).toBe('cancelled')
    expect(await kit.balance(owner)).toBe(500)
  })
})

describe('championship contests of players', () => {
  async function championship(owner: Player, over: Record<string, unknown> = {}) {
    const phase = await kit.upcomingPhase()
    await kit.classicTeam(owner, phase.id)
    const res = await ctx.api.post(
      '/api/contests',
      {
        game: 'championship',
        phase_id: phase.id,
        name: 'Phase Pals',
        entry_fee: 100,
        members_limit: 4,
        ...over,
      },
      owner.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return { contest: res.body.championship_contest, phase }
  }

  it('join by code, edit, remove a member and delete: every rupee back, activities kept', async () => {
    const owner = await kit.withAccess(500)
    const { contest, phase } = await championship(owner)
    const code = new URL(contest.invite_link, 'http://x').searchParams.get('code') as string
    const friend = await kit.player(500)
    await kit.classicTeam(friend, phase.id)
    const url = `/api/championship/contests/${contest.id}`
    expect((await ctx.api.post(`${url}/join`, {}, friend.token)).status).toBe(404)
    expect((await ctx.api.get(url, friend.token)).status).toBe(404)
    const joined = await ctx.api.post(`${url}/join`, { invite_code: code }, friend.token)
    expect(joined.status).toBe(200)
    expect((await ctx.api.get(url, friend.token)).status).toBe(200)
    expect((await ctx.api.put(url, { entry_fee: 200 }, owner.token)).status).toBe(409)
    expect((await ctx.api.put(url, { name: 'Mine' }, friend.token)).status).toBe(404)
    const renamed = await ctx.api.put(url, { name: 'Phase Pals II', members_limit: 6 }, owner.token)
    expect(renamed.status).toBe(200)
    expect(renamed.body.championship_contest).toMatchObject({ name: 'Phase Pals II', members_limit: 6 })
    const removed = await ctx.api.post(
      `${url}/update_members`,
      { remove_member_ids: [joined.body.member_id] },
      owner.token,
    )
    expect(removed.status).toBe(200)
    expect(await kit.balance(friend)).toBe(500)
    const gone = await ctx.api.call('DELETE', url, { token: owner.token })
    expect(gone.status).toBe(200)
    expect(gone.body.championship_contest.contest_status).toBe('cancelled')
    expect(await kit.balance(owner)).toBe(500)
    await ledgerOk()
    const acts = (await ctx.api.get(`${url}/activities`, owner.token)).body.activities
    expect(acts.map((a: { kind: string }) => a.kind)).toEqual([
      'deleted',
      'member_removed',
      'edited',
      'joined',
      'created',
    ])
  })
})

describe('rules pages', () => {
  it('show the numbers the server enforces; an unknown slug is 404', async () => {
    const cricket = (await ctx.api.get('/api/contests/rules/single-match')).body.rules
    expect(cricket).toMatchObject({
      slug: 'single-match',
      available: true,
      team_rules: { sport: 'cricket', team_size: 11, budget_credits: 100, captain_multiplier: 2 },
      creation: {
        members_min: 2,
        members_max: 500,
        entry_fee_max: 10_000,
        free_members_max: 100,
        max_entries_per_user: 11,
        rake_percent: 15,
      },
    })
    expect(cricket.point_system.sport).toBe('cricket')
    expect(cricket.creation.prize_options[0]).toMatchObject({ key: 'winner_takes_all', winners: 1 })
    const football = (await ctx.api.get('/api/contests/rules/football-single-match')).body.rules
    expect(football.team_rules.roles.find((r: { key: string }) => r.key === 'GK')).toMatchObject({
      min: 1,
      max: 1,
    })
    // The page's limits are the ones creation refuses beyond.
    const owner = await kit.withAccess(500)
    const over = await ctx.api.post(
      '/api/contests/verify',
      await kit.draft(owner, { members_limit: cricket.creation.members_max + 1 }),
      owner.token,
    )
    expect(over.status).toBe(422)
    expect((await ctx.api.get('/api/contests/rules/pubg')).body.rules.available).toBe(true)
    expect((await ctx.api.get('/api/contests/rules/nope')).status).toBe(404)
    // Not taken for a contest id.
    expect((await ctx.api.get('/api/contests/rules/members')).status).toBe(404)
  })
})
