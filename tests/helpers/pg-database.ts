import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server the suite may use (`FANSPOLE_TEST_PG`, else the local cluster). */
export const PG_SERVER = process.env.FANSPOLE_TEST_PG ?? 'postgres://fanspole:fanspole@127.0.0.1:5432'

/** Whether that server answers; suites that need it run only then. */
export async function pgReachable(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 2000 })
  try {
    await probe.connect()
    return true
  } catch {
    return false
  } finally {
    await probe.end().catch(() => {})
  }
}

/** A new empty database named `<prefix>_<random>`; `drop()` removes it (and its connections). */
export async function freshPgDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`create database "${name}"`)
  return {
    url: `${PG_SERVER}/${name}`,
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  }
}
