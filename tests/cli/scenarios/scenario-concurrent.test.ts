// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario, ScenarioFormatError } from '../../../cli/scenario/loader'
import { runScenario } from '../../../cli/scenario/runner'
import { tempDir } from '../helpers'

// The `concurrent:` step kind (docs/scenarios.md): every request started together, each answer
// checked against `expect`, a failure naming the request and the user that got it.

function problemsOf(text: string): string[] {
  try {
    parseScenario(text)
    return []
  } catch (error) {
    if (error instanceof ScenarioFormatError) return error.problems
    throw error
  }
}

describe('concurrent steps', () => {
  it('checks its users and its size when the file loads', () => {
    const step = (groups: string) => `name: c\nusers:\n  a: {}\n  b: {}\nsteps:\n  - concurrent:\n${groups}`
    expect(problemsOf(step('      - { as: [a, b], request: { method: POST, path: /api/x } }\n'))).toEqual([])
    expect(problemsOf(step('      - { as: [a, zed], request: { method: POST, path: /api/x } }\n'))).toEqual([
      'line 6: steps[0]: unknown user zed (users: a, b)',
    ])
    expect(
      problemsOf(
        step('      - { as: [a, b], times: 10, request: { method: POST, path: /api/x } }\n'.repeat(11)),
      ),
    ).toEqual([expect.stringMatching(/at most 200 requests in one concurrent step/)])
    expect(problemsOf(step('      - { as: [], request: { method: POST, path: /api/x } }\n'))).toEqual([
      'line 7: steps[0].concurrent[0].as: must have at least 1 item',
    ])
  })

  it('fails when any one answer differs, naming the request and its user', async () => {
    const tmp = tempDir('fanspole-scenario-')
    try {
      const file = path.join(tmp.dir, 'race.yaml')
      fs.writeFileSync(
        file,
        [
          'name: one of them follows themself',
          'users:',
          '  star: {}',
          '  fan: {}',
          'steps:',
          '  - concurrent:',
          '      - as: [fan, star]',
          '        times: 2',
          '        request: { method: POST, path: "/api/users/${star.slug}/follow" }',
          '    expect: { status: 200 }',
          '  - request: { method: GET, path: "/api/users/${star.slug}" }',
          '    expect: { body: { user: { follower_count: 1 } } }',
        ].join('\n'),
      )
      const result = await runScenario(file)
      expect(result.ok).toBe(false)
      const [race, after] = result.steps
      expect(race).toMatchObject({ status: 'failed', detail: '4 requests at once → 2× 200, 2× 422' })
      expect(race?.mismatches?.map((m) => m.path).sort()).toEqual(['[2 star] status', '[3 star] status'])
      expect(race?.mismatches?.[0]?.message).toMatch(
        /^POST \/api\/users\/star_\w+\/follow as star: expected status 200, actual 422/,
      )
      expect(after?.status).toBe('skipped')
    } finally {
      tmp.remove()
    }
  })
})
