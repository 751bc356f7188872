import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'

/**
 * One process per SQLite file (docs/architecture.md, "One process per database file"): a
 * lock file beside the database, `<file>.lock`, holding who has it. It is created with all
 * of its content at once (written to a temporary file, then hard-linked into place, which
 * fails if the name exists), so a reader never sees half of it. A lock whose process is gone
 * (a `kill -9`, a power cut) is taken over: its pid is not running on this machine.
 *
 * Not an OS lock (Node has no flock), and not `proper-lockfile`: that library decides
 * staleness by the lock's age, so a server restarted within its stale period (seconds) after
 * a crash would be refused, and it keeps no record of the holder to name in the refusal.
 */
export interface LockHolder {
  pid: number
  host: string
  /** What holds it, as the person typed it: `fanspole serve`, `fanspole demo`. */
  command: string
  /** Wall time the lock was taken, epoch ms. */
  since_ms: number
  /** Tells this lock from a later one of the same pid (a process that locks, frees and locks again). */
  token: string
}

export interface HeldLockFile {
  holder: LockHolder
  release(): void
}

export type LockFileResult = { held: HeldLockFile } | { busy: LockHolder | null }

/** Attempts before giving up on a lock that keeps changing hands under us. */
const ATTEMPTS = 5

export function lockFileOf(dbFile: string): string {
  return `${dbFile}.lock`
}

/** Takes the lock, or answers who holds it (null: unreadable, being written this instant). */
export function tryLockFile(file: string, command: string, nowMs: number): LockFileResult {
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command,
    since_ms: nowMs,
    token: randomBytes(8).toString('hex'),
  }
  const content = `${JSON.stringify(holder)}\n`
  let last: LockHolder | null = null
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (create(file, content)) return { held: { holder, release: () => release(file, holder.token) } }
    const seen = read(file)
    if (seen === 'gone') continue
    last = seen.holder
    if (seen.holder && isAlive(seen.holder)) return { busy: seen.holder }
    // Dead, or unreadable (a lock file that is not ours to parse): move exactly what we read away.
    takeOver(file, seen.text)
  }
  return { busy: last }
}

/** Whether the process named in a lock is running; one on another machine is taken to be. */
export function isAlive(holder: Pick<LockHolder, 'pid' | 'host'>): boolean {
  if (holder.host !== os.hostname()) return true
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(holder.pid)
}

/**
 * A process killed with SIGKILL stays a zombie until its parent reaps it, and signal 0 still
 * reaches it. On Linux /proc tells: state Z. Elsewhere it counts as running (refused until
 * its parent reaps it, a moment later).
 */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (comm) S …": the state follows the last ')' (comm may hold spaces and parentheses).
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z'
  } catch {
    return false
  }
}

/** Reads the lock as it is now: who holds it, or that nobody does. */
export function readLockFile(file: string): LockHolder | null {
  const seen = read(file)
  return seen === 'gone' ? null : seen.holder
}

function create(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(tmp, content, { mode: 0o644 })
  try {
    fs.linkSync(tmp, file)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    // A file system without hard links (some network shares): exclusive create instead, with
    // a moment in which a reader may see the file empty (read() treats that as busy).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'ENOSYS')
      return createExclusive(file, content)
    throw error
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

function createExclusive(file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode: 0o644 })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

function read(file: string): 'gone' | { text: string; holder: LockHolder | null } {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
    throw error
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string')
      return {
        text,
        holder: {
          pid: parsed.pid,
          host: parsed.host,
          command: typeof parsed.command === 'string' ? parsed.command : 'another process',
          since_ms: typeof parsed.since_ms === 'number' ? parsed.since_ms : 0,
          token: typeof parsed.token === 'string' ? parsed.token : '',
        },
      }
  } catch {
    // Empty or cut short: being written right now (the exclusive-create fallback), or junk.
  }
  return { text, holder: null }
}

/**
 * Removes a stale lock — the one we read, not whatever replaced it meanwhile. Renaming is
 * atomic: of two processes taking over at once one moves the stale file away; the other then
 * moves nothing, or moves the new holder's lock, sees that it is not the stale text and puts
 * it back (a hard link, which fails rather than overwrite a third process's lock).
 */
function takeOver(file: string, staleText: string): void {
  if (staleText === '' && recentlyWritten(file)) return
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`
  try {
    fs.renameSync(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleText) fs.linkSync(aside, file)
  } catch {
    // Someone else's lock is in place already: theirs stands.
  } finally {
    fs.rmSync(aside, { force: true })
  }
}

/** An empty lock file younger than a second is one being written (exclusive-create fallback). */
function recentlyWritten(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 1000
  } catch {
    return false
  }
}

/** Removes the lock only while it is still ours (never a successor's). */
function release(file: string, token: string): void {
  const seen = read(file)
  if (seen !== 'gone' && seen.holder?.token === token) fs.rmSync(file, { force: true })
}
