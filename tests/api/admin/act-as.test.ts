import { describe, expect, it } from 'vitest'
import { rowsWhere } from '../../helpers/db'
import { disableUser } from '../../helpers/deps'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

/** `--as` (docs/classroom.md): an admin acts as a player with a short token, audited. */
const ctx = apiWorld({ league: true, admin: true })

const auditRows = () => ctx.world.deps.db.selectFrom('admin_act_as').selectAll().execute()

describe('POST /api/admin/users/{ref}/act_as', () => {
  it('gives an admin a token of the player (by username), with no refresh token, and records it', async () => {
    const student = await ctx.api.player('student_a')
    const res = await ctx.api.post(`/api/admin/users/${student.username}/act_as`, {}, ctx.admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 1800, user: { id: student.id } })
    expect(res.body.refresh_token).toBeUndefined()
    const me = await ctx.api.get('/api/me', res.body.access_token)
    expect(me.body.user.username).toBe('student_a')
    const rows = await auditRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ admin_id: ctx.admin.id, user_id: student.id, client_id: 'web' })
    expect(Number(rows[0]?.expires_at_ms) - Number(rows[0]?.created_at_ms)).toBe(1_800_000)
  })

  it('the token runs out after 30 minutes of wall time', async () => {
    const student = await ctx.api.player()
    const res = await ctx.api.post(`/api/admin/users/${student.email}/act_as`, {}, ctx.admin.token)
    ctx.world.wall.advance(30 * 60 * 1000 + 1)
    expect((await ctx.api.get('/api/me', res.body.access_token)).status).toBe(401)
  })

  it('refuses a player (403) and records nothing', async () => {
    const player = await ctx.api.player()
    const other = await ctx.api.player()
    const res = await ctx.api.post(`/api/admin/users/${other.username}/act_as`, {}, player.token)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    expect(await auditRows()).toHaveLength(0)
  })

  it('refuses acting as an admin (403), a disabled account (409) and nobody (404)', async () => {
    const other = await ctx.api.admin()
    const asAdmin = await ctx.api.post(`/api/admin/users/${other.id}/act_as`, {}, ctx.admin.token)
    expect(asAdmin.status).toBe(403)
    const off = await ctx.api.player()
    await disableUser(ctx.world.deps, off.id)
    expect((await ctx.api.post(`/api/admin/users/${off.id}/act_as`, {}, ctx.admin.token)).status).toBe(409)
    expect((await ctx.api.post('/api/admin/users/nobody_here/act_as', {}, ctx.admin.token)).status).toBe(404)
    expect(await auditRows()).toHaveLength(0)
  })
})

describe('POST /api/auctions/{id}/managers/approve_all', () => {
  async function waitingRoom(joiners: number) {
    const owner = await ctx.api.player()
    const match = await upcomingMatch(ctx.world.deps)
    const created = await ctx.api.post(
      '/api/auctions',
      { name: 'Class room', match_id: match.id, squad_min: 2, squad_max: 3, balanced: false, purse: 1000 },
      owner.token,
    )
    const auction = created.body.new_auction
    const colors = ['red', 'yellow', 'green', 'pink']
    for (let i = 0; i < joiners; i++) {
      const p = await ctx.api.player()
      const joined = await ctx.api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: `Side ${i}`, color: colors[i] },
        p.token,
      )
      expect(joined.status).toBe(201)
    }
    return { owner, auction }
  }

  it('approves every pending manager', async () => {
    const { owner, auction } = await waitingRoom(3)
    const res = await ctx.api.post(`/api/auctions/${auction.id}/managers/approve_all`, {}, owner.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.approved.map((m: { status: string }) => m.status)).toEqual([
      'approved',
      'approved',
      'approved',
    ])
    const pending = await ctx.api.get(`/api/auctions/${auction.id}/managers?status=pending`, owner.token)
    expect(pending.body.managers).toEqual([])
    const again = await ctx.api.post(`/api/auctions/${auction.id}/managers/approve_all`, {}, owner.token)
    expect(again.body.approved).toEqual([])
  })

  it('is for the owner: 403 for anyone else, nothing approved', async () => {
    const { auction } = await waitingRoom(2)
    const stranger = await ctx.api.player()
    const res = await ctx.api.post(`/api/auctions/${auction.id}/managers/approve_all`, {}, stranger.token)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    const rows = await rowsWhere(ctx.world.deps.db, 'auction_managers', { auction_id: auction.id }, 'status')
    expect(rows.every((r) => r.status === 'pending')).toBe(true)
  })
})
