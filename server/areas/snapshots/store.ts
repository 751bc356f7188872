import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { type Config, defaultDbFile } from '../../core/config'
import type { Deps } from '../../core/deps'
import { AppError, invalid } from '../../http/errors'
import type { ClockState } from '../../lib/clock'

const run = promisify(execFile)

/** Letters, digits, `.`, `_`, `-`; starts with a letter or digit: a file name on every system. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

export interface SnapshotInfo {
  name: string
  size_bytes: number
  created_at_in_millis: number
  /** The game clock when it was saved: a restore puts the clock back there. */
  clock: ClockState | null
}

/** What is kept beside each copy: the clock at the moment of saving. */
interface SnapshotMeta {
  name: string
  kind: 'sqlite' | 'postgres'
  saved_at_wall_ms: number
  clock: ClockState
}

export function snapshotDir(config: Config): string {
  if (config.snapshotDir) return config.snapshotDir
  const file = config.databaseUrl || config.dbFile === ':memory:' ? defaultDbFile() : config.dbFile
  return path.join(path.dirname(path.resolve(file)), 'snapshots')
}

export function checkName(name: string): string {
  if (!NAME.test(name))
    throw invalid({
      name: ['must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit'],
    })
  return name
}

const extension = (deps: Deps) => (deps.dbHandle.kind === 'sqlite' ? '.sqlite' : '.pgdump')

export function snapshotFile(deps: Deps, name: string): string {
  return path.join(snapshotDir(deps.config), `${checkName(name)}${extension(deps)}`)
}

const metaFile = (file: string) => `${file}.json`

/** Every snapshot this database can restore, oldest first. */
export function listSnapshots(deps: Deps): SnapshotInfo[] {
  const dir = snapshotDir(deps.config)
  if (!fs.existsSync(dir)) return []
  const ext = extension(deps)
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(ext) && NAME.test(f.slice(0, -ext.length)))
    .map((f) => snapshotInfo(path.join(dir, f), f.slice(0, -ext.length)))
    .sort((a, b) => a.created_at_in_millis - b.created_at_in_millis || a.name.localeCompare(b.name))
}

function snapshotInfo(file: string, name: string): SnapshotInfo {
  const stat = fs.statSync(file)
  const meta = readMeta(file)
  return {
    name,
    size_bytes: stat.size,
    created_at_in_millis: meta?.saved_at_wall_ms ?? Math.floor(stat.mtimeMs),
    clock: meta?.clock ?? null,
  }
}

export function readMeta(file: string): SnapshotMeta | null {
  try {
    return JSON.parse(fs.readFileSync(metaFile(file), 'utf8')) as SnapshotMeta
  } catch {
    return null
  }
}

/** The snapshot's file; a missing name is a 404 that lists the names there are. */
export function existingSnapshot(deps: Deps, name: string): string {
  const file = snapshotFile(deps, name)
  if (!fs.existsSync(file)) {
    const names = listSnapshots(deps).map((s) => s.name)
    throw new AppError(
      'NOT_FOUND',
      `No snapshot named ${JSON.stringify(name)}; ${names.length ? `there are: ${names.join(', ')}` : 'there are none yet'}`,
    )
  }
  return file
}

/**
 * Copies the running database to `name` without stopping anything: SQLite's online backup
 * (pages copied in steps between other work; the copy is one consistent moment), or
 * `pg_dump` (one repeatable-read snapshot). Written beside its final name and renamed, so a
 * failed save never leaves half a snapshot under a name.
 */
export async function saveSnapshot(deps: Deps, name: string, replace: boolean): Promise<SnapshotInfo> {
  const file = snapshotFile(deps, name)
  if (fs.existsSync(file) && !replace)
    throw new AppError(
      'CONFLICT',
      `A snapshot named ${JSON.stringify(name)} exists; pass replace to overwrite it`,
    )
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const partial = `${file}.partial`
  const clock = deps.clock.state()
  try {
    if (deps.dbHandle.sqlite) await deps.dbHandle.sqlite.backup(partial)
    else await pgDump(pgUrl(deps), partial)
    const meta: SnapshotMeta = {
      name,
      kind: deps.dbHandle.kind,
      saved_at_wall_ms: deps.clock.wallNow(),
      clock,
    }
    fs.writeFileSync(metaFile(file), `${JSON.stringify(meta)}\n`)
    fs.renameSync(partial, file)
  } finally {
    fs.rmSync(partial, { force: true })
  }
  return snapshotInfo(file, name)
}

function pgUrl(deps: Deps): string {
  const url = deps.config.databaseUrl
  if (!url) throw new Error('PostgreSQL without a database URL')
  return url
}

/** The whole database at `url` in pg_dump's custom format. */
export async function pgDump(url: string, out: string): Promise<void> {
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${url}`])
  } catch (error) {
    throw pgToolError('pg_dump', error)
  }
}

export async function pgRestore(deps: Deps, file: string): Promise<void> {
  const url = pgUrl(deps)
  try {
    // One transaction: the tables are dropped and rebuilt together or not at all.
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--no-owner',
      `--dbname=${url}`,
      file,
    ])
  } catch (error) {
    throw pgToolError('pg_restore', error)
  }
}

function pgToolError(tool: string, error: unknown): AppError {
  const e = error as { code?: string; stderr?: string }
  if (e.code === 'ENOENT')
    return new AppError(
      'CONFLICT',
      `${tool} is not installed on the server's machine (install the PostgreSQL client tools)`,
    )
  // Never the URL (it holds the password): only the tool's first line of complaint.
  const line = (e.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? 'failed'
  return new AppError('CONFLICT', `${tool} failed: ${line.replace(/postgres(ql)?:\/\/\S+/g, '<database>')}`)
}
