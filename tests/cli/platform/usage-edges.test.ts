import { Readable, Writable } from 'node:stream'
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { createIo } from '../../../cli/lib/io'
import { loadProgram } from '../../../cli/main'
import { exits, runCli } from '../helpers'

// Usage errors every command shares (cli/main.ts, cli/lib/options.ts): an unknown filter value
// names the valid ones, and every missing required option is told at once and marked in help.
// All of them are refused before any request: the server named here is never reached.

const env = { FANSPOLE_SERVER: 'http://127.0.0.1:9', FANSPOLE_HOME: '/nonexistent-fanspole-home' }
const cli = (...args: string[]) => runCli(args, env)

describe('an unknown filter value is exit 2 naming the valid ones', () => {
  it.each([
    [
      ['match', 'list', '--sport', 'hockey'],
      '--sport: expected one of cricket, football, f1, pubg, free-fire, call-of-duty, got "hockey"',
    ],
    [
      ['contest', 'list', '--sport', 'hockey'],
      '--sport: expected one of cricket, football, f1, pubg, free-fire, call-of-duty, got "hockey"',
    ],
    [
      ['match', 'list', '--status', 'over'],
      '--status: expected some of upcoming, live, completed, abandoned, got over',
    ],
    [['contest', 'list', '--type', 'past'], '--type: expected upcoming, live, finished or feed, got "past"'],
    [['users', 'list', '--role', 'boss'], '--role: expected player or admin, got "boss"'],
    [
      ['esports', 'tournament', 'list', '--kind', 'chess'],
      '--kind: expected one of pubg, pubg-lite, pubg-single-match, free-fire, call-of-duty, got "chess"',
    ],
    [['kyc', 'list', '--status', 'maybe'], '--status: expected pending, approved or rejected, got "maybe"'],
    [['reports', 'list', '--status', 'maybe'], 'got "maybe"'],
  ])('%j', async (args, message) => {
    const r = await cli(...args)
    exits(r, 2, message)
    expect(r.stdout).toBe('')
  })

  it('with --json the refusal is the one JSON document', async () => {
    const r = await cli('match', 'list', '--sport', 'hockey', '--json')
    expect(r.code).toBe(2)
    expect(r.json()).toMatchObject({ code: 'USAGE', error: expect.stringContaining('got "hockey"') })
  })
})

describe('required options', () => {
  it('are all told in one error', async () => {
    exits(
      await cli('game-accounts', 'add'),
      2,
      "required options '--game <game>', '--name <in-game name>', '--id <character id>', '--level <n>' not specified",
    )
    exits(
      await cli('game-accounts', 'add', '--game', 'pubg', '--name', 'x'),
      2,
      "required options '--id <character id>', '--level <n>' not specified",
    )
    exits(
      await cli('users', 'create'),
      2,
      "required options '--email <email>', '--username <name>' not specified",
    )
    exits(await cli('prizes', 'create', 'Top'), 2, "required option '--ranges <ranges>' not specified")
  })

  it('are marked (required) in the help of every command that has them', async () => {
    const sink = () => new Writable({ write: (_c, _e, done) => done() })
    const program = await loadProgram(
      createIo({ stdout: sink(), stderr: sink(), stdin: Readable.from([]), env: {} }),
    )
    const walk = (command: Command): Command[] => [command, ...command.commands.flatMap(walk)]
    const required = walk(program).flatMap((command) =>
      command.options.filter((o) => o.mandatory).map((o) => ({ command: command.name(), o })),
    )
    expect(required.length).toBeGreaterThan(20)
    for (const { command, o } of required)
      expect(o.description, `${command} ${o.flags}`).toMatch(/\(required\)$/)
    const help = await cli('game-accounts', 'add', '--help')
    expect(help.stdout).toMatch(/--level <n> +the account’s level in the game, 1–100 \(required\)/)
  })
})
