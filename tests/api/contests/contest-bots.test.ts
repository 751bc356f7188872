import { beforeEach, describe, expect, it } from 'vitest'
import { phasePlayers } from '../../../server/areas/championship/queries'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { lockMatch } from '../../../server/areas/match-day/lifecycle'
import { matchSquad } from '../../../server/areas/matches/queries'
import type { Deps } from '../../../server/core/deps'
import { validateTeam } from '../../../server/domain/team-rules'
import { creationKit } from '../../helpers/contest-creation'
import { rowById, rowsWhere, rowWhere } from '../../helpers/db'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld } from '../../helpers/league'
import { transactionsOfKind } from '../../helpers/ledger'
import { apiWorld } from '../../helpers/world'

/** Bots seated by a contest's owner (docs/bots.md): real accounts, the players' rules, the ledger. */
const ctx = apiWorld({ league: true, admin: true })
let kit: ReturnType<typeof creationKit>
beforeEach(async () => {
  kit = creationKit(ctx.world.deps, ctx.api, ctx.admin)
})

const ledgerOk = async (deps: Deps = ctx.world.deps) =>
  expect((await verifyLedger(deps.db)).problems).toEqual([])

const poolBalance = async (code: string) =>
  Number((await rowWhere(ctx.world.deps.db, 'ledger_accounts', { code }, 'balance'))?.balance ?? 0)

async function botTeamsOf(deps: Deps, contestId: number) {
  return deps.db
    .selectFrom('contest_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .innerJoin('user_teams as t', 't.id', 'cm.user_team_id')
    .select(['u.email', 'u.team_name', 't.player_ids', 't.captain_id', 't.vice_captain_id', 't.match_id'])
    .where('cm.contest_id', '=', contestId)
    .where('u.email', 'like', '%@bots.fanspole.local')
    .orderBy('u.id')
    .execute()
}

describe('daily contests', () => {
  it('the owner seats bots: valid teams within budget, fees staked by the owner into the pool', async () => {
    // ₹100 × 4, the owner in: three seats free, the owner has ₹400 left.
    const { owner, contest, match_id } = await kit.privateContest()
    const res = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 3 }, owner.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.members_count).toBe(4)
    expect(res.body.bots.map((b: { strategy: string }) => b.strategy)).toEqual([
      'favourite',
      'differential',
      'captain_by_form',
    ])
    expect(await kit.balance(owner)).toBe(100)
    expect(await poolBalance(`contest:${contest.id}:pool`)).toBe(40_000)
    await ledgerOk()
    const shown = (await ctx.api.get(`/api/contests/${contest.id}`, owner.token)).body.contest
    expect(shown.members_count).toBe(4)

    const squad = (await matchSquad(ctx.world.deps.db, match_id)).map((p) => ({ ...p }))
    const teams = await botTeamsOf(ctx.world.deps, contest.id)
    expect(teams).toHaveLength(3)
    for (const t of teams) {
      expect(t.team_name).toMatch(/\(bot\)$/)
      const check = validateTeam('cricket', squad, {
        player_ids: t.player_ids.split(',').map(Number),
        captain_id: t.captain_id,
        vice_captain_id: t.vice_captain_id,
      })
      expect(check.violations).toEqual([])
      expect(check.budget_used_tenths).toBeLessThanOrEqual(1000)
    }
    // Each bot paid its entry from the stake: nothing left over in its wallet.
    for (const b of res.body.bots) {
      const me = await ctx.world.deps.db
        .selectFrom('ledger_accounts')
        .select(['kind', 'balance'])
        .where('user_id', '=', b.user_id)
        .execute()
      expect(me.filter((a) => a.kind !== 'coins').every((a) => Number(a.balance) === 0)).toBe(true)
    }
    // The passbook names the stake.
    const stakes = await transactionsOfKind(ctx.world.deps.db, 'bot_stake')
    expect(stakes).toHaveLength(3)
  })

  it('a full contest is 409, more bots than free seats 422, nothing written', async () => {
    const { owner, contest } = await kit.privateContest()
    const tooMany = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 4 }, owner.token)
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors.count[0]).toMatch(/at most 3/)
    expect(await kit.balance(owner)).toBe(400)
    expect(await botTeamsOf(ctx.world.deps, contest.id)).toHaveLength(0)
    expect((await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 3 }, owner.token)).status).toBe(
      201,
    )
    const full = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 1 }, owner.token)
    expect(full.status).toBe(409)
    expect(full.body.code).toBe('CONTEST_FULL')
    await ledgerOk()
  })

  it('someone else: 403 if they can see it (a member), 404 if they cannot (a private contest)', async () => {
    const { owner, contest, match_id } = await kit.privateContest()
    const member = await kit.player(200)
    const team = await kit.team(member, match_id, 'member')
    const join = await ctx.api.post(
      `/api/contests/${contest.id}/join`,
      { team_id: team, invite_code: contest.invite_code },
      member.token,
    )
    expect(join.status).toBe(200)
    const forbidden = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 1 }, member.token)
    expect(forbidden.status).toBe(403)
    const stranger = await kit.player(200)
    expect(
      (await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 1 }, stranger.token)).status,
    ).toBe(404)
    // An admin owns no player's contest either.
    expect(
      (await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 1 }, ctx.admin.token)).status,
    ).toBe(403)
    expect(await kit.balance(owner)).toBe(400)
    expect(await botTeamsOf(ctx.world.deps, contest.id)).toHaveLength(0)
  })

  it('an owner who cannot pay the fees: 409; a locked contest: 409', async () => {
    const { owner, contest, match_id } = await kit.privateContest({ members_limit: 8 })
    // ₹400 left pays four bots, not five.
    const poor = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 5 }, owner.token)
    expect(poor.status).toBe(409)
    expect(poor.body.code).toBe('INSUFFICIENT_BALANCE')
    expect(await kit.balance(owner)).toBe(400)
    expect(await botTeamsOf(ctx.world.deps, contest.id)).toHaveLength(0)
    // The lock cancels the unfilled contest (not guaranteed) and refunds the owner.
    await lockMatch(ctx.world.deps, match_id, ctx.world.deps.clock.now())
    const locked = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 1 }, owner.token)
    expect(locked.status).toBe(409)
    expect(await botTeamsOf(ctx.world.deps, contest.id)).toHaveLength(0)
    await ledgerOk()
  })

  it('two seatings at once never overfill: one is seated, the other told how many seats are left', async () => {
    const { owner, contest } = await kit.privateContest()
    const both = await Promise.all([
      ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 2 }, owner.token),
      ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 2 }, owner.token),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 422])
    const row = await rowById(ctx.world.deps.db, 'contests', contest.id, 'members_count')
    expect(row.members_count).toBe(3)
    expect(await botTeamsOf(ctx.world.deps, contest.id)).toHaveLength(2)
    expect(await kit.balance(owner)).toBe(200)
    await ledgerOk()
  })

  it('bad bodies: 422', async () => {
    const { owner, contest } = await kit.privateContest()
    for (const body of [{}, { count: 0 }, { count: 2, strategy: 'greedy' }, { count: 1.5 }]) {
      const res = await ctx.api.post(`/api/contests/${contest.id}/bots`, body, owner.token)
      expect(res.status, JSON.stringify(body)).toBe(422)
    }
  })

  it('an admin fills a league contest: the house stakes the fees', async () => {
    const row = await ctx.world.deps.db
      .selectFrom('contests as c')
      .innerJoin('matches as m', 'm.id', 'c.match_id')
      .select(['c.id', 'c.entry_fee_paise', 'c.members_count', 'c.members_limit'])
      .where('c.created_by_id', 'is', null)
      .where('c.status', '=', 'open')
      .where('c.entry_fee_paise', '>', 0)
      .where('m.status', '=', 'upcoming')
      .where('m.event_time_ms', '>', ctx.world.deps.clock.now() + 60_000)
      .orderBy('c.members_limit', 'desc')
      .executeTakeFirstOrThrow()
    const before = await poolBalance(`contest:${row.id}:pool`)
    const res = await ctx.api.post(
      `/api/contests/${row.id}/bots`,
      { count: 2, strategy: 'differential' },
      ctx.admin.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(await poolBalance(`contest:${row.id}:pool`)).toBe(before + 2 * Number(row.entry_fee_paise))
    const player = await kit.player(0)
    expect((await ctx.api.post(`/api/contests/${row.id}/bots`, { count: 1 }, player.token)).status).toBe(403)
    await ledgerOk()
  })
})

describe('championship contests', () => {
  it('the owner seats bots with classic teams of the phase; the ledger holds', async () => {
    const owner = await kit.withAccess(500)
    const phase = await kit.upcomingPhase()
    await kit.classicTeam(owner, phase.id)
    const body = {
      game: 'championship',
      phase_id: phase.id,
      name: 'Phase Friends',
      entry_fee: 100,
      members_limit: 3,
    }
    const created = await ctx.api.post('/api/contests', { ...body, is_private: true }, owner.token)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.championship_contest.id
    const res = await ctx.api.post(`/api/championship/contests/${id}/bots`, { count: 2 }, owner.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.members_count).toBe(3)
    expect(await kit.balance(owner)).toBe(200)
    const pool = (await phasePlayers(ctx.world.deps.db, phase.id)).map((p) => ({ ...p }))
    for (const b of res.body.bots) {
      const team = await ctx.world.deps.db
        .selectFrom('classic_teams')
        .selectAll()
        .where('id', '=', b.team_id)
        .executeTakeFirstOrThrow()
      expect(team.user_id).toBe(b.user_id)
      const check = validateTeam('cricket', pool, {
        player_ids: JSON.parse(team.player_ids),
        captain_id: team.captain_id,
        vice_captain_id: team.vice_captain_id,
      })
      expect(check.violations).toEqual([])
    }
    const full = await ctx.api.post(`/api/championship/contests/${id}/bots`, { count: 1 }, owner.token)
    expect(full.status).toBe(409)
    await ledgerOk()
  })
})

describe('refunds of bot entries go back to the owner who staked them', () => {
  const usernameOf = async (userId: number) => {
    const row = await rowById(ctx.world.deps.db, 'users', userId, 'username')
    return row.username
  }

  it('daily: a removed bot, then the unfilled contest cancelled at the lock', async () => {
    const { owner, contest, match_id } = await kit.privateContest({ members_limit: 8 })
    const seated = await ctx.api.post(`/api/contests/${contest.id}/bots`, { count: 2 }, owner.token)
    expect(seated.status).toBe(201)
    expect(await kit.balance(owner)).toBe(200)
    const [first, second] = seated.body.bots as Array<{ member_id: number; user_id: number }>
    const removed = await ctx.api.post(
      `/api/contests/${contest.id}/update_members`,
      { remove_member_ids: [first?.member_id] },
      owner.token,
    )
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(await kit.balance(owner)).toBe(300)
    // Not filled: the lock cancels it; the owner's own ₹100 and the second bot's ₹100 come back.
    await lockMatch(ctx.world.deps, match_id, ctx.world.deps.clock.now())
    expect(await kit.balance(owner)).toBe(500)
    for (const bot of [first, second]) {
      expect(await usernameOf(bot?.user_id as number)).toMatch(/^bot-c\d+-\d$/)
      const accounts = await rowsWhere(
        ctx.world.deps.db,
        'ledger_accounts',
        { user_id: bot?.user_id as number },
        'balance',
      )
      expect(accounts.reduce((sum, a) => sum + Number(a.balance), 0)).toBe(0)
    }
    expect(await poolBalance(`contest:${contest.id}:pool`)).toBe(0)
    await ledgerOk()
  })

  it('championship: the owner deletes the contest', async () => {
    const owner = await kit.withAccess(500)
    const phase = await kit.upcomingPhase()
    await kit.classicTeam(owner, phase.id)
    const created = await ctx.api.post(
      '/api/contests',
      {
        game: 'championship',
        phase_id: phase.id,
        name: 'Phase Friends',
        entry_fee: 100,
        members_limit: 4,
        is_private: true,
      },
      owner.token,
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.championship_contest.id
    expect(
      (await ctx.api.post(`/api/championship/contests/${id}/bots`, { count: 2 }, owner.token)).status,
    ).toBe(201)
    expect(await kit.balance(owner)).toBe(200)
    const gone = await ctx.api.call('DELETE', `/api/championship/contests/${id}`, { token: owner.token })
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300)
    expect(await kit.balance(owner)).toBe(500)
    await ledgerOk()
  })
})

describe('determinism', () => {
  it('same seed, same contest: the same bot teams', async () => {
    const teamsOnce = async (w: TestWorld) => {
      const a = client(w.deps)
      const k = creationKit(w.deps, a, await a.admin())
      const { owner, contest } = await k.privateContest({ members_limit: 5 })
      const res = await a.post(`/api/contests/${contest.id}/bots`, { count: 3 }, owner.token)
      expect(res.status).toBe(201)
      return (await botTeamsOf(w.deps, contest.id)).map((t) => [
        t.player_ids,
        t.captain_id,
        t.vice_captain_id,
      ])
    }
    const first = await teamsOnce(ctx.world)
    const other = await leagueWorld()
    try {
      expect(await teamsOnce(other)).toEqual(first)
    } finally {
      await other.close()
    }
    // Three strategies, three different teams.
    expect(new Set(first.map((t) => t[0])).size).toBe(3)
  })
})
