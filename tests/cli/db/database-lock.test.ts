import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/core/config'
import { lockDatabase } from '../../../server/db/database-lock'
import { lockFileOf, readLockFile, tryLockFile } from '../../../server/db/lock-file'
import { type RunningServer, startServer } from '../../../server/main'
import { makeUser } from '../../helpers/deps'
import { type CommandDatabase, commandDatabase, exits, runCli, tempDir } from '../helpers'

// A command that writes a database holds its lock, and a second one is told
// who has it instead of wiping the first one's league (docs/architecture.md, "One database,
// who writes it"). On a SQLite file, or in the Postgres leg on a scratch database.

let target: CommandDatabase
let running: RunningServer | undefined
beforeEach(async () => {
  target = await commandDatabase()
})
afterEach(async () => {
  await running?.close()
  running = undefined
  await target.drop()
})

const cli = (args: string[]) => runCli([...args, ...target.args], target.env)

async function serveOnTarget(): Promise<RunningServer> {
  running = await startServer(loadConfig({ ...target.config, port: 0, logLevel: 'silent' }, {}), {
    seedIfEmpty: false,
  })
  return running
}

async function users(): Promise<number> {
  const handle = target.open()
  try {
    return (await handle.db.selectFrom('users').select('id').execute()).length
  } finally {
    await handle.close()
  }
}

/** The refusal naming this test process as the holder. */
const held = (location: string, command: string) =>
  new RegExp(
    `${literal(location)} is in use by \`${literal(command)}\` \\(pid ${process.pid}, since \\d\\d:\\d\\d\\)`,
  )
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('a command on a database a server is using', () => {
  it('seed --reset and db reset refuse, name the server, and change nothing', async () => {
    const server = await serveOnTarget()
    await makeUser(server.deps)
    for (const args of [
      ['seed', '--reset', '--yes', '--users', '0'],
      ['db', 'reset', '--yes'],
    ]) {
      const r = await cli(args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toMatch(held(server.deps.dbHandle.location, 'fanspole serve'))
      expect(r.stderr).toMatch(/^error: /)
      expect(r.stderr).toContain('Stop it first (Ctrl-C where it runs)')
      const json = await cli([...args, '--json'])
      expect(json.json()).toMatchObject({ code: 'DATABASE_IN_USE', status: null })
    }
    expect(await users()).toBe(1)
    // Once the server has stopped, the same command goes through.
    await server.close()
    const r = await cli(['db', 'reset', '--yes', '--json'])
    expect(r.code, r.stderr).toBe(0)
    expect(await users()).toBe(0)
  })
})

describe.skipIf(process.env.DATABASE_URL)('SQLite: one process a file', () => {
  it('a second server on the file refuses, naming the first; so does db migrate', async () => {
    const server = await serveOnTarget()
    await expect(
      startServer(loadConfig({ ...target.config, port: 0, logLevel: 'silent' }, {}), { seedIfEmpty: false }),
    ).rejects.toThrow(held(server.deps.dbHandle.location, 'fanspole serve'))
    const migrate = await cli(['db', 'migrate'])
    expect(migrate.code).toBe(1)
    expect(migrate.stderr).toMatch(held(server.deps.dbHandle.location, 'fanspole serve'))
    // The lock file names the server, and goes with it.
    const lockFile = lockFileOf(target.location)
    expect(readLockFile(lockFile)).toMatchObject({ pid: process.pid, command: 'fanspole serve' })
    await server.close()
    expect(fs.existsSync(lockFile)).toBe(false)
  })

  it('takes over a lock whose process is gone (kill -9), and keeps one of another machine', async () => {
    const lockFile = lockFileOf(target.location)
    // A pid that was running a moment ago and is not any more.
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString()
    fs.writeFileSync(
      lockFile,
      JSON.stringify({
        pid: Number(dead),
        host: os.hostname(),
        command: 'fanspole serve',
        since_ms: 1,
        token: 'x',
      }),
    )
    const r = await cli(['db', 'migrate', '--json'])
    expect(r.code, r.stderr).toBe(0)
    expect(fs.existsSync(lockFile)).toBe(false)

    fs.writeFileSync(
      lockFile,
      JSON.stringify({
        pid: Number(dead),
        host: 'lab-pc-7',
        command: 'fanspole demo',
        since_ms: 1,
        token: 'y',
      }),
    )
    const refused = await cli(['db', 'migrate'])
    exits(refused, 1, `is in use by \`fanspole demo\` (pid ${dead} on lab-pc-7, since `)
    expect(readLockFile(lockFile)?.host).toBe('lab-pc-7')
  })

  it('never removes a lock that is not its own', () => {
    const dir = tempDir()
    try {
      const file = path.join(dir.dir, 'x.sqlite.lock')
      const first = tryLockFile(file, 'fanspole serve', 1)
      if (!('held' in first)) throw new Error('not taken')
      expect(tryLockFile(file, 'fanspole demo', 2)).toEqual({ busy: first.held.holder })
      // Someone replaced it (a takeover): the first holder's release leaves the new one alone.
      fs.writeFileSync(file, JSON.stringify({ ...first.held.holder, token: 'other' }))
      first.held.release()
      expect(readLockFile(file)?.token).toBe('other')
    } finally {
      dir.remove()
    }
  })
})

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL: servers share, a reset is alone', () => {
  it('two servers run on one database; a reset refuses while either runs, naming both', async () => {
    const config = loadConfig({ ...target.config, port: 0, logLevel: 'silent' }, {})
    const a = await startServer(config, { seedIfEmpty: false })
    const b = await startServer({ ...config }, { seedIfEmpty: false })
    try {
      const r = await cli(['seed', '--reset', '--yes', '--users', '0'])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(
        /is in use by `fanspole serve` \(pid \d+, since \d\d:\d\d\) and `fanspole serve` \(pid \d+/,
      )
      expect(r.stderr).toContain('Stop them first (Ctrl-C where they run), then try again')
      // Additive commands share the database with the servers.
      expect((await cli(['db', 'migrate', '--json'])).code).toBe(0)
      // While a command holds it alone, a server is refused, naming the command.
      await a.close()
      await b.close()
      const alone = await lockDatabase(config, {
        command: 'fanspole db reset',
        mode: 'exclusive',
        nowMs: Date.now(),
      })
      try {
        await expect(startServer({ ...config }, { seedIfEmpty: false })).rejects.toThrow(
          /is in use by `fanspole db reset` \(pid \d+/,
        )
      } finally {
        await alone?.release()
      }
    } finally {
      await a.close()
      await b.close()
    }
  })
})
