import fs from 'node:fs'
import path from 'node:path'
import { Command } from 'commander'
import { CLASS_LOT_SECONDS, CLASS_STUDENTS_MAX, CLASS_STUDENTS_MIN } from '../../server/domain/classroom'
import { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { overDaysBody, overDaysOptions } from '../lib/auction-over-days'
import { classSheetHtml } from '../lib/class-sheet'
import { runs, serverOptions } from '../lib/command'
import { ApiError, CliError, readTextFile, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionSchema, type OptionsOf, resolveServer, withJson, withServer } from '../lib/options'
import { lineOfRosterField, parseRoster, type Roster } from '../lib/roster-csv'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'
import { classReportCommand } from './class-report'

/** The answer of POST /api/admin/classrooms. */
export type ClassCreated = Answer<'/api/admin/classrooms', 'post'>

const RANGE = `${CLASS_STUDENTS_MIN}–${CLASS_STUDENTS_MAX}`

const count = (z: Parameters<OptionSchema>[0], what: string) =>
  z
    .string()
    .regex(/^\d+$/, {
      error: (issue) => `expected ${what} from ${RANGE}, got ${JSON.stringify(issue.input)}`,
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(CLASS_STUDENTS_MIN, `must be from ${RANGE}`)
        .max(CLASS_STUDENTS_MAX, `must be from ${RANGE}`),
    )

const createOptions = serverOptions((z) => ({
  students: count(z, 'a number of students').optional(),
  csv: z.string().min(1).optional(),
  name: z.string().trim().min(3, 'must be 3–40 characters').max(40, 'must be 3–40 characters').optional(),
  seats: count(z, 'a number of franchises').optional(),
  lotSeconds: z
    .string()
    .regex(/^\d+$/, {
      error: (issue) => `expected seconds from 5 to 120, got ${JSON.stringify(issue.input)}`,
    })
    .transform(Number)
    .pipe(z.number().min(5, 'expected seconds from 5 to 120').max(120, 'expected seconds from 5 to 120'))
    .optional(),
  html: z.string().min(1).optional(),
  lotTimer: z.string().optional(),
  quietHours: z.string().optional(),
  timeZone: z.string().optional(),
  standIn: z.boolean().optional(),
}))

export function classCommand(io: Io): Command {
  const cls = new Command('class').summary(
    'a classroom in one command: students, their group, an auction, a contest (admin)',
  )
  const create = createCmd()
  runs(io, create, createOptions, runCreate)
  const list = new Command('list').description('The classes created so far, newest first.')
  withJson(withServer(list)).action(async (raw: { server?: string; json?: boolean }) => runList(io, raw))
  return cls.addCommand(create).addCommand(list).addCommand(classReportCommand(io))
}

function createCmd(): Command {
  return overDaysOptions(new Command('create'))
    .description(
      `Create a class: ${RANGE} student accounts (printed once: a table, --json, or --html for cards to print), a group of them all, a private auction with every student an approved manager and bots in the seats left, and a free private contest on the next match. All or nothing: a refusal creates nothing.`,
    )
    .option(
      '--students <n>',
      `how many students (${RANGE}; with --csv, the CSV's rows are the first of them)`,
    )
    .option(
      '--csv <file>',
      'named students: a header line (username, full_name or name, email), one student a line',
    )
    .option('--name <text>', 'the class’s name (default: "Class <id>")')
    .option(
      '--seats <n>',
      'franchises in the auction (default: the students, at least 4); bots take the rest',
    )
    .option(
      '--lot-seconds <n>',
      'seconds each lot of the auction runs, 5–120 (default: 15); longer lots: --lot-timer with --quiet-hours',
    )
    .option('--html <file>', 'also write a printable sheet of sign-in cards to this file')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole class create --students 30\n  fanspole class create --students 30 --lot-timer 6h --quiet-hours 22:00-08:00 --time-zone Asia/Kolkata --stand-in\n  fanspole class create --csv names.csv --html cards.html\n  fanspole class create --students 8 --seats 10 --name "Stats 101" --json\n  fanspole class create --students 30 --lot-seconds 60\n',
    )
}

async function runCreate(io: Io, opts: OptionsOf<typeof createOptions>): Promise<void> {
  if (opts.students === undefined && opts.csv === undefined)
    throw new UsageError(`give --students <n> (${RANGE}) or --csv <file>`)
  const roster = opts.csv === undefined ? null : readRoster(opts.csv)
  const students = opts.students ?? roster?.rows.length ?? 0
  if (roster && roster.rows.length > students)
    throw new UsageError(`--students ${students}, but ${opts.csv} names ${roster.rows.length} students`)
  if (students > CLASS_STUDENTS_MAX)
    throw new UsageError(`${opts.csv} names ${students} students; a class takes ${RANGE}`)
  if (opts.seats !== undefined && opts.seats < Math.max(students, 2))
    throw new UsageError(`--seats: must be at least the number of students (${students}) and at least 2`)
  if (opts.html !== undefined) writable(opts.html)
  const overDays = classOverDays(opts)

  const server = resolveServer(io, opts.server)
  const api = new Api(io, server, 'admin')
  let created: ClassCreated
  try {
    created = await api.post<ClassCreated>('/api/admin/classrooms', {
      students,
      ...(roster ? { roster: roster.rows } : {}),
      ...(opts.name !== undefined ? { name: opts.name } : {}),
      ...(opts.seats !== undefined ? { seats: opts.seats } : {}),
      ...(opts.lotSeconds !== undefined ? { lot_seconds: opts.lotSeconds } : {}),
      ...overDays,
    })
  } catch (error) {
    throw rosterError(error, roster, opts.csv)
  }
  // The server names the address students use (FANSPOLE_PUBLIC_URL, else the one this CLI used).
  const site = created.sign_in_url.replace(/\/+$/, '')
  if (opts.html !== undefined) fs.writeFileSync(opts.html, classSheetHtml({ ...created, server: site }))
  if (opts.json) return printJson(io, { ...created, html: opts.html ?? null })
  printClass(io, site, created, opts.html, overDays)
}

/** A class that bids over days (docs/classroom.md, "An asynchronous class"): the auction create's flags. */
function classOverDays(opts: OptionsOf<typeof createOptions>): Record<string, unknown> {
  if (
    opts.lotTimer === undefined &&
    opts.quietHours === undefined &&
    opts.timeZone === undefined &&
    !opts.standIn
  )
    return {}
  if (opts.lotTimer !== undefined && opts.lotSeconds !== undefined)
    throw new UsageError('give --lot-seconds or --lot-timer, not both')
  return overDaysBody({
    lotSeconds: String(opts.lotSeconds ?? CLASS_LOT_SECONDS),
    lotTimer: opts.lotTimer,
    quietHours: opts.quietHours,
    timeZone: opts.timeZone,
    standIn: opts.standIn,
  })
}

/** `Over days  lots of 6 h, quiet 22:00–08:00 (Asia/Kolkata), bots stand in for absent students`. */
function overDaysLines(body: Record<string, unknown>): string[] {
  if (Object.keys(body).length === 0) return []
  const q = body.quiet_hours as { from: string; to: string; time_zone: string } | undefined
  const seconds = Number(body.lot_seconds)
  const lots = seconds >= 3600 ? `${Math.round((seconds / 3600) * 10) / 10} h` : `${seconds} s`
  const parts = [
    `lots of ${lots}`,
    q ? `quiet ${q.from}–${q.to} (${q.time_zone})` : 'no quiet hours',
    ...(body.stand_in ? ['bots stand in for absent students'] : []),
  ]
  return [`Over days  ${parts.join(', ')}`]
}

function readRoster(file: string): Roster {
  const text = readTextFile(file)
  return parseRoster(text, file)
}

/** Checked before anything is created: a class whose sheet cannot be written is a class half handed out. */
function writable(file: string): void {
  try {
    fs.accessSync(path.dirname(path.resolve(file)), fs.constants.W_OK)
  } catch {
    throw new CliError(
      `Cannot write ${file}: its folder does not exist or is not writable; nothing was created`,
    )
  }
}

/** The server's refusal of a roster row, told by CSV line (it created nothing). */
function rosterError(error: unknown, roster: Roster | null, file: string | undefined): unknown {
  if (!(error instanceof ApiError) || !roster || !error.fields) return error
  const lines = Object.entries(error.fields).flatMap(([field, messages]) => {
    const where = lineOfRosterField(field, roster)
    return where ? [`${where}: ${messages.join(', ')}`] : []
  })
  if (lines.length === 0) return error
  return new CliError(
    `${file}: the server refused ${lines.length === 1 ? 'a row' : `${lines.length} rows`}, nothing was created\n  ${lines.join('\n  ')}`,
    {
      code: error.code,
    },
  )
}

function printClass(
  io: Io,
  server: string,
  c: ClassCreated,
  html: string | undefined,
  overDays: Record<string, unknown>,
): void {
  const s = style(io.color)
  io.out(
    `${s.green('Created')} ${s.bold(c.classroom.name)} (class ${c.classroom.id}): ${c.students.length} students\n\n`,
  )
  io.out(
    formatTable(
      c.students,
      [
        { header: 'USERNAME', value: (u) => u.username },
        { header: 'PASSWORD', value: (u) => u.password },
        { header: 'NAME', value: (u) => u.full_name ?? '' },
        { header: 'EMAIL', value: (u) => u.email },
      ],
      s,
    ),
  )
  const a = c.auction
  io.out(
    [
      '',
      `Sign in at ${s.cyan(`${server}/`)} with the username and password above${html ? ` (cards to print: ${html})` : ''}.`,
      `Group      ${c.group.name} (${c.group.uuid}), every student a member`,
      `Auction    #${a.id} "${a.name}", code ${a.code}: ${a.students} students approved${a.bots > 0 ? ` + ${a.bots} bot${a.bots === 1 ? '' : 's'}` : ''} = ${a.seats} franchises`,
      `           pool: every cricket player of the league (${a.pool.players}), scored on ${a.pool.series_name}: squads ${a.squad_min}–${a.squad_max}${a.balanced ? ', balanced' : ', not balanced (the pool is too small for 11 each)'}`,
      c.contest
        ? `Contest    "${c.contest.name}" on ${c.contest.match_name}, code ${c.contest.invite_code} (free, private)`
        : `Contest    none: ${c.contest_skipped ?? 'not made'}`,
      ...overDaysLines(overDays),
      `Project    ${s.cyan(`${server}/auctions/${a.id}/board`)} (join by QR; Space pauses, N closes a lot)`,
      `Gradebook  ${s.cyan(`${server}/classes/${c.classroom.id}/report`)} or fanspole class report ${c.classroom.id} --csv`,
      '',
      s.dim(`Start the auction when the class is in: fanspole auction start ${a.id}`),
      s.dim(
        `Act as a student: fanspole --as ${c.students[0]?.username ?? '<username>'} auction show ${a.id}`,
      ),
      s.dim('The passwords are shown only now: keep this output (or --html) safe.'),
      '',
    ].join('\n'),
  )
}

async function runList(io: Io, flags: { server?: string; json?: boolean }): Promise<void> {
  const api = new Api(io, resolveServer(io, flags.server), 'admin')
  const { classrooms } = await api.get<{
    classrooms: Array<{
      id: number
      name: string
      students_count: number
      auction_id: number
      contest_id: number | null
    }>
  }>('/api/admin/classrooms')
  if (flags.json) return printJson(io, { classrooms })
  if (classrooms.length === 0) return io.out('No classes yet: fanspole class create --students 30\n')
  const s = style(io.color)
  io.out(
    formatTable(
      classrooms,
      [
        { header: 'ID', value: (c) => c.id },
        { header: 'NAME', value: (c) => c.name },
        { header: 'STUDENTS', value: (c) => c.students_count },
        { header: 'AUCTION', value: (c) => c.auction_id },
        { header: 'CONTEST', value: (c) => c.contest_id ?? '—' },
      ],
      s,
    ),
  )
}
