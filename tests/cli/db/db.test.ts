import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bootDeps } from '../../../server/boot'
import { loadConfig } from '../../../server/core/config'
import { migrations } from '../../../server/db/migrations'
import type { Database } from '../../../server/db/schema'
import { createLogger } from '../../../server/lib/log'
import { makeUser } from '../../helpers/deps'
import { type CommandDatabase, commandDatabase, exits, runCli, tempDir } from '../helpers'

// On a SQLite file, or in the Postgres leg on a scratch database named by DATABASE_URL.
let target: CommandDatabase
beforeEach(async () => {
  target = await commandDatabase()
})
afterEach(() => target.drop())

const ALL = Object.keys(migrations)
const cli = (args: string[]) => runCli([...args, ...target.args], target.env)

async function count(table: keyof Database): Promise<number> {
  const handle = target.open()
  try {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  } finally {
    await handle.close()
  }
}

describe('fanspole db migrate', () => {
  it('applies every migration to a new database, then reports it up to date', async () => {
    const first = await cli(['db', 'migrate', '--json'])
    expect(first.code).toBe(0)
    expect(first.json()).toEqual({ database: target.location, applied: ALL, migrations: ALL.length })
    const again = await cli(['db', 'migrate'])
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(
      `${target.location} is up to date (${ALL.length} migration${ALL.length === 1 ? '' : 's'})\n`,
    )
  })

  it('takes the file from FANSPOLE_DB', async () => {
    const tmp = tempDir()
    const db = `${tmp.dir}/env.sqlite`
    try {
      const r = await runCli(['db', 'migrate'], { FANSPOLE_DB: db })
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(`to ${db}:`)
      for (const name of ALL) expect(r.stdout).toContain(`  ${name}\n`)
    } finally {
      tmp.remove()
    }
  })

  it('uses the file named by --db even when DATABASE_URL names another database', async () => {
    const tmp = tempDir()
    const db = `${tmp.dir}/flag.sqlite`
    try {
      const r = await runCli(['db', 'migrate', '--db', db, '--json'], {
        DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/nowhere',
      })
      expect(r.code).toBe(0)
      expect(r.json()).toMatchObject({ database: db, applied: ALL })
    } finally {
      tmp.remove()
    }
  })
})

describe('fanspole db reset', () => {
  it('drops every row and restores the reference data', async () => {
    const deps = await bootDeps(loadConfig({ ...target.config, logLevel: 'silent' }, {}), {
      log: createLogger('silent'),
    })
    await makeUser(deps)
    await deps.dbHandle.close()
    expect(await count('users')).toBe(1)

    const r = await cli(['db', 'reset', '--yes', '--now', '2030-05-01T10:00:00Z', '--json'])
    expect(r.code).toBe(0)
    expect(r.json()).toEqual({
      database: target.location,
      rolled_back: [...ALL].reverse(),
      applied: ALL,
      seeded: null,
    })
    expect(await count('users')).toBe(0)
    expect(await count('oauth_clients')).toBe(2)
    expect(await count('sports')).toBe(6)
    const handle = target.open()
    const clock = await handle.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'clock')
      .executeTakeFirstOrThrow()
    await handle.close()
    expect(JSON.parse(clock.value).anchorGameMs).toBe(Date.UTC(2030, 4, 1, 10))
  })

  it('refuses --users without --seed', async () => {
    const r = await cli(['db', 'reset', '--yes', '--users', '5'])
    exits(r, 2, '--users only makes sense with --seed')
  })
})
