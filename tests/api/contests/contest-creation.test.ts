import { beforeEach, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { creationKit } from '../../helpers/contest-creation'
import { rowCount } from '../../helpers/db'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

/** Players create contests (docs/contest-creation.md): create, verify, codes, private joins. */
const ctx = apiWorld({ league: true, admin: true })
let kit: ReturnType<typeof creationKit>
beforeEach(async () => {
  kit = creationKit(ctx.world.deps, ctx.api, ctx.admin)
})

const contestCount = () => rowCount(ctx.world.deps.db, 'contests')

describe('creating a contest', () => {
  it('creates a private paid contest: the creator joins and pays, the code and link come back', async () => {
    const owner = await kit.withAccess(500)
    const body = await kit.draft(owner, { prize_option: 'winner_takes_all', description: 'Office league' })
    const res = await ctx.api.post('/api/contests', body, owner.token)
    expect(res.status).toBe(201)
    const c = res.body.contest
    // ₹100 × 4 less 15% = ₹340, all to rank 1.
    expect(c).toMatchObject({
      name: 'Friends League',
      description: 'Office league',
      entry_fee: 100,
      members_limit: 4,
      members_count: 1,
      prize_amount: 340,
      winner_count: 1,
      is_private: true,
      is_owner: true,
      can_edit: true,
      can_delete: true,
      game_kind: 'single-match',
      created_by: { slug: owner.slug, username: owner.username },
      prize_percents: [{ from: 1, to: 1, percent: 100 }],
    })
    expect(c.invite_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/)
    expect(c.invite_link).toBe(`/contests/${c.id}/join?code=${c.invite_code}`)
    expect(c.my_entries).toHaveLength(1)
    expect(res.body.member_id).toBe(c.my_entries[0].member_id)
    expect(await kit.balance(owner)).toBe(400)
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('takes a form body: numbers, booleans and prize_ranges as strings', async () => {
    const owner = await kit.withAccess(500)
    const body = await kit.draft(owner)
    const form = new URLSearchParams({
      game: 'single-match',
      match_id: String(body.match_id),
      name: 'Form League',
      entry_fee: '50',
      members_limit: '10',
      multiple_entries: 'true',
      max_entries_per_user: '3',
      guaranteed: 'false',
      is_private: 'true',
      team_id: String(body.team_id),
      prize_ranges: JSON.stringify([
        { from: 1, to: 1, percent: 60 },
        { from: 2, to: 3, percent: 20 },
      ]),
    })
    const res = await ctx.api.call('POST', '/api/contests', {
      raw: form.toString(),
      token: owner.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(201)
    // ₹50 × 10 less 15% = ₹425: 60% = ₹255, 20% = ₹85 each for ranks 2–3.
    expect(res.body.contest).toMatchObject({ max_entries: 3, prize_amount: 425, winner_count: 3 })
    const prizes = (await ctx.api.get(`/api/contests/${res.body.contest.id}/prizes`, owner.token)).body.prizes
    expect(prizes.map((p: { rank_text: string; amount: number }) => [p.rank_text, p.amount])).toEqual([
      ['1', 255],
      ['2-3', 85],
    ])
  })

  it('custom amounts must add up to the pool; the table keeps them exactly', async () => {
    const owner = await kit.withAccess(500)
    const ok = await ctx.api.post(
      '/api/contests',
      await kit.draft(owner, {
        prize_ranges: [
          { from: 1, to: 1, amount: 200 },
          { from: 2, to: 2, amount: 140 },
        ],
      }),
      owner.token,
    )
    expect(ok.status).toBe(201)
    expect(ok.body.contest.first_prize).toBe(200)
    const bad = await ctx.api.post(
      '/api/contests',
      await kit.draft(owner, { prize_ranges: [{ from: 1, to: 1, amount: 300 }] }),
      owner.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors.prize_ranges[0]).toMatch(/not the pool of ₹340/)
  })

  it('a free private contest needs no paid access; free public or over 100 members is 422', async () => {
    const p = await kit.player()
    const free = await ctx.api.post(
      '/api/contests',
      await kit.draft(p, { entry_fee: 0, members_limit: 50 }),
      p.token,
    )
    expect(free.status).toBe(201)
    expect(free.body.contest).toMatchObject({ entry_fee: 0, prize_amount: 0, is_private: true })
    const bad = await ctx.api.post(
      '/api/contests',
      await kit.draft(p, { entry_fee: 0, members_limit: 101, is_private: false }),
      p.token,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['is_private', 'members_limit'])
  })

  it('creates a championship contest with the creator’s classic team of the phase', async () => {
    const owner = await kit.withAccess(500)
    const phase = await kit.upcomingPhase()
    const body = {
      game: 'championship',
      phase_id: phase.id,
      name: 'Phase Friends',
      entry_fee: 100,
      members_limit: 5,
      is_private: true,
    }
    const noTeam = await ctx.api.post('/api/contests', body, owner.token)
    expect(noTeam.status, JSON.stringify(noTeam.body)).toBe(422)
    expect(noTeam.body.errors.team_id, JSON.stringify(noTeam.body)).toEqual([
      'create your championship team for this phase first',
    ])
    await kit.classicTeam(owner, phase.id)
    const res = await ctx.api.post('/api/contests', body, owner.token)
    expect(res.status).toBe(201)
    const c = res.body.championship_contest
    expect(c).toMatchObject({ type: 'championship', phase_id: phase.id, members_count: 1, is_private: true })
    expect(c.invite_link).toMatch(
      new RegExp(`^/contests/${c.id}/join\\?type=championship&code=[A-Z2-9]{10}$`),
    )
    // Private: not in the series' public list.
    const list = await ctx.api.get(`/api/series/${c.series_id}/contests?type=championship&per_page=100`)
    expect(list.body.contests.map((x: { id: number }) => x.id)).not.toContain(c.id)
    expect(await kit.balance(owner)).toBe(400)
  })
})

describe('bad input (each 422 with field messages, nothing written)', () => {
  it('fee or size out of range, winners beyond members, overlapping or gapped ranks, not 100%', async () => {
    const owner = await kit.withAccess(500)
    const before = await contestCount()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ entry_fee: 10_001 }, 'entry_fee'],
      [{ entry_fee: -5 }, 'entry_fee'],
      [{ entry_fee: 10.5 }, 'entry_fee'],
      [{ members_limit: 1 }, 'members_limit'],
      [{ members_limit: 501 }, 'members_limit'],
      [{ name: 'ab' }, 'name'],
      [{ game: 'auction' }, 'game'],
      [{ game: 'pubg' }, 'game'],
      [{ max_entries_per_user: 3 }, 'max_entries_per_user'],
      [{ prize_option: 'top_3', members_limit: 3 }, 'prize_option'],
      [{ prize_option: 'top_3', prize_ranges: [{ from: 1, to: 1, percent: 100 }] }, 'prize_option'],
      [
        {
          prize_ranges: [
            { from: 1, to: 2, percent: 50 },
            { from: 2, to: 2, percent: 50 },
          ],
        },
        'prize_ranges.1.from',
      ],
      [
        {
          prize_ranges: [
            { from: 1, to: 1, percent: 50 },
            { from: 3, to: 3, percent: 50 },
          ],
        },
        'prize_ranges.1.from',
      ],
      [{ prize_ranges: [{ from: 1, to: 1, percent: 90 }] }, 'prize_ranges'],
      [{ prize_ranges: [{ from: 1, to: 5, percent: 20 }] }, 'prize_ranges.0.to'],
      [{ team_id: undefined }, 'team_id'],
    ]
    for (const [over, field] of cases) {
      const res = await ctx.api.post('/api/contests', await kit.draft(owner, over), owner.token)
      expect(res.status, JSON.stringify(over)).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(res.body.errors), JSON.stringify(over)).toContain(field)
    }
    expect(await contestCount()).toBe(before)
    expect(await kit.balance(owner)).toBe(500)
  })

  it('a missing or non-numeric fee says which, in words', async () => {
    const owner = await kit.withAccess(500)
    const { entry_fee: _fee, ...noFee } = await kit.draft(owner)
    const missing = await ctx.api.post('/api/contests', noFee, owner.token)
    expect(missing.status).toBe(422)
    expect(missing.body.errors.entry_fee).toEqual(['is required'])
    const wrong = await ctx.api.post('/api/contests', { ...noFee, entry_fee: true }, owner.token)
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors.entry_fee).toEqual(['must be a number of rupees'])
  })

  it('a match that has started is 422 on match_id', async () => {
    const owner = await kit.withAccess(500)
    const body = await kit.draft(owner)
    await ctx.world.deps.db
      .updateTable('matches')
      .set({ status: 'live' })
      .where('id', '=', body.match_id as number)
      .execute()
    const res = await ctx.api.post('/api/contests', body, owner.token)
    expect(res.status).toBe(422)
    expect(res.body.errors.match_id).toEqual(['has started; choose an upcoming match'])
  })

  it('the creator’s join failing for balance leaves no contest (one transaction)', async () => {
    const owner = await kit.withAccess(50)
    const before = await contestCount()
    const activities = await ctx.world.deps.db.selectFrom('contest_activities').select('id').execute()
    const res = await ctx.api.post('/api/contests', await kit.draft(owner), owner.token)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE')
    expect(await contestCount()).toBe(before)
    expect(await ctx.world.deps.db.selectFrom('contest_activities').select('id').execute()).toEqual(
      activities,
    )
    expect(await kit.balance(owner)).toBe(50)
  })
})

describe('access and saved prizes', () => {
  it('creating a paid contest without access is 403 naming the missing requirement; nothing is written', async () => {
    const p = await kit.player(500)
    const before = await contestCount()
    const res = await ctx.api.post('/api/contests', await kit.draft(p), p.token)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    expect(res.body.error).toMatch(/mobile/i)
    expect(await contestCount()).toBe(before)
    expect(await kit.balance(p)).toBe(500)
    const verify = await ctx.api.post('/api/contests/verify', await kit.draft(p), p.token)
    expect(verify.status).toBe(200)
    expect(verify.body.access.allowed).toBe(false)
    expect(verify.body.access.missing.length).toBeGreaterThan(0)
  })

  it('uses one of my saved prizes; someone else’s is 422 on prize_structure_id', async () => {
    const owner = await kit.withAccess(500)
    const saved = await ctx.api.post(
      '/api/prize_structures',
      {
        name: 'Top two',
        ranges: [
          { from: 1, to: 1, percent: 70 },
          { from: 2, to: 2, percent: 30 },
        ],
      },
      owner.token,
    )
    expect(saved.status).toBe(201)
    const id = saved.body.prize_structure.id
    const res = await ctx.api.post(
      '/api/contests',
      await kit.draft(owner, { prize_structure_id: id }),
      owner.token,
    )
    expect(res.status).toBe(201)
    // ₹340: 70% = ₹238, 30% = ₹102.
    expect(res.body.contest.prize_percents).toEqual([
      { from: 1, to: 1, percent: 70 },
      { from: 2, to: 2, percent: 30 },
    ])
    expect(res.body.contest.first_prize).toBe(238)
    const other = await kit.withAccess(500)
    const theirs = await ctx.api.post(
      '/api/contests',
      await kit.draft(other, { prize_structure_id: id }),
      other.token,
    )
    expect(theirs.status).toBe(422)
    expect(theirs.body.errors.prize_structure_id).toEqual(['is not one of your saved prizes'])
  })
})

describe('verify', () => {
  it('answers the bill and the prize table of a draft, writing nothing', async () => {
    const owner = await kit.withAccess(500)
    const before = await contestCount()
    const body = await kit.draft(owner, { members_limit: 10, prize_option: 'top_3', team_id: undefined })
    const res = await ctx.api.post('/api/contests/verify', body, owner.token)
    expect(res.status).toBe(200)
    // ₹100 × 10 = ₹1000, rake 15% → ₹850: 50/30/20.
    expect(res.body.bill).toEqual({
      entry_fee: 100,
      members_limit: 10,
      rake_percent: 15,
      prize_pool: 850,
      rake: 150,
      you_pay: 100,
      balance_after: 400,
    })
    expect(res.body.prizes).toEqual([
      { rank_text: '1', from: 1, to: 1, amount: 425, percent: 50 },
      { rank_text: '2', from: 2, to: 2, amount: 255, percent: 30 },
      { rank_text: '3', from: 3, to: 3, amount: 170, percent: 20 },
    ])
    expect(res.body.winners).toBe(3)
    expect(res.body.access.allowed).toBe(true)
    expect(await contestCount()).toBe(before)
    const bad = await ctx.api.post('/api/contests/verify', { ...body, members_limit: 900 }, owner.token)
    expect(bad.status).toBe(422)
    expect(bad.body.errors.members_limit).toBeDefined()
  })
})

describe('private contests and invite codes', () => {
  it('are in no public list; members, the owner and the code see them; others get 404', async () => {
    const { owner, contest, match_id } = await kit.privateContest()
    const stranger = await kit.player(500)
    const lists = [
      `/api/matches/${match_id}/contests?per_page=100`,
      '/api/contests?per_page=100&type=feed',
      '/api/contests/popular?per_page=100',
      '/api/contests?per_page=100',
    ]
    for (const path of lists) {
      const ids = (await ctx.api.get(path, stranger.token)).body.contests.map((c: { id: number }) => c.id)
      expect(ids, path).not.toContain(contest.id)
    }
    for (const sub of ['', '/prizes', '/info', '/members', '/overview']) {
      expect((await ctx.api.get(`/api/contests/${contest.id}${sub}`, stranger.token)).status, sub).toBe(404)
      expect((await ctx.api.get(`/api/contests/${contest.id}${sub}`)).status, sub).toBe(404)
      expect((await ctx.api.get(`/api/contests/${contest.id}${sub}`, owner.token)).status, sub).toBe(200)
      expect(
        (
          await ctx.api.get(
            `/api/contests/${contest.id}${sub}?invite_code=${contest.invite_code}`,
            stranger.token,
          )
        ).status,
        sub,
      ).toBe(200)
    }
    // The owner's own list has it.
    const mine = (await ctx.api.get('/api/my_contests', owner.token)).body.my_contests
    expect(mine.map((c: { id: number }) => c.id)).toContain(contest.id)
    // An admin sees it.
    expect((await ctx.api.get(`/api/contests/${contest.id}`, ctx.admin.token)).status).toBe(200)
  })

  it('joining needs the code: none or wrong → 404; right → joined, and then the member sees it', async () => {
    const { contest, match_id } = await kit.privateContest()
    const friend = await kit.player(500)
    const team = await kit.team(friend, match_id, 'friend')
    const none = await ctx.api.post(`/api/contests/${contest.id}/join`, { team_id: team }, friend.token)
    expect(none.status).toBe(404)
    const wrong = await ctx.api.post(
      `/api/contests/${contest.id}/join`,
      { team_id: team, invite_code: 'WRONGCODE2' },
      friend.token,
    )
    expect(wrong.status).toBe(404)
    expect(await kit.balance(friend)).toBe(500)
    const ok = await ctx.api.post(
      `/api/contests/${contest.id}/join`,
      { team_id: team, invite_code: contest.invite_code.toLowerCase() },
      friend.token,
    )
    expect(ok.status).toBe(200)
    expect(ok.body.contest).toMatchObject({ members_count: 2, is_owner: false, can_edit: false })
    expect(ok.body.contest.invite_link).toBe(`/contests/${contest.id}/join?code=${contest.invite_code}`)
    expect((await ctx.api.get(`/api/contests/${contest.id}`, friend.token)).status).toBe(200)
    expect(await kit.balance(friend)).toBe(400)
  })

  it('looks a code up (any case); a wrong code is 404; lookups are rate limited', async () => {
    const { contest, match_id } = await kit.privateContest()
    const friend = await kit.player()
    const found = await ctx.api.get(
      `/api/contests/invite_code/${contest.invite_code.toLowerCase()}`,
      friend.token,
    )
    expect(found.status).toBe(200)
    expect(found.body.contest).toEqual({
      id: contest.id,
      contest_type: 'contest',
      match_id,
      phase_id: null,
      name: 'Friends League',
      entry_fee: 100,
      members_limit: 4,
      members_count: 1,
      is_private: true,
      contest_status: 'open',
    })
    expect((await ctx.api.get('/api/contests/invite_code/NOPENOPE22', friend.token)).status).toBe(404)
    // Only wrong codes count (the right one above did not): the limit-th miss is the last 404.
    const { limit } = ctx.world.deps.config.rateLimits.codeLookupPerUser
    const statuses: number[] = []
    for (let i = 0; i < limit; i++)
      statuses.push((await ctx.api.get('/api/contests/invite_code/NOPENOPE22', friend.token)).status)
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((s) => s === 404).length).toBe(limit - 1)
  })

  it('another player’s match still lists the house contests', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const { contest } = await kit.privateContest()
    const house = (await ctx.api.get(`/api/matches/${match.id}/contests?per_page=100`)).body.contests
    expect(house.length).toBeGreaterThan(0)
    expect(
      house.every((c: { is_private: boolean; id: number }) => !c.is_private && c.id !== contest.id),
    ).toBe(true)
  })
})
