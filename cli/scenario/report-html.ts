import type { Style } from '../lib/style'
import type { Summary } from './report'
import type { TraceDocument } from './trace'
import { renderTrace } from './trace-view'
import type { ScenarioResult, StepResult } from './types'

/**
 * `--reporter html`: one self-contained page (inline CSS, no script, nothing fetched) with
 * every scenario, its steps with durations, each failure with its differences and, for a
 * scenario whose trace was kept, the trace's timeline in a collapsed section.
 */
export function htmlReport(
  results: ScenarioResult[],
  summary: Summary,
  traceOf: (result: ScenarioResult) => TraceDocument | undefined,
): string {
  const verdict = summary.failed === 0 ? 'passed' : 'failed'
  const title = `Fanspole scenarios: ${summary.passed} passed, ${summary.failed} failed`
  const head = `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${CSS}</style></head>`
  const counts = `${summary.scenarios} scenario(s): ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped · ${summary.steps} step(s): ${summary.steps_passed} passed, ${summary.steps_failed} failed, ${summary.steps_skipped} skipped · ${seconds(summary.duration_ms)}`
  const body = [
    `<h1>Fanspole scenarios</h1>`,
    `<p class="summary ${verdict}">${esc(counts)}</p>`,
    ...results.map((r) => scenarioSection(r, traceOf(r))),
  ].join('\n')
  return `<!DOCTYPE html>\n<html lang="en">${head}<body>\n${body}\n</body></html>\n`
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`)

function scenarioSection(result: ScenarioResult, trace: TraceDocument | undefined): string {
  const state = result.skipped ? 'skipped' : result.ok ? 'passed' : 'failed'
  const mark = state === 'passed' ? '✓' : state === 'failed' ? '✗' : '–'
  const summary = `<summary><span class="mark ${state}">${mark}</span> <strong>${esc(result.name)}</strong> <span class="dim">${esc(result.file)} · ${esc(result.server)} · ${seconds(result.duration_ms)}</span></summary>`
  const parts = [summary]
  if (result.description) parts.push(`<p class="dim">${esc(result.description)}</p>`)
  if (result.skipped) parts.push(`<p class="skipped">skipped: ${esc(result.skipped)}</p>`)
  parts.push(
    `<table><thead><tr><th>#</th><th>step</th><th>kind</th><th>result</th><th>ms</th></tr></thead><tbody>${result.steps.map(stepRow).join('')}</tbody></table>`,
  )
  if (result.error) parts.push(`<p class="failed">✗ ${esc(result.error)}</p>`)
  if (result.trace) parts.push(`<p class="dim">trace file: <code>${esc(result.trace)}</code></p>`)
  if (trace)
    parts.push(
      `<details class="trace"><summary>Trace timeline (${trace.events.length} events)</summary><pre>${traceHtml(trace)}</pre></details>`,
    )
  return `<details class="scenario ${state}"${state === 'failed' ? ' open' : ''}>${parts.join('\n')}</details>`
}

function stepRow(step: StepResult): string {
  const row = `<tr class="${step.status}"><td>${step.index}</td><td>${esc(step.name)}${step.detail ? `<div class="dim">${esc(step.detail)}</div>` : ''}</td><td>${esc(step.kind)}</td><td>${step.status}</td><td>${step.duration_ms}</td></tr>`
  if (step.status !== 'failed') return row
  const lines = (step.mismatches ?? []).map(
    (m) =>
      `<li><code>${esc(m.path)}</code>: ${esc(m.message)}${m.around ? `<div class="dim">${esc(`${m.around.path || '(the whole value)'} holds ${m.around.value}`)}</div>` : ''}</li>`,
  )
  const error = step.error ? `<div class="failed">${esc(step.error)}</div>` : ''
  return `${row}<tr class="failure"><td></td><td colspan="4">${error}${lines.length ? `<ul>${lines.join('')}</ul>` : ''}</td></tr>`
}

// The trace timeline is rendered by the terminal view with a Style that leaves markers;
// the text is escaped, then the markers become spans (so nothing in a body can open a tag).
const OPEN = '\u0001'
const MID = '\u0003'
const CLOSE = '\u0002'
const mark = (cls: string) => (text: string) => `${OPEN}${cls}${MID}${text}${CLOSE}`
const HTML_STYLE: Style = {
  bold: mark('b'),
  dim: mark('dim'),
  red: mark('failed'),
  green: mark('passed'),
  yellow: mark('skipped'),
  cyan: mark('who'),
}

function traceHtml(trace: TraceDocument): string {
  // A body holding the marker characters would unbalance the spans: they are dropped first.
  const clean = JSON.parse(JSON.stringify(trace).replace(/\\u000[123]/g, '')) as TraceDocument
  const text = renderTrace(clean, HTML_STYLE, {}).join('\n')
  return esc(text)
    .replace(new RegExp(`${OPEN}(\\w+)${MID}`, 'g'), '<span class="$1">')
    .replaceAll(CLOSE, '</span>')
}

export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#1d2330}
h1{font-size:1.4em}
.summary{font-weight:600;padding:.5em .8em;border-radius:4px}
.summary.passed{background:#e6f4ea}.summary.failed{background:#fdecea}
details.scenario{border:1px solid #d5d9e0;border-radius:4px;margin:.6em 0;padding:.3em .8em}
details.scenario.failed{border-color:#d93025}
summary{cursor:pointer}
.mark{font-weight:700}
span.passed,p.summary.passed{color:#188038}span.failed,p.failed,div.failed,p.summary.failed{color:#c5221f}
span.skipped,p.skipped{color:#9a6700}
span.dim,p.dim,div.dim{color:#6b7280}span.who{color:#0b6b8a}span.b{font-weight:700}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{text-align:left;padding:.2em .5em;border-bottom:1px solid #eef0f3;vertical-align:top}
tr.failure td{background:#fff5f4}
tr.skipped td{color:#9aa0a6}tr.failed td{color:#c5221f}
pre{background:#f6f8fa;padding:.8em;overflow-x:auto;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
ul{margin:.3em 0;padding-left:1.4em}
`
