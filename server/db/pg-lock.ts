import os from 'node:os'
import pg from 'pg'
import type { LockHolder } from './lock-file'

/**
 * The database lock on PostgreSQL: a session advisory lock on a connection of its own, held
 * for as long as the process uses the database. Servers share it (`pg_try_advisory_lock_shared`:
 * any number of them on one database is a supported deployment); commands that replace the
 * data (`db reset`, `seed --reset`, a restore or league reset) need it alone
 * (`pg_try_advisory_lock`), so they are refused while any server runs, and a server is
 * refused while one of them works. PostgreSQL frees the lock when the session ends, a
 * crashed process included. Who holds it is read from `pg_locks` and the holders'
 * `application_name`, which says the command, its pid and host.
 */

/** Any constant; not the boot lock's (db/boot-lock.ts). */
export const DATABASE_LOCK_KEY = 0x66616e74

export type LockMode = 'shared' | 'exclusive'

export interface HeldPgLock {
  holder: LockHolder
  /** Also take it alone for `fn` (this session's shared hold does not stand in its way). */
  exclusive<T>(label: string, fn: () => Promise<T>): Promise<{ ok: T } | { busy: LockHolder[] }>
  release(): Promise<void>
}

export type PgLockResult = { held: HeldPgLock } | { busy: LockHolder[] }

/** PostgreSQL keeps the first 63 bytes of an application_name. */
const NAME_BYTES = 63

function applicationName(command: string): string {
  const text = `${command} [pid ${process.pid} on ${os.hostname()}]`.replace(/[^\x20-\x7e]/g, '?')
  return text.length <= NAME_BYTES ? text : `${text.slice(0, NAME_BYTES - 1)}]`
}

function parseName(name: string, backendStartMs: number | null): LockHolder {
  const found = /^(.*) \[pid (\d+) on (.*?)\]?$/.exec(name)
  return {
    command: found?.[1] || name || 'another process',
    pid: found ? Number(found[2]) : 0,
    host: found?.[3] ?? '',
    since_ms: backendStartMs ?? 0,
    token: '',
  }
}

export async function tryPgLock(
  url: string,
  command: string,
  mode: LockMode,
  nowMs: number,
  onLost: (error: Error) => void,
): Promise<PgLockResult> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName(command) })
  // A connection the server closes (a restart, a terminated backend) takes the lock with it;
  // without a listener the 'error' event would end the process.
  client.on('error', (error) => onLost(error))
  await client.connect()
  try {
    const fn = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock'
    const { rows } = await client.query<{ ok: boolean }>(`select ${fn}($1) as ok`, [DATABASE_LOCK_KEY])
    if (!rows[0]?.ok) {
      const busy = await holders(client)
      await client.end()
      return { busy }
    }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command,
    since_ms: nowMs,
    token: '',
  }
  let released = false
  return {
    held: {
      holder,
      exclusive: async (label, fn) => {
        await client.query('select set_config($1, $2, false)', [
          'application_name',
          applicationName(`${command}: ${label}`),
        ])
        try {
          const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
            DATABASE_LOCK_KEY,
          ])
          if (!rows[0]?.ok) return { busy: await holders(client) }
          try {
            return { ok: await fn() }
          } finally {
            await client.query('select pg_advisory_unlock($1)', [DATABASE_LOCK_KEY])
          }
        } finally {
          await client
            .query('select set_config($1, $2, false)', ['application_name', applicationName(command)])
            .catch(() => {})
        }
      },
      release: async () => {
        if (released) return
        released = true
        // Ending the session frees its advisory locks.
        await client.end().catch(() => {})
      },
    },
  }
}

/** The other sessions holding the database lock, in the order they took it. */
async function holders(client: pg.Client): Promise<LockHolder[]> {
  const { rows } = await client.query<{ application_name: string | null; backend_start: Date | null }>(
    `select a.application_name, a.backend_start
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())
        and l.classid::text::bigint = 0 and l.objid::text::bigint = $1 and l.objsubid = 1
        and l.pid <> pg_backend_pid()
      order by a.backend_start nulls last, l.pid`,
    [DATABASE_LOCK_KEY],
  )
  return rows.map((r) => parseName(r.application_name ?? '', r.backend_start?.getTime() ?? null))
}
