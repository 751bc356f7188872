import { describe, expect, it } from 'vitest'
import { answerCacheStats } from '../../../server/http/answer-cache'
import { championshipContestRow } from '../../helpers/contest-rows'
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

describe('cached reads name every table they read', () => {
  it('for every cached route, signed in and out, before and during a live match', async () => {
    const deps = ctx.world.deps
    const league = await twoMatches(ctx)
    await championshipContestRow(deps)
    const { x, y, contestX, contestY, seriesId } = league
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
          if (path === '/api/me' && !token) continue
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
