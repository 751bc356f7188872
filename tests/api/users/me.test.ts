import { describe, expect, it } from 'vitest'
import { houseTransfer } from '../../helpers/ledger'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld()

const credit = (userId: number, kind: 'unused' | 'winnings' | 'coins', amount: number) =>
  houseTransfer(ctx.world.deps, userId, amount, {
    kind: 'test_credit',
    key: `t:${userId}:${kind}:${amount}`,
    compartment: kind,
  })

describe('GET /api/me', () => {
  it('answers the spec’s Me fields with balances read from the ledger', async () => {
    const me = await ctx.api.player()
    await credit(me.id, 'unused', 12_345)
    await credit(me.id, 'winnings', 50_050)
    await credit(me.id, 'coins', 40)
    const res = await ctx.api.get('/api/me.json', me.token)
    expect(res.status).toBe(200)
    const user = res.body.user
    for (const field of [
      'slug',
      'username',
      'email',
      'mobile_no',
      'full_name',
      'profile_status',
      'image',
      'reference',
      'cricket_level',
      'next_level',
      'stats',
      'user_points',
      'current_balance',
      'unused_balance',
      'winning_balance',
      'coin_balance',
      'total_reward_balance',
      'total_reward_coins',
      'about_me',
      'follower_count',
      'following_count',
      'contests_count',
      'mobile_approved',
      'pancard_approved',
      'pancard_status',
      'account_approved',
      'is_current_user_allowed_to_redeem',
      'dob',
      'bhim_upi',
      'bank_details',
      'game_accounts',
    ])
      expect(user, field).toHaveProperty(field)
    expect(user).toMatchObject({
      unused_balance: 123.45,
      winning_balance: 500.5,
      current_balance: 623.95,
      coin_balance: 40,
      stats: { total_winnings: 500.5 },
      pancard_status: 'not_submitted',
      is_current_user_allowed_to_redeem: false,
    })
  })

  it('answers 401 without a token and with a made-up one', async () => {
    const none = await ctx.api.get('/api/me')
    expect(none.status).toBe(401)
    expect(none.body).toMatchObject({ code: 'UNAUTHORIZED', error: 'Sign in to continue' })
    const junk = await ctx.api.get('/api/me', 'made-up')
    expect(junk.status).toBe(401)
    expect(junk.body.code).toBe('INVALID_TOKEN')
  })
})

describe('PUT /api/me', () => {
  it('updates profile fields, interests and avatar', async () => {
    const me = await ctx.api.player()
    const avatars = (await ctx.api.get('/api/avatars')).body.avatars
    expect(avatars).toHaveLength(24)
    const res = await ctx.api.put(
      '/api/me',
      {
        full_name: 'Rohit S',
        team_name: 'Hitman XI',
        dob: '1990-04-30',
        about_me: 'Opener.',
        interests: ['cricket', 'f1', 'cricket'],
        avatar_id: avatars[2].id,
      },
      me.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      full_name: 'Rohit S',
      display_name: 'Rohit S',
      team_name: 'Hitman XI',
      dob: '1990-04-30',
      about_me: 'Opener.',
      interests: ['cricket', 'f1'],
      avatar_id: avatars[2].id,
      image: '/media/avatars/3.svg',
      profile_status: 'complete',
    })
    const svg = await ctx.api.app.request('/media/avatars/3.svg')
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(await svg.text()).toContain('<svg')
  })

  it('reports every invalid field at once and changes nothing', async () => {
    const me = await ctx.api.player()
    const other = await ctx.api.player()
    const res = await ctx.api.put(
      '/api/me',
      {
        username: other.username.toUpperCase(),
        dob: '2015-01-01',
        avatar_id: 999,
        interests: ['chess'],
        team_name: 'ab',
      },
      me.token,
    )
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ team_name: ['is too short (minimum is 3 characters)'] })
    const res2 = await ctx.api.put(
      '/api/me',
      { username: other.username.toUpperCase(), dob: '2015-01-01', avatar_id: 999, interests: ['chess'] },
      me.token,
    )
    expect(res2.body.errors).toEqual({
      username: ['has already been taken'],
      dob: ['must make you at least 18 years old'],
      avatar_id: ['is not a known avatar'],
      interests: ['has unknown sports: chess'],
    })
    const bad = await ctx.api.put('/api/me', { dob: '1990-02-31' }, me.token)
    expect(bad.body.errors.dob).toEqual(['must be a date like 1995-04-21'])
    expect((await ctx.api.get('/api/me', me.token)).body.user).toMatchObject({
      username: me.username,
      dob: null,
      avatar_id: null,
    })
  })

  it('changes the password only with the current one', async () => {
    const me = await ctx.api.player()
    expect((await ctx.api.put('/api/me', { password: 'new-secret-99' }, me.token)).body.errors).toEqual({
      current_password: ['is required to change the password'],
    })
    expect(
      (await ctx.api.put('/api/me', { password: 'new-secret-99', current_password: 'wrong' }, me.token)).body
        .errors,
    ).toEqual({
      current_password: ['is incorrect'],
    })
    expect(
      (await ctx.api.put('/api/me', { password: 'new-secret-99', current_password: me.password }, me.token))
        .status,
    ).toBe(200)
    expect((await ctx.api.login(me.email, 'new-secret-99')).access_token).toBeTruthy()
  })

  it('refuses role or balance changes (unknown fields) and requires sign-in', async () => {
    const me = await ctx.api.player()
    const res = await ctx.api.put('/api/me', { role: 'admin', unused_balance: 1e6 }, me.token)
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      role: ['is not a known field'],
      unused_balance: ['is not a known field'],
    })
    expect((await ctx.api.put('/api/me', { full_name: 'x' })).status).toBe(401)
  })
})

describe('other users, follows and suggestions', () => {
  it('shows a public profile without private fields', async () => {
    const a = await ctx.api.player()
    const res = await ctx.api.get(`/api/users/${a.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      slug: a.slug,
      username: a.username,
      is_current_user_following: false,
    })
    expect(res.body.user.email).toBeUndefined()
    expect(res.body.user.unused_balance).toBeUndefined()
    expect((await ctx.api.get('/api/users/nobody-here')).status).toBe(404)
  })

  it('follows and unfollows, notifies the followed user, and updates counts', async () => {
    const a = await ctx.api.player()
    const b = await ctx.api.player()
    const f = await ctx.api.post(`/api/users/${b.slug}/follow`, undefined, a.token)
    expect(f.status).toBe(200)
    expect(f.body.user).toMatchObject({ is_current_user_following: true, follower_count: 1 })
    expect(
      (await ctx.api.post(`/api/users/${b.slug}/follow`, undefined, a.token)).body.user.follower_count,
    ).toBe(1)
    expect((await ctx.api.get('/api/me', a.token)).body.user.following_count).toBe(1)
    const notes = (await ctx.api.get('/api/notifications', b.token)).body
    expect(notes.notifications[0]).toMatchObject({
      kind: 'follow',
      body: `${a.username} started following you`,
      read: false,
    })
    expect(notes.unread_count).toBe(1)
    const u = await ctx.api.post(`/api/users/${b.slug}/unfollow`, undefined, a.token)
    expect(u.body.user).toMatchObject({ is_current_user_following: false, follower_count: 0 })
    expect((await ctx.api.post(`/api/users/${a.slug}/follow`, undefined, a.token)).status).toBe(422)
    expect((await ctx.api.post(`/api/users/${b.slug}/follow`)).status).toBe(401)
  })

  it('suggests the most followed players the caller does not follow yet', async () => {
    const [a, b, c, d] = [
      await ctx.api.player(),
      await ctx.api.player(),
      await ctx.api.player(),
      await ctx.api.player(),
    ]
    await ctx.api.post(`/api/users/${c.slug}/follow`, undefined, b.token)
    await ctx.api.post(`/api/users/${c.slug}/follow`, undefined, d.token)
    await ctx.api.post(`/api/users/${d.slug}/follow`, undefined, b.token)
    const res = await ctx.api.get('/api/users/suggestions?per_page=3', a.token)
    expect(res.body.users.map((u: { slug: string }) => u.slug)).toEqual([c.slug, d.slug, b.slug])
    await ctx.api.post(`/api/users/${c.slug}/follow`, undefined, a.token)
    const after = await ctx.api.get('/api/users/suggestions', a.token)
    expect(after.body.users.map((u: { slug: string }) => u.slug)).not.toContain(c.slug)
    expect(after.body.users.map((u: { slug: string }) => u.slug)).not.toContain(a.slug)
  })
})

describe('notifications', () => {
  it('lists newest first with paging, and marks all read', async () => {
    const me = await ctx.api.player()
    const admin = await ctx.api.admin()
    for (let i = 1; i <= 3; i++)
      await ctx.api.post('/api/admin/notifications', { user_id: me.id, body: `note ${i}` }, admin.token)
    const page1 = await ctx.api.get('/api/notifications?per_page=2', me.token)
    expect(page1.body.notifications.map((n: { body: string }) => n.body)).toEqual(['note 3', 'note 2'])
    expect(page1.body.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 })
    const page2 = await ctx.api.get('/api/notifications?per_page=2&page=2', me.token)
    expect(page2.body.notifications.map((n: { body: string }) => n.body)).toEqual(['note 1'])
    expect((await ctx.api.post('/api/notifications/read_all', undefined, me.token)).body).toEqual({
      marked: 3,
    })
    expect((await ctx.api.get('/api/notifications', me.token)).body.unread_count).toBe(0)
    expect((await ctx.api.get('/api/notifications?per_page=500', me.token)).status).toBe(422)
    expect((await ctx.api.get('/api/notifications')).status).toBe(401)
  })
})
