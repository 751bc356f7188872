import { describe, expect, it } from 'vitest'
import { depositRow } from '../../helpers/gateway'
import { client } from '../../helpers/http'
import { leagueWorld } from '../../helpers/league'
import { apiWorld, inFreeContest } from '../../helpers/world'

const ctx = apiWorld()

/** A deposit row as the add-cash flow leaves it (the claim only needs it to exist and be yours). */
const depositOf = (userId: number, paise: number, status: 'success' | 'failed' = 'failed') =>
  depositRow(ctx.world.deps, userId, paise, { status, orderId: `ORDER-${userId}-${paise}-${status}` })

const reason = 'Money left my bank but the wallet shows nothing'

describe('POST /api/claim_refunds', () => {
  it('records a claim about one of your deposits, with its amount, pending', async () => {
    const p = await ctx.api.player()
    const credit = await depositOf(p.id, 25_050)
    const r = await ctx.api.post('/api/claim_refunds.json', { reason, user_credit_id: credit }, p.token)
    expect(r.status).toBe(201)
    expect(r.body.claim_refund).toMatchObject({
      reason,
      status: 'pending',
      resolution: null,
      user_credit_id: credit,
      contest_id: null,
      amount: 250.5,
      created_at_in_millis: ctx.world.deps.clock.now(),
    })
    expect(r.body.claim_refund.created_at_str_small).toBe('22 Nov 2026, 11:30 AM')
  })

  it('records a general claim with only a reason', async () => {
    const p = await ctx.api.player()
    const r = await ctx.api.post('/api/claim_refunds', { reason }, p.token)
    expect(r.status).toBe(201)
    expect(r.body.claim_refund).toMatchObject({ user_credit_id: null, contest_id: null, amount: null })
  })

  it('refuses a second open claim for the same deposit with 409', async () => {
    const p = await ctx.api.player()
    const credit = await depositOf(p.id, 10_000)
    expect(
      (await ctx.api.post('/api/claim_refunds', { reason, user_credit_id: credit }, p.token)).status,
    ).toBe(201)
    const again = await ctx.api.post('/api/claim_refunds', { reason, user_credit_id: credit }, p.token)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
  })

  it('answers 404 for someone else’s deposit or a contest you did not join', async () => {
    const p = await ctx.api.player()
    const other = await ctx.api.player()
    const theirs = await depositOf(other.id, 10_000)
    const r = await ctx.api.post('/api/claim_refunds', { reason, user_credit_id: theirs }, p.token)
    expect(r.status).toBe(404)
    expect((await ctx.api.post('/api/claim_refunds', { reason, contest_id: 1 }, p.token)).status).toBe(404)
    expect(await ctx.world.deps.db.selectFrom('claim_refunds').selectAll().execute()).toEqual([])
  })

  it('refuses a short or missing reason, bad ids and unknown fields with 422', async () => {
    const p = await ctx.api.player()
    expect((await ctx.api.post('/api/claim_refunds', { reason: 'refund' }, p.token)).body.errors).toEqual({
      reason: ['is too short (minimum is 10 characters)'],
    })
    expect((await ctx.api.post('/api/claim_refunds', {}, p.token)).body.errors).toEqual({
      reason: ['is required'],
    })
    expect((await ctx.api.post('/api/claim_refunds', { reason, user_credit_id: 'x' }, p.token)).status).toBe(
      422,
    )
    expect((await ctx.api.post('/api/claim_refunds', { reason, amount: 50 }, p.token)).body.errors).toEqual({
      amount: ['is not a known field'],
    })
  })

  it('needs a signed-in user', async () => {
    expect((await ctx.api.post('/api/claim_refunds', { reason })).status).toBe(401)
  })
})

describe('GET /api/claim_refunds (refund status)', () => {
  it('lists only your claims, newest first, and shows one by id', async () => {
    const p = await ctx.api.player()
    const other = await ctx.api.player()
    const first = (await ctx.api.post('/api/claim_refunds', { reason }, p.token)).body.claim_refund
    const second = (
      await ctx.api.post('/api/claim_refunds', { reason: 'Charged twice for one contest entry' }, p.token)
    ).body.claim_refund
    const theirs = (await ctx.api.post('/api/claim_refunds', { reason }, other.token)).body.claim_refund
    const list = await ctx.api.get('/api/claim_refunds.json', p.token)
    expect(list.status).toBe(200)
    expect(list.body.claim_refunds.map((c: { id: number }) => c.id)).toEqual([second.id, first.id])
    const one = await ctx.api.get(`/api/claim_refunds/${first.id}`, p.token)
    expect(one.body.claim_refund).toMatchObject({ id: first.id, status: 'pending' })
    expect((await ctx.api.get(`/api/claim_refunds/${theirs.id}`, p.token)).status).toBe(404)
    expect((await ctx.api.get('/api/claim_refunds')).status).toBe(401)
    expect((await ctx.api.get(`/api/claim_refunds/${first.id}`)).status).toBe(401)
  })
})

describe('claims about a contest', () => {
  it('accepts a contest you joined', async () => {
    const league = await leagueWorld()
    try {
      const lapi = client(league.deps)
      const p = await lapi.player()
      const free = await inFreeContest({ api: lapi, deps: league.deps }, p)
      const r = await lapi.post('/api/claim_refunds', { reason, contest_id: free.id }, p.token)
      expect(r.status).toBe(201)
      expect(r.body.claim_refund.contest_id).toBe(free.id)
      const stranger = await lapi.player()
      expect(
        (await lapi.post('/api/claim_refunds', { reason, contest_id: free.id }, stranger.token)).status,
      ).toBe(404)
    } finally {
      await league.close()
    }
  })
})
