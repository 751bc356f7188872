import pg from 'pg'
import type { TableChanges } from './table-changes'

/** The channel the statement triggers notify (migration 2026-12-03-001-change-notify). */
export const CHANGES_CHANNEL = 'fanspole_changes'

const RETRY_MIN_MS = 50
const RETRY_MAX_MS = 5_000

/**
 * PostgreSQL's side of the per-table change versions (table-changes.ts): one LISTEN connection
 * per process on `fanspole_changes`, which every table's statement trigger notifies with the
 * table's name when a transaction that wrote it commits (PostgreSQL sends a notification only
 * after the commit, once per distinct name per transaction, from any process or psql). Each one
 * moves that table's version here, so a cached read costs PostgreSQL nothing, and another
 * process's commit reaches this one a notification later (the window, docs/performance.md).
 *
 * Not listening (before the first LISTEN, after the connection is lost, until it listens
 * again): nothing holds (`hearing` false), and listening again is "every table changed", since
 * what was committed meanwhile is unknown. Started by the first cache lookup (`start`), so
 * processes that never cache (CLI commands) open no connection for it.
 */
export function changeListener(url: string, changes: TableChanges) {
  let client: pg.Client | undefined
  let started = false
  let closed = false
  let retryMs = RETRY_MIN_MS
  changes.hearing = false

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true })
    let dead = false
    next.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) changes.changed([n.payload])
    })
    const lost = () => {
      dead = true
      if (client !== next) return
      client = undefined
      changes.hearing = false
      changes.changedAll()
      if (!closed) retry()
    }
    next.on('error', lost)
    next.on('end', lost)
    await next.connect()
    await next.query(`listen ${CHANGES_CHANNEL}`)
    if (closed || dead) {
      await next.end().catch(() => {})
      if (!closed) throw new Error('the LISTEN connection ended while starting')
      return
    }
    client = next
    retryMs = RETRY_MIN_MS
    // Whatever committed while nobody listened: every table.
    changes.changedAll()
    changes.hearing = true
  }

  const retry = () => {
    setTimeout(() => {
      if (closed) return
      connect().catch(() => {
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
        retry()
      })
    }, retryMs).unref?.()
  }

  return {
    /** Starts listening (once); lookups miss until it does. */
    start(): void {
      if (started || closed) return
      started = true
      connect().catch(() => retry())
    },
    /** The listening connection's server process, for tests that cut it. */
    async backendPid(): Promise<number | undefined> {
      const rows = await client?.query<{ pid: number }>('select pg_backend_pid() as pid')
      return rows?.rows[0]?.pid
    },
    async close(): Promise<void> {
      closed = true
      changes.hearing = false
      const current = client
      client = undefined
      await current?.end().catch(() => {})
    },
  }
}
