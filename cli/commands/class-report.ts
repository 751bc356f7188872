import fs from 'node:fs/promises'
import path from 'node:path'
import { Command } from 'commander'
import {
  DEFAULT_PARTICIPATION,
  DROP_LOWEST_MAX,
  GradeRuleQuery,
  PARTICIPATION_METRICS,
  RULE_FORMS,
} from '../../server/domain/gradebook'
import { GRADEBOOK_COLUMNS, type GradebookRow, gradebookCsv } from '../../server/domain/gradebook-table'
import { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { runsOnId, serverOptions } from '../lib/command'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionsOf, resolveServer } from '../lib/options'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'

/** The answer of GET /api/classrooms/{id}/report. */
export type ClassReport = Answer<'/api/classrooms/{id}/report', 'get'>

const reportOptions = serverOptions((z) => ({
  csv: z.boolean().default(false),
  html: z.boolean().default(false),
  out: z.string().trim().min(1, 'expected a file').optional(),
  participation: z.string().optional(),
  result: z.string().optional(),
  dropLowest: z.string().optional(),
  negativeAsZero: z.boolean().default(false),
}))

type Options = OptionsOf<typeof reportOptions>

/** `fanspole class report <id>`: the class's gradebook as a table, CSV, HTML or JSON. */
export function classReportCommand(io: Io): Command {
  const cmd = new Command('report')
    .description(
      'The gradebook of a class you made (or any, as an admin): per student sign-ins, contests joined, best and last rank and points, auction spend, squad size and value (the auction’s scorer), purse left, bids, transfers and posts, with a participation grade and a result grade by the rule you give (docs/classroom.md, "Gradebook").',
    )
    .argument('<id>', 'class id (fanspole class list)')
    .option('--csv', 'CSV: a header row, one student a line')
    .option('--html', 'a self-contained HTML page with the table')
    .option('--out <file>', 'write the table, CSV, HTML or JSON to this file instead of stdout')
    .option(
      '--participation <weights>',
      `metric:weight pairs adding up to 100, metrics from ${PARTICIPATION_METRICS.join(', ')} (default: "${DEFAULT_PARTICIPATION}")`,
    )
    .option(
      '--result <mode>',
      'grade each contest and the finished auction by rank or points (default: points)',
    )
    .option(
      '--drop-lowest <n>',
      `leave out each student's n lowest results from 0 to ${DROP_LOWEST_MAX} (default: 0)`,
    )
    .option('--negative-as-zero', 'count a negative result as 0')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole class report 3\n  fanspole class report 3 --csv --out grades.csv\n  fanspole class report 3 --participation "contests:40,bids:30,posts:30" --result rank --drop-lowest 1\n  fanspole class report 3 --html --out grades.html --negative-as-zero\n  fanspole class report 3 --json\n',
    )
  return runsOnId(io, cmd, 'class id', reportOptions, runReport)
}

/** The rule as the API's query, checked here first: a rule that does not parse is exit 2 with the valid forms. */
export function ruleQuery(opts: Pick<Options, 'participation' | 'result' | 'dropLowest' | 'negativeAsZero'>) {
  const query: Record<string, string> = {}
  if (opts.participation !== undefined) query.participation = opts.participation
  if (opts.result !== undefined) query.result = opts.result
  if (opts.dropLowest !== undefined) query.drop_lowest = opts.dropLowest
  if (opts.negativeAsZero) query.negative_as_zero = 'true'
  const parsed = GradeRuleQuery.safeParse(query)
  if (!parsed.success) {
    const flag = (key: PropertyKey | undefined) => `--${String(key ?? 'rule').replaceAll('_', '-')}`
    const problems = parsed.error.issues.map((i) => `${flag(i.path[0])}: ${i.message}`)
    throw new UsageError(
      `${problems.join('; ')}\nThe valid forms:\n  ${RULE_FORMS.map(flagForm).join('\n  ')}`,
    )
  }
  return new URLSearchParams(query).toString()
}

/** A form of the API's rule as its flag: `--drop-lowest: …`; `--negative-as-zero` is a switch. */
function flagForm(form: string): string {
  if (form.startsWith('negative_as_zero')) return '--negative-as-zero: a switch, no value'
  return form.replace(/^(\w+):/, (_, key: string) => `--${key.replaceAll('_', '-')}:`)
}

async function runReport(io: Io, id: number, opts: Options): Promise<void> {
  const formats = [opts.csv && '--csv', opts.html && '--html', opts.json && '--json'].filter(Boolean)
  if (formats.length > 1)
    throw new UsageError(`give one of --csv, --html, --json, not ${formats.join(' and ')}`)
  const query = ruleQuery(opts)
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const report = await api.get<ClassReport>(`/api/classrooms/${id}/report${query ? `?${query}` : ''}`)
  const text = opts.csv
    ? gradebookCsv(report.students)
    : opts.html
      ? reportHtml(report)
      : opts.json
        ? `${JSON.stringify(report, null, 2)}\n`
        : reportTable(io, report)
  if (opts.out === undefined) return io.out(text)
  const out = path.resolve(opts.out)
  try {
    await fs.writeFile(out, text)
  } catch (error) {
    throw new CliError(`Cannot write ${opts.out}: ${(error as Error).message}`, { code: 'WRITE_FAILED' })
  }
  if (opts.json) return printJson(io, { report: { class_id: id, out, students: report.students.length } })
  io.out(`Wrote the gradebook of ${report.classroom.name} (${report.students.length} students) to ${out}\n`)
}

function ruleLine(rule: ClassReport['rule']): string {
  const weights = Object.entries(rule.participation)
    .map(([k, v]) => `${k}:${v}`)
    .join(',')
  return `participation ${weights}; result by ${rule.result}${rule.drop_lowest > 0 ? `, lowest ${rule.drop_lowest} dropped` : ''}${rule.negative_as_zero ? ', negatives as 0' : ''}`
}

const cell = (v: string | number | null) => (v === null ? '—' : v)

function reportTable(io: Io, report: ClassReport): string {
  const s = style(io.color)
  const head = `${s.bold(report.classroom.name)} (class ${report.classroom.id}): ${report.students.length} students\nRule: ${ruleLine(report.rule)}\nGraded: ${report.graded.length === 0 ? 'nothing yet (no contest locked, the auction not finished)' : report.graded.map((g) => `${g.kind} ${g.id}`).join(', ')}\n\n`
  if (report.students.length === 0) return `${head}No students in this class.\n`
  const columns = GRADEBOOK_COLUMNS.filter((c) => c.short).map((c) => ({
    header: c.short as string,
    value: (r: GradebookRow) => cell(r[c.key]),
  }))
  return head + formatTable(report.students, columns, s)
}

const escapeHtml = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** A page that prints or opens anywhere: the rule, then the full table. */
function reportHtml(report: ClassReport): string {
  const head = GRADEBOOK_COLUMNS.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('')
  const rows = report.students
    .map((r) => `<tr>${GRADEBOOK_COLUMNS.map((c) => `<td>${escapeHtml(cell(r[c.key]))}</td>`).join('')}</tr>`)
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(report.classroom.name)} — gradebook</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}th:nth-child(-n+2),td:nth-child(-n+2){text-align:left}</style>
</head><body>
<h1>${escapeHtml(report.classroom.name)} — gradebook</h1>
<p>Rule: ${escapeHtml(ruleLine(report.rule))}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table>
</body></html>
`
}
