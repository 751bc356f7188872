import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../../server/areas/auth/passwords'
import { runCli, tempDir } from '../helpers'

let tmp: ReturnType<typeof tempDir>
beforeEach(() => {
  tmp = tempDir()
})
afterEach(() => tmp.remove())

const NOW = '2026-11-22T06:00:00Z'

type Row = Record<string, unknown>

/**
 * Every row of every table, in storage order, minus what is wall time by nature: the game
 * clock's anchor (the `clock` row of app_settings keeps its game-time half) and the instants
 * Kysely's migrator recorded when it created the schema (docs/decisions.md, "Same seed, same
 * bytes").
 */
function dump(file: string): Record<string, Row[]> {
  const sqlite = new BetterSqlite3(file, { readonly: true })
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all() as Array<{ name: string }>
    const out: Record<string, Row[]> = {}
    for (const { name } of tables) {
      const rows = sqlite.prepare(`select * from "${name}" order by rowid`).all() as Row[]
      out[name] = rows.map((row) => {
        if (name === 'kysely_migration') return { ...row, timestamp: '(wall time)' }
        if (name === 'app_settings' && row.key === 'clock') {
          const { anchorRealMs: _wall, ...game } = JSON.parse(String(row.value))
          return { ...row, value: game, updated_at_ms: '(wall time)' }
        }
        return row
      })
    }
    return out
  } finally {
    sqlite.close()
  }
}

const seed = (file: string, env: NodeJS.ProcessEnv = {}) =>
  runCli(['seed', '--db', file, '--seed', '7', '--now', NOW, '--json'], env)

describe('fanspole seed: same seed, same bytes', () => {
  it('gives identical rows in every table, password hashes included', async () => {
    const a = path.join(tmp.dir, 'a.sqlite')
    const b = path.join(tmp.dir, 'b.sqlite')
    expect((await seed(a)).code).toBe(0)
    // Let the wall clock move on, as it does between two real runs.
    await new Promise((resolve) => setTimeout(resolve, 25))
    expect((await seed(b)).code).toBe(0)
    const first = dump(a)
    const second = dump(b)
    expect(Object.keys(second)).toEqual(Object.keys(first))
    expect(Object.keys(first).length).toBeGreaterThan(40)
    for (const table of Object.keys(first)) {
      const [x, y] = [first[table] as Row[], second[table] as Row[]]
      expect(y.length, table).toBe(x.length)
      for (let i = 0; i < x.length; i++) expect(y[i], `${table} row ${i + 1}`).toEqual(x[i])
    }
    expect(first.users?.length).toBeGreaterThan(20)
    // The derived salts still make working hashes.
    const demo = first.users?.find((u) => u.username === 'demo')
    expect(await verifyPassword(String(demo?.password_hash), 'demo-pass-2026')).toBe(true)
    expect(await verifyPassword(String(demo?.password_hash), 'demo-pass-2027')).toBe(false)
  })

  it('keeps a random salt for a password the operator chose: only that account’s hash differs', async () => {
    const env = { FANSPOLE_ADMIN_PASSWORD: 'coach-pass-99' }
    const a = path.join(tmp.dir, 'a.sqlite')
    const b = path.join(tmp.dir, 'b.sqlite')
    expect((await seed(a, env)).code).toBe(0)
    expect((await seed(b, env)).code).toBe(0)
    const [x, y] = [dump(a).users as Row[], dump(b).users as Row[]]
    const differing = x
      .filter((row, i) => row.password_hash !== y[i]?.password_hash)
      .map((row) => row.username)
    expect(differing).toEqual(['admin'])
    const admin = x.find((u) => u.username === 'admin')
    expect(await verifyPassword(String(admin?.password_hash), 'coach-pass-99')).toBe(true)
  })
})
