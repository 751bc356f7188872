import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsWhere } from '../../helpers/db'
import { squadOf } from '../../helpers/league'
import { exits, runCli, tempDir } from '../helpers'
import { cricketMatch, entrant, type LeagueCliWorld, leagueCliWorld, oneBall } from '../match-world'

let world: LeagueCliWorld
let files: ReturnType<typeof tempDir>
beforeAll(async () => {
  world = await leagueCliWorld()
  files = tempDir('fanspole-events-')
})
afterAll(async () => {
  await world.close()
  files.remove()
})

const cli = (...args: string[]) => runCli(args, world.env)
const writeEvents = (name: string, content: unknown) => {
  const file = path.join(files.dir, name)
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

/** Batter and partner of one side, a bowler of the other. */
async function trio(matchId: number) {
  const squad = await squadOf(world.server.deps, matchId)
  const [a, b] = [...new Set(squad.map((p) => p.real_team_id))]
  const side = squad.filter((p) => p.real_team_id === a)
  return {
    side: a as number,
    batter: side[0]!.id,
    nonStriker: side[1]!.id,
    bowler: squad.find((p) => p.real_team_id === b && p.style === 13)!.id,
  }
}

describe('fanspole match list', () => {
  it('lists upcoming cricket matches as JSON, soonest first', async () => {
    const r = await cli('match', 'list', '--sport', 'cricket', '--status', 'upcoming,live', '--json')
    expect(r.code).toBe(0)
    const { matches, meta } = r.json()
    expect(meta).toMatchObject({ page: 1, per_page: 20 })
    expect(matches.length).toBeGreaterThan(3)
    for (const m of matches) {
      expect(m.sport_slug).toBe('cricket')
      expect(['upcoming', 'live']).toContain(m.match_status)
    }
    const times = matches.map((m: { event_time_in_millis: number }) => m.event_time_in_millis)
    expect(times).toEqual([...times].sort((x, y) => x - y))
    expect(matches[0]).toHaveProperty('contests_count')
  })

  it('prints a table with one row per match', async () => {
    const r = await cli('match', 'list', '--sport', 'football', '--per-page', '3')
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ *ID +SPORT +MATCH +SERIES +STARTS +STATUS +SCORE +CONTESTS$/)
    expect(lines.slice(1, 4).every((l) => /^ *\d+ +football /.test(l))).toBe(true)
    expect(lines.at(-1)).toMatch(/^1–3 of \d+$/)
  })

  it('refuses a status that does not exist (usage error)', async () => {
    const r = await cli('match', 'list', '--status', 'upcoming,postponed')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(
      'error: --status: expected some of upcoming, live, completed, abandoned, got postponed',
    )
  })
})

describe('fanspole match show', () => {
  it('shows sides, start, status, score and the contests count', async () => {
    const { match, contests } = await cricketMatch(world, 0)
    // Which match is first depends on the time of day the world starts (seeded private contests
    // go on the soonest ones), so the count is the API's: at least the public ones listed.
    const count = match.contests_count as number
    expect(count).toBeGreaterThanOrEqual(contests.length)
    expect(count).toBeGreaterThan(0)
    const r = await cli('match', 'show', String(match.id))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(new RegExp(`^id +${match.id}$`, 'm'))
    expect(r.stdout).toContain(
      `${match.team1.name} (${match.team1.name_attr}) vs ${match.team2.name} (${match.team2.name_attr})`,
    )
    expect(r.stdout).toMatch(/^starts +\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/m)
    expect(r.stdout).toMatch(/^status +upcoming$/m)
    expect(r.stdout).toMatch(/^score +no score yet$/m)
    expect(r.stdout).toMatch(new RegExp(`^contests +${count}$`, 'm'))
    const json = await cli('match', 'show', String(match.id), '--json')
    expect(json.json()).toEqual({
      match: expect.objectContaining({ id: match.id, match_status: 'upcoming', contests_count: count }),
    })
  })

  it('exits 1 with the 404 for an unknown match and 2 for an id that is not a number', async () => {
    const unknown = await cli('match', 'show', '999999')
    exits(unknown, 1, 'error: 404 NOT_FOUND: Match not found')
    const both = await cli('match', 'show', '1', '--watch', '--json')
    exits(both, 2, 'error: --watch shows a live view; leave out --json')
    const bad = await cli('match', 'show', 'fourteen')
    exits(bad, 2, 'error: match id: expected a positive whole number, got "fourteen"')
  })
})

describe('fanspole match score', () => {
  it('posts an events file, shows the score, and takes a correction by seq', async () => {
    const { match } = await cricketMatch(world, 1)
    const start = await world.api.post(`/api/admin/matches/${match.id}/start`, undefined, world.adminToken)
    expect(start.status).toBe(200)
    const t = await trio(match.id)
    const { events, event } = await oneBall(world, match.id, { ...t, runs: 6 })
    const r = await cli('match', 'score', String(match.id), '--events', writeEvents('six.json', { events }))
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Scored 3 events; last seq 3.')
    const batting = match.teams.find((s: { id: number; name_attr: string }) => s.id === t.side)
    expect(r.stdout).toContain(`  ${batting.name_attr} 6/0 (0.1 ov) *`)

    // A bare array is fine too; the same seq replaces the ball: a four instead of a six.
    const fix = writeEvents('fix.json', [{ ...event, seq: 3, runs: 4 }])
    const corrected = await cli('match', 'score', String(match.id), '--events', fix, '--json')
    expect(corrected.code).toBe(0)
    expect(corrected.json()).toMatchObject({
      ingested: 1,
      replaced: 1,
      last_seq: 3,
      match: { match_status: 'live' },
    })
    const scores = (await world.api.get(`/api/matches/${match.id}/player_scores`)).body.player_scores
    // 4 runs + 2 four bonus + strike rate (4 − 1).
    expect(scores.find((s: { player_id: number }) => s.player_id === t.batter).total_score).toBe(9)
  })

  it('names every bad event of a refused file, by index, and stores nothing', async () => {
    const { match } = await cricketMatch(world, 2)
    await world.api.post(`/api/admin/matches/${match.id}/start`, undefined, world.adminToken)
    const t = await trio(match.id)
    const { lineups, event } = await oneBall(world, match.id, { ...t, runs: 6 })
    const file = writeEvents('bad.json', {
      events: [...lineups, { ...event, runs: 9 }, { ...event, ball: 2, innings: 13 }],
    })
    const r = await cli('match', 'score', String(match.id), '--events', file)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      `error: The server refused the events of ${file} (422 VALIDATION_FAILED); nothing was stored:`,
    )
    expect(r.stderr).toMatch(/^ {2}event 2 \(ball 0\.1\): runs must be less than or equal to 7$/m)
    expect(r.stderr).toMatch(/^ {2}event 3 \(ball 0\.2\): innings must be less than or equal to 12$/m)
    const stored = await rowsWhere(world.server.deps.db, 'match_events', { match_id: match.id }, 'seq')
    expect(stored).toEqual([])
  })

  it('refuses files it cannot use before calling the server (usage errors)', async () => {
    const missing = await cli('match', 'score', '1', '--events', path.join(files.dir, 'nope.json'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/error: --events: cannot read .*nope\.json \(ENOENT\)/)
    const broken = await cli('match', 'score', '1', '--events', writeEvents('broken.json', '{"events": ['))
    exits(broken, 2, 'is not valid JSON')
    const shape = await cli('match', 'score', '1', '--events', writeEvents('shape.json', { balls: [] }))
    exits(shape, 2, 'must hold {"events": [...]} or a JSON array of events')
  })

  it('refuses events for a match that has not started (409)', async () => {
    const { match } = await cricketMatch(world, 3)
    const r = await cli(
      'match',
      'score',
      String(match.id),
      '--events',
      writeEvents('early.json', [{ type: 'innings_end', innings: 1 }]),
    )
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      'error: 409 MATCH_STATE: The match has not started: start it before posting events',
    )
  })
})

describe('fanspole match simulate / complete / abandon', () => {
  it('simulates instantly: the match completes and its contests settle', async () => {
    const { match, contests } = await cricketMatch(world, 4)
    const h2h = contests.find((c) => c.kind === 'head_to_head' && c.entry_fee === 25)!
    await entrant(world, match.id, h2h.id, 'a')
    await entrant(world, match.id, h2h.id, 'b')
    const r = await cli('match', 'simulate', String(match.id), '--mode', 'instant', '--json')
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({
      mode: 'instant',
      events: expect.any(Number),
      match: { id: match.id, match_status: 'completed' },
    })
    // Every event of the simulated match is stored (how many depends on the match: a short chase has fewer balls).
    const stored = await world.server.deps.db
      .selectFrom('match_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('match_id', '=', match.id)
      .executeTakeFirstOrThrow()
    expect(r.json().events).toBeGreaterThan(0)
    expect(Number(stored.n)).toBe(r.json().events)
    expect((await world.api.get(`/api/contests/${h2h.id}`)).body.contest.contest_status).toBe('completed')
    const again = await cli('match', 'simulate', String(match.id), '--mode', 'instant')
    exits(again, 1, 'error: 409 MATCH_STATE: The match is already completed')
  })

  it('starts a live simulation and says how to watch it', async () => {
    const { match } = await cricketMatch(world, 5)
    const r = await cli('match', 'simulate', String(match.id))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Simulating .+ live at the clock’s speed: \d+ events\.$/m)
    expect(r.stdout).toContain(`fanspole match show ${match.id} --watch`)
    const bad = await cli('match', 'simulate', String(match.id), '--mode', 'fast')
    exits(bad, 2, 'error: --mode: expected live or instant')
  })

  it('plays the era --era names; one that does not fit the match (or a --league on cricket) exits 2 naming the valid ones', async () => {
    const { match } = await cricketMatch(world, 8)
    const wrong = await cli('match', 'simulate', String(match.id), '--era', 'odi-2015')
    exits(wrong, 2, 'error: --era: must be one of t20-2008, t20-2024 for a T20 match')
    const unknown = await cli('match', 'simulate', String(match.id), '--era', 't20-1999')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^error: --era: .*t20-2008.*t20-2024/m)
    const league = await cli('match', 'simulate', String(match.id), '--league', 'premier-league')
    exits(league, 2, 'error: --league: does not apply to cricket (choose an era)')
    expect((await world.api.get(`/api/matches/${match.id}`)).body.match.match_status).toBe('upcoming')
    const r = await cli('match', 'simulate', String(match.id), '--mode', 'instant', '--era', 't20-2008')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Simulated .+, era t20-2008\): \d+ events; the match is completed\.$/m)
    const stored = await rowsWhere(
      world.server.deps.db,
      'match_simulations',
      { match_id: match.id },
      'profile',
    )
    expect(stored).toEqual([{ profile: 't20-2008' }])
    expect((await cli('match', 'show', String(match.id))).stdout).toMatch(/^era +t20-2008$/m)
  })

  it('completes a live match and prints the settlement', async () => {
    const { match, contests } = await cricketMatch(world, 6)
    const h2h = contests.find((c) => c.kind === 'head_to_head' && c.entry_fee === 100)!
    const a = await entrant(world, match.id, h2h.id, 'a')
    await entrant(world, match.id, h2h.id, 'b')
    await world.api.post(`/api/admin/matches/${match.id}/start`, undefined, world.adminToken)
    const t = await trio(match.id)
    const { events } = await oneBall(world, match.id, { ...t, runs: 4 })
    await world.api.post(`/api/admin/matches/${match.id}/events`, { events }, world.adminToken)
    const r = await cli('match', 'complete', String(match.id))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Completed .+\.$/m)
    expect(r.stdout).toMatch(
      /^Settled \d+ contests?: \d+ entries, \d+ winners?, ₹[\d,]+\.\d\d paid to winnings\.$/m,
    )
    expect(r.stdout).toMatch(/ {2}[A-Z]+ 4\/0 \(0\.1 ov\)/)
    const board = (await world.api.get(`/api/contests/${h2h.id}/members`)).body.members
    expect(board.map((m: { prize: number }) => m.prize).sort()).toEqual(
      board[0].rank === board[1].rank ? [85, 85] : [0, 170],
    )
    expect(a.player.id).toBeGreaterThan(0)
    // Completing it again changes nothing, and says so: 409 and exit 1, for people and scripts.
    const again = await cli('match', 'complete', String(match.id))
    exits(again, 1, 'error: 409 MATCH_STATE: The match is already completed')
    const json = await cli('match', 'complete', String(match.id), '--json')
    expect(json.code).toBe(1)
    expect(json.json()).toEqual({ error: 'The match is already completed', code: 'MATCH_STATE', status: 409 })
  })

  it('abandons a match with a reason, refunds its contests, and refuses to complete it', async () => {
    const { match, contests } = await cricketMatch(world, 7)
    const h2h = contests.find((c) => c.kind === 'head_to_head' && c.entry_fee === 25)!
    const a = await entrant(world, match.id, h2h.id, 'a')
    const r = await cli('match', 'abandon', String(match.id), '--reason', 'Rain stopped play')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Abandoned')
    expect(r.stdout).toContain(': Rain stopped play.')
    expect(r.stdout).toContain('every contest of the match was cancelled and its entry fees refunded')
    expect((await world.api.get('/api/me', a.player.token)).body.user.unused_balance).toBe(500)
    const complete = await cli('match', 'complete', String(match.id))
    exits(complete, 1, 'error: 409 MATCH_STATE: The match is abandoned')
    const short = await cli('match', 'abandon', String(match.id), '--reason', 'no')
    exits(short, 2, 'error: --reason: must be at least 3 characters')
  })

  it('answers a player who calls an admin command with the 403 and how to fix it', async () => {
    const login = await cli('login', '--email', 'demo@fanspole.local', '--password', 'demo-pass-2026')
    expect(login.code).toBe(0)
    // Match 3 stays upcoming (the 409 test above only reads it).
    const { match } = await cricketMatch(world, 3)
    for (const args of [
      ['match', 'simulate', String(match.id), '--mode', 'instant'],
      ['match', 'complete', String(match.id)],
      ['match', 'abandon', String(match.id)],
    ]) {
      const r = await cli(...args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toMatch(/^error: 403 FORBIDDEN: /m)
      expect(r.stderr).toContain('admin commands need an admin: fanspole login --admin')
    }
    expect((await world.api.get(`/api/matches/${match.id}`)).body.match.match_status).toBe('upcoming')
    // A signed-in player still reads matches, with their own counts.
    const show = await cli('match', 'show', String(match.id), '--json')
    expect(show.json().match).toHaveProperty('my_teams_count')
    await cli('logout')
  })
})
