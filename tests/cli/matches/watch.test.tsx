import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FeedState, openFeed } from '../../../cli/lib/cable'
import type { Contest, MembersPage } from '../../../cli/lib/contests'
import {
  initialLeaderboard,
  type LeaderboardState,
  leaderboardReduce,
} from '../../../cli/lib/leaderboard-state'
import { createStore } from '../../../cli/lib/live-store'
import type { Match, Player } from '../../../cli/lib/matches'
import { initialScoreboard, scoreboardReduce } from '../../../cli/lib/scoreboard-state'
import { loadConfig } from '../../../server/core/config'
import { startServer } from '../../../server/main'
import { durableDatabase } from '../../helpers/db'
import { client } from '../../helpers/http'
import { squadOf } from '../../helpers/league'
import { runCli } from '../helpers'
import { inkViews } from '../ink-views'
import { cricketMatch, entrant, type LeagueCliWorld, leagueCliWorld, oneBall } from '../match-world'

const views = inkViews(async () => ({
  scoreboard: await import('../../../cli/ui/scoreboard'),
  leaderboard: await import('../../../cli/ui/leaderboard'),
}))
let world: LeagueCliWorld
beforeAll(async () => {
  world = await leagueCliWorld()
})
afterAll(() => world.close())

async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A feed into a store, as `--watch` wires it, with the test's admin token. */
function feedInto<S>(
  store: { set(next: (s: S) => S): void },
  identifier: Record<string, unknown>,
  reduce: (s: S, m: Record<string, unknown>) => S,
  states: FeedState[] = [],
  server = world.server.url,
) {
  return openFeed({
    server,
    token: async () => world.adminToken,
    identifier,
    retryMs: [100],
    onMessage: (m) => store.set((s) => reduce(s, m)),
    onState: (state) => {
      states.push(state)
      store.set((s) => ({ ...s, connection: state }))
    },
  })
}

/**
 * A batter and partner of one side and a bowler of the other: the batter from `batterFrom`
 * but not `without`, the bowler from nobody's team (`avoid`).
 */
async function trio(
  matchId: number,
  batterFrom: number[],
  without: number[],
  avoid = [...batterFrom, ...without],
) {
  const squad = await squadOf(world.server.deps, matchId)
  const batter = squad.find((p) => batterFrom.includes(p.id) && !without.includes(p.id))!
  const partner = squad.find((p) => p.real_team_id === batter.real_team_id && p.id !== batter.id)!
  const bowler = squad.find((p) => p.real_team_id !== batter.real_team_id && !avoid.includes(p.id))!
  return { batter: batter.id, nonStriker: partner.id, bowler: bowler.id }
}

describe('the live scoreboard (match show --watch)', () => {
  it('moves with each event from MatchChannel, shows a correction, and quits on q', async () => {
    const { match } = await cricketMatch(world, 0)
    await world.api.post(`/api/admin/matches/${match.id}/start`, undefined, world.adminToken)
    const { players } = (await world.api.get(`/api/matches/${match.id}/players`)).body
    const store = createStore(initialScoreboard(match as Match, players as Player[]))
    const feed = feedInto(store, { channel: 'MatchChannel', match_id: match.id }, scoreboardReduce)
    const onQuit = vi.fn()
    const view = views.ink.render(<views.ui.scoreboard.ScoreboardWatch store={store} onQuit={onQuit} />)
    try {
      await until(() => view.lastFrame()?.includes('q to quit · live'), 'the subscription')
      expect(view.lastFrame()).toContain('LIVE')
      expect(view.lastFrame()).toContain('No score yet')
      expect(view.lastFrame()).toContain(
        `${match.team1.name} (${match.team1.name_attr}) vs ${match.team2.name}`,
      )

      const all = players.map((p: { id: number }) => p.id)
      const t = await trio(match.id, all, [], [])
      const batterName = players.find((p: { id: number }) => p.id === t.batter).display_name
      const bowlerName = players.find((p: { id: number }) => p.id === t.bowler).display_name
      const side = players.find((p: { id: number }) => p.id === t.batter).team.name_attr
      const { events, event } = await oneBall(world, match.id, { ...t, runs: 6 })
      await world.api.post(`/api/admin/matches/${match.id}/events`, { events }, world.adminToken)
      const frame = await until(() => {
        const f = view.lastFrame() ?? ''
        return f.includes(`${side} 6/0 (0.1 ov) *`) && f.includes(`${batterName} (${side})`) ? f : undefined
      }, 'the six')
      expect(frame).toContain(`   3 0.1 ${bowlerName} to ${batterName}: SIX`)
      expect(frame).toContain(`   1 lineup: ${side}`)
      expect(frame).toContain(`${batterName}* 6 (1)`)
      expect(frame).toMatch(new RegExp(`${batterName.replace('.', '\\.')} \\(${side}\\) +14`))

      // The scorer corrects ball 0.1 to a four: the line is replaced and the points drop.
      await world.api.post(
        `/api/admin/matches/${match.id}/events`,
        { events: [{ ...event, seq: 3, runs: 4 }] },
        world.adminToken,
      )
      const fixed = await until(() => {
        const f = view.lastFrame() ?? ''
        return f.includes('✎') ? f : undefined
      }, 'the correction')
      expect(fixed).toContain(`   3 ✎ 0.1 ${bowlerName} to ${batterName}: FOUR`)
      expect(fixed).toContain('Latest (✎ corrected)')
      expect(fixed).not.toContain('SIX')
      expect(fixed).toContain(`${side} 4/0 (0.1 ov) *`)
      expect(fixed).toMatch(new RegExp(`${batterName.replace('.', '\\.')} \\(${side}\\) +9`))

      await world.api.post(`/api/admin/matches/${match.id}/complete`, undefined, world.adminToken)
      await until(() => view.lastFrame()?.includes('COMPLETED'), 'the completion')

      view.stdin.write('q')
      await until(() => onQuit.mock.calls.length > 0, 'q')
    } finally {
      view.unmount()
      await feed.close()
    }
  })

  it('without a terminal prints a line per event until the match is over', async () => {
    const { match } = await cricketMatch(world, 1)
    const run = runCli(['match', 'show', String(match.id), '--watch'], world.env)
    await until(() => world.server.deps.bus.subscriberCount(`match:${match.id}`) > 0, 'the watcher')
    const sim = await world.api.post(
      `/api/admin/matches/${match.id}/simulate`,
      { mode: 'instant' },
      world.adminToken,
    )
    expect(sim.status).toBe(200)
    const r = await run
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe(`${match.title}: upcoming`)
    expect(lines).toContain(`${match.title}: live`)
    expect(lines.filter((l) => /^\[\d+\] /.test(l)).length).toBe(sim.body.events)
    // An instant simulation is one batch: the score (after the batch) is shown once, on the first event.
    expect(lines.find((l) => l.startsWith('[1] '))).toMatch(/^\[1\] lineup: [A-Z]+ {2}\| [A-Z]+ \d+\/\d+ \(/)
    expect(lines.find((l) => l.startsWith('[3] '))).toMatch(/^\[3\] 0\.1 .+ to .+: [^|]+$/)
    expect(lines.at(-1)).toBe(`${match.title}: completed`)
  })
})

describe('the live leaderboard (contest leaderboard --watch)', () => {
  it('moves the entries with each ball from ContestChannel', async () => {
    const { match, contests } = await cricketMatch(world, 2)
    const h2h = contests.find((c) => c.kind === 'head_to_head' && c.entry_fee === 25)!
    const a = await entrant(world, match.id, h2h.id, 'alice')
    let b = await entrant(world, match.id, undefined, 'bob')
    for (let salt = 0; b.ids.join() === a.ids.join(); salt++)
      b = await entrant(world, match.id, undefined, `b${salt}`)
    await world.api.post(`/api/contests/${h2h.id}/join`, { team_id: b.team.id }, b.player.token)
    await world.api.post(`/api/admin/matches/${match.id}/start`, undefined, world.adminToken)

    const contest = (await world.api.get(`/api/contests/${h2h.id}`)).body.contest as Contest
    const page = (await world.api.get(`/api/contests/${h2h.id}/members`)).body as MembersPage
    const store = createStore(initialLeaderboard(contest, page))
    const feed = feedInto<LeaderboardState>(
      store,
      { channel: 'ContestChannel', contest_id: h2h.id },
      leaderboardReduce,
    )
    const view = views.ink.render(<views.ui.leaderboard.LeaderboardWatch store={store} />)
    try {
      await until(() => view.lastFrame()?.includes('q to quit · live'), 'the subscription')
      expect(view.lastFrame()).toContain(`Head to Head · ${match.title}`)
      expect(view.lastFrame()).toContain('₹42.00 prize pool · 1 winner · 2/2 entries')

      // A six for a batter only alice has: she goes top.
      const first = await trio(match.id, a.ids, b.ids)
      const one = await oneBall(world, match.id, { ...first, runs: 6 })
      await world.api.post(`/api/admin/matches/${match.id}/events`, { events: one.events }, world.adminToken)
      const up = await until(() => {
        const f = view.lastFrame() ?? ''
        return new RegExp(`^ +2 +${b.player.username} `, 'm').test(f) ? f : undefined
      }, 'alice on top')
      expect(up).toMatch(/LIVE · v\d+/)
      // Both started on rank 1 (0 points): alice keeps it, bob drops.
      expect(up).toMatch(new RegExp(`^ +1 +${a.player.username} +\\d+(\\.5)? ·$`, 'm'))
      expect(up).toMatch(new RegExp(`^ +2 +${b.player.username} +0 ▼1$`, 'm'))

      // Corrected: the six was bob's batter's. The rows swap, with arrows.
      const second = await trio(match.id, b.ids, a.ids)
      const fix = {
        ...one.event,
        seq: 3,
        batter_id: second.batter,
        non_striker_id: second.nonStriker,
        bowler_id: second.bowler,
      }
      const lineupsFix = (await oneBall(world, match.id, { ...second, runs: 6 })).lineups.map((l, i) => ({
        ...l,
        seq: i + 1,
      }))
      const res = await world.api.post(
        `/api/admin/matches/${match.id}/events`,
        { events: [...lineupsFix, fix] },
        world.adminToken,
      )
      expect(res.status).toBe(200)
      const swapped = await until(() => {
        const f = view.lastFrame() ?? ''
        return new RegExp(`^ +1 +${b.player.username} `, 'm').test(f) ? f : undefined
      }, 'bob on top')
      expect(swapped).toMatch(new RegExp(`^ +1 +${b.player.username} +[\\d.]+ ▲1$`, 'm'))
      expect(swapped).toMatch(new RegExp(`^ +2 +${a.player.username} +[\\d.-]+ ▼1$`, 'm'))
    } finally {
      view.unmount()
      await feed.close()
    }
  })

  it('without a terminal prints each update, then the settled board', async () => {
    const { match, contests } = await cricketMatch(world, 3)
    const h2h = contests.find((c) => c.kind === 'head_to_head' && c.entry_fee === 100)!
    const a = await entrant(world, match.id, h2h.id, 'a')
    const b = await entrant(world, match.id, h2h.id, 'b')
    const run = runCli(['contest', 'leaderboard', String(h2h.id), '--watch'], world.env)
    await until(() => world.server.deps.bus.subscriberCount(`contest:${h2h.id}`) > 0, 'the watcher')
    expect(
      (await world.api.post(`/api/admin/matches/${match.id}/simulate`, { mode: 'instant' }, world.adminToken))
        .status,
    ).toBe(200)
    const r = await run
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe(`Head to Head · ${match.title}: open, 2/2 entries`)
    expect(lines).toContain(`Head to Head · ${match.title}: locked, 2/2 entries`)
    expect(lines).toContain(`Head to Head · ${match.title}: completed, 2/2 entries`)
    expect(lines.some((l) => /^v\d+ {2}1\. .+ -?[\d.]+ · \d\. .+$/.test(l))).toBe(true)
    const final = lines.slice(-2)
    const names = [a.player.username, b.player.username]
    for (const line of final) expect(line).toMatch(/^ +[12] {2}\S+ {2}-?[\d.]+ {2}₹(0|42|85|170)\.00$/)
    expect(final.map((l) => l.trim().split(/\s+/)[1]).sort()).toEqual(names.sort())
  })
})

describe('the live feed', () => {
  it('reconnects after the server restarts and resubscribes (a fresh snapshot)', async () => {
    // A server of its own over a file, restarted on the same port: sessions survive, as in real life.
    const data = await durableDatabase('f')
    const config = loadConfig({ ...data.config, port: 0, logLevel: 'silent', autoSimulate: false }, {})
    let server = await startServer(config, { seedIfEmpty: true })
    const token = (await client(server.deps).login(config.admin.email, config.admin.password)).access_token
    const match = await server.deps.db
      .selectFrom('matches')
      .select('id')
      .where('status', '=', 'upcoming')
      .executeTakeFirstOrThrow()
    const messages: Array<Record<string, unknown>> = []
    const states: FeedState[] = []
    const feed = openFeed({
      server: server.url,
      token: async () => token,
      identifier: { channel: 'MatchChannel', match_id: match.id },
      retryMs: [100],
      onMessage: (m) => messages.push(m),
      onState: (s) => states.push(s),
    })
    try {
      await until(() => messages.some((m) => m.type === 'snapshot'), 'the first snapshot')
      const port = server.port
      await server.close()
      await until(() => states.some((s) => s.kind === 'reconnecting'), 'reconnecting')
      server = await startServer({ ...config, port }, { seedIfEmpty: true })
      await until(
        () => messages.filter((m) => m.type === 'snapshot').length >= 2,
        'the second snapshot',
        10_000,
      )
      expect(states.at(-1)).toEqual({ kind: 'live' })
      expect(states.filter((s) => s.kind === 'failed' || s.kind === 'rejected')).toEqual([])
    } finally {
      await feed.close()
      await server.close()
      await data.drop()
    }
  })

  it('reports a refused subscription', async () => {
    const states: FeedState[] = []
    const feed = openFeed({
      server: world.server.url,
      token: async () => world.adminToken,
      identifier: { channel: 'MatchChannel', match_id: 999_999 },
      onMessage: () => {},
      onState: (s) => states.push(s),
    })
    await until(() => states.some((s) => s.kind === 'rejected'), 'the rejection')
    await feed.close()
  })
})

describe('the leaderboard view', () => {
  const contest = {
    id: 9,
    name: 'Small League',
    match_title: 'DEL vs JAI',
    prize_amount: 85,
    winner_count: 3,
    members_limit: 10,
    members_count: 10,
    contest_status: 'completed',
    match_status: 'completed',
    status_reason: null,
  } as unknown as Contest
  const page = (ranks: Array<[string, number, number, number]>): MembersPage => ({
    members: ranks.map(([username, rank, points, prize], i) => ({
      id: i + 1,
      rank,
      points,
      prize,
      refunded: false,
      user: { slug: username, username, team_name: null, display_name: username, image: null },
      user_team: { id: 100 + i, team_no: i === 1 ? 2 : 1 },
      is_current_user: username === 'me',
    })),
    current_user_members: [],
    version: null,
    meta: { page: 1, per_page: 10, total: 10, total_pages: 1 },
  })

  it('shows the prizes of a settled contest and marks the paid ranks', async () => {
    const state = initialLeaderboard(
      contest,
      page([
        ['asha', 1, 120.5, 46],
        ['me', 2, 99, 23],
        ['ravi', 3, 80, 8],
        ['kiran', 3, 80, 8],
      ]),
    )
    const view = views.ink.render(
      <views.ui.leaderboard.Leaderboard state={{ ...state, connection: { kind: 'live' } }} />,
    )
    const frame = view.lastFrame() ?? ''
    expect(frame).toContain('COMPLETED')
    expect(frame).toMatch(/RANK +ENTRY +POINTS +PRIZE/)
    expect(frame).toMatch(/^ +1 +asha +120\.5 +₹46\.00$/m)
    expect(frame).toMatch(/^ +2 +me \(T2\) +99 +₹23\.00$/m)
    expect(frame).toMatch(/^ +3 +kiran +80 +₹8\.00$/m)
    view.unmount()
  })

  it('says why a contest was cancelled', async () => {
    const state = leaderboardReduce(initialLeaderboard({ ...contest, contest_status: 'open' }, null), {
      type: 'status',
      contest_status: 'cancelled',
      reason: 'The contest did not fill before the match started',
    })
    const view = views.ink.render(<views.ui.leaderboard.Leaderboard state={state} />)
    expect(view.lastFrame()).toContain(
      'Cancelled: The contest did not fill before the match started. Every entry fee was refunded.',
    )
    view.unmount()
  })
})
