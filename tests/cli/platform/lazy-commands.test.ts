import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Writable } from 'node:stream'
import { type Command, Help } from 'commander'
import { describe, expect, it } from 'vitest'
import { COMMANDS, commandWord } from '../../../cli/command-list'
import { createIo } from '../../../cli/lib/io'
import { loadProgram } from '../../../cli/main'
import { runCli } from '../helpers'

/**
 * The program loads the code of the command that runs and knows the others by their line of
 * help (cli/command-list.ts). These hold that line to the commands' own, that the help reads
 * the same either way, and that the bundle keeps each command out of the entry.
 */

const sink = () => new Writable({ write: (_c, _e, done) => done() })
const io = () => createIo({ stdout: sink(), stderr: sink(), stdin: Readable.from([]), env: {} })
const whole = await loadProgram(io())

describe('the list of commands', () => {
  it('names every command of the program, each once, with the term and description of its help', () => {
    const help = new Help()
    const real = whole.commands.filter((c) => c.name() !== 'help')
    expect(COMMANDS.map((c) => c.name)).toEqual(real.map((c) => c.name()))
    for (const entry of COMMANDS) {
      const command = real.find((c) => c.name() === entry.name) as Command
      expect(entry.term, entry.name).toBe(help.subcommandTerm(command))
      expect(entry.description, entry.name).toBe(help.subcommandDescription(command))
      expect(entry.group, entry.name).toBe(command.helpGroup())
    }
  })

  it('finds the command of a command line past --as and global flags, and the one help asks about', () => {
    expect(commandWord(['match', 'list'])).toBe('match')
    expect(commandWord(['--as', 'match', 'wallet', 'show'])).toBe('wallet')
    expect(commandWord(['--as=alice', '-h', 'contest'])).toBe('contest')
    expect(commandWord(['help', 'auction'])).toBe('auction')
    expect(commandWord(['--help'])).toBeUndefined()
    expect(commandWord(['--', 'match'])).toBeUndefined()
  })
})

describe('a program with one command loaded', () => {
  it('prints the same top-level help as the whole program', async () => {
    const lazy = await runCli(['--help'])
    let text = ''
    const captured = createIo({
      stdout: new Writable({
        write: (chunk, _e, done) => {
          text += String(chunk)
          done()
        },
      }),
      stderr: sink(),
      stdin: Readable.from([]),
      env: {},
    })
    await expect((await loadProgram(captured)).parseAsync(['--help'], { from: 'user' })).rejects.toThrow()
    expect(lazy.code).toBe(0)
    expect(text).toMatch(/Play:[\s\S]*auction +cricket auctions/)
    expect(lazy.stdout).toBe(text)
  })

  it('runs the command it loaded, and help for one command shows that command fully', async () => {
    const help = await runCli(['help', 'wallet'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/Usage: fanspole wallet \[options\] \[command\]/)
    expect(help.stdout).toMatch(/\bshow\b/)
    const unknown = await runCli(['walet'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/unknown command 'walet'[\s\S]*wallet/)
  })
})

describe('the bundle', () => {
  it('keeps every command, the server, Ink and ws out of what `fanspole --help` loads', () => {
    const root = path.resolve(import.meta.dirname, '../../..')
    execFileSync(process.execPath, [path.join(root, 'cli/bin/fanspole.mjs'), '--version'], { cwd: root })
    const entry = fs.readFileSync(path.join(root, 'dist/cli.mjs'), 'utf8')
    const statics = [...entry.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1])
    for (const heavy of ['ink', 'react', 'react/jsx-runtime', 'ws', 'kysely', 'hono', 'better-sqlite3', 'pg'])
      expect(statics, heavy).not.toContain(heavy)
    // Chunks the entry imports statically are shared helpers, not a command's code.
    for (const chunk of statics.filter((s) => s?.startsWith('./'))) {
      const text = fs.readFileSync(path.join(root, 'dist', chunk as string), 'utf8')
      expect(text, chunk).not.toMatch(/function (serve|match|auction|contest)Command\(/)
    }
  })

  it('holds one copy of zod and what is built on it, so a command does not resolve zod file by file', () => {
    const root = path.resolve(import.meta.dirname, '../../..')
    execFileSync(process.execPath, [path.join(root, 'cli/bin/fanspole.mjs'), '--version'], { cwd: root })
    const built = JSON.parse(fs.readFileSync(path.join(root, 'dist/cli.inputs.json'), 'utf8')) as string[]
    expect(built.length).toBeGreaterThan(0)
    // Every file of the current build: the entry and the chunks it reaches.
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const text = fs.readFileSync(path.join(root, 'dist', file), 'utf8')
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\/cli-chunk-[^"]+)"/g))
        visit((m[1] as string).slice(2))
      const packages = [...text.matchAll(/(?:from|import)\s*\(?\s*"((?:@[^/"]+\/)?[^./"][^/"]*)[^"]*"/g)].map(
        (m) => m[1],
      )
      for (const zodFamily of [
        'zod',
        '@hono/zod-openapi',
        '@hono/zod-validator',
        '@asteasolutions/zod-to-openapi',
      ])
        expect(packages, `${file} imports ${zodFamily} from node_modules`).not.toContain(zodFamily)
    }
    visit('cli.mjs')
    expect(seen.size).toBeGreaterThan(20)
  })
})
