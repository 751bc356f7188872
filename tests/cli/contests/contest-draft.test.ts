import { describe, expect, it } from 'vitest'
import {
  CREATABLE_GAMES,
  formatPercentRanges,
  multipleChoice,
  PRIZE_OPTION_KEYS,
  parsePercentRanges,
  prizeChoice,
} from '../../../cli/lib/contest-draft'
import { UsageError } from '../../../cli/lib/errors'
import { exits, runCli } from '../helpers'

describe('--prizes / --ranges', () => {
  it('reads ranks and ranges with percents, decimals and spaces', () => {
    expect(parsePercentRanges('--prizes', '1:50, 2-3:20,4 - 5 : 5%')).toEqual([
      { from: 1, to: 1, percent: 50 },
      { from: 2, to: 3, percent: 20 },
      { from: 4, to: 5, percent: 5 },
    ])
    expect(parsePercentRanges('--prizes', '1:33.34,2-3:33.33')[1]).toEqual({ from: 2, to: 3, percent: 33.33 })
  })

  it('refuses what is not rank:percent, naming the flag and the part', () => {
    expect(() => parsePercentRanges('--ranges', '1:50,2-x:3')).toThrow(
      new UsageError('--ranges: "2-x:3" is not rank:percent or from-to:percent (e.g. 1:50 or 2-3:25)'),
    )
    expect(() => parsePercentRanges('--prizes', ' , ')).toThrow(/expected ranks and percents/)
    expect(() => parsePercentRanges('--prizes', '1:50.123')).toThrow(UsageError)
  })

  it('prints a table the way the flag takes it', () => {
    const text = formatPercentRanges([
      { from: 1, to: 1, percent: 50 },
      { from: 2, to: 3, percent: 25 },
    ])
    expect(text).toBe('1:50, 2-3:25')
    expect(parsePercentRanges('--prizes', text)).toHaveLength(2)
  })
})

describe('the prize and entries choices of a draft', () => {
  it('takes exactly one prize flag', () => {
    expect(prizeChoice({})).toEqual({})
    expect(prizeChoice({ prize: 'top_3' })).toEqual({ prize_option: 'top_3' })
    expect(prizeChoice({ savedPrize: 4 })).toEqual({ prize_structure_id: 4 })
    expect(prizeChoice({ prizes: '1:100' })).toEqual({ prize_ranges: [{ from: 1, to: 1, percent: 100 }] })
    expect(() => prizeChoice({ prize: 'top_3', savedPrize: 4 })).toThrow(/give one of --prize/)
  })

  it('reads --multiple alone or with a cap from 2 to 11', () => {
    expect(multipleChoice(undefined)).toEqual({})
    expect(multipleChoice(true)).toEqual({ multiple_entries: true })
    expect(multipleChoice('3')).toEqual({ multiple_entries: true, max_entries_per_user: 3 })
    expect(() => multipleChoice('12')).toThrow(/from 2 to 11/)
    expect(() => multipleChoice('1')).toThrow(/from 2 to 11/)
  })
})

describe('usage errors before any request (exit 2)', () => {
  const env = { FANSPOLE_SERVER: 'http://127.0.0.1:9', FANSPOLE_HOME: '/nonexistent-fanspole-home' }
  it.each([
    [['contest', 'create', '--name', 'x', '--size', '4'], "required option '--match <id>' not specified"],
    [
      ['contest', 'create', '--game', 'championship', '--name', 'x', '--size', '4'],
      "required option '--phase <id>' (with --game championship) not specified",
    ],
    [
      ['contest', 'create'],
      "required options '--match <id>', '--name <text>', '--size <n>' (2 to 500 members) not specified",
    ],
    [['contest', 'create', '--game', 'auction', '--match', '1'], '--game: expected one of single-match'],
    [
      ['contest', 'create', '--match', '1', '--name', 'x'],
      "required option '--size <n>' (2 to 500 members) not specified",
    ],
    [['contest', 'create', '--match', '1', '--name', 'x', '--size', '501'], '--size: must be at most 500'],
    [
      ['contest', 'create', '--match', '1', '--name', 'x', '--size', '4', '--fee', '10001'],
      '--fee: must be at most 10000',
    ],
    [
      ['contest', 'create', '--match', '1', '--name', 'x', '--size', '4', '--prize', 'top_4'],
      '--prize: expected one of',
    ],
    [
      [
        'contest',
        'create',
        '--match',
        '1',
        '--name',
        'x',
        '--size',
        '4',
        '--prize',
        'top_3',
        '--prizes',
        '1:100',
      ],
      'give one of',
    ],
    [['contest', 'edit', '3'], 'nothing to change'],
    [['contest', 'edit', '3', '--public', '--private'], '--public or --private'],
    [['contest', 'delete', '3'], 'pass --yes to confirm'],
    [['contest', 'join'], 'give the contest id, or --code'],
    [['contest', 'members', '3', '--remove', '1,x'], '--remove: expected comma-joined member ids'],
    [['prizes', 'create', 'Top'], "required option '--ranges <ranges>' not specified"],
    [['prizes', 'create', 'Top', '--ranges', '1-'], '--ranges: "1-" is not rank:percent'],
    [['prizes', 'edit', '2'], 'nothing to change'],
    [['prizes', 'delete', '2'], 'pass --yes to confirm'],
  ])('%j', async (args, message) => {
    const r = await runCli(args, env)
    exits(r, 2, message)
  })
})

describe('the command line’s lists agree with the server’s rules', () => {
  it('offers exactly the creatable game kinds and the prize options', async () => {
    const rules = await import('../../../server/domain/contest-creation')
    const { GAME_KINDS } = await import('../../../server/domain/game-kinds')
    const creatable = GAME_KINDS.filter((k) => k.available && (k.target === 'match' || k.target === 'phase'))
    expect([...CREATABLE_GAMES]).toEqual(creatable.map((k) => k.slug))
    expect([...PRIZE_OPTION_KEYS]).toEqual([...rules.PRIZE_OPTION_KEYS])
  })
})
