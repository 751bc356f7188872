import { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import { idArgument } from '../lib/arguments'
import { apiOf, commandGroup, printTable, runs, serverOptions } from '../lib/command'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf } from '../lib/options'
import { style } from '../lib/style'
import { formatInstant } from '../lib/time'

/** A row of GET /api/admin/reports: contests, championship contests, users, posts and comments in one queue. */
type Report = Schema<'Report'>

const STATUSES = ['open', 'resolved', 'all'] as const

const listOptions = serverOptions((z) => ({
  status: z.enum(STATUSES, { error: 'expected open, resolved or all' }).default('open'),
  limit: intFlag(z, 'a number of rows', 1, 500).default(100),
}))

const resolveOptions = serverOptions((z) => ({
  resolution: z.string().trim().min(3, 'give a resolution of at least 3 characters').max(1000),
  hide: z.boolean().default(false),
}))

export function reportsCommand(io: Io): Command {
  const list = new Command('list')
    .description(
      'List reports of contests, players, posts and comments: the open queue oldest first, resolved ones newest first.',
    )
    .option('--status <status>', 'open, resolved or all (default: open)')
    .option('--limit <n>', 'how many (at most 500)', '100')
  runs(io, list, listOptions, runList)

  const resolve = new Command('resolve')
    .description(
      'Resolve an open report; the reporter is notified with the resolution. --hide also hides a reported post or comment (with its replies) everywhere.',
    )
    .argument('<id>', 'the report id (from `fanspole reports list`)')
    .requiredOption('--resolution <text>', 'what was done, in words the reporter understands')
    .option('--hide', 'hide the reported post or comment (posts and comments only)')
  runs(io, resolve, resolveOptions, (io, opts, id: string) => runResolve(io, idArgument('<id>', id), opts))

  return commandGroup(
    'reports',
    'work the queue of reported contests, users, posts and comments: list, resolve (admin)',
    [list, resolve],
    '\nExamples:\n  fanspole reports list\n  fanspole reports list --status all --json\n  fanspole reports resolve 3 --resolution "Renamed the contest"\n  fanspole reports resolve 4 --resolution "Removed: harassment" --hide\n',
  )
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const KIND: Record<Report['subject_type'], string> = {
  contest: 'contest',
  championship_contest: 'championship',
  user: 'user',
  post: 'post',
  comment: 'comment',
  esports_contest: 'esports',
}
/** `contest #3 Loud name`, `user #9 asha_k`, `post #12 "Buy followers at…"` */
const subjectOf = (r: Report) => {
  const label = r.subject_label?.replace(/\s+/g, ' ')
  const named =
    label === undefined
      ? ''
      : r.subject_type === 'post' || r.subject_type === 'comment'
        ? ` "${clip(label, 24)}"`
        : ` ${clip(label, 24)}`
  return `${KIND[r.subject_type] ?? r.subject_type} #${r.subject_id}${named}`
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const query = new URLSearchParams({ status: opts.status, per_page: String(opts.limit) })
  const answer = await api.get<{ reports: Report[] }>(`/api/admin/reports?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  printTable(
    io,
    answer.reports,
    `No reports${opts.status === 'all' ? '' : ` ${opts.status}`}\n`,
    [
      { header: 'ID', value: (r) => r.id },
      { header: 'SUBJECT', value: (r) => subjectOf(r) },
      { header: 'REASON', value: (r) => r.reason },
      { header: 'BY', value: (r) => r.reporter.username },
      {
        header: 'STATUS',
        value: (r) => (r.hid_subject ? `${r.status}, hidden` : r.status),
        paint: (t, r) => (r.status === 'open' ? s.yellow(t) : s.green(t)),
      },
      { header: 'REPORTED', value: (r) => formatInstant(r.created_at_in_millis) },
      { header: 'TEXT', value: (r) => clip(r.text.replace(/\s+/g, ' '), 40) },
      { header: 'RESOLUTION', value: (r) => (r.resolution === null ? null : clip(r.resolution, 32)) },
    ],
    s,
  )
}

async function runResolve(io: Io, id: number, opts: OptionsOf<typeof resolveOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const answer = await api.post<{ report: Report }>(`/api/admin/reports/${id}/resolve`, {
    resolution: opts.resolution,
    ...(opts.hide ? { hide: true } : {}),
  })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const r = answer.report
  io.out(`${s.green('Resolved')} report #${r.id} on ${subjectOf(r)} by ${s.bold(r.reporter.username)}\n`)
  if (r.hid_subject) io.out(`Hidden: the ${KIND[r.subject_type]} now answers 404 everywhere\n`)
  io.out(`Resolution: ${opts.resolution}\n`)
}
