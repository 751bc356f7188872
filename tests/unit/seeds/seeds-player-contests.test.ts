import { describe, expect, it } from 'vitest'
import { amountsFromPercents, contestBill, type PercentRange } from '../../../server/domain/contest-creation'
import { TEST_START_MS } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { seededLeague } from '../../helpers/world'

const seeded = seededLeague()

const playerContests = () =>
  seeded.deps.db
    .selectFrom('contests as c')
    .innerJoin('matches as m', 'm.id', 'c.match_id')
    .select([
      'c.id',
      'c.name',
      'c.match_id',
      'c.is_private',
      'c.created_by_id',
      'c.entry_fee_paise',
      'c.members_limit',
      'c.members_count',
      'c.prize_pool_paise',
      'c.prize_structure',
      'c.prize_percents',
      'c.invite_code',
      'c.rake_bps',
      'm.event_time_ms',
    ])
    .where('c.created_by_id', 'is not', null)
    .orderBy('c.id')
    .execute()

describe('contests made by demo users', () => {
  it('seeds three private contests on a match more than an hour away, friends already in', async () => {
    const rows = await playerContests()
    expect(rows.map((r) => r.name)).toEqual([
      'Hostel 4 Friends League',
      'Office Free Hit',
      'Weekend Mates Cup',
    ])
    expect(seeded.summary.player_contests).toBe(3)
    const demo = await seeded.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', seeded.deps.config.demo.email)
      .executeTakeFirstOrThrow()
    for (const c of rows) {
      expect(c.is_private).toBe(1)
      expect(c.created_by_id).not.toBe(demo.id)
      expect(Number(c.event_time_ms)).toBeGreaterThan(TEST_START_MS + 3_600_000)
      expect(c.members_count).toBeGreaterThanOrEqual(2)
      expect(c.members_count).toBeLessThan(c.members_limit)
      const members = await seeded.deps.db
        .selectFrom('contest_members')
        .select(['user_id', 'entry_fee_paise'])
        .where('contest_id', '=', c.id)
        .execute()
      expect(members).toHaveLength(c.members_count)
      expect(members.map((m) => m.user_id)).toContain(c.created_by_id)
      expect(members.some((m) => m.user_id === demo.id)).toBe(false)
      // The prize table the API would make: the pool of a full contest, paid out exactly.
      const bill = contestBill(c.entry_fee_paise, c.members_limit, c.rake_bps)
      expect(c.prize_pool_paise).toBe(bill.pool_paise)
      const percents = JSON.parse(c.prize_percents as string) as PercentRange[]
      if (c.entry_fee_paise > 0)
        expect(JSON.parse(c.prize_structure)).toEqual(amountsFromPercents(bill.pool_paise, percents))
    }
    const [hostel, free] = rows
    expect(JSON.parse(hostel?.prize_percents as string)).toEqual([
      { from: 1, to: 1, percent_bps: 7000 },
      { from: 2, to: 2, percent_bps: 3000 },
    ])
    expect(free?.entry_fee_paise).toBe(0)
    expect(seeded.summary.private_contest_code).toBe(free?.invite_code)
    expect(new Set(rows.map((r) => r.invite_code)).size).toBe(3)
  })

  it('records who made and who joined each one', async () => {
    for (const c of await playerContests()) {
      const activities = await seeded.deps.db
        .selectFrom('contest_activities')
        .select(['kind', 'user_id', 'body'])
        .where('contest_type', '=', 'contest')
        .where('contest_id', '=', c.id)
        .orderBy('id')
        .execute()
      expect(activities[0]).toMatchObject({ kind: 'created', user_id: c.created_by_id })
      expect(activities.filter((a) => a.kind === 'joined')).toHaveLength(c.members_count - 1)
    }
  })

  it('charged the paid entries through the ledger, which balances', async () => {
    const api = client(seeded.deps)
    const token = (await api.login(seeded.deps.config.admin.email, seeded.deps.config.admin.password))
      .access_token
    const verify = await api.get('/api/admin/ledger/verify', token)
    expect(verify.body).toMatchObject({ ok: true, transactions: seeded.summary.ledger_transactions })
    const paid = await seeded.deps.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'contest_entry')
      .where('memo', 'like', '%Hostel 4 Friends League%')
      .execute()
    const hostel = (await playerContests())[0]
    expect(paid).toHaveLength(hostel?.members_count ?? -1)
  })

  it('keeps them out of the public lists; the code finds the free one', async () => {
    const rows = await playerContests()
    const api = client(seeded.deps)
    const listed = await api.get(`/api/matches/${rows[0]?.match_id}/contests?per_page=100`)
    expect(listed.status).toBe(200)
    const ids = (listed.body.contests as Array<{ id: number }>).map((c) => c.id)
    for (const c of rows) expect(ids).not.toContain(c.id)
    const someone = await api.player('seedlooker')
    const found = await api.get(
      `/api/contests/invite_code/${seeded.summary.private_contest_code}`,
      someone.token,
    )
    expect(found.status).toBe(200)
    expect(found.body.contest).toMatchObject({ name: 'Office Free Hit', entry_fee: 0, is_private: true })
  })

  it('gives the demo player two saved prize tables and a demo user one', async () => {
    const saved = await seeded.deps.db
      .selectFrom('prize_structures as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.name', 'p.winners', 'u.email'])
      .orderBy('p.id')
      .execute()
    expect(seeded.summary.saved_prizes).toBe(3)
    expect(
      saved.filter((p) => p.email === seeded.deps.config.demo.email).map((p) => [p.name, p.winners]),
    ).toEqual([
      ['Top heavy', 3],
      ['Half the room', 10],
    ])
    expect(saved.filter((p) => p.email !== seeded.deps.config.demo.email).map((p) => p.name)).toEqual([
      '70/30',
    ])
  })
})
