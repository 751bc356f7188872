import { Readable, Writable } from 'node:stream'
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { createIo } from '../../../cli/lib/io'
import { DEFAULT_SERVER } from '../../../cli/lib/options'
import { loadProgram } from '../../../cli/main'

/**
 * One wording across every command: `--server` says the same thing wherever it talks
 * to a server, and a default reads `(default: X)` — commander's own form — said once.
 */

const sink = () => new Writable({ write: (_c, _e, done) => done() })

function everyCommand(root: Command): Command[] {
  return [root, ...root.commands.flatMap((c) => everyCommand(c as Command))]
}

const commands = everyCommand(
  await loadProgram(createIo({ stdout: sink(), stderr: sink(), stdin: Readable.from([]), env: {} })),
)
const options = commands.flatMap((c) => c.options.map((o) => ({ command: c.name(), option: o })))
const SERVER = `server to talk to (default: $FANSPOLE_SERVER or ${DEFAULT_SERVER})`

describe('the help of every command', () => {
  it('words --server one way: the server to talk to, or a running one instead of a fresh in-process one', () => {
    const servers = options.filter((o) => o.option.long === '--server')
    expect(servers.length).toBeGreaterThan(30)
    for (const { command, option } of servers)
      expect(
        option.description === SERVER ||
          /^run .*\(default: a fresh in-process server\b/.test(option.description),
        `${command} --server: ${option.description}`,
      ).toBe(true)
  })

  it('words defaults as (default: X), once', () => {
    for (const { command, option } of options) {
      const where = `${command} ${option.long}: ${option.description}`
      expect(option.description, where).not.toMatch(/\(default\)|\(default [^:]|; default:/)
      // commander adds (default: "…") itself when the option has a default value.
      if (option.defaultValue !== undefined && typeof option.defaultValue !== 'boolean')
        expect(option.description, where).not.toMatch(/\bdefault\b/)
    }
  })
})
