import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { CliError, UsageError } from '../lib/errors'
import type { TraceDocument } from './trace'

/** `--trace`: always keep a trace, never, or only for a scenario that failed (the default). */
export const TRACE_MODES = ['on', 'off', 'retain-on-failure'] as const
export type TraceMode = (typeof TRACE_MODES)[number]
export const DEFAULT_TRACE_DIR = 'scenario-traces'

const TraceFlags = z.object({
  trace: z.enum(TRACE_MODES).default('retain-on-failure'),
  traceDir: z.string().min(1).default(DEFAULT_TRACE_DIR),
})

/** The --trace and --trace-dir flags (--trace-dir defaults to FANSPOLE_TRACE_DIR), checked (exit 2 naming the valid values). */
export function traceFlags(
  flags: { trace?: string; traceDir?: string },
  env: NodeJS.ProcessEnv = {},
): { mode: TraceMode; dir: string } {
  const parsed = TraceFlags.safeParse({
    ...flags,
    traceDir: flags.traceDir ?? (env.FANSPOLE_TRACE_DIR || undefined),
  })
  if (!parsed.success) {
    if (!(TRACE_MODES as readonly string[]).includes(flags.trace ?? TRACE_MODES[2]))
      throw new UsageError(
        `--trace must be one of ${TRACE_MODES.join(', ')} (not ${JSON.stringify(flags.trace)})`,
      )
    throw new UsageError('--trace-dir must name a directory')
  }
  return { mode: parsed.data.trace, dir: parsed.data.traceDir }
}

/** Whether a run's trace is kept: `on` always, `retain-on-failure` when it failed (not when skipped). */
export function keepsTrace(mode: TraceMode, result: { ok: boolean; skipped?: string }): boolean {
  if (result.skipped) return false
  return mode === 'on' || (mode === 'retain-on-failure' && !result.ok)
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '') || 'scenario'

/** `<file without .yaml>--<scenario name>.trace.json`: one name per scenario, the same on every run. */
export function traceFileName(file: string, name: string): string {
  const base = slug(path.basename(file).replace(/\.ya?ml$/i, ''))
  const own = slug(name)
  return `${base === own ? base : `${base}--${own}`}.trace.json`
}

/** Writes the trace into `dir` (created when missing) and answers its path. */
export function writeTrace(dir: string, trace: TraceDocument): string {
  const file = path.join(dir, traceFileName(trace.scenario.file, trace.scenario.name))
  try {
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(file, `${JSON.stringify(trace, null, 1)}\n`)
  } catch (error) {
    throw new CliError(`could not write the trace ${file}: ${(error as Error).message}`, {
      hint: 'Name another directory with --trace-dir, or leave traces out with --trace off',
    })
  }
  return file
}
