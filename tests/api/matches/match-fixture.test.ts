import { describe, expect, it } from 'vitest'
import { upcomingMatch, validTeamBody } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

/** POST /api/admin/matches: the admin fixture that `create_match` scenario steps use. */
const ctx = apiWorld({ league: true })

const upcomingCount = async () =>
  Number(
    (
      await ctx.world.deps.db
        .selectFrom('matches')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'upcoming')
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('POST /api/admin/matches', () => {
  it('creates an upcoming copy of a match with its squad, contests and lock job; a team and a join work on it', async () => {
    const admin = await ctx.api.admin()
    const like = await upcomingMatch(ctx.world.deps)
    const before = await upcomingCount()
    const now = ctx.world.deps.clock.now()
    const res = await ctx.api.post(
      '/api/admin/matches',
      { like_match_id: like.id, starts_in_minutes: 90, title: 'Scenario fixture' },
      admin.token,
    )
    expect(res.status).toBe(201)
    const match = res.body.match
    expect(match).toMatchObject({
      match_status: 'upcoming',
      title: 'Scenario fixture',
      phase_id: null,
      event_time_in_millis: now + 90 * 60_000,
      team1: { id: like.team1_id },
      team2: { id: like.team2_id },
    })
    expect(match.id).not.toBe(like.id)
    expect(await upcomingCount()).toBe(before + 1)
    expect(res.body.contests.map((c: { kind: string }) => c.kind)).toContain('head_to_head')

    const squad = await ctx.api.get(`/api/matches/${match.id}/players`)
    const original = await ctx.api.get(`/api/matches/${like.id}/players`)
    expect(squad.body.players.map((p: { id: number }) => p.id).sort()).toEqual(
      original.body.players.map((p: { id: number }) => p.id).sort(),
    )
    const job = await ctx.world.deps.db
      .selectFrom('scheduled_jobs')
      .select(['run_at_ms', 'status'])
      .where('unique_key', '=', `match:${match.id}:lock`)
      .executeTakeFirstOrThrow()
    expect(job).toMatchObject({ run_at_ms: now + 90 * 60_000, status: 'pending' })
    // Its deadline reminders, 30 and 5 minutes before the lock (docs/contests.md).
    const reminders = await ctx.world.deps.db
      .selectFrom('scheduled_jobs')
      .select(['unique_key', 'run_at_ms'])
      .where('kind', '=', 'match.deadline_reminder')
      .where('unique_key', 'like', `match:${match.id}:deadline:%`)
      .orderBy('run_at_ms')
      .execute()
    expect(reminders.map((r) => [r.unique_key, Number(r.run_at_ms)])).toEqual([
      [`match:${match.id}:deadline:30`, now + 60 * 60_000],
      [`match:${match.id}:deadline:5`, now + 85 * 60_000],
    ])

    const player = await ctx.api.player()
    await ctx.api.post('/api/admin/wallet/credits', { user_id: player.id, amount: 100 }, admin.token)
    const team = await ctx.api.post(
      `/api/matches/${match.id}/user_teams`,
      await validTeamBody(ctx.world.deps, match.id),
      player.token,
    )
    expect(team.status).toBe(201)
    const h2h = res.body.contests.find((c: { kind: string }) => c.kind === 'head_to_head')
    const join = await ctx.api.post(
      `/api/contests/${h2h.id}/join`,
      { team_id: team.body.user_team.id },
      player.token,
    )
    expect(join.status).toBe(200)
  })

  it('without contests, of a format, by default three hours ahead', async () => {
    const admin = await ctx.api.admin()
    const res = await ctx.api.post('/api/admin/matches', { format: 't20', contests: false }, admin.token)
    expect(res.status).toBe(201)
    expect(res.body.match).toMatchObject({ format: 'T20', match_status: 'upcoming' })
    expect(res.body.match.event_time_in_millis).toBe(ctx.world.deps.clock.now() + 180 * 60_000)
    expect(res.body.contests).toEqual([])
  })

  it('refuses players (403), bad input (422) and a sport or match with nothing to copy (404), changing nothing', async () => {
    const admin = await ctx.api.admin()
    const player = await ctx.api.player()
    const before = await upcomingCount()
    expect((await ctx.api.post('/api/admin/matches', {}, player.token)).status).toBe(403)
    expect((await ctx.api.post('/api/admin/matches', {})).status).toBe(401)
    const bad = await ctx.api.post('/api/admin/matches', { starts_in_minutes: 0 }, admin.token)
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('starts_in_minutes')
    expect((await ctx.api.post('/api/admin/matches', { surprise: 1 }, admin.token)).status).toBe(422)
    const none = await ctx.api.post('/api/admin/matches', { sport_slug: 'curling' }, admin.token)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe('NOT_FOUND')
    expect((await ctx.api.post('/api/admin/matches', { like_match_id: 999_999 }, admin.token)).status).toBe(
      404,
    )
    expect(await upcomingCount()).toBe(before)
  })
})
