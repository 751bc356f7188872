// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import { describe, expect, it } from 'vitest'
import { style } from '../../../cli/lib/style'
import { parseScenario, type ScenarioFormatError } from '../../../cli/scenario/loader'
import { stepLine } from '../../../cli/scenario/report'
import type { ScenarioResult } from '../../../cli/scenario/types'
import { seededScenarioServer } from '../../helpers/scenario-server'

/**
 * The tester's one-step helpers (print, build_team, create_contest,
 * create_championship_contest, await_event) and soft assertions (soft:, expect_all:) against
 * one seeded server, through the real runner: what they save and show, and how they fail.
 */
const { run } = seededScenarioServer()
const failure = (r: ScenarioResult) => r.steps.find((s) => s.status === 'failed')
const formatProblems = (yaml: string): string[] => {
  try {
    parseScenario(yaml, 'inline.yaml')
  } catch (error) {
    return (error as ScenarioFormatError).problems
  }
  throw new Error('the scenario loaded')
}

const MATCH = `
  - find_match: { starts_after: 1h }
    save: { match: match }`

describe('print', () => {
  it('shows the last answer, a value, or a path of either, in the result and under the step line', async () => {
    const r = await run(`
name: print
users: { alice: {} }
steps:
  - request: { method: GET, path: /api/me, as: alice }
  - print: last
  - print: { path: body.user.username }
  - print: { value: { who: "\${alice.username}" } }
  - print: { path: "status", of: last }
`)
    expect(failure(r)?.error).toBeUndefined()
    expect(r.steps[1]?.printed).toMatchObject({
      status: 200,
      body: { user: { username: expect.any(String) } },
    })
    expect(r.steps[2]?.printed).toMatch(/^alice_/)
    expect(r.steps[3]?.printed).toEqual({ who: r.steps[2]?.printed })
    expect(r.steps[4]?.printed).toBe(200)
    const line = stepLine(r.steps[3] as never, style(false))
    expect(line).toContain(`\n      {\n        "who": "${r.steps[2]?.printed}"\n      }\n`)
  })

  it('cuts long output with how many lines were left out', () => {
    const printed = Array.from({ length: 100 }, (_, i) => i)
    const line = stepLine(
      { index: 1, name: 'print', kind: 'print', status: 'passed', duration_ms: 0, printed },
      style(false),
    )
    expect(line).toContain('… 62 more lines')
    expect(line.split('\n')).toHaveLength(43)
  })

  it('fails only on a missing path, naming the missing part and what was there', async () => {
    const r = await run(`
name: print
users: { alice: {} }
steps:
  - request: { method: GET, path: /api/me, as: alice }
  - print: { path: body.user.nickname }
  - print: { path: body.user.username, of: nosuch }
`)
    expect(failure(r)?.error).toMatch(
      /^nothing at body\.user\.nickname of last: nickname is missing; body\.user of last has the keys id, .*username/,
    )
    expect(formatProblems('name: x\nsteps:\n  - print: everything\n')).toEqual([
      'line 3: steps[0].print: print takes last, { value: … } or { path: body.some.field, of: last | <variable> }',
    ])
  })
})

describe('soft assertions', () => {
  it('expect_all records every mismatch, still saves, and the scenario goes on to fail at the end', async () => {
    const r = await run(`
name: soft
users: { alice: {} }
steps:
  - request: { method: GET, path: /api/me, as: alice }
    expect_all: { status: 201, body: { user: { username: nobody, email: nowhere } } }
    save: { me: body.user }
  - request: { method: GET, path: "/api/users/\${me.slug}", as: alice }
    expect: { status: 200 }
`)
    expect(r.ok).toBe(false)
    expect(r.steps.map((s) => s.status)).toEqual(['failed', 'passed'])
    expect(r.steps[0]?.soft).toBe(true)
    expect(r.steps[0]?.mismatches?.map((m) => m.path)).toEqual([
      'status',
      'body.user.username',
      'body.user.email',
    ])
  })

  it('soft: true on a step, or on the scenario, lets it fail and go on; a hard failure still stops', async () => {
    const stepSoft = await run(`
name: soft
steps:
  - request: { method: GET, path: /api/me }
    soft: true
  - request: { method: GET, path: /api/health }
  - request: { method: GET, path: /api/me }
  - request: { method: GET, path: /api/health }
`)
    expect(stepSoft.steps.map((s) => s.status)).toEqual(['failed', 'passed', 'failed', 'skipped'])
    const scenarioSoft = await run(`
name: soft
soft: true
steps:
  - request: { method: GET, path: /api/me }
  - request: { method: GET, path: /api/nosuch }
  - request: { method: GET, path: /api/health }
`)
    expect(scenarioSoft.ok).toBe(false)
    expect(scenarioSoft.steps.map((s) => s.status)).toEqual(['failed', 'failed', 'passed'])
    expect(formatProblems('name: x\nsteps:\n  - request: { method: GET, path: / }\n    soft: yes\n')).toEqual(
      ['line 4: steps[0].soft: must be true or false'],
    )
  })
})

describe('build_team', () => {
  it('builds by strategy and by names; favourite and differential teams differ', async () => {
    const r = await run(`
name: build
users: { alice: {}, bob: {}, carol: {} }
steps:${MATCH}
  - players: { match_id: "\${match.id}", pick: { star: { team: { id: "\${match.team1.id}" } } } }
  - build_team: { as: alice, match_id: "\${match.id}", captain: "\${star.name}" }
    expect: { body: { user_team: { captain: "\${star.id}" } } }
  - build_team: { as: bob, match_id: "\${match.id}", strategy: differential, exclude: ["\${star.name}"], var: bobs }
  - build_team: { as: carol, match_id: "\${match.id}", strategy: random }
  - request: { method: GET, path: "/api/matches/\${match.id}/user_teams", as: bob }
    expect: { body: { user_teams: [{ id: "\${bobs.id}", player_ids: { $ne: "\${alice_team.player_ids}" } }] } }
`)
    expect(failure(r)?.error).toBeUndefined()
    expect(r.steps[2]?.detail).toMatch(/\(favourite: 11 players, C .+, VC .+\)$/)
    expect(r.steps[4]?.detail).toMatch(/\(random: 11 players/)
  })

  it('an unknown name fails with the closest ones; a bad strategy is a load error naming the valid ones', async () => {
    const r = await run(`
name: build
users: { alice: {} }
steps:${MATCH}
  - build_team: { as: alice, match_id: "\${match.id}", players: [Nobody Atall] }
`)
    expect(failure(r)?.error).toMatch(
      /^no player "Nobody Atall" in the squad; closest: .+ \(\d+\), .+ \(\d+\)/,
    )
    expect(
      formatProblems(
        'name: x\nusers: { a: {} }\nsteps:\n  - build_team: { as: a, match_id: 1, strategy: best }\n',
      ),
    ).toEqual(['line 4: steps[0].build_team.strategy: must be one of favourite, differential, random'])
  })
})

describe('create_contest and create_championship_contest', () => {
  it('creates, joins and saves a private contest in one step; refusals carry the API field messages', async () => {
    const r = await run(`
name: contest
users: { alice: {}, bob: {} }
steps:${MATCH}
  - build_team: { as: alice, match_id: "\${match.id}" }
  - credit: { user: alice, amount: 200 }
  - create_contest: { as: alice, match_id: "\${match.id}", kind: head_to_head, entry_fee: 100, grant_access: true }
    expect: { body: { contest: { members_limit: 2, is_private: true, members_count: 1 } } }
  - request: { method: GET, path: "/api/contests/invite_code/\${contest.invite_code}", as: bob }
    expect: { body: { contest: { id: "\${contest.id}" } } }
  - create_contest: { as: alice, match_id: "\${match.id}", entry_fee: 10, spots: 3, prizes: [{ from: 1, to: 1, amount: 5 }] }
`)
    expect(r.steps.slice(0, 5).every((s) => s.status === 'passed')).toBe(true)
    expect(r.steps[3]?.detail).toMatch(/→ 201: contest \d+ "alice's contest", ₹100 × 2, code \w+$/)
    expect(failure(r)?.error).toMatch(/^POST \/api\/contests → 422: VALIDATION_FAILED .+\nprize_ranges: /)
    expect(
      formatProblems(
        'name: x\nusers: { a: {} }\nsteps:\n  - create_contest: { as: a, match_id: 1, kind: secret }\n',
      ),
    ).toEqual(['line 4: steps[0].create_contest.kind: must be one of private, public, free, head_to_head'])
    expect(
      formatProblems('name: x\nusers: { a: {} }\nsteps:\n  - create_contest: { as: a, match_id: 1 }\n'),
    ).toEqual([
      'line 4: steps[0].create_contest: entry_fee: is required for a private contest (kind: free makes a ₹0 one)',
      'line 4: steps[0].create_contest: spots: is required for a private contest (kind: head_to_head has 2)',
    ])
  })

  it('creates a free championship contest on a phase with the creator’s classic team', async () => {
    const r = await run(`
name: championship
users: { alice: {} }
steps:
  - find_phase: { sport: cricket, matches: 3, starts_after: 1h }
    save: { phase: phase }
  - pick_classic_team: { as: alice, phase_id: "\${phase.id}" }
  - create_championship_contest: { as: alice, phase_id: "\${phase.id}", kind: free, spots: 5, var: league }
    expect: { body: { championship_contest: { entry_fee: 0, members_limit: 5, is_private: true } } }
  - request: { method: GET, path: "/api/championship/contests/\${league.id}", as: alice }
  - create_championship_contest: { house: true, phase_id: "\${phase.id}", entry_fee: 20, spots: 10, winners: 2 }
    expect: { body: { contest: { entry_fee: 20, members_limit: 10, winner_count: 2 } } }
  - credit: { user: alice, amount: 20 }
  - request: { method: POST, path: "/api/championship/contests/\${contest.id}/join", as: alice, body: {} }
`)
    expect(failure(r)?.mismatches ?? failure(r)?.error).toBeUndefined()
    expect(r.steps[4]?.detail).toMatch(
      /^POST \/api\/admin\/series_phases\/\d+\/contests as admin → 201: contest \d+ "House league", ₹20 × 10$/,
    )
    expect(
      formatProblems(
        'name: x\nsteps:\n  - create_championship_contest: { phase_id: 1, entry_fee: 5, spots: 4, prizes: top_3 }\n',
      ),
    ).toEqual([
      'line 3: steps[0].create_championship_contest: as: the player who creates it (or house: true for the admin)',
    ])
  })
})

describe('await_event', () => {
  it('subscribes itself, waits for a matching message and saves it; a timeout lists what did arrive', async () => {
    const r = await run(`
name: await
users: { alice: {} }
steps:${MATCH}
  - await_event: { as: alice, channel: MatchChannel, params: { match_id: "\${match.id}" }, match: { type: ball }, timeout: 300ms }
    soft: true
  - await_event: { as: alice, channel: MatchChannel, params: { match_id: "\${match.id}" }, match: { type: ball }, timeout: 200ms }
    soft: true
  - await_event: { as: alice, channel: MatchChannel, params: { match_id: "\${match.id}" }, timeout: 2s }
  - print: { path: type, of: event }
  - await_event: { as: alice, channel: MatchChannel, params: { match_id: "\${match.id}" }, timeout: 200ms }
`)
    expect(r.steps[1]?.error).toMatch(
      /^no message on alice's \{"channel":"MatchChannel","match_id":\d+\} matched \{"type":"ball"\} within \d+ ms; 1 message\(s\) arrived on it meanwhile: \{"type":"snapshot"/,
    )
    expect(r.steps[2]?.error).toMatch(
      /within \d+ ms; no message arrived on it meanwhile; 1 earlier one\(s\) no step took: \{"type":"snapshot"/,
    )
    expect(r.steps[3]?.detail).toMatch(/^alice ← \{"type":"snapshot"/)
    expect(r.steps[4]?.printed).toBe('snapshot')
    expect(r.steps[5]?.error).toMatch(/within \d+ ms; no message arrived on it meanwhile$/)
    expect(
      formatProblems(
        'name: x\nusers: { a: {} }\nsteps:\n  - await_event: { as: a, channel: Matches, timeout: 10m }\n',
      ),
    ).toEqual([
      'line 4: steps[0].await_event.channel: a channel name such as NotificationsChannel',
      expect.stringMatching(/^line 4: steps\[0\]\.await_event\.timeout: must be a duration up to 2m/),
    ])
  })
})
