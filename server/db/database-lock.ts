import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { OperatorError } from '../domain/operator-error'
import { type LockHolder, lockFileOf, tryLockFile } from './lock-file'
import { type HeldPgLock, type LockMode, tryPgLock } from './pg-lock'

export type { LockHolder } from './lock-file'
export type { LockMode } from './pg-lock'

/**
 * Who may write a database (docs/architecture.md, "One database, who writes it"): every
 * process that writes one — a server, `fanspole demo`, `seed`, `db migrate|reset` — holds
 * this lock from before its first write until it closes the database.
 *
 * - SQLite: one process per file, whatever it does: a lock file beside the database
 *   (db/lock-file.ts).
 * - PostgreSQL: servers share the lock (several server processes on one database is a
 *   supported deployment); a command that replaces the data takes it alone, so it is
 *   refused while any server runs, and a server is refused while it works (db/pg-lock.ts).
 *
 * A refusal names the holder: "data/fanspole.sqlite is in use by `fanspole serve` (pid 1234,
 * since 10:02)". `:memory:` and scratch databases are nobody else's and are not locked.
 */
export interface DatabaseLock {
  readonly holder: LockHolder
  /**
   * Runs `fn` holding the lock alone: a restore or league reset by a running server. On
   * PostgreSQL it throws DatabaseInUseError while another process shares the database; on
   * SQLite this process is the only one already.
   */
  exclusive<T>(label: string, fn: () => Promise<T>): Promise<T>
  release(): Promise<void>
}

export interface LockTarget {
  dbFile: string
  databaseUrl?: string
}

export interface LockOptions {
  /** Names the holder in refusals: `fanspole serve`, `fanspole seed --reset`. */
  command: string
  /** PostgreSQL only (SQLite is always one process): `shared` for servers and additive commands. */
  mode: LockMode
  /** Wall time now, epoch ms (shown as "since"). */
  nowMs: number
  /** The shared lock's connection was lost and could not be taken back (PostgreSQL). */
  onLost?: (message: string) => void
}

export class DatabaseInUseError extends OperatorError {
  constructor(
    readonly location: string,
    readonly holders: LockHolder[],
  ) {
    const them = holders.length > 1 ? 'them' : 'it'
    super(`${location} is in use by ${describeHolders(holders)}`, {
      code: 'DATABASE_IN_USE',
      hint: location.startsWith('postgres')
        ? `Stop ${them} first (Ctrl-C where ${them === 'it' ? 'it runs' : 'they run'}), then try again`
        : 'Stop it first (Ctrl-C where it runs), or use --db with another file',
    })
    this.name = 'DatabaseInUseError'
  }
}

/** Where a database is, for messages: a path relative to here when under it, or the URL without its password. */
export function lockLocation(target: LockTarget): string {
  if (target.databaseUrl) return target.databaseUrl.replace(/:[^:@/]+@/, ':***@')
  const absolute = path.resolve(target.dbFile)
  const relative = path.relative(process.cwd(), absolute)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : absolute
}

/** Takes the lock or throws DatabaseInUseError naming who has it; null for `:memory:`. */
export async function lockDatabase(target: LockTarget, options: LockOptions): Promise<DatabaseLock | null> {
  const location = lockLocation(target)
  if (target.databaseUrl) return lockPostgres(target.databaseUrl, location, options)
  if (target.dbFile === ':memory:' || target.dbFile === '') return null
  const file = path.resolve(target.dbFile)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const result = tryLockFile(lockFileOf(file), options.command, options.nowMs)
  if ('busy' in result) throw new DatabaseInUseError(location, result.busy ? [result.busy] : [])
  const held = result.held
  return {
    holder: held.holder,
    exclusive: (_label, fn) => fn(),
    release: async () => held.release(),
  }
}

async function lockPostgres(url: string, location: string, options: LockOptions): Promise<DatabaseLock> {
  let current: HeldPgLock | null = null
  let released = false
  // A lost session lost its lock: take it back (shared) while the process runs on.
  const onLost = (error: Error) => {
    const lost = current
    current = null
    void lost?.release()
    if (released || options.mode !== 'shared') return
    void retake(1000, error.message)
  }
  const retake = async (delayMs: number, why: string): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref())
    if (released) return
    try {
      const again = await tryPgLock(url, options.command, 'shared', options.nowMs, onLost)
      if ('held' in again) {
        if (released) await again.held.release()
        else current = again.held
        return
      }
      options.onLost?.(`the database lock was lost (${why}) and ${describeHolders(again.busy)} holds it now`)
    } catch (error) {
      if (delayMs >= 30_000)
        options.onLost?.(`the database lock was lost (${why}): ${(error as Error).message}`)
    }
    await retake(Math.min(delayMs * 2, 30_000), why)
  }
  const first = await tryPgLock(url, options.command, options.mode, options.nowMs, onLost)
  if ('busy' in first) throw new DatabaseInUseError(location, first.busy)
  current = first.held
  return {
    holder: first.held.holder,
    exclusive: async (label, fn) => {
      const held = current
      // Without our session (lost, being taken back) nobody can tell who else is there.
      if (!held) throw new DatabaseInUseError(location, [])
      const outcome = await held.exclusive(label, fn)
      if ('busy' in outcome) throw new DatabaseInUseError(location, outcome.busy)
      return outcome.ok
    },
    release: async () => {
      released = true
      await current?.release()
      current = null
    },
  }
}

/** "`fanspole serve` (pid 1234, since 10:02)", several joined with "and". */
export function describeHolders(holders: LockHolder[], nowMs = Date.now()): string {
  if (holders.length === 0) return 'another process'
  return holders
    .map((h) => {
      const where = [
        h.pid > 0 ? `pid ${h.pid}` : null,
        h.host && h.host !== os.hostname() ? `on ${h.host}` : null,
      ]
        .filter(Boolean)
        .join(' ')
      const since = h.since_ms > 0 ? `since ${clockTime(h.since_ms, nowMs)}` : null
      const detail = [where || null, since].filter(Boolean).join(', ')
      return detail ? `\`${h.command}\` (${detail})` : `\`${h.command}\``
    })
    .join(' and ')
}

/** 10:02 today, or 2026-11-22 10:02 another day (local time: it is read by a person here). */
function clockTime(ms: number, nowMs: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`
  const day = (x: Date) => `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}`
  return day(d) === day(new Date(nowMs)) ? time : `${day(d)} ${time}`
}
