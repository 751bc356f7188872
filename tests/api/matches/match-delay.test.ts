import { describe, expect, it } from 'vitest'
import { DEADLINE_LEADS_MIN } from '../../../server/areas/matches'
import { upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

const jobsOf = (matchId: number) =>
  ctx.world.deps.db
    .selectFrom('scheduled_jobs')
    .select(['kind', 'run_at_ms', 'unique_key'])
    .where('status', '=', 'pending')
    .where('unique_key', 'like', `match:${matchId}:%`)
    .execute()

describe('POST /api/admin/matches/{id}/delay', () => {
  it('moves the start, the lock and the deadline reminders later; the match stays upcoming', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const res = await ctx.api.post(`/api/admin/matches/${match.id}/delay`, { minutes: 45 }, ctx.admin.token)
    expect(res.status).toBe(200)
    const startsAt = match.event_time_ms + 45 * 60_000
    expect(res.body.match).toMatchObject({
      id: match.id,
      match_status: 'upcoming',
      event_time_in_millis: startsAt,
    })
    const jobs = await jobsOf(match.id)
    const lock = jobs.find((j) => j.kind === 'match.lock')
    expect(Number(lock?.run_at_ms)).toBe(startsAt)
    const reminders = jobs.filter((j) => j.kind === 'match.deadline_reminder')
    expect(reminders.length).toBeGreaterThan(0)
    for (const r of reminders)
      expect(DEADLINE_LEADS_MIN.map((m) => startsAt - m * 60_000)).toContain(Number(r.run_at_ms))
    // Teams stay editable until the new start: the match is not locked at the old one.
    ctx.world.deps.clock.set({ now_in_millis: match.event_time_ms + 60_000 })
    await ctx.world.deps.scheduler.runDue()
    expect((await ctx.api.get(`/api/matches/${match.id}`)).body.match.match_status).toBe('upcoming')
    ctx.world.deps.clock.set({ now_in_millis: startsAt + 1000 })
    await ctx.world.deps.scheduler.runDue()
    expect((await ctx.api.get(`/api/matches/${match.id}`)).body.match.match_status).toBe('live')
  })

  it('refuses a match that is not upcoming (409), bad minutes (422) and players (403)', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const player = await ctx.api.player()
    expect(
      (await ctx.api.post(`/api/admin/matches/${match.id}/delay`, { minutes: 5 }, player.token)).status,
    ).toBe(403)
    const zero = await ctx.api.post(`/api/admin/matches/${match.id}/delay`, { minutes: 0 }, ctx.admin.token)
    expect(zero.status).toBe(422)
    expect(zero.body.errors.minutes).toBeDefined()
    await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
    const live = await ctx.api.post(`/api/admin/matches/${match.id}/delay`, { minutes: 5 }, ctx.admin.token)
    expect(live.status).toBe(409)
    expect(live.body).toMatchObject({ code: 'MATCH_STATE', error: expect.stringContaining('abandon it') })
    expect(
      (await ctx.api.post('/api/admin/matches/999999/delay', { minutes: 5 }, ctx.admin.token)).status,
    ).toBe(404)
  })
})
