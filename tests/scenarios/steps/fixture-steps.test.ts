// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import { describe, expect, it } from 'vitest'
import { parseScenario, ScenarioFormatError } from '../../../cli/scenario/loader'
import type { ScenarioResult } from '../../../cli/scenario/types'
import { seededScenarioServer } from '../../helpers/scenario-server'

/**
 * The fixture step kinds (create_match, credit, join_contest, simulate_match,
 * complete_match) through the real runner against one seeded server: what they call, what
 * they save, and that a fixture leaves the league's own upcoming matches alone.
 */
const { run, server: current } = seededScenarioServer()

const failed = (r: ScenarioResult) => r.steps.filter((s) => s.status !== 'passed')

const upcoming = async () =>
  (
    await current()
      .deps.db.selectFrom('matches')
      .select('id')
      .where('status', '=', 'upcoming')
      .where('match_stage', '!=', 'Fixture')
      .execute()
  ).length

describe('create_match, credit, join_contest, simulate_match, complete_match', () => {
  it('play a fresh fixture from credit to settlement without touching the league', async () => {
    const before = await upcoming()
    const r = await run(`
name: fixture
users: { alice: {}, bob: {} }
steps:
  - credit: { user: alice, amount: 200 }
    expect: { status: 201, body: { wallet: { unused_balance: 200 } } }
  - credit: { user: bob, amount: 50, compartment: coins }
    expect: { body: { credit: { compartment: coins } } }
  - create_match:
      format: T20
      starts_in: 2h
      contests: { h2h: { kind: head_to_head, entry_fee: 25 } }
    save: { match: match, h2h: contests.h2h, t0: now }
  - request: { method: GET, path: "/api/matches/\${match.id}" }
    expect: { body: { match: { match_status: upcoming, format: T20, event_time_in_millis: "\${t0 + 2h}" } } }
  - pick_team: { as: alice, match_id: "\${match.id}" }
    save: { team: body.user_team }
  - join_contest: { as: alice, contest_id: "\${h2h.id}", team_id: "\${team.id}" }
    expect: { body: { contest: { members_count: 1 }, member_id: { $type: integer } } }
  - name: a second join of the same team is refused
    join_contest: { as: alice, contest_id: "\${h2h.id}", team_id: "\${team.id}" }
    expect: { status: 409 }
  - simulate_match: { match_id: "\${match.id}" }
    expect: { body: { mode: instant, match: { match_status: completed } } }
    save: { events: body.events }
  - name: completing it again is a state conflict
    complete_match: { match_id: "\${match.id}" }
    expect: { status: 409, body: { code: MATCH_STATE } }
`)
    expect(failed(r), JSON.stringify(failed(r), null, 1)).toEqual([])
    expect(r.steps.map((s) => s.kind)).toEqual([
      'credit',
      'credit',
      'create_match',
      'http',
      'pick_team',
      'join_contest',
      'join_contest',
      'simulate_match',
      'complete_match',
    ])
    expect(r.steps[2]?.detail).toMatch(/^POST \/api\/admin\/matches → 201: match \d+ .*: h2h → contest \d+$/)
    expect(await upcoming()).toBe(before)
  })

  it('complete_match settles a started match', async () => {
    const r = await run(`
name: complete
steps:
  - create_match: { contests: { free: { kind: free } } }
    save: { match: match }
  - complete_match: { match_id: "\${match.id}" }
    expect: { status: 409 }
  - simulate_match: { match_id: "\${match.id}", mode: live }
    expect: { body: { mode: live, match: { match_status: live } } }
  - complete_match: { match_id: "\${match.id}" }
    expect: { status: 200, body: { settlement: { contests: { $gte: 0 } }, match: { match_status: completed } } }
`)
    expect(failed(r), JSON.stringify(failed(r), null, 1)).toEqual([])
  })

  it('a player cannot credit or create matches: the steps show the 403', async () => {
    const r = await run(`
name: not an admin
users: { alice: {}, bob: {} }
steps:
  - credit: { user: bob, amount: 10, as: alice }
    expect: { status: 403 }
  - create_match: { as: alice }
    expect: { status: 403 }
  - create_match: { sport: curling }
`)
    expect(r.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'failed'])
    expect(r.steps[2]?.error).toMatch(/status: expected status 201, actual 404/)
  })

  it('a contest the fixture does not have fails the step with what it has', async () => {
    const r = await run(`
name: no such contest
steps:
  - create_match: { contests: { big: { kind: head_to_head, entry_fee: 999999 } } }
`)
    expect(r.steps[0]?.status).toBe('failed')
    expect(r.steps[0]?.error).toMatch(
      /has no contest big like .*; it has: \[\{"id":\d+,"name":"Mega Contest"/,
    )
  })

  it('are checked when the file loads', () => {
    const load = (step: string) => () =>
      parseScenario(`name: x\nusers: { alice: {} }\nsteps:\n  - ${step}\n`, 'x.yaml')
    expect(load('credit: { user: carol, amount: 5 }')).toThrow(ScenarioFormatError)
    expect(load('credit: { user: alice, amount: -5 }')).toThrow(ScenarioFormatError)
    expect(load('join_contest: { as: alice, contest_id: 1 }')).toThrow(ScenarioFormatError)
    expect(load('simulate_match: { match_id: 1, mode: slow }')).toThrow(ScenarioFormatError)
    expect(load('create_match: { starts_in: soon }')).toThrow(ScenarioFormatError)
    expect(load('complete_match: { match_id: 1, extra: 2 }')).toThrow(ScenarioFormatError)
  })
})
