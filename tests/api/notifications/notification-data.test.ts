import { describe, expect, it } from 'vitest'
import { notificationsOf } from '../../helpers/notifications'
import { apiWorld } from '../../helpers/world'

// What a notification carries for its link (docs/notifications.md, "Destinations"): a money
// notification names its ledger transaction and passbook — the very row the passbook shows —
// and a resolved report names its subject's page. SQLite and PostgreSQL.

const ctx = apiWorld({ admin: true })

describe('notification data for links', () => {
  it('names the passbook row of an admin credit', async () => {
    const p = await ctx.api.player()
    const credit = await ctx.api.post(
      '/api/admin/wallet/credits',
      { user_id: p.id, amount: 40, compartment: 'winnings' },
      ctx.admin.token,
    )
    expect(credit.status).toBe(201)
    const [note] = await notificationsOf(ctx.world.deps.db, p.id, 'wallet_credit')
    const data = JSON.parse(note?.data ?? '{}')
    expect(data).toEqual({ transaction_id: credit.body.credit.transaction_id, compartment: 'winnings' })
    const book = await ctx.api.get('/api/me/winnings_passbook', p.token)
    expect(book.body.passbook_entries.map((e: { transaction_id: number }) => e.transaction_id)).toContain(
      data.transaction_id,
    )
  })

  it('names the page of a reported user once the report is resolved', async () => {
    const [reporter, other] = [await ctx.api.player(), await ctx.api.player()]
    const r = await ctx.api.post(
      `/api/users/${other.slug}/report`,
      { reason: 'spam', text: 'adverts' },
      reporter.token,
    )
    expect(r.status).toBe(201)
    const resolved = await ctx.api.post(
      `/api/admin/reports/${r.body.report.id}/resolve`,
      { resolution: 'Warned' },
      ctx.admin.token,
    )
    expect(resolved.status).toBe(200)
    const [note] = await notificationsOf(ctx.world.deps.db, reporter.id, 'report_resolved')
    expect(JSON.parse(note?.data ?? '{}')).toEqual({
      report_id: r.body.report.id,
      path: `/users/${encodeURIComponent(other.slug)}`,
    })
  })
})
