import { describe, expect, it } from 'vitest'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

describe('GET /api/admin/users/{ref}', () => {
  it('finds one account by id, e-mail, slug or username, with its balances', async () => {
    const admin = await ctx.api.admin()
    const player = await ctx.api.player('Pant17')
    const credit = await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: player.id, amount: 120.5, compartment: 'unused' },
      admin.token,
    )
    expect(credit.status).toBe(201)
    await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: player.id, amount: 30, compartment: 'winnings' },
      admin.token,
    )
    await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: player.id, amount: 7, compartment: 'coins' },
      admin.token,
    )

    for (const ref of [String(player.id), player.email.toUpperCase(), player.slug, 'pant17']) {
      const res = await ctx.api.get(`/api/admin/users/${encodeURIComponent(ref)}`, admin.token)
      expect(res.status, ref).toBe(200)
      expect(res.body.user).toEqual({
        id: player.id,
        slug: player.slug,
        username: 'Pant17',
        email: player.email,
        full_name: null,
        role: 'player',
        status: 'active',
        email_verified: true,
        current_balance: 150.5,
        unused_balance: 120.5,
        winning_balance: 30,
        coin_balance: 7,
        created_at_in_millis: expect.any(Number),
      })
    }
  })

  it('answers 404 for an unknown account, 403 to players and 401 to nobody', async () => {
    const admin = await ctx.api.admin()
    const player = await ctx.api.player()
    for (const ref of ['999999', 'nobody@example.test', 'no-such-slug']) {
      const res = await ctx.api.get(`/api/admin/users/${encodeURIComponent(ref)}`, admin.token)
      expect(res.status, ref).toBe(404)
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'User not found' })
    }
    const forbidden = await ctx.api.get(`/api/admin/users/${player.id}`, player.token)
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.code).toBe('FORBIDDEN')
    expect((await ctx.api.get(`/api/admin/users/${player.id}`)).status).toBe(401)
  })
})
