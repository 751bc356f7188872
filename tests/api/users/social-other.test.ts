import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/core/config'
import { testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

describe('waitlist', () => {
  it('counts each address once, whatever its case', async () => {
    expect((await ctx.api.get('/api/waitlist')).body).toEqual({ waitlist: { count: 0 } })
    const first = await ctx.api.post('/api/waitlist', { email: 'Fan@Example.test' })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ waitlist: { count: 1 }, joined: true })
    const again = await ctx.api.post('/api/waitlist', { email: 'fan@example.test' })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ waitlist: { count: 1 }, joined: false })
    expect((await ctx.api.get('/api/waitlist')).body.waitlist.count).toBe(1)
  })

  it('refuses a bad address with a 422', async () => {
    const res = await ctx.api.post('/api/waitlist', { email: 'not-an-address' })
    expect(res.status).toBe(422)
    expect(res.body.errors.email).toBeDefined()
    expect((await ctx.api.get('/api/waitlist')).body.waitlist.count).toBe(0)
  })
})

describe('partner programme', () => {
  it('describes the programme, and to a signed-in user their code and referrals', async () => {
    const anon = await ctx.api.get('/api/partner_program')
    expect(anon.status).toBe(200)
    expect(anon.body.partner_program).toMatchObject({ referral_code: null, referred_users: null })
    expect(anon.body.partner_program.benefits.length).toBeGreaterThan(0)
    const me = await ctx.api.player()
    const mine = await ctx.api.get('/api/partner_program', me.token)
    const reference = (await ctx.api.get('/api/me', me.token)).body.user.reference
    expect(mine.body.partner_program).toMatchObject({ referral_code: reference, referred_users: 0 })
  })
})

describe('feedback', () => {
  it('stores a signed-in user’s feedback, and needs an e-mail from anyone else', async () => {
    const me = await ctx.api.player()
    const res = await ctx.api.post(
      '/api/feedbacks',
      { message: 'Love the auctions.\nMore sports please!' },
      me.token,
    )
    expect(res.status).toBe(201)
    const anon = await ctx.api.post('/api/feedbacks', { message: 'Hello' })
    expect(anon.status).toBe(422)
    expect(anon.body.errors.email).toBeDefined()
    expect((await ctx.api.post('/api/feedbacks', { message: '   ', email: 'a@b.test' })).status).toBe(422)
    expect(
      (await ctx.api.post('/api/feedbacks', { message: 'x'.repeat(2001), email: 'a@b.test' })).status,
    ).toBe(422)
    const rows = await ctx.world.deps.db.selectFrom('feedbacks').selectAll().execute()
    expect(rows).toEqual([
      expect.objectContaining({ user_id: me.id, message: 'Love the auctions.\nMore sports please!' }),
    ])
  })

  it('limits anonymous forms per address with a 429', async () => {
    const limited = await testWorld({
      rateLimits: { ...loadConfig({}, {}).rateLimits, publicForm: { windowMs: 60_000, limit: 2 } },
    })
    try {
      const api2 = client(limited.deps)
      const answers = []
      for (let i = 0; i < 3; i++)
        answers.push((await api2.post('/api/waitlist', { email: `p${i}@example.test` })).status)
      expect(answers).toEqual([201, 201, 429])
      expect((await api2.get('/api/waitlist')).body.waitlist.count).toBe(2)
    } finally {
      await limited.close()
    }
  })
})

describe('traffic sources', () => {
  it('records a visit, and the UTM fields a sign-up carries with the new account', async () => {
    const visit = await ctx.api.post('/api/traffic_sources', {
      utm_source: 'twitter',
      landing_path: '/auctions',
    })
    expect(visit.status).toBe(201)
    const signUp = await ctx.api.post('/api/users', {
      email: 'utm@example.test',
      username: 'utm_fan',
      password: 'long-enough-pass',
      utm_source: 'newsletter',
      utm_campaign: 'ipl-2026',
    })
    expect(signUp.status).toBe(201)
    const rows = await ctx.world.deps.db.selectFrom('traffic_sources').selectAll().orderBy('id').execute()
    expect(rows).toEqual([
      expect.objectContaining({ user_id: null, utm_source: 'twitter', landing_path: '/auctions' }),
      expect.objectContaining({
        user_id: signUp.body.user.id,
        utm_source: 'newsletter',
        utm_campaign: 'ipl-2026',
      }),
    ])
    expect((await ctx.api.post('/api/traffic_sources', { utm_source: 'x'.repeat(201) })).status).toBe(422)
    expect((await ctx.api.post('/api/traffic_sources', { surprise: 1 })).status).toBe(422)
  })
})
