import { describe, expect, it } from 'vitest'
import { contestAccess } from '../../../server/areas/contest-access/service'
import { OPEN_OWNED_CONTESTS_MAX } from '../../../server/domain/contest-creation'
import { championshipContestRow, contestRow, memberRow } from '../../helpers/contest-rows'
import { apiWorld } from '../../helpers/world'

// Who may create which contest (docs/contest-creation.md, "Access rules"), and the admin grant.

const ctx = apiWorld({ league: true, per: 'file' })

const keys = (list: { key: string }[]) => list.map((r) => r.key)

async function verifyMobile(userId: number) {
  await ctx.world.deps.db.updateTable('users').set({ mobile_approved: 1 }).where('id', '=', userId).execute()
}

describe('GET /api/contests/access', () => {
  it('lets anyone signed in make a free private contest, not a paid one', async () => {
    const p = await ctx.api.player()
    const free = await ctx.api.get('/api/contests/access?entry_fee=0&is_private=true', p.token)
    expect(free.status).toBe(200)
    expect(free.body.contest_access).toMatchObject({
      allowed: true,
      free_allowed: true,
      paid_allowed: false,
      missing: [],
      open_owned: 0,
      max_open_owned: OPEN_OWNED_CONTESTS_MAX,
    })
    expect(keys(free.body.contest_access.requirements)).toEqual([
      'mobile_verified',
      'paid_contest_completed',
      'admin_grant',
      'open_contests_cap',
    ])
    // No entry_fee: the answer is for a paid contest.
    const paid = await ctx.api.get('/api/contests/access', p.token)
    expect(paid.body.contest_access.allowed).toBe(false)
    expect(keys(paid.body.contest_access.missing)).toEqual([
      'mobile_verified',
      'paid_contest_completed',
      'admin_grant',
    ])
    // A free public contest needs the paid access too.
    const publicFree = await ctx.api.get('/api/contests/access?entry_fee=0&is_private=false', p.token)
    expect(publicFree.body.contest_access.allowed).toBe(false)
  })

  it('allows paid contests after a verified mobile and a completed paid contest', async () => {
    const p = await ctx.api.player()
    await verifyMobile(p.id)
    let access = (await ctx.api.get('/api/contests/access?entry_fee=50', p.token)).body.contest_access
    expect(access.allowed).toBe(false)
    expect(access.missing[0].key).toBe('paid_contest_completed')

    // A free completed contest and a paid one still open do not count; a refunded entry neither.
    const freeDone = await contestRow(ctx.world.deps, { status: 'completed', entryFeePaise: 0 })
    await memberRow(ctx.world.deps, freeDone, p.id, 0)
    const paidOpen = await contestRow(ctx.world.deps, { status: 'open', entryFeePaise: 5000 })
    await memberRow(ctx.world.deps, paidOpen, p.id, 5000)
    const refundedDone = await contestRow(ctx.world.deps, { status: 'completed', entryFeePaise: 5000 })
    await memberRow(ctx.world.deps, refundedDone, p.id, 5000)
    await ctx.world.deps.db
      .updateTable('contest_members')
      .set({ refunded: 1 })
      .where('contest_id', '=', refundedDone)
      .execute()
    access = (await ctx.api.get('/api/contests/access?entry_fee=50', p.token)).body.contest_access
    expect(access.allowed).toBe(false)

    const paidDone = await contestRow(ctx.world.deps, { status: 'completed', entryFeePaise: 5000 })
    await memberRow(ctx.world.deps, paidDone, p.id, 5000)
    access = (await ctx.api.get('/api/contests/access?entry_fee=50&is_private=false', p.token)).body
      .contest_access
    expect(access).toMatchObject({ allowed: true, paid_allowed: true, missing: [] })
  })

  it('a completed paid contest without a verified mobile is not enough', async () => {
    const p = await ctx.api.player()
    const paidDone = await contestRow(ctx.world.deps, { status: 'completed', entryFeePaise: 2500 })
    await memberRow(ctx.world.deps, paidDone, p.id, 2500)
    const access = (await ctx.api.get('/api/contests/access?entry_fee=10', p.token)).body.contest_access
    expect(access.allowed).toBe(false)
    expect(keys(access.missing)).toEqual(['mobile_verified', 'admin_grant'])
  })

  it('caps the open contests a player owns, free ones included; locked and cancelled ones do not count', async () => {
    const p = await ctx.api.player()
    for (let i = 0; i < OPEN_OWNED_CONTESTS_MAX - 1; i++)
      await contestRow(ctx.world.deps, { createdById: p.id })
    await contestRow(ctx.world.deps, { createdById: p.id, status: 'locked' })
    await contestRow(ctx.world.deps, { createdById: p.id, status: 'cancelled' })
    let access = (await ctx.api.get('/api/contests/access?entry_fee=0', p.token)).body.contest_access
    expect(access).toMatchObject({ allowed: true, open_owned: OPEN_OWNED_CONTESTS_MAX - 1 })
    await contestRow(ctx.world.deps, { createdById: p.id })
    access = (await ctx.api.get('/api/contests/access?entry_fee=0', p.token)).body.contest_access
    expect(access).toMatchObject({ allowed: false, free_allowed: false, open_owned: OPEN_OWNED_CONTESTS_MAX })
    expect(keys(access.missing)).toEqual(['open_contests_cap'])
    // The service core calls in its create transaction gives the same answer.
    const direct = await contestAccess(ctx.world.deps.db, p.id, { entry_fee_paise: 0, is_private: true })
    expect(direct.allowed).toBe(false)
  })

  it('counts open championship contests the player owns, and not deleted ones', async () => {
    const p = await ctx.api.player()
    for (let i = 0; i < OPEN_OWNED_CONTESTS_MAX - 2; i++)
      await contestRow(ctx.world.deps, { createdById: p.id })
    const deleted = await contestRow(ctx.world.deps, { createdById: p.id })
    await ctx.world.deps.db
      .updateTable('contests')
      .set({ deleted_at_ms: 1 })
      .where('id', '=', deleted)
      .execute()
    await championshipContestRow(ctx.world.deps, { createdById: p.id })
    let access = (await ctx.api.get('/api/contests/access?entry_fee=0', p.token)).body.contest_access
    expect(access).toMatchObject({ allowed: true, open_owned: OPEN_OWNED_CONTESTS_MAX - 1 })
    await championshipContestRow(ctx.world.deps, { createdById: p.id })
    access = (await ctx.api.get('/api/contests/access?entry_fee=0', p.token)).body.contest_access
    expect(access).toMatchObject({ allowed: false, open_owned: OPEN_OWNED_CONTESTS_MAX })
  })

  it('needs a token and refuses bad query values', async () => {
    expect((await ctx.api.get('/api/contests/access')).status).toBe(401)
    const p = await ctx.api.player()
    const res = await ctx.api.get('/api/contests/access?entry_fee=-5', p.token)
    expect(res.status).toBe(422)
    expect(res.body.errors).toHaveProperty('entry_fee')
    expect((await ctx.api.get('/api/contests/access?entry_fee=10001', p.token)).status).toBe(422)
    expect((await ctx.api.get('/api/contests/access?is_private=maybe', p.token)).status).toBe(422)
  })
})

describe('POST/DELETE /api/admin/users/{id}/contest_access', () => {
  it('an admin grant stands in for mobile and a paid contest, and can be taken back', async () => {
    const admin = await ctx.api.admin()
    const p = await ctx.api.player()
    const granted = await ctx.api.post(
      `/api/admin/users/${p.id}/contest_access`,
      { note: 'club captain' },
      admin.token,
    )
    expect(granted.status).toBe(200)
    expect(granted.body.contest_access_grant).toMatchObject({
      user_id: p.id,
      granted_by_id: admin.id,
      note: 'club captain',
    })
    let access = (await ctx.api.get('/api/contests/access?entry_fee=100', p.token)).body.contest_access
    expect(access).toMatchObject({ allowed: true, paid_allowed: true })
    const notes = await ctx.api.get('/api/notifications', p.token)
    expect(JSON.stringify(notes.body)).toContain('create paid and public contests')

    // Granting again replaces the note (one grant per player); no body at all is fine.
    expect(
      (await ctx.api.call('POST', `/api/admin/users/${p.id}/contest_access`, { token: admin.token })).status,
    ).toBe(200)
    const rows = await ctx.world.deps.db
      .selectFrom('contest_access_grants')
      .selectAll()
      .where('user_id', '=', p.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.note).toBeNull()

    const revoked = await ctx.api.call('DELETE', `/api/admin/users/${p.id}/contest_access`, {
      token: admin.token,
    })
    expect(revoked.status).toBe(200)
    access = (await ctx.api.get('/api/contests/access?entry_fee=100', p.token)).body.contest_access
    expect(access.allowed).toBe(false)
    const again = await ctx.api.call('DELETE', `/api/admin/users/${p.id}/contest_access`, {
      token: admin.token,
    })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('NOT_FOUND')
  })

  it('a player cannot grant (403), an unknown user is 404, a long note 422', async () => {
    const p = await ctx.api.player()
    const other = await ctx.api.player()
    const res = await ctx.api.post(`/api/admin/users/${other.id}/contest_access`, {}, p.token)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    expect(
      (await ctx.api.call('DELETE', `/api/admin/users/${other.id}/contest_access`, { token: p.token }))
        .status,
    ).toBe(403)
    const admin = await ctx.api.admin()
    expect((await ctx.api.post('/api/admin/users/999999/contest_access', {}, admin.token)).status).toBe(404)
    const long = await ctx.api.post(
      `/api/admin/users/${other.id}/contest_access`,
      { note: 'x'.repeat(501) },
      admin.token,
    )
    expect(long.status).toBe(422)
    const none = await ctx.world.deps.db
      .selectFrom('contest_access_grants')
      .selectAll()
      .where('user_id', '=', other.id)
      .execute()
    expect(none).toEqual([])
  })
})
