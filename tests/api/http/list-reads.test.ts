import { beforeAll, describe, expect, it } from 'vitest'
import { rowById, rowsWhere } from '../../helpers/db'
import { upcomingMatch, upcomingMatches } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

// The list reads with a page total, on the seeded league. On PostgreSQL a `count(*)` beside
// selected columns is an error (SQLite answers it), so each of these answered 500 there; the
// Postgres leg of `npm test` runs this file on both databases.

const ctx = apiWorld({ league: true, per: 'file' })
let player: { token: string }
beforeAll(async () => {
  player = await ctx.api.player()
})

type Page = { page: number; per_page: number; total: number; total_pages: number }

describe('GET /api/matches', () => {
  it('pages a sport’s upcoming matches with the total of all of them', async () => {
    const all = (await upcomingMatches(ctx.world.deps)).filter((m) => m.slug === 'cricket')
    expect(all.length).toBeGreaterThan(2)
    const res = await ctx.api.get('/api/matches?sport_slug=cricket&status=upcoming&per_page=2&page=2')
    expect(res.status).toBe(200)
    const meta = res.body.meta as Page
    expect(meta).toMatchObject({ page: 2, per_page: 2, total: all.length })
    expect(res.body.matches).toHaveLength(2)
    expect(res.body.matches.every((m: { match_status: string }) => m.match_status === 'upcoming')).toBe(true)
  })

  it('answers a signed-in player too (their teams and contests counted per match)', async () => {
    const res = await ctx.api.get('/api/matches?sport_slug=cricket', player.token)
    expect(res.status).toBe(200)
    expect(res.body.matches.length).toBeGreaterThan(0)
  })
})

describe('GET /api/contests/home', () => {
  it('lists upcoming and live matches and featured contests', async () => {
    const res = await ctx.api.get('/api/contests/home?sport_slug=cricket', player.token)
    expect(res.status).toBe(200)
    expect(res.body.matches.length).toBeGreaterThan(0)
    expect(res.body.contests.length).toBeGreaterThan(0)
    expect(res.body.my_contests_count).toBe(0)
  })
})

describe('GET /api/series/{id}/matches and /players', () => {
  it('pages the matches of a series with their total', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const { series_id } = await rowById(ctx.world.deps.db, 'matches', match.id, 'series_id')
    const inSeries = await rowsWhere(ctx.world.deps.db, 'matches', { series_id }, 'id')
    const res = await ctx.api.get(`/api/series/${series_id}/matches?per_page=1`)
    expect(res.status).toBe(200)
    expect(res.body.matches).toHaveLength(1)
    expect(res.body.meta.total).toBe(inSeries.length)

    const players = await ctx.api.get(`/api/series/${series_id}/players?per_page=5`)
    expect(players.status).toBe(200)
    expect(players.body.players).toHaveLength(5)
    expect(players.body.meta.total).toBeGreaterThan(5)
  })
})

describe('GET /api/players?q=', () => {
  it('finds the same players whatever the case of the query', async () => {
    const answers = await Promise.all(
      ['tom', 'Tom', 'TOM', 'tOm'].map((q) => ctx.api.get(`/api/players?q=${q}&per_page=100`)),
    )
    for (const a of answers) expect(a.status).toBe(200)
    const ids = answers.map((a) => a.body.players.map((p: { id: number }) => p.id))
    expect(ids[0].length).toBeGreaterThan(0)
    for (const other of ids.slice(1)) expect(other).toEqual(ids[0])
    expect(answers.map((a) => a.body.meta.total)).toEqual(answers.map(() => ids[0].length))
    // Every one of them has "tom" in its name or display name, in some case.
    for (const p of answers[0]?.body.players ?? [])
      expect(`${p.name} ${p.display_name}`.toLowerCase()).toContain('tom')
  })

  it('matches % and _ literally, not as wildcards', async () => {
    for (const q of ['%%', '__']) {
      const res = await ctx.api.get(`/api/players?q=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      expect(res.body.meta.total).toBe(0)
    }
  })
})

describe('GET /api/admin/users?q=', () => {
  it('finds a user by any case of their username or e-mail', async () => {
    const admin = await ctx.api.admin()
    const target = await ctx.api.player('MixedCaseName')
    for (const q of ['mixedcase', 'MIXEDCASE', 'MixedCaseName', target.email.toUpperCase()]) {
      const res = await ctx.api.get(`/api/admin/users?q=${encodeURIComponent(q)}`, admin.token)
      expect(res.status).toBe(200)
      expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([target.id])
      expect(res.body.meta.total).toBe(1)
    }
  })
})
