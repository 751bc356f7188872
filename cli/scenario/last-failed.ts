import fs from 'node:fs'
import path from 'node:path'
import { fanspoleHome } from '../lib/credentials'
import type { LoadedScenario } from './loader'
import type { ScenarioResult } from './types'

/**
 * `--last-failed`: every run records the scenarios that failed in it, by absolute file path
 * and name (an outline's row is in its name), in $FANSPOLE_HOME/scenario-last-failed.json.
 * The record is merged, not replaced: scenarios that did not run this time (left out by
 * --grep, --tag, another directory) keep their entry; those that ran lose it or get it anew.
 */
interface Entry {
  file: string
  name: string
}

interface LastRun {
  version: 1
  failed: Entry[]
}

export function lastFailedPath(env: NodeJS.ProcessEnv): string {
  return path.join(fanspoleHome(env), 'scenario-last-failed.json')
}

export function readLastFailed(env: NodeJS.ProcessEnv): Entry[] {
  try {
    const record = JSON.parse(fs.readFileSync(lastFailedPath(env), 'utf8')) as Partial<LastRun>
    return Array.isArray(record.failed)
      ? record.failed.filter((e) => typeof e?.file === 'string' && typeof e?.name === 'string')
      : []
  } catch {
    return []
  }
}

const key = (file: string, name: string) => `${path.resolve(file)}\n${name}`

/** The loaded scenarios that failed last time. */
export function lastFailedOf(loaded: LoadedScenario[], recorded: Entry[]): LoadedScenario[] {
  const wanted = recorded.map((e) => key(e.file, e.name))
  return loaded.filter((x) => wanted.includes(key(x.file, x.name)))
}

/** Updates the record after a run (written only when there is something to say). */
export function recordLastFailed(env: NodeJS.ProcessEnv, results: ScenarioResult[]): void {
  const ran = results.filter((r) => !r.skipped).map((r) => key(r.file, r.name))
  const before = readLastFailed(env)
  const kept = before.filter((e) => !ran.includes(key(e.file, e.name)))
  const failed = results.filter((r) => !r.ok).map((r) => ({ file: path.resolve(r.file), name: r.name }))
  const next: LastRun = { version: 1, failed: [...kept, ...failed] }
  if (before.length === 0 && next.failed.length === 0) return
  const file = lastFailedPath(env)
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`)
  } catch {
    // The record is a convenience: a home that cannot be written does not fail the run.
  }
}
