import { describe, expect, it } from 'vitest'
import { race, statuses } from '../../helpers/concurrency'
import { championshipContestRow, contestRow, memberRow } from '../../helpers/contest-rows'
import { rowById } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

// Reports of contests and the admin queue (docs/contest-creation.md, "Reports").

const ctx = apiWorld({ league: true, per: 'file' })

const report = (contest_id: number, extra: Record<string, unknown> = {}) => ({
  contest_id,
  reason: 'offensive_name',
  text: 'The name insults a player.',
  ...extra,
})

async function reportCount() {
  const rows = await ctx.world.deps.db.selectFrom('reports').select('id').execute()
  return rows.length
}

describe('GET /api/reports/reasons', () => {
  it('lists the reasons', async () => {
    const res = await ctx.api.get('/api/reports/reasons')
    expect(res.status).toBe(200)
    expect(res.body.reasons.map((r: { key: string }) => r.key)).toEqual([
      'spam',
      'offensive_name',
      'cheating',
      'wrong_prizes',
      'other',
    ])
  })
})

describe('POST /api/reports', () => {
  it('reports a public contest once while the report is open', async () => {
    const p = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps, { name: 'Rude name' })
    const res = await ctx.api.post('/api/reports', report(contestId), p.token)
    expect(res.status).toBe(201)
    expect(res.body.report).toMatchObject({
      contest_type: 'contest',
      contest_id: contestId,
      contest_name: 'Rude name',
      reason: 'offensive_name',
      reason_label: 'Offensive name or description',
      status: 'open',
      resolution: null,
      reporter: { id: p.id, username: p.username },
      resolved_by: null,
      resolved_at_in_millis: null,
    })
    const again = await ctx.api.post('/api/reports', report(contestId, { reason: 'spam' }), p.token)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
    // Someone else may report it too.
    const other = await ctx.api.player()
    expect((await ctx.api.post('/api/reports', report(contestId), other.token)).status).toBe(201)
  })

  it('two reports at once: one is taken, the other is 409', async () => {
    const p = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps)
    const before = await reportCount()
    const answers = await race(2, () => ctx.api.post('/api/reports', report(contestId), p.token))
    expect(statuses(answers)).toEqual({ 201: 1, 409: 1 })
    expect(await reportCount()).toBe(before + 1)
  })

  it('a private contest is reportable by its members and owner only (404 to others)', async () => {
    const owner = await ctx.api.player()
    const member = await ctx.api.player()
    const stranger = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps, { isPrivate: true, createdById: owner.id })
    await memberRow(ctx.world.deps, contestId, member.id)
    const before = await reportCount()
    const res = await ctx.api.post('/api/reports', report(contestId), stranger.token)
    expect(res.status).toBe(404)
    expect(await reportCount()).toBe(before)
    expect((await ctx.api.post('/api/reports', report(contestId), member.token)).status).toBe(201)
    expect(
      (await ctx.api.post('/api/reports', report(contestId, { reason: 'other' }), owner.token)).status,
    ).toBe(201)
  })

  it('reports a championship contest; a private one only for its owner', async () => {
    const owner = await ctx.api.player()
    const p = await ctx.api.player()
    const open = await championshipContestRow(ctx.world.deps, { name: 'Phase league' })
    const res = await ctx.api.post(
      '/api/reports',
      report(open, { contest_type: 'championship_contest' }),
      p.token,
    )
    expect(res.status).toBe(201)
    expect(res.body.report).toMatchObject({
      contest_type: 'championship_contest',
      contest_name: 'Phase league',
    })
    const hidden = await championshipContestRow(ctx.world.deps, { isPrivate: true, createdById: owner.id })
    const body = report(hidden, { contest_type: 'championship_contest' })
    expect((await ctx.api.post('/api/reports', body, p.token)).status).toBe(404)
    expect((await ctx.api.post('/api/reports', body, owner.token)).status).toBe(201)
  })

  it('refuses a missing contest, bad reasons and texts', async () => {
    const p = await ctx.api.player()
    const contestId = await contestRow(ctx.world.deps)
    const before = await reportCount()
    expect((await ctx.api.post('/api/reports', report(999_999), p.token)).status).toBe(404)
    expect(
      (
        await ctx.api.post(
          '/api/reports',
          report(contestId, { contest_type: 'championship_contest' }),
          p.token,
        )
      ).status,
    ).toBe(404)
    for (const bad of [
      { reason: 'boring' },
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(1001) },
      { contest_type: 'auction' },
      { contest_id: 'abc' },
    ]) {
      const res = await ctx.api.post('/api/reports', report(contestId, bad), p.token)
      expect(res.status, JSON.stringify(bad)).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
    }
    expect((await ctx.api.post('/api/reports', report(contestId))).status).toBe(401)
    expect(await reportCount()).toBe(before)
  })
})

describe('the admin queue', () => {
  it('lists open reports oldest first, resolves one and tells the reporter', async () => {
    const admin = await ctx.api.admin()
    const p = await ctx.api.player()
    const first = await contestRow(ctx.world.deps, { name: 'First reported' })
    const second = await contestRow(ctx.world.deps, { name: 'Second reported' })
    const a = (await ctx.api.post('/api/reports', report(first), p.token)).body.report
    const b = (await ctx.api.post('/api/reports', report(second, { reason: 'cheating' }), p.token)).body
      .report

    const open = await ctx.api.get('/api/admin/reports?per_page=500', admin.token)
    expect(open.status).toBe(200)
    const ids = open.body.reports.map((r: { id: number }) => r.id)
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id))
    expect(open.body.meta.total).toBe(ids.length)

    const resolved = await ctx.api.post(
      `/api/admin/reports/${a.id}/resolve`,
      { resolution: 'Renamed the contest.' },
      admin.token,
    )
    expect(resolved.status).toBe(200)
    expect(resolved.body.report).toMatchObject({
      status: 'resolved',
      resolution: 'Renamed the contest.',
      resolved_by: { id: admin.id },
      resolved_at_in_millis: ctx.world.deps.clock.now(),
    })
    const notes = await ctx.api.get('/api/notifications', p.token)
    expect(JSON.stringify(notes.body)).toContain(
      'Your report on First reported was resolved: Renamed the contest.',
    )

    const again = await ctx.api.post(
      `/api/admin/reports/${a.id}/resolve`,
      { resolution: 'Twice' },
      admin.token,
    )
    expect(again.status).toBe(409)
    const nowOpen = (await ctx.api.get('/api/admin/reports?per_page=500', admin.token)).body.reports.map(
      (r: { id: number }) => r.id,
    )
    expect(nowOpen).not.toContain(a.id)
    const done = (await ctx.api.get('/api/admin/reports?status=resolved', admin.token)).body.reports
    expect(done.map((r: { id: number }) => r.id)).toContain(a.id)
    const all = (await ctx.api.get('/api/admin/reports?status=all&per_page=1', admin.token)).body
    expect(all.reports).toHaveLength(1)
    expect(all.meta.total).toBeGreaterThanOrEqual(2)

    // Once resolved, the player may report the same contest again.
    expect((await ctx.api.post('/api/reports', report(first), p.token)).status).toBe(201)
  })

  it('is for admins only; bad input is 422, a missing report 404', async () => {
    const admin = await ctx.api.admin()
    const p = await ctx.api.player()
    const id = (await ctx.api.post('/api/reports', report(await contestRow(ctx.world.deps)), p.token)).body
      .report.id
    expect((await ctx.api.get('/api/admin/reports', p.token)).status).toBe(403)
    expect(
      (await ctx.api.post(`/api/admin/reports/${id}/resolve`, { resolution: 'mine now' }, p.token)).status,
    ).toBe(403)
    expect((await ctx.api.get('/api/admin/reports?status=closed', admin.token)).status).toBe(422)
    expect(
      (await ctx.api.post(`/api/admin/reports/${id}/resolve`, { resolution: '' }, admin.token)).status,
    ).toBe(422)
    expect(
      (await ctx.api.post('/api/admin/reports/999999/resolve', { resolution: 'x' }, admin.token)).status,
    ).toBe(404)
    const row = await rowById(ctx.world.deps.db, 'reports', id, 'status')
    expect(row.status).toBe('open')
  })
})
