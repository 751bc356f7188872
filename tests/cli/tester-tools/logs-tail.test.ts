import fs from 'node:fs'
import path from 'node:path'
import { Readable, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createIo } from '../../../cli/lib/io'
import { main } from '../../../cli/main'
import { cliApiWorld, exits, tempDir } from '../helpers'

const ctx = cliApiWorld()

/** stdout of `… | head -n N`: takes N lines, then its reader is gone (EPIPE on the next write). */
class Head extends Writable {
  text = ''
  constructor(private readonly lines: number) {
    super()
  }
  override _write(chunk: Buffer, _encoding: string, done: (error?: Error | null) => void) {
    if (this.text.split('\n').length > this.lines)
      return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' }))
    this.text += chunk.toString()
    done()
  }
}

/**
 * Runs the CLI with stdout cut after `lines` lines: `traffic` runs once the server's log has a
 * listener, then `more` until the command has stopped (the lines its closed stdout refused).
 */
async function tail(
  args: string[],
  lines: number,
  traffic: () => Promise<void>,
  more: () => Promise<unknown>,
) {
  const stdout = new Head(lines)
  let stderr = ''
  const io = createIo({
    stdout,
    stderr: new Writable({
      write(chunk, _encoding, done) {
        stderr += chunk.toString()
        done()
      },
    }),
    stdin: Readable.from([]),
    env: { ...ctx.world.env },
  })
  let finished = false
  const running = main(args, io).finally(() => {
    finished = true
  })
  await expect.poll(() => ctx.world.server.deps.tap?.active(), { timeout: 10_000 }).toBe(true)
  await traffic()
  while (!finished) {
    await more()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const code = await running
  return { code, stdout: stdout.text, stderr }
}

describe('fanspole logs tail', () => {
  it('prints one line per request of the user asked for, and exits 0 when its reader goes', async () => {
    const player = await ctx.api.player()
    const other = await ctx.api.player()
    const result = await tail(
      ['logs', 'tail', '--user', player.email],
      2,
      async () => {
        await ctx.api.get('/api/me', other.token)
        await ctx.api.get('/api/me', player.token)
        await ctx.api.get('/api/no_such_thing?page=2', player.token)
      },
      () => ctx.api.get('/api/me', player.token),
    )
    expect(result.code).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines[0]).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ${player.email} GET /api/me 200 [\\d.]+ms$`),
    )
    expect(lines[1]).toMatch(/ GET \/api\/no_such_thing\?page=2 404 [\d.]+ms$/)
    expect(result.stdout).not.toContain(other.email)
  })

  it('--json prints one record per line; --status and --path filter', async () => {
    const player = await ctx.api.player()
    const result = await tail(
      ['logs', 'tail', '--json', '--status', '4xx', '--path', '/api/*'],
      1,
      async () => {
        await ctx.api.get('/api/me', player.token)
        await ctx.api.get('/api/contests/home/nope', player.token)
        await ctx.api.get('/api/nope', player.token)
      },
      () => ctx.api.get('/api/nope2'),
    )
    expect(result.code).toBe(0)
    const first = JSON.parse(result.stdout.split('\n')[0] as string)
    expect(first).toMatchObject({ type: 'request', method: 'GET', path: '/api/nope', status: 404 })
  })

  it('records cached reads too: while someone listens they skip the fast path (http/fast-reads.ts)', async () => {
    const player = await ctx.api.player()
    const read = () =>
      fetch(`${ctx.world.server.url}/api/me`, {
        headers: { authorization: `Bearer ${player.token}`, 'x-fanspole-client': 'web' },
      })
    // Kept by the answer cache before anyone listens: the fast path would answer it.
    await read()
    await read()
    const result = await tail(
      ['logs', 'tail', '--user', player.email],
      2,
      async () => {
        await read()
        await read()
      },
      read,
    )
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/ GET \/api\/me 200 /),
      expect.stringMatching(/ GET \/api\/me 200 /),
    ])
  })

  it('refuses bad flags with exit 2, naming what is valid', async () => {
    exits(await ctx.cli('logs', 'tail', '--status', '9xx'), 2, '--status: expected codes or classes')
    exits(await ctx.cli('logs', 'tail', '--user', 'nobody'), 2, '--user: is not an e-mail address')
    exits(
      await ctx.cli('logs', 'tail', '--path', '/[/'),
      2,
      '--path: is not a valid glob or /regular expression/',
    )
  })
})

describe('fanspole scenario record', () => {
  it('refuses bad flags with exit 2', async () => {
    const dir = tempDir()
    exits(await ctx.cli('scenario', 'record'), 2, "required option '--out <file>' not specified")
    exits(
      await ctx.cli('scenario', 'record', '--out', path.join(dir.dir, 'f.yaml'), '--for', 'soon'),
      2,
      '--for: is not a duration',
    )
    exits(await ctx.cli('scenario', 'record', '--out', '/no/such/dir/f.yaml'), 2, 'does not exist')
    expect(fs.readdirSync(dir.dir)).toEqual([])
    dir.remove()
  })
})
