import { describe, expect, it } from 'vitest'
import { answerCacheStats } from '../../../server/http/answer-cache'
import { championshipContestRow, contestRow, memberRow } from '../../helpers/contest-rows'
import { twoMatches } from '../../helpers/live-match'
import { apiWorld } from '../../helpers/world'

/**
 * Every cached read names the tables its answer reads (http/answer-cache.ts `cachedJson`), and
 * is kept until one of them changes: a table it reads but does not name would let it be served
 * stale. Each cached route runs here, signed in (with entries) and signed out, before and
 * during a live match, with every statement recorded (db/table-changes.ts `observe`); the
 * tables of the statements of each fill must be among the ones it named.
 */
const ctx = apiWorld({ league: true, admin: true })

/**
 * A feed with something of everything it shows: a followed friend's wall post and contest
 * share, with a like, a comment that mentions and is liked, and a prize the friend won.
 */
async function socialPage(
  player: { id: number; token: string; username: string; slug: string },
  contestId: number,
): Promise<{ group: string; phase: number }> {
  const { deps } = ctx.world
  const friend = await ctx.api.player()
  await ctx.api.post(`/api/users/${friend.slug}/follow`, {}, player.token)
  const wall = (await ctx.api.post('/api/posts', { content: `hi @${player.username}` }, friend.token)).body
    .post
  await ctx.api.post(`/api/contests/${contestId}/posts`, { content: 'join!' }, friend.token)
  await ctx.api.post(`/api/posts/${wall.id}/like`, {}, player.token)
  const comment = (
    await ctx.api.post(`/api/posts/${wall.id}/comments`, { content: `@${friend.username} yes` }, player.token)
  ).body.comment
  await ctx.api.post(`/api/comments/${comment.id}/like`, {}, friend.token)
  const won = await contestRow(deps, { status: 'completed', name: 'Won' })
  await memberRow(deps, won, friend.id)
  await deps.db
    .updateTable('contests')
    .set({ settled_at_ms: deps.clock.now() })
    .where('id', '=', won)
    .execute()
  await deps.db
    .updateTable('contest_members')
    .set({ rank: 1, prize_paise: 5000 })
    .where('contest_id', '=', won)
    .execute()
  const group = (
    await ctx.api.post('/api/groups', { name: 'Cached', member_slugs: [player.slug] }, friend.token)
  ).body.group.group_uuid_id as string
  for (const [k, who] of [friend, player].entries())
    await ctx.api.post(
      `/api/groups/${group}/messages`,
      { identifier_key: `cached-${k}`, message: `hello @${player.username}` },
      who.token,
    )
  const phase = await deps.db.selectFrom('series_phases').select('id').orderBy('id').executeTakeFirstOrThrow()
  return { group, phase: Number(phase.id) }
}

/** Reads only a signed-in player makes. */
const SIGNED_IN_ONLY = /^\/api\/(me|feeds|groups|notifications|championship)\b/

describe('cached reads name every table they read', () => {
  it('for every cached route, signed in and out, before and during a live match', async () => {
    const deps = ctx.world.deps
    const league = await twoMatches(ctx)
    await championshipContestRow(deps)
    const { x, y, contestX, contestY, seriesId } = league
    const social = await socialPage(league.player, contestX)
    const paths = [
      '/api/me',
      '/api/contests/home',
      '/api/contests',
      '/api/contests?sort=2&direction=1',
      '/api/contests/popular',
      '/api/contests/cricket',
      `/api/matches/${x}`,
      `/api/matches/${y}`,
      `/api/matches/${x}/contests`,
      `/api/matches/${y}/contests`,
      `/api/contests/${contestX}/members`,
      `/api/contests/${contestY}/members`,
      `/api/series/${seriesId}/contests`,
      `/api/series/${seriesId}/contests?type=championship`,
      `/api/series/${seriesId}/leaderboard`,
      '/api/feeds',
      '/api/groups',
      `/api/groups/${social.group}/messages`,
      '/api/notifications',
      '/api/me/unused_passbook',
      '/api/me/winnings_passbook',
      '/api/me/coins_passbook',
      `/api/championship/series_phases/${social.phase}/leaderboard`,
    ]
    let read = new Set<string>()
    deps.dbHandle.changes.observe = (sql, reads) => {
      // Resolving the bearer token has its own cache and its own tables (http/token-cache.ts).
      if (sql.includes('"token_hash"')) return
      for (const table of reads) read.add(table)
    }
    const checked: string[] = []
    const check = async (label: string) => {
      for (const path of paths)
        for (const token of [league.player.token, undefined]) {
          if (SIGNED_IN_ONLY.test(path) && !token) continue
          read = new Set()
          const before = answerCacheStats(deps).fills
          const res = await ctx.api.get(path, token)
          expect(res.status, `${label} ${path}`).toBe(200)
          const after = answerCacheStats(deps)
          // Not kept (a live scoreboard in memory on the page): nothing can be served stale.
          if (after.fills === before || !after.lastKept) continue
          const undeclared = [...read].filter((t) => !(after.lastReads as string[]).includes(t))
          expect(undeclared, `${label} ${path} ${token ? 'signed in' : 'signed out'}`).toEqual([])
          checked.push(`${label} ${path}`)
        }
    }
    await check('upcoming')
    await league.startX()
    await league.ballX()
    await check('live')
    // Every route was made afresh and kept at least once in each phase (a hit reads nothing to check).
    expect(checked.length).toBeGreaterThanOrEqual(paths.length * 2 - 3)
  })
})
