import { describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ admin: true })

async function tokenFromMail(to: string, subject: string): Promise<string> {
  const res = await ctx.api.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, ctx.admin.token)
  const mail = res.body.messages.find((m: { subject: string }) => m.subject === subject)
  expect(mail, `a mail "${subject}" to ${to}`).toBeDefined()
  const match = /token: (\S+)/.exec(mail.body)
  return match![1]!
}

describe('forgot and reset password', () => {
  it('mails a link whose token resets the password once and signs the account out everywhere', async () => {
    const u = await makeUser(ctx.world.deps)
    const session = await ctx.api.login(u.email, u.password)
    expect(
      (await ctx.api.post('/api/users/forget_password.json', { email: u.email.toUpperCase() })).status,
    ).toBe(200)
    const token = await tokenFromMail(u.email, 'Reset your Fanspole password')

    const check = await ctx.api.get(`/api/users/reset_password/${token}`)
    expect(check.body.reset_password).toEqual({ valid: true, email: u.email, username: u.username })

    const mismatch = await ctx.api.put('/api/users/reset_password', {
      token,
      password: 'new-password-1',
      password_confirmation: 'other',
    })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.errors.password_confirmation).toEqual(["doesn't match password"])

    const reset = await ctx.api.put('/api/users/reset_password', { token, password: 'new-password-1' })
    expect(reset.status).toBe(200)
    expect((await ctx.api.get('/api/me', session.access_token)).status).toBe(401)
    expect(
      (
        await ctx.api.call('POST', '/oauth/token', {
          body: { grant_type: 'password', email: u.email, password: u.password },
        })
      ).status,
    ).toBe(401)
    expect((await ctx.api.login(u.email, 'new-password-1')).access_token).toBeTruthy()

    const reused = await ctx.api.put('/api/users/reset_password', { token, password: 'another-one-2' })
    expect(reused.status).toBe(422)
    expect(reused.body.errors.token).toEqual(['has already been used'])
  })

  it('answers 200 for unknown addresses without sending anything', async () => {
    const res = await ctx.api.post('/api/users/forget_password', { email: 'ghost@example.test' })
    expect(res.status).toBe(200)
    expect(
      (await ctx.api.get('/api/admin/outbox?to=ghost@example.test', ctx.admin.token)).body.messages,
    ).toEqual([])
  })

  it('refuses unknown and expired tokens with 422 errors.token', async () => {
    const u = await makeUser(ctx.world.deps)
    expect((await ctx.api.get('/api/users/reset_password/nope')).body.errors.token).toEqual(['is invalid'])
    await ctx.api.post('/api/users/forget_password', { email: u.email })
    const token = await tokenFromMail(u.email, 'Reset your Fanspole password')
    ctx.world.wall.advance(ctx.world.deps.config.resetTokenTtlMs + 1)
    const late = await ctx.api.put('/api/users/reset_password', { token, password: 'new-password-1' })
    expect(late.status).toBe(422)
    expect(late.body.errors.token).toEqual(['has expired'])
  })

  it('rate limits reset requests per e-mail, not per address', async () => {
    const u = await makeUser(ctx.world.deps)
    for (let i = 0; i < ctx.world.deps.config.rateLimits.forgotPassword.limit; i++)
      expect((await ctx.api.post('/api/users/forget_password', { email: u.email })).status).toBe(200)
    const blocked = await ctx.api.post('/api/users/forget_password', { email: ` ${u.email.toUpperCase()}` })
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Classmates behind the same address still get their mails.
    const other = await makeUser(ctx.world.deps)
    expect((await ctx.api.post('/api/users/forget_password', { email: other.email })).status).toBe(200)
  })

  it('rate limits reset requests from one address generously', async () => {
    const { limit } = ctx.world.deps.config.rateLimits.forgotPasswordPerAddress
    for (let i = 0; i < limit; i++)
      expect(
        (await ctx.api.post('/api/users/forget_password', { email: `someone${i}@example.test` })).status,
      ).toBe(200)
    const blocked = await ctx.api.post('/api/users/forget_password', { email: 'one-more@example.test' })
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
  })
})

describe('activation', () => {
  it('lets an invited account choose its password, then sign in', async () => {
    const invite = await ctx.api.post(
      '/api/admin/users',
      { email: 'new@example.test', username: 'invitee' },
      ctx.admin.token,
    )
    expect(invite.status).toBe(201)
    expect(invite.body).toMatchObject({ invited: true, user: { status: 'invited' } })
    const blocked = await ctx.api.call('POST', '/oauth/token', {
      body: { grant_type: 'password', email: 'new@example.test', password: 'anything-123' },
    })
    expect(blocked.status).toBe(401)

    const token = await tokenFromMail('new@example.test', 'You are invited to Fanspole')
    expect((await ctx.api.get(`/api/users/activation/${token}`)).body.activation).toEqual({
      email: 'new@example.test',
      username: 'invitee',
      needs_password: true,
    })
    const noPassword = await ctx.api.post('/api/users/activation', { token })
    expect(noPassword.status).toBe(422)
    expect(noPassword.body.errors.password).toEqual(['is required to activate this account'])
    const ok = await ctx.api.post('/api/users/activation', { token, password: 'chosen-pass-1' })
    expect(ok.body.activation).toMatchObject({ activated: true })
    const tokens = await ctx.api.login('new@example.test', 'chosen-pass-1')
    expect((await ctx.api.get('/api/me', tokens.access_token)).body.user).toMatchObject({
      status: 'active',
      email_verified: true,
    })
  })

  it('verifies the e-mail of a self-registered account with the mailed token', async () => {
    await ctx.api.post('/api/users', {
      email: 'v@example.test',
      username: 'verifier',
      password: 'password-123',
    })
    const token = await tokenFromMail('v@example.test', 'Verify your e-mail address')
    expect((await ctx.api.get(`/api/users/activation/${token}`)).body.activation.needs_password).toBe(false)
    expect((await ctx.api.post('/api/users/activation', { token })).status).toBe(200)
    const tokens = await ctx.api.login('v@example.test', 'password-123')
    expect((await ctx.api.get('/api/me', tokens.access_token)).body.user.email_verified).toBe(true)
    expect((await ctx.api.post('/api/users/activation', { token })).body.errors.token).toEqual([
      'has already been used',
    ])
  })
})
