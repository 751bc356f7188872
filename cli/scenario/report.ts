import path from 'node:path'
import type { Style } from '../lib/style'
import { headlineFor } from './match'
import type { ScenarioResult, StepResult } from './types'

/** Plain-text rendering of scenario results (✓ / ✗ per step, then a summary line). */
export interface Summary {
  scenarios: number
  passed: number
  failed: number
  /** Not run: they need the ephemeral server, or --bail stopped the run before them. */
  skipped: number
  steps: number
  steps_passed: number
  steps_failed: number
  steps_skipped: number
  duration_ms: number
}

export function summarise(results: ScenarioResult[], durationMs: number): Summary {
  const steps = results.flatMap((r) => r.steps)
  return {
    scenarios: results.length,
    passed: results.filter((r) => r.ok && !r.skipped).length,
    failed: results.filter((r) => !r.ok).length,
    skipped: results.filter((r) => r.skipped).length,
    steps: steps.length,
    steps_passed: steps.filter((s) => s.status === 'passed').length,
    steps_failed: steps.filter((s) => s.status === 'failed').length,
    steps_skipped: steps.filter((s) => s.status === 'skipped').length,
    duration_ms: durationMs,
  }
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`)
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`)

export function scenarioHeader(file: string, name: string, server: string, s: Style): string {
  return `${s.bold(name)} ${s.dim(`(${path.basename(file)}, ${server === 'ephemeral' ? 'ephemeral server' : server})`)}\n`
}

export function stepLine(step: StepResult, s: Style): string {
  if (step.status === 'skipped') return `  ${s.dim(`- ${step.name} (skipped)`)}\n`
  const mark = step.status === 'passed' ? s.green('✓') : s.red('✗')
  const detail = step.detail
    ? `  ${s.dim(`${step.detail} · ${step.duration_ms} ms`)}`
    : s.dim(`  ${step.duration_ms} ms`)
  let out = `  ${mark} ${step.status === 'failed' ? s.red(step.name) : step.name}${detail}\n`
  if (step.status === 'failed') {
    const lines: string[] = []
    const shown = new Set<string>()
    for (const m of step.mismatches ?? []) {
      lines.push(`${m.path}: ${m.message}`)
      // What the answer actually holds there, once per object however many keys differ in it.
      if (m.around && !shown.has(m.around.path)) {
        shown.add(m.around.path)
        lines.push(`  ${m.around.path || '(the whole value)'} holds ${m.around.value}`)
      }
    }
    if (lines.length === 0) lines.push(step.error ?? 'failed')
    // A step that failed with a message of its own shows it above the differences it lists.
    if (step.mismatches?.length && step.error && step.error !== headlineFor(step.mismatches))
      lines.unshift(step.error)
    for (const line of lines) out += `      ${s.red(indent(line, '        '))}\n`
  }
  return out
}

export function scenarioFooter(result: ScenarioResult, s: Style): string {
  if (result.skipped) return `  ${s.yellow(`skipped: ${result.skipped}`)}\n\n`
  let out = ''
  for (const step of result.steps) if (step.status === 'skipped') out += stepLine(step, s)
  if (result.error) out += `  ${s.red(`✗ ${indent(result.error, '    ')}`)}\n`
  const failed = result.steps.filter((x) => x.status === 'failed').length
  const verdict = result.ok
    ? s.green(`passed: ${result.steps.length} step(s)`)
    : s.red(`FAILED: ${failed} of ${result.steps.length} step(s) failed${result.error ? ', see above' : ''}`)
  const trace = result.trace
    ? `  ${s.dim('trace:')} ${result.trace}  ${s.dim(`(fanspole scenario trace ${result.trace})`)}\n`
    : ''
  return `${out}  ${verdict} ${s.dim(`in ${seconds(result.duration_ms)}`)}\n${trace}\n`
}

export function summaryLine(summary: Summary, s: Style): string {
  const skipped = summary.skipped > 0 ? `, ${summary.skipped} skipped` : ''
  const scenarios = `${summary.scenarios} scenario(s): ${summary.passed} passed, ${summary.failed} failed${skipped}`
  const steps = `${summary.steps} step(s): ${summary.steps_passed} passed, ${summary.steps_failed} failed, ${summary.steps_skipped} skipped`
  const line = `${scenarios} · ${steps} · ${seconds(summary.duration_ms)}`
  return `${summary.failed === 0 ? s.green(line) : s.red(line)}\n`
}
