import fs from 'node:fs'
import { z } from 'zod'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { style } from '../lib/style'
import { parseTrace, type TraceDocument } from './trace'
import { groupBySteps, renderTrace, stepIndexes } from './trace-view'

export interface TraceCommandFlags {
  step?: string
  full?: boolean
  json?: boolean
}

const StepFlag = z.coerce.number().int().positive()

/** Reads and checks a trace file: one that cannot be read or is not a trace is exit 2, with why. */
export function readTrace(file: string): TraceDocument {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new UsageError(
      `${file} is not a scenario trace: not JSON (${(error as Error).message})`,
      'Traces are written by `fanspole scenario run` on a failure (or with --trace on), into scenario-traces/',
    )
  }
  const parsed = parseTrace(value)
  if ('problems' in parsed)
    throw new UsageError(
      `${file} is not a scenario trace:\n${parsed.problems.map((p) => `  ${p}`).join('\n')}`,
      'Traces are written by `fanspole scenario run` on a failure (or with --trace on), into scenario-traces/',
    )
  return parsed.trace
}

/** `fanspole scenario trace FILE [--step N] [--full] [--json]`. */
export function runTraceCommand(file: string, flags: TraceCommandFlags, io: Io): void {
  const trace = readTrace(file)
  let step: number | undefined
  if (flags.step !== undefined) {
    const parsed = StepFlag.safeParse(flags.step)
    const steps = stepIndexes(trace)
    if (!parsed.success || !steps.includes(parsed.data))
      throw new UsageError(
        `--step must be one of the trace's steps: ${steps.join(', ') || 'none'} (not ${JSON.stringify(flags.step)})`,
      )
    step = parsed.data
  }
  if (flags.json) {
    const group = groupBySteps(trace.events).find((g) => g.index === step)
    const events = [group?.start, ...(group?.events ?? []), group?.end].filter(Boolean)
    printJson(io, step === undefined ? trace : { ...trace, events })
    return
  }
  const lines = renderTrace(trace, style(io.color), { step, full: flags.full === true })
  io.out(`${lines.join('\n')}\n`)
}
