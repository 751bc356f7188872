import net from 'node:net'
import type { Command } from 'commander'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadProgram } from '../../../cli/main'
import { type CliWorld, cliWorld, runCli, tempDir } from '../helpers'

const program = await loadProgram()

/** Every command that runs something (not a group), with its words: `['auction', 'bid']`. */
function leafCommands(): Array<{ words: string[]; command: Command }> {
  const found: Array<{ words: string[]; command: Command }> = []
  const walk = (command: Command, words: string[]) => {
    const subs = command.commands.filter((c) => c.name() !== 'help')
    if (subs.length === 0) found.push({ words, command })
    for (const sub of subs) walk(sub, [...words, sub.name()])
  }
  walk(program, [])
  return found
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const isErrorDocument = (value: unknown) => {
  const doc = value as { error?: unknown; code?: unknown; status?: unknown }
  return (
    typeof doc.error === 'string' &&
    doc.error.length > 0 &&
    typeof doc.code === 'string' &&
    /^[A-Za-z_0-9]+$/.test(doc.code) &&
    (doc.status === null || typeof doc.status === 'number')
  )
}

let home: ReturnType<typeof tempDir>
beforeAll(() => {
  home = tempDir('fanspole-home-')
})
afterAll(() => home.remove())

describe('--json failures', () => {
  it('every command prints one JSON error document on stdout when it fails', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}`
    const leaves = leafCommands()
    expect(leaves.length).toBeGreaterThan(40)
    const succeeded: string[] = []
    for (const { words, command } of leaves) {
      const args = [
        ...words,
        ...command.registeredArguments.map(() => '999999'),
        // A mandatory --out names a place no directory can be made (sim export).
        ...command.options
          .filter((o) => o.mandatory)
          .flatMap((o) => [o.long as string, o.long === '--out' ? '/dev/null/nowhere' : '999999']),
        '--json',
      ]
      // sim stats needs neither a server nor a database: it fails on a bad value instead.
      if (words.join(' ') === 'sim stats') args.push('--matches', '0')
      const has = (flag: string) => command.options.some((o) => o.long === flag)
      if (has('--server')) args.push('--server', unreachable)
      // Local commands: a database that cannot be opened.
      if (has('--db')) args.push('--db', '/dev/null/nowhere.sqlite')
      const r = await runCli(args, { FANSPOLE_HOME: home.dir })
      const line = args.join(' ')
      let doc: unknown
      expect(() => {
        doc = JSON.parse(r.stdout)
      }, `${line}: ${r.stdout}`).not.toThrow()
      if (r.code === 0) {
        succeeded.push(words.join(' '))
        continue
      }
      expect(isErrorDocument(doc), `${line}: ${r.stdout}`).toBe(true)
      // People still read the error on stderr.
      expect(r.stderr, line).toMatch(/error/)
    }
    // Signing out of a server without a session has nothing to fail on.
    expect(succeeded).toEqual(['logout'])
  }, 120_000)

  it('says why in stable codes: unreachable server, usage errors, unknown options', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}`
    const env = { FANSPOLE_HOME: home.dir }
    const down = await runCli(['match', 'list', '--server', unreachable, '--json'], env)
    expect(down.code).toBe(1)
    expect(down.json()).toMatchObject({ code: 'UNREACHABLE', status: null })
    expect(down.json().error).toMatch(/^Cannot reach the server at/)
    const usage = await runCli(['match', 'list', '--per-page', '0', '--json'], env)
    expect(usage.code).toBe(2)
    expect(usage.json()).toEqual({ error: '--per-page: must be at least 1', code: 'USAGE', status: null })
    const unknown = await runCli(['match', 'list', '--colour', '--json'], env)
    expect(unknown.code).toBe(2)
    expect(unknown.json()).toMatchObject({ code: 'USAGE', status: null })
    expect(unknown.json().error).toContain("unknown option '--colour'")
    // Without --json, stdout stays empty: the text is on stderr only.
    const plain = await runCli(['match', 'list', '--server', unreachable], env)
    expect(plain.stdout).toBe('')
    expect(plain.stderr).toContain('error: Cannot reach the server at')
  })
})

describe('--json failures from the server', () => {
  let world: CliWorld
  beforeAll(async () => {
    world = await cliWorld()
  })
  afterAll(() => world.close())

  it('carries the API error: message, code, HTTP status and field messages', async () => {
    const missing = await runCli(['match', 'show', '999999', '--json'], world.env)
    expect(missing.code).toBe(1)
    expect(missing.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND', status: 404 })
    const invalid = await runCli(
      ['users', 'create', '--email', 'not-an-email', '--username', 'x', '--password', 'short', '--json'],
      world.env,
    )
    expect(invalid.code).toBe(1)
    const doc = invalid.json()
    expect(doc).toMatchObject({ code: 'VALIDATION_FAILED', status: 422 })
    expect(Object.keys(doc.errors)).toEqual(expect.arrayContaining(['email']))
  })
})
