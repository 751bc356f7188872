import { describe, expect, it } from 'vitest'
import { answerCacheStats } from '../../../server/http/answer-cache'
import { heardSoFar, hearingChanges } from '../../helpers/changes'
import { validTeamBody } from '../../helpers/league'
import { twoMatches } from '../../helpers/live-match'
import { apiWorld } from '../../helpers/world'

/**
 * A ball of one live match evicts only what read what it wrote (events, player points, that
 * match's score: db/table-changes.ts, statement-tables.ts COLUMN_GROUPS), not the contest
 * lists, nor /api/me; the match's own read is made afresh with the new score. On PostgreSQL
 * the ball's notifications (this process hears its own too) are awaited before judging.
 */
const ctx = apiWorld({ league: true, admin: true })

describe('a ball of one match', () => {
  it('leaves other reads cached and makes the match read afresh', async () => {
    const deps = ctx.world.deps
    const league = await twoMatches(ctx)
    const token = league.player.token
    await league.startX()
    await league.ballX()
    await hearingChanges(deps)
    await heardSoFar(deps)
    const kept = [`/api/matches/${league.y}/contests`, '/api/contests', '/api/contests/popular', '/api/me']
    for (const path of kept) expect((await ctx.api.get(path, token)).status).toBe(200)
    const match = async () => (await ctx.api.get(`/api/matches/${league.x}`, token)).body.match
    const scoreBefore = JSON.stringify((await match()).score_summary)

    const before = answerCacheStats(deps)
    await league.ballX()
    await heardSoFar(deps)
    for (const path of kept) expect((await ctx.api.get(path, token)).status).toBe(200)
    const afterKept = answerCacheStats(deps)
    expect(afterKept.hits - before.hits).toBe(kept.length)
    expect(afterKept.fills).toBe(before.fills)

    const fresh = await match()
    expect(answerCacheStats(deps).fills).toBe(afterKept.fills + 1)
    expect(JSON.stringify(fresh.score_summary)).not.toBe(scoreBefore)
  })

  it('still evicts a list when a contest of it changes', async () => {
    const deps = ctx.world.deps
    const league = await twoMatches(ctx)
    await hearingChanges(deps)
    const list = async () =>
      (await ctx.api.get(`/api/matches/${league.y}/contests?per_page=50`, league.player.token)).body
        .contests as Array<{ id: number; members_count: number }>
    const first = (await list()).find((c) => c.id === league.contestY)
    const other = await ctx.api.player()
    await ctx.api.post('/api/admin/wallet/credits', { user_id: other.id, amount: 200 }, ctx.admin.token)
    const body = await validTeamBody(deps, league.y, 'cricket', 'other')
    const team = (await ctx.api.post(`/api/matches/${league.y}/user_teams`, body, other.token)).body.user_team
    expect(
      (await ctx.api.post(`/api/contests/${league.contestY}/join`, { team_id: team.id }, other.token)).status,
    ).toBe(200)
    const after = (await list()).find((c) => c.id === league.contestY)
    expect(after?.members_count).toBe((first?.members_count ?? 0) + 1)
  })
})
