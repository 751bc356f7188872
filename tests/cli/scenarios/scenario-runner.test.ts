// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import { describe, expect, it } from 'vitest'
import { parseDuration } from '../../../cli/lib/time'
import { applySave } from '../../../cli/scenario/expectations'
import { InterpolationError, interpolate } from '../../../cli/scenario/interpolate'
import { parseScenario, ScenarioFormatError } from '../../../cli/scenario/loader'
import { matchPartial } from '../../../cli/scenario/match'

const body = {
  user: { id: 7, username: 'alice_x', email: 'a@b.test', tags: ['a', 'b'], score: 12.5 },
  messages: [
    { subject: 'Verify your e-mail address', body: 'Activation token: abc123\nbye' },
    { subject: 'Reset', body: 'Reset token: zzz' },
  ],
}

describe('matchPartial', () => {
  it('passes a subset of the actual object and ignores extra keys', () => {
    expect(matchPartial({ user: { username: 'alice_x' } }, body)).toEqual([])
  })

  it('names the path, the expected and the actual value of a difference', () => {
    expect(matchPartial({ user: { username: 'bob', id: 7 } }, body)).toEqual([
      {
        path: 'user.username',
        expected: 'bob',
        actual: 'alice_x',
        message: 'expected "bob", actual "alice_x"',
      },
    ])
  })

  it('reports a missing key as missing, not as undefined', () => {
    const [m] = matchPartial({ user: { nickname: 'x' } }, body)
    expect(m).toMatchObject({ path: 'user.nickname', missing: true, message: 'expected "x", found no value' })
    expect(m && 'actual' in m).toBe(false)
  })

  it('does not coerce types: the number 7 is not the text "7"', () => {
    expect(matchPartial({ user: { id: '7' } }, body)[0]?.message).toBe('expected "7", actual 7')
  })

  it('compares arrays element by element and requires the same length', () => {
    expect(matchPartial({ user: { tags: ['a', 'b'] } }, body)).toEqual([])
    expect(matchPartial({ user: { tags: ['a'] } }, body)[0]?.message).toBe(
      'expected 1 element(s), actual 2: ["a","b"]',
    )
  })

  it('reads keys with dots and brackets as paths', () => {
    expect(matchPartial({ 'messages[1].subject': 'Reset', 'user.id': 7 }, body)).toEqual([])
    expect(matchPartial({ 'messages[3].subject': 'Reset' }, body)[0]).toMatchObject({
      path: 'messages[3].subject',
      missing: true,
    })
  })

  it('supports $exists, $type, $gt/$gte/$lt/$lte, $len, $eq, $ne and $in', () => {
    const passing = {
      user: {
        id: { $type: 'integer', $gt: 6, $lte: 7, $in: [7, 8] },
        score: { $type: 'number', $lt: 13 },
        nickname: { $exists: false },
        username: { $exists: true, $len: 7, $ne: 'bob' },
        tags: { $len: { $gte: 2 }, $eq: ['a', 'b'] },
      },
    }
    expect(matchPartial(passing, body)).toEqual([])
    const failing = matchPartial(
      { user: { id: { $gt: 7 }, score: { $type: 'integer' }, tags: { $len: 3 } } },
      body,
    )
    expect(failing.map((m) => `${m.path}: ${m.message}`)).toEqual([
      'user.id: expected > 7, actual 7',
      'user.score: expected type integer, actual 12.5 (number)',
      'user.tags: expected length 3, actual length 2',
    ])
  })

  it('supports $contains on text and arrays, $match with regular expressions, $not and $any', () => {
    expect(
      matchPartial(
        {
          messages: { $contains: { subject: { $match: '^Verify' } } },
          user: {
            email: { $contains: '@b.' },
            username: { $match: '/^ALICE/i', $not: 'bob', $any: ['x', 'alice_x'] },
          },
        },
        body,
      ),
    ).toEqual([])
    const [m] = matchPartial({ messages: { $contains: { subject: 'Welcome' } } }, body)
    expect(m?.message).toMatch(
      /^expected an element matching \{"subject":"Welcome"\}; none of the 2 element\(s\) matched/,
    )
  })

  it('treats an unknown matcher as a failure', () => {
    expect(matchPartial({ user: { id: { $near: 7 } } }, body)[0]?.message).toBe('unknown matcher $near')
  })
})

describe('interpolate', () => {
  const vars = { alice: { id: 7, username: 'alice_x' }, t0: 1000, token: 'abc', list: [1, 2] }

  it('keeps the type of a value that is exactly one variable', () => {
    expect(interpolate({ id: '${alice.id}', ids: '${list}' }, vars)).toEqual({ id: 7, ids: [1, 2] })
  })

  it('stringifies variables inside longer text, in keys too', () => {
    expect(interpolate({ 'k_${alice.id}': 'Bearer ${token} for ${alice.username}' }, vars)).toEqual({
      k_7: 'Bearer abc for alice_x',
    })
  })

  it('adds durations and numbers to numeric variables', () => {
    expect(interpolate(['${t0 + 2h}', '${t0 - 500}', '${t0+1m30s}'], vars)).toEqual([7_201_000, 500, 91_000])
  })

  it('writes $${ as a literal ${', () => {
    expect(interpolate('cost: $${price}', vars)).toBe('cost: ${price}')
  })

  it('names an unknown variable and lists the known ones', () => {
    expect(() => interpolate('${bob.token}', vars)).toThrow(
      new InterpolationError('unknown variable ${bob.token} (known: alice, list, t0, token)'),
    )
    expect(() => interpolate('${alice.token}', vars)).toThrow(
      '${alice.token} is not set (nothing at alice.token)',
    )
  })
})

describe('parseDuration', () => {
  it('reads units, combinations and plain milliseconds', () => {
    expect([
      parseDuration('2h'),
      parseDuration('1h30m'),
      parseDuration('250ms'),
      parseDuration('1d'),
      parseDuration(42),
    ]).toEqual([7_200_000, 5_400_000, 250, 86_400_000, 42])
    expect(parseDuration('soon')).toBeUndefined()
    expect(parseDuration('2 hours')).toBeUndefined()
  })
})

describe('applySave', () => {
  it('saves a path, a regex capture, and into a user object', () => {
    const vars: Record<string, unknown> = { alice: { name: 'alice' } }
    const problems = applySave(
      {
        uid: 'body.user.id',
        token: { from: 'body.messages[0].body', regex: 'Activation token: (\\S+)' },
        'alice.token': 'body.messages[1].subject',
      },
      { body },
      vars,
    )
    expect(problems).toEqual([])
    expect(vars).toEqual({ alice: { name: 'alice', token: 'Reset' }, uid: 7, token: 'abc123' })
  })

  it('saves under prototype names as ordinary variables, never into Object.prototype', () => {
    const vars: Record<string, unknown> = {}
    const problems = applySave(
      { '__proto__.polluted': 'body.user.id', 'constructor.prototype.polluted': 'body.user.username' },
      { body },
      vars,
    )
    expect(problems).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(vars)).toBe(Object.prototype)
    expect(Object.keys(vars)).toEqual(['__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(vars, '__proto__')?.value).toEqual({ polluted: 7 })
  })

  it('fails with the path when there is nothing to save', () => {
    const problems = applySave(
      { x: 'body.user.nope', y: { from: 'body.user.email', regex: 'token: (\\w+)' } },
      { body },
      {},
    )
    expect(problems.map((p) => p.message)).toEqual([
      'cannot save x: nothing at body.user.nope (missing at body.user.nope)',
      'cannot save y: body.user.email does not match /token: (\\w+)/; actual "a@b.test"',
    ])
  })
})

function problemsOf(text: string): string[] {
  try {
    parseScenario(text, 'bad.yaml')
  } catch (error) {
    if (error instanceof ScenarioFormatError) return error.problems
    throw error
  }
  throw new Error('expected a ScenarioFormatError')
}

describe('parseScenario', () => {
  it('loads users with defaults and names steps from their definition', () => {
    const s = parseScenario(
      'name: ok\nusers:\n  alice: {}\n  boss: { role: admin }\nsteps:\n  - request: { method: get, path: /api/me, as: alice }\n',
    )
    expect(s.users).toEqual({
      alice: { role: 'player', create: true },
      boss: { role: 'admin', create: true },
    })
    expect(s.steps.map((x) => [x.index, x.name, x.kind.kind])).toEqual([[1, 'GET /api/me as alice', 'http']])
  })

  it('reports every problem with its line', () => {
    const text = [
      'name: broken',
      'users:',
      '  alice: {}',
      'steps:',
      '  - request: { method: FETCH, path: /api/me }',
      '  - request: { method: GET, path: /api/me, as: bob }',
      '  - wait: 5',
      '  - cable: { as: alice, expect: confirm }',
      '  - request: { method: GET, path: /x }',
      '    expect: { body: { id: { $near: 1 } } }',
    ].join('\n')
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(/^line 5: steps\[0\]\.request\.method: Invalid option/),
      'line 6: steps[1]: unknown user bob (users: alice)',
      expect.stringMatching(
        /^line 7: steps\[2\]: a step needs one of request, clock, cable, .* \(found wait\)$/,
      ),
      'line 8: steps[3].cable: expect: confirm, reject and none need subscribe',
      expect.stringMatching(
        /^line 10: steps\[4\]\.expect: body\.id: unknown matcher \$near \(known: \$exists, \$type, /,
      ),
    ])
  })

  it('checks user declarations', () => {
    const users = (spec: string) => problemsOf(`name: u\nusers:\n  x: ${spec}\nsteps:\n  - sleep_ms: 1\n`)
    expect(users('{ email: demo@fanspole.local }')).toEqual([
      'line 3: users.x: an existing account (email:) needs its password:',
    ])
    expect(users('{ role: admin, password: secret-123 }')).toEqual([
      'line 3: users.x: an admin is the server’s admin account: it takes no email or password and is always signed in',
    ])
    expect(users('{ role: boss }')).toEqual([
      'line 3: users.x.role: Invalid option: expected one of "player"|"admin"',
    ])
    expect(problemsOf('name: u\nusers:\n  run_id: {}\nsteps:\n  - sleep_ms: 1\n')).toEqual([
      'line 3: users.run_id: is a reserved name',
    ])
  })

  it('refuses unknown top-level keys, a missing name and YAML syntax errors', () => {
    expect(problemsOf('steps: []\ncolour: red\n')).toEqual([
      'line 1: name: Invalid input: expected string, received undefined',
      'line 1: steps: Too small: expected array to have >=1 items',
      'line 1: Unrecognized key: "colour"',
    ])
    expect(problemsOf('name: x\nsteps:\n  - request: { method: GET\n')[0]).toMatch(
      /^Flow map|^Unexpected|line/i,
    )
    expect(problemsOf('')).toEqual(['the file is empty; a scenario needs at least name and steps'])
  })
})
