import { describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { rowCount } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

const signup = (body: Record<string, unknown>) => ctx.api.post('/api/users.json', body)
const valid = {
  email: 'Asha@Example.test',
  username: 'asha_k',
  password: 'cover-drive-8',
  full_name: 'Asha Kumar',
}

const counts = async () => ({
  users: await rowCount(ctx.world.deps.db, 'users'),
  mails: await rowCount(ctx.world.deps.db, 'outbox_messages'),
})

describe('POST /api/users (sign up)', () => {
  it('creates an active account (201) that can sign in at once, with a verification mail in the outbox', async () => {
    const res = await signup(valid)
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({
      email: 'asha@example.test',
      username: 'asha_k',
      slug: 'asha_k',
      full_name: 'Asha Kumar',
      role: 'player',
      status: 'active',
      email_verified: false,
      current_balance: 0,
      coin_balance: 0,
      cricket_level: { level: 1 },
    })
    expect(res.body.user.reference).toMatch(/^ASHA\d{6}$/)
    expect(res.body.user.password_hash).toBeUndefined()
    const tokens = await ctx.api.login('asha@example.test', 'cover-drive-8')
    expect((await ctx.api.get('/api/me', tokens.access_token)).body.user.username).toBe('asha_k')

    const admin = await ctx.api.admin()
    const outbox = await ctx.api.get('/api/admin/outbox?to=asha@example.test', admin.token)
    expect(outbox.body.messages).toHaveLength(1)
    expect(outbox.body.messages[0]).toMatchObject({
      to: 'asha@example.test',
      subject: 'Verify your e-mail address',
    })
    expect(outbox.body.messages[0].body).toContain('/reset-password/')
    expect(outbox.body.messages[0].created_at_in_millis).toBe(ctx.world.deps.clock.now())

    const notifications = await ctx.api.get('/api/notifications', tokens.access_token)
    expect(notifications.body.notifications[0].kind).toBe('welcome')
    expect((await verifyLedger(ctx.world.deps.db)).ok).toBe(true)
  })

  it('accepts multipart form data as the original client sent it', async () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(valid)) form.append(k, v)
    const res = await ctx.api.app.request('/api/users.json', {
      method: 'POST',
      body: form,
      headers: { 'x-fanspole-client': 'web' },
    })
    expect(res.status).toBe(201)
  })

  it('answers a missing or malformed e-mail with 422 errors.email and creates nothing', async () => {
    const before = await counts()
    const missing = await signup({ username: 'nomail', password: 'password123' })
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: ['is required'] } })
    const bad = await signup({ ...valid, email: 'not-an-email' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.email).toEqual(['is not a valid e-mail address'])
    expect(bad.body.error).toBe('Email is not a valid e-mail address')
    expect(await counts()).toEqual(before)
  })

  it('refuses a taken e-mail (any case) or username with 422, reporting both at once', async () => {
    expect((await signup(valid)).status).toBe(201)
    const before = await counts()
    const again = await signup({ ...valid, email: 'ASHA@example.test', username: 'ASHA_K' })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual({
      email: ['has already been taken'],
      username: ['has already been taken'],
    })
    expect(await counts()).toEqual(before)
  })

  it('checks password length, username shape, unknown fields and referral codes', async () => {
    const short = await signup({ ...valid, password: 'short' })
    expect(short.status).toBe(422)
    expect(short.body.errors.password).toEqual(['is too short (minimum is 8 characters)'])
    const name = await signup({ ...valid, username: '9lives' })
    expect(name.body.errors.username[0]).toMatch(/starting with a letter/)
    const extra = await signup({ ...valid, role: 'admin' })
    expect(extra.status).toBe(422)
    expect(extra.body.errors.role).toEqual(['is not a known field'])
    const ref = await signup({ ...valid, ref_code: 'NOPE000000' })
    expect(ref.status).toBe(422)
    expect(ref.body.errors.ref_code).toEqual(['is not a valid referral code'])
  })

  it('links the referrer when the referral code is valid', async () => {
    const referrer = (await signup(valid)).body.user
    const res = await signup({
      email: 'b@example.test',
      username: 'bharat',
      password: 'password123',
      ref_code: referrer.reference.toLowerCase(),
    })
    expect(res.status).toBe(201)
    const row = await ctx.world.deps.db
      .selectFrom('users')
      .select('referred_by_id')
      .where('username_key', '=', 'bharat')
      .executeTakeFirstOrThrow()
    expect(row.referred_by_id).toBe(referrer.id)
  })

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await ctx.api.call('POST', '/api/users', { raw: '{"email": ' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'MALFORMED_JSON', error: 'Malformed JSON in request body' })
    const huge = await ctx.api.call('POST', '/api/users', {
      raw: JSON.stringify({ ...valid, full_name: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(huge.status).toBe(413)
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE')
    expect((await counts()).users).toBe(0)
  })

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const results = await Promise.all([signup(valid), signup({ ...valid, username: 'asha_two' })])
    expect(results.map((r) => r.status).sort()).toEqual([201, 422])
    expect((await counts()).users).toBe(1)
  })
})

describe('username availability and new_user', () => {
  it('tells whether a username is free and well formed', async () => {
    await signup(valid)
    expect((await ctx.api.get('/api/users/username_availability?username=Asha_K')).body).toEqual({
      username: 'Asha_K',
      valid: true,
      available: false,
    })
    expect(
      (await ctx.api.get('/api/users/username_availability.json?username=fresh_one')).body.available,
    ).toBe(true)
    expect((await ctx.api.get('/api/users/username_availability?username=a')).body).toMatchObject({
      valid: false,
      available: false,
    })
    expect((await ctx.api.get('/api/users/username_availability')).status).toBe(422)
  })

  it('tells whether an e-mail is new', async () => {
    await signup(valid)
    expect((await ctx.api.post('/api/users/new_user', { email: 'asha@example.test' })).body).toEqual({
      email: 'asha@example.test',
      new_user: false,
    })
    expect((await ctx.api.post('/api/users/new_user', { email: 'x@example.test' })).body.new_user).toBe(true)
    expect((await ctx.api.post('/api/users/new_user', { email: 'x' })).status).toBe(422)
  })
})
