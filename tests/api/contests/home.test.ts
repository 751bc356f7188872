import { describe, expect, it } from 'vitest'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

type Home = {
  matches: Array<{ sport_slug: string; event_time_in_millis: number }>
  contests: Array<{ sport_slug: string }>
  games: Array<{ slug: string }>
}

/** Consecutive repeats folded: ['a', 'a', 'b', 'a'] → ['a', 'b', 'a']. */
const runs = (slugs: string[]) => slugs.filter((s, i) => s !== slugs[i - 1])

describe('GET /api/contests/home', () => {
  it('puts the sports a player picked at sign-up first: games, upcoming matches and featured contests', async () => {
    const player = await ctx.api.player()
    const before = (await ctx.api.get<Home>('/api/contests/home', player.token)).body
    // Without interests: soonest first, sports mixed, football not leading the list.
    const times = before.matches.map((m) => m.event_time_in_millis)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(before.matches[0]?.sport_slug).not.toBe('football')
    expect(before.games[0]?.slug).not.toBe('football')

    expect((await ctx.api.put('/api/me', { interests: ['football'] }, player.token)).status).toBe(200)
    const after = (await ctx.api.get<Home>('/api/contests/home', player.token)).body
    expect(after.games[0]?.slug).toBe('football')
    const matchRuns = runs(after.matches.map((m) => (m.sport_slug === 'football' ? 'football' : 'other')))
    expect(matchRuns[0]).toBe('football')
    expect(matchRuns.length).toBeLessThanOrEqual(2)
    const contestRuns = runs(after.contests.map((c) => (c.sport_slug === 'football' ? 'football' : 'other')))
    expect(contestRuns[0]).toBe('football')
    expect(contestRuns.length).toBeLessThanOrEqual(2)
    // Within football, still soonest first.
    const football = after.matches
      .filter((m) => m.sport_slug === 'football')
      .map((m) => m.event_time_in_millis)
    expect(football).toEqual([...football].sort((a, b) => a - b))

    // A visitor, or a player asking for one sport, gets the usual order.
    const visitor = (await ctx.api.get<Home>('/api/contests/home')).body
    expect(visitor.matches.map((m) => m.event_time_in_millis)).toEqual(times)
    const cricket = (await ctx.api.get<Home>('/api/contests/home?sport_slug=cricket', player.token)).body
    expect(new Set(cricket.matches.map((m) => m.sport_slug))).toEqual(new Set(['cricket']))
    expect(cricket.games[0]?.slug).toBe('football')
  })
})
