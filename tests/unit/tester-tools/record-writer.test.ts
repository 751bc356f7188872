import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseScenario } from '../../../cli/scenario/loader'
import { aliasOf, type RecordedCall, scenarioYaml } from '../../../cli/scenario/record/writer'

const user = { alias: 'demo', id: 2, email: 'demo@fanspole.local', slug: 'demo', username: 'demo' }
const options = { name: 'a recorded flow', user, reads: false, credit: 0, source: 'on http://x at t' }
const call = (c: Partial<RecordedCall> & Pick<RecordedCall, 'method' | 'path' | 'status'>): RecordedCall => ({
  query: '',
  user_id: 2,
  user_email: 'demo@fanspole.local',
  ...c,
})

/** The flow the e2e test records: a team for match 37 (player ids that equal the team's id), a join. */
const FLOW: RecordedCall[] = [
  call({
    method: 'POST',
    path: '/oauth/token',
    status: 200,
    user_id: null,
    body: { password: '[redacted]' },
  }),
  call({ method: 'GET', path: '/api/matches/37', status: 200, answer: { match: { id: 37 } } }),
  call({
    method: 'POST',
    path: '/api/matches/37/user_teams',
    status: 201,
    body: { player_ids: '5,6,7', captain: 5, vice_captain: 6 },
    answer: { user_team: { id: 5, captain: 5, name: 'Team 1' } },
  }),
  call({
    method: 'POST',
    path: '/api/contests/12/join',
    status: 200,
    body: { team_id: 5 },
    answer: { contest: { id: 12, members_count: 1 }, member_id: 3 },
  }),
  call({
    method: 'PUT',
    path: '/api/matches/37/user_teams/5',
    status: 200,
    body: { player_ids: '5,6,8', captain: 5, vice_captain: 6 },
    answer: { user_team: { id: 5 } },
  }),
  call({
    method: 'POST',
    path: '/api/contests/12/join',
    status: 409,
    body: { team_id: 5 },
    answer: { error: 'This team has joined the contest already', code: 'ALREADY_JOINED' },
  }),
]

/** `${name}` as a scenario writes it. */
const ref = (name: string) => `\${${name}}`

const stepsOf = (text: string) => (parse(text) as { steps: Array<Record<string, any>> }).steps

describe('scenarioYaml (scenario record)', () => {
  it('saves the id a call produced and writes later paths and bodies with the variable', () => {
    const steps = stepsOf(scenarioYaml(FLOW, options))
    const create = steps[0] as Record<string, any>
    expect(create.request.path).toBe('/api/matches/37/user_teams')
    expect(create.save).toEqual({ user_team: 'body.user_team' })
    expect(create.expect.body).toEqual({ user_team: { id: { $type: 'integer' }, captain: 5 } })
    expect(steps[1]?.request.body).toEqual({ team_id: `${ref('user_team.id')}` })
    expect(steps[2]?.request.path).toBe(`/api/matches/37/user_teams/${ref('user_team.id')}`)
  })

  it('leaves ids alone where the place does not say what they are (player 5 is not team 5)', () => {
    const steps = stepsOf(scenarioYaml(FLOW, options))
    expect(steps[0]?.request.body).toEqual({ player_ids: '5,6,7', captain: 5, vice_captain: 6 })
    // The contest was the path's own (a join answers its contest): not saved, left as seeded.
    expect(steps[1]?.request.path).toBe('/api/contests/12/join')
    expect(steps[1]?.save).toBeUndefined()
  })

  it('writes a failed call as a step that expects the failure, and says so', () => {
    const text = scenarioYaml(FLOW, options)
    const steps = stepsOf(text)
    expect(steps[3]?.expect).toEqual({ status: 409, body: { code: 'ALREADY_JOINED' } })
    expect(steps[3]?.name).toBe('refused as when recorded: 409 ALREADY_JOINED')
    // Steps that passed carry no name: the runner names them after their call.
    expect(steps[1]?.name).toBeUndefined()
    expect(text).toContain(
      '# This call failed when it was recorded (409 ALREADY_JOINED: This team has joined the contest already).',
    )
  })

  it('leaves out the sign-in and successful reads, unless reads are asked for', () => {
    expect(stepsOf(scenarioYaml(FLOW, options))).toHaveLength(4)
    const withReads = stepsOf(scenarioYaml(FLOW, { ...options, reads: true }))
    expect(withReads).toHaveLength(5)
    expect(withReads[0]?.request).toEqual({ method: 'GET', path: '/api/matches/37', as: 'demo' })
  })

  it('declares a fresh user, credits it first and seeds the demo league', () => {
    const doc = parse(scenarioYaml(FLOW, { ...options, credit: 500 })) as Record<string, any>
    expect(doc.users).toEqual({ demo: {} })
    expect(doc.seed_demo_league).toBe(true)
    expect(doc.steps[0]).toEqual({
      name: 'demo gets money to play with, as the recorded account had',
      credit: { user: 'demo', amount: 500 },
    })
  })

  it('credits nobody when the session joined nothing', () => {
    const calls = [FLOW[2] as RecordedCall]
    expect(stepsOf(scenarioYaml(calls, { ...options, credit: 500 })).some((s) => 'credit' in s)).toBe(false)
  })

  it('names a second resource of the same kind apart', () => {
    const second = call({
      method: 'POST',
      path: '/api/matches/37/user_teams',
      status: 201,
      body: {},
      answer: { user_team: { id: 9 } },
    })
    const join = call({ method: 'POST', path: '/api/contests/12/join', status: 200, body: { team_id: 9 } })
    const steps = stepsOf(scenarioYaml([FLOW[2] as RecordedCall, second, join], options))
    expect(steps[1]?.save).toEqual({ user_team_2: 'body.user_team' })
    expect(steps[2]?.request.body).toEqual({ team_id: `${ref('user_team_2.id')}` })
  })

  it("writes the user's own id, slug and e-mail as the fresh user's", () => {
    const calls = [
      call({
        method: 'POST',
        path: '/api/users/demo/follow',
        status: 422,
        body: { user_id: 2, email: 'demo@fanspole.local' },
      }),
    ]
    const steps = stepsOf(scenarioYaml(calls, options))
    expect(steps[0]?.request.path).toBe(`/api/users/${ref('demo.slug')}/follow`)
    expect(steps[0]?.request.body).toEqual({ user_id: `${ref('demo.id')}`, email: `${ref('demo.email')}` })
  })

  it('is a scenario file the loader accepts', () => {
    const loaded = parseScenario(scenarioYaml(FLOW, { ...options, credit: 100 }), 'flow.yaml')
    expect(loaded.steps).toHaveLength(5)
  })

  it('makes a scenario user name of an e-mail address', () => {
    expect(aliasOf('Dhoni.Fan@example.test')).toBe('Dhoni_Fan')
    expect(aliasOf('42x@example.test')).toBe('x')
    expect(aliasOf('none@example.test')).toBe('none_user')
  })
})
