import { describe, expect, it } from 'vitest'
import { requireOwnPrizeStructure, SAVED_PRIZES_MAX } from '../../../server/areas/prize-structures/service'
import { AppError } from '../../../server/http/errors'
import { race, statuses } from '../../helpers/concurrency'
import { apiWorld } from '../../helpers/world'

// Saved prizes and the prize table of a contest draft (docs/contest-creation.md, "Prize tables").

const ctx = apiWorld({ per: 'file' })

const TOP3 = [
  { from: 1, to: 1, percent: 50 },
  { from: 2, to: 2, percent: 30 },
  { from: 3, to: 3, percent: 20 },
]

describe('GET /api/contests/prize_structure', () => {
  it('answers the options valid for the size with rupee prizes and the bill', async () => {
    const res = await ctx.api.get('/api/contests/prize_structure?members_limit=4&entry_fee=50')
    expect(res.status).toBe(200)
    expect(res.body.bill).toEqual({
      entry_fee: 50,
      members_limit: 4,
      rake_percent: 15,
      prize_pool: 170,
      rake: 30,
      you_pay: 50,
    })
    expect(res.body.prize_options.map((o: { key: string }) => o.key)).toEqual([
      'winner_takes_all',
      'top_3',
      'top_50_percent',
    ])
    expect(res.body.prize_options[1]).toMatchObject({
      winners: 3,
      prizes: [
        { rank_text: '1', from: 1, to: 1, percent: 50, amount: 85 },
        { rank_text: '2', from: 2, to: 2, percent: 30, amount: 51 },
        { rank_text: '3', from: 3, to: 3, percent: 20, amount: 34 },
      ],
    })
    for (const option of res.body.prize_options) {
      const paid = option.prizes.reduce(
        (sum: number, p: { from: number; to: number; amount: number }) =>
          sum + p.amount * (p.to - p.from + 1),
        0,
      )
      expect(Math.round(paid * 100)).toBe(17_000)
    }
  })

  it('takes a rake in percent and refuses sizes and fees out of range', async () => {
    const res = await ctx.api.get('/api/contests/prize_structure.json?members_limit=10&entry_fee=100&rake=10')
    expect(res.body.bill).toMatchObject({ rake_percent: 10, prize_pool: 900 })
    for (const q of [
      'members_limit=1&entry_fee=10',
      'members_limit=501&entry_fee=10',
      'members_limit=10&entry_fee=10001',
      'members_limit=10&entry_fee=-1',
      'members_limit=10&entry_fee=2.5',
      'members_limit=abc&entry_fee=1',
    ]) {
      const bad = await ctx.api.get(`/api/contests/prize_structure?${q}`)
      expect(bad.status, q).toBe(422)
      expect(bad.body.code).toBe('VALIDATION_FAILED')
    }
    const free = await ctx.api.get('/api/contests/prize_structure?members_limit=101&entry_fee=0')
    expect(free.status).toBe(422)
    expect(free.body.errors.members_limit[0]).toContain('free contest')
  })
})

describe('POST /api/contests/prize_structure', () => {
  it('turns a percent table into amounts of the pool', async () => {
    const res = await ctx.api.post('/api/contests/prize_structure', {
      members_limit: 10,
      entry_fee: 100,
      prize_ranges: [
        { from: 1, to: 2, percent: 30 },
        { from: 3, to: 5, percent: 13.33 },
        { from: 6, to: 6, percent: 0.01 },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.winners).toBe(6)
    // Pool ₹850: 13.33% = ₹113.305 → floored to ₹113.30 per rank; the odd paise go to rank 1.
    expect(res.body.prizes).toEqual([
      { rank_text: '1', from: 1, to: 1, percent: 30, amount: 255.02 },
      { rank_text: '2', from: 2, to: 2, percent: 30, amount: 255 },
      { rank_text: '3-5', from: 3, to: 5, percent: 13.33, amount: 113.3 },
      { rank_text: '6', from: 6, to: 6, percent: 0.01, amount: 0.08 },
    ])
  })

  it('takes amounts that pay the pool exactly, and form fields with the list as JSON', async () => {
    const body = new URLSearchParams({
      members_limit: '4',
      entry_fee: '50',
      prize_ranges: JSON.stringify([
        { from: 1, to: 1, amount: 120 },
        { from: 2, to: 2, amount: 50 },
      ]),
    })
    const res = await ctx.api.call('POST', '/api/contests/prize_structure', {
      raw: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(200)
    expect(res.body.prizes).toEqual([
      { rank_text: '1', from: 1, to: 1, percent: 70.59, amount: 120 },
      { rank_text: '2', from: 2, to: 2, percent: 29.41, amount: 50 },
    ])
  })

  const draft = (prize_ranges: unknown, members_limit = 10) => ({
    members_limit,
    entry_fee: 100,
    prize_ranges,
  })

  it.each([
    [
      'overlapping ranks',
      [
        { from: 1, to: 2, percent: 40 },
        { from: 2, to: 3, percent: 10 },
      ],
      'prize_ranges.1.from',
      'Overlaps',
    ],
    [
      'a gap',
      [
        { from: 1, to: 1, percent: 60 },
        { from: 3, to: 3, percent: 40 },
      ],
      'prize_ranges.1.from',
      'gap',
    ],
    ['a sum under 100%', [{ from: 1, to: 1, percent: 90 }], 'prize_ranges', 'not 100%'],
    ['more winners than members', [{ from: 1, to: 20, percent: 5 }], 'prize_ranges.0.to', 'More winners'],
    [
      'a lower rank paid more',
      [
        { from: 1, to: 1, percent: 40 },
        { from: 2, to: 2, percent: 60 },
      ],
      'prize_ranges.1.percent',
      'rank above',
    ],
    ['3 decimals', [{ from: 1, to: 1, percent: 99.999 }], 'prize_ranges.0.percent', '2 decimals'],
    ['amounts not paying the pool', [{ from: 1, to: 1, amount: 800 }], 'prize_ranges', 'not the pool'],
    [
      'percent and amount mixed',
      [
        { from: 1, to: 1, percent: 50 },
        { from: 2, to: 2, amount: 425 },
      ],
      'prize_ranges',
      'not both',
    ],
    ['an empty list', [], 'prize_ranges', 'at least one'],
    ['not a list', 'nope', 'prize_ranges', ''],
  ])('refuses %s with a field message', async (_what, ranges, field, message) => {
    const res = await ctx.api.post('/api/contests/prize_structure', draft(ranges))
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.errors[field].join(' ')).toContain(message)
  })

  it('refuses amounts for a free contest (nothing to split)', async () => {
    const res = await ctx.api.post('/api/contests/prize_structure', {
      members_limit: 10,
      entry_fee: 0,
      prize_ranges: [{ from: 1, to: 1, amount: 10 }],
    })
    expect(res.status).toBe(422)
  })
})

describe('/api/prize_structures (saved prizes)', () => {
  it('creates, lists, reads, renames and deletes my saved prize', async () => {
    const p = await ctx.api.player()
    const created = await ctx.api.post('/api/prize_structures', { name: 'Podium', ranges: TOP3 }, p.token)
    expect(created.status).toBe(201)
    const saved = created.body.prize_structure
    expect(saved).toMatchObject({ name: 'Podium', winners: 3, ranges: TOP3 })
    expect(saved.created_at_in_millis).toBe(ctx.world.deps.clock.now())

    const list = await ctx.api.get('/api/prize_structures', p.token)
    expect(list.body.prize_structures).toEqual([saved])
    expect(
      (await ctx.api.get(`/api/prize_structures/${saved.id}.json`, p.token)).body.prize_structure,
    ).toEqual(saved)

    const renamed = await ctx.api.put(`/api/prize_structures/${saved.id}`, { name: 'Top three' }, p.token)
    expect(renamed.status).toBe(200)
    expect(renamed.body.prize_structure).toMatchObject({ name: 'Top three', ranges: TOP3 })
    const changed = await ctx.api.put(
      `/api/prize_structures/${saved.id}`,
      { ranges: [{ from: 1, to: 2, percent: 50 }] },
      p.token,
    )
    expect(changed.body.prize_structure).toMatchObject({
      winners: 2,
      ranges: [{ from: 1, to: 2, percent: 50 }],
    })

    const deleted = await ctx.api.call('DELETE', `/api/prize_structures/${saved.id}`, { token: p.token })
    expect(deleted.status).toBe(200)
    expect((await ctx.api.get(`/api/prize_structures/${saved.id}`, p.token)).status).toBe(404)
    expect((await ctx.api.get('/api/prize_structures', p.token)).body.prize_structures).toEqual([])
  })

  it('another player’s saved prize is 404 for every call and for requireOwnPrizeStructure', async () => {
    const owner = await ctx.api.player()
    const other = await ctx.api.player()
    const saved = (await ctx.api.post('/api/prize_structures', { name: 'Mine', ranges: TOP3 }, owner.token))
      .body.prize_structure
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.api.call(method, `/api/prize_structures/${saved.id}`, {
        body,
        token: other.token,
      })
      expect(res.status, method).toBe(404)
      expect(res.body.code).toBe('NOT_FOUND')
    }
    await expect(requireOwnPrizeStructure(ctx.world.deps.db, other.id, saved.id)).rejects.toBeInstanceOf(
      AppError,
    )
    expect((await requireOwnPrizeStructure(ctx.world.deps.db, owner.id, saved.id)).name).toBe('Mine')
    expect(
      (await ctx.api.get(`/api/prize_structures/${saved.id}`, owner.token)).body.prize_structure.name,
    ).toBe('Mine')
  })

  it('refuses a bad table, a duplicate name in any case, and more than the cap', async () => {
    const p = await ctx.api.player()
    const bad = await ctx.api.post(
      '/api/prize_structures',
      {
        name: 'Gap',
        ranges: [
          { from: 1, to: 1, percent: 60 },
          { from: 3, to: 3, percent: 40 },
        ],
      },
      p.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors['ranges.1.from'][0]).toContain('gap')
    const sum = await ctx.api.post(
      '/api/prize_structures',
      { name: 'Sum', ranges: [{ from: 1, to: 1, percent: 99 }] },
      p.token,
    )
    expect(sum.body.errors.ranges[0]).toContain('not 100%')
    expect((await ctx.api.post('/api/prize_structures', { name: '', ranges: TOP3 }, p.token)).status).toBe(
      422,
    )

    expect(
      (await ctx.api.post('/api/prize_structures', { name: 'Podium', ranges: TOP3 }, p.token)).status,
    ).toBe(201)
    const dup = await ctx.api.post('/api/prize_structures', { name: 'PODIUM', ranges: TOP3 }, p.token)
    expect(dup.status).toBe(422)
    expect(dup.body.errors.name[0]).toContain('already')
    const second = (await ctx.api.post('/api/prize_structures', { name: 'Second', ranges: TOP3 }, p.token))
      .body.prize_structure
    expect(
      (await ctx.api.put(`/api/prize_structures/${second.id}`, { name: 'podium' }, p.token)).status,
    ).toBe(422)
    expect((await ctx.api.put(`/api/prize_structures/${second.id}`, {}, p.token)).status).toBe(422)
    // Renaming to its own name in another case is fine.
    expect(
      (await ctx.api.put(`/api/prize_structures/${second.id}`, { name: 'SECOND' }, p.token)).status,
    ).toBe(200)

    for (let i = 2; i < SAVED_PRIZES_MAX; i++)
      expect(
        (await ctx.api.post('/api/prize_structures', { name: `T${i}`, ranges: TOP3 }, p.token)).status,
      ).toBe(201)
    const over = await ctx.api.post('/api/prize_structures', { name: 'One too many', ranges: TOP3 }, p.token)
    expect(over.status).toBe(409)
    expect((await ctx.api.get('/api/prize_structures', p.token)).body.prize_structures).toHaveLength(
      SAVED_PRIZES_MAX,
    )
  })

  it('two saves of one name at once: one is taken, the other is 422 (never a 500)', async () => {
    const p = await ctx.api.player()
    const answers = await race(2, (i) =>
      ctx.api.post('/api/prize_structures', { name: i === 0 ? 'Race' : 'RACE', ranges: TOP3 }, p.token),
    )
    expect(statuses(answers)).toEqual({ 201: 1, 422: 1 })
    expect((await ctx.api.get('/api/prize_structures', p.token)).body.prize_structures).toHaveLength(1)
  })

  it('needs a token', async () => {
    expect((await ctx.api.get('/api/prize_structures')).status).toBe(401)
    expect((await ctx.api.post('/api/prize_structures', { name: 'x', ranges: TOP3 })).status).toBe(401)
  })
})
