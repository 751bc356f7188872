import { Command } from 'commander'
import { Api } from '../lib/api'
import { idArgument } from '../lib/arguments'
import { type Io, printJson } from '../lib/io'
import {
  intFlag,
  type OptionSchema,
  type OptionsOf,
  parseOptions,
  resolveServer,
  withJson,
  withServer,
} from '../lib/options'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'
import { formatInstant } from '../lib/time'

/** A row of GET /api/admin/reports. */
interface Report {
  id: number
  contest_type: 'contest' | 'championship_contest'
  contest_id: number
  contest_name: string | null
  reason: string
  reason_label: string
  text: string
  status: 'open' | 'resolved'
  resolution: string | null
  reporter: { id: number; slug: string; username: string }
  resolved_by: { id: number; slug: string; username: string } | null
  created_at_in_millis: number
  resolved_at_in_millis: number | null
}

const STATUSES = ['open', 'resolved', 'all'] as const

const listOptions = ((z) =>
  z.object({
    status: z.enum(STATUSES, { error: 'expected open, resolved or all' }).default('open'),
    limit: intFlag(z, 'a number of rows', 1, 500).default(100),
    server: z.string().optional(),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

const resolveOptions = ((z) =>
  z.object({
    resolution: z.string().trim().min(3, 'give a resolution of at least 3 characters').max(1000),
    server: z.string().optional(),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

export function reportsCommand(io: Io): Command {
  const command = new Command('reports').summary('work the queue of reported contests: list, resolve (admin)')

  const list = new Command('list')
    .description('List reported contests: the open queue oldest first, resolved ones newest first.')
    .option('--status <status>', 'open (default), resolved or all')
    .option('--limit <n>', 'how many (at most 500)', '100')
  withJson(withServer(list)).action(async (raw) => runList(io, await parseOptions(listOptions, raw)))

  const resolve = new Command('resolve')
    .description('Resolve an open report; the reporter is notified with the resolution.')
    .argument('<id>', 'the report id (from `fanspole reports list`)')
    .requiredOption('--resolution <text>', 'what was done, in words the reporter understands')
  withJson(withServer(resolve)).action(async (id: string, raw) => {
    const opts = await parseOptions(resolveOptions, raw)
    return runResolve(io, idArgument('<id>', id), opts)
  })

  command.addHelpText(
    'after',
    '\nExamples:\n  fanspole reports list\n  fanspole reports list --status all --json\n  fanspole reports resolve 3 --resolution "Renamed the contest"\n',
  )
  return command.addCommand(list).addCommand(resolve)
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const contestOf = (r: Report) =>
  `${r.contest_type === 'contest' ? 'contest' : 'championship'} #${r.contest_id}${r.contest_name ? ` ${clip(r.contest_name, 24)}` : ''}`

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const query = new URLSearchParams({ status: opts.status, per_page: String(opts.limit) })
  const answer = await api.get<{ reports: Report[] }>(`/api/admin/reports?${query}`)
  if (opts.json) return printJson(io, answer)
  if (answer.reports.length === 0) {
    io.out(`No reports${opts.status === 'all' ? '' : ` ${opts.status}`}\n`)
    return
  }
  const s = style(io.color)
  io.out(
    formatTable(
      answer.reports,
      [
        { header: 'ID', value: (r) => r.id },
        { header: 'CONTEST', value: (r) => contestOf(r) },
        { header: 'REASON', value: (r) => r.reason },
        { header: 'BY', value: (r) => r.reporter.username },
        {
          header: 'STATUS',
          value: (r) => r.status,
          paint: (t, r) => (r.status === 'open' ? s.yellow(t) : s.green(t)),
        },
        { header: 'REPORTED', value: (r) => formatInstant(r.created_at_in_millis) },
        { header: 'TEXT', value: (r) => clip(r.text.replace(/\s+/g, ' '), 40) },
        { header: 'RESOLUTION', value: (r) => (r.resolution === null ? null : clip(r.resolution, 32)) },
      ],
      s,
    ),
  )
}

async function runResolve(io: Io, id: number, opts: OptionsOf<typeof resolveOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const answer = await api.post<{ report: Report }>(`/api/admin/reports/${id}/resolve`, {
    resolution: opts.resolution,
  })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const r = answer.report
  io.out(`${s.green('Resolved')} report #${r.id} on ${contestOf(r)} by ${s.bold(r.reporter.username)}\n`)
  io.out(`Resolution: ${opts.resolution}\n`)
}
