import type { Summary } from './report'
import type { ScenarioResult, StepResult } from './types'

/**
 * `--reporter junit`: JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions'
 * test reporters): one `<testsuite>` per scenario file, one `<testcase>` per step. A failed
 * step is a `<failure>` with its headline as the message and every difference (with what the
 * answer held around it) as the text; steps not run are `<skipped/>`; a scenario that could
 * not start or finish gets an `<error>` on a testcase of its own, named `(scenario)`.
 * A scenario's trace file is a `trace` property of its suite and, on the testcase that
 * failed, an attachment line in `<system-out>` (`[[ATTACHMENT|path]]`, as Jenkins and
 * GitLab read it).
 */
export function junitXml(results: ScenarioResult[], summary: Summary): string {
  const suites = results.map(suite).join('')
  const failures = results.reduce((n, r) => n + r.steps.filter((s) => s.status === 'failed').length, 0)
  const errors = results.filter((r) => r.error).length
  const tests = results.reduce((n, r) => n + r.steps.length + (r.error ? 1 : 0), 0)
  const skipped = results.reduce((n, r) => n + r.steps.filter((s) => s.status === 'skipped').length, 0)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="fanspole scenarios" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${secs(summary.duration_ms)}">\n${suites}</testsuites>\n`
}

function suite(result: ScenarioResult): string {
  const failures = result.steps.filter((s) => s.status === 'failed').length
  const skipped = result.steps.filter((s) => s.status === 'skipped').length
  const tests = result.steps.length + (result.error ? 1 : 0)
  const attrs = `name="${attr(result.name)}" file="${attr(result.file)}" tests="${tests}" failures="${failures}" errors="${result.error ? 1 : 0}" skipped="${skipped}" time="${secs(result.duration_ms)}"`
  let out = `  <testsuite ${attrs}>\n`
  const trace = result.trace ? `<property name="trace" value="${attr(result.trace)}"/>` : ''
  out += `    <properties><property name="server" value="${attr(result.server)}"/>${trace}</properties>\n`
  for (const step of result.steps) out += testcase(result, step)
  if (result.error)
    out += `    <testcase classname="${attr(result.name)}" name="(scenario)" time="0">\n      <error message="${attr(result.error)}">${text(result.error)}</error>\n${attachment(result)}    </testcase>\n`
  return `${out}  </testsuite>\n`
}

function testcase(result: ScenarioResult, step: StepResult): string {
  const head = `    <testcase classname="${attr(result.name)}" name="${attr(`${step.index}. ${step.name}`)}" time="${secs(step.duration_ms)}"`
  if (step.status === 'passed') return `${head}/>\n`
  if (step.status === 'skipped') {
    const why = result.skipped ?? 'an earlier step failed'
    return `${head}>\n      <skipped message="${attr(why)}"/>\n    </testcase>\n`
  }
  const lines = [
    ...(step.detail ? [step.detail] : []),
    ...(step.mismatches ?? []).flatMap((m) => [
      `${m.path}: ${m.message}`,
      ...(m.around ? [`  ${m.around.path} holds ${m.around.value}`] : []),
    ]),
  ]
  if (lines.length === 0 || !step.mismatches?.length) lines.push(step.error ?? 'failed')
  return `${head}>\n      <failure message="${attr(step.error ?? 'failed')}" type="${attr(step.kind)}">${text(lines.join('\n'))}</failure>\n${attachment(result)}    </testcase>\n`
}

/** The trace as a JUnit attachment line (Jenkins' junit-attachments, GitLab's test reports). */
const attachment = (result: ScenarioResult) =>
  result.trace ? `      <system-out>${text(`[[ATTACHMENT|${result.trace}]]`)}</system-out>\n` : ''

const secs = (ms: number) => (ms / 1000).toFixed(3)

/** XML 1.0 allows neither most control characters nor lone surrogates, escaped or not. */
const clean = (value: string) =>
  Array.from(value, (ch) => {
    const c = ch.codePointAt(0) as number
    const bad = (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff
    // Array.from walks code points: a surrogate seen alone here had no partner.
    return bad || (c >= 0xd800 && c <= 0xdfff) ? '\ufffd' : ch
  }).join('')

const text = (value: string) =>
  clean(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const attr = (value: string) => text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;')
