import { Command } from 'commander'
import type { Answer, Schema } from '../../lib/api-types'
import { idArgument } from '../../lib/arguments'
import { commandGroup, plainOptions, runsOnId, serverOptions } from '../../lib/command'
import { readTextFile, UsageError } from '../../lib/errors'
import { type Io, printJson } from '../../lib/io'
import type { OptionsOf } from '../../lib/options'
import { player } from '../../lib/session'
import { style } from '../../lib/style'
import { formatTable, rupees } from '../../lib/table'
import { formatInstant } from '../../lib/time'

/** GET/POST /api/esports/contests/{id}/results (docs/esports.md "Results, payouts and corrections"). */
type EsportsResults = Schema<'EsportsResults'>

interface Row {
  squad_id: number
  placement: number
  kills: number
}

const collect = (value: string, previous: string[] = []) => [...previous, value]

const enterOptions = serverOptions((z) => ({
  file: z.string().optional(),
  row: z.array(z.string()).default([]),
  note: z.string().trim().max(500, 'keep the note to 500 characters').optional(),
}))

const simulateOptions = serverOptions((z) => ({
  note: z.string().trim().max(500, 'keep the note to 500 characters').optional(),
}))

const disputeOptions = serverOptions((z) => ({
  text: z.string().trim().min(10, 'give --text of at least 10 characters').max(1000),
  squad: z.string().optional(),
}))

/** `fanspole esports results …`: enter, draw, show and dispute an esports room's results. */
export function esportsResultsCommand(io: Io): Command {
  const enter = new Command('enter')
    .description(
      'Enter the results of a contest (host or admin), or correct them: a later call is a new version, and each member’s difference is paid or taken back. One row per squad: --row <squad_id>:<placement>:<kills>, repeated, or --file with a JSON list of {squad_id, placement, kills} (or {results: [...]}).',
    )
    .argument('<contest>', 'the esports contest id')
    .option('--file <path>', 'a JSON file of the rows')
    .option('--row <squad:placement:kills>', 'one squad’s row (repeat for each squad)', collect)
    .option('--note <text>', 'why, shown with the version (a correction’s reason)')
  runsOnId(io, enter, '<contest>', enterOptions, (io, id, opts) => runEnter(io, id, opts))

  const simulate = new Command('simulate')
    .description(
      'Draw the results with the battle-royale simulator for the squads that joined (host or admin).',
    )
    .argument('<contest>', 'the esports contest id')
    .option('--note <text>', 'shown with the version')
  runsOnId(io, simulate, '<contest>', simulateOptions, (io, id, opts) => runSimulate(io, id, opts))

  const show = new Command('show')
    .description('Show the standings and prizes of a contest’s latest results, and its versions.')
    .argument('<contest>', 'the esports contest id')
  runsOnId(io, show, '<contest>', plainOptions, (io, id, opts) => runShow(io, id, opts))

  const dispute = new Command('dispute')
    .description(
      'Dispute the results (members only, within 24 hours of the latest version): a report in the admins’ queue; the host and admins are told.',
    )
    .argument('<contest>', 'the esports contest id')
    .requiredOption('--text <text>', 'what is wrong (10 to 1000 characters)')
    .option('--squad <id>', 'the squad the dispute is about')
  runsOnId(io, dispute, '<contest>', disputeOptions, (io, id, opts) => runDispute(io, id, opts))

  return commandGroup(
    'results',
    'an esports room’s results: enter or correct (host/admin), draw with the simulator, show, dispute',
    [enter, simulate, show, dispute],
    '\nExamples:\n  fanspole esports results enter 1000001 --row 4:1:6 --row 5:2:3 --row 6:3:0\n  fanspole esports results enter 1000001 --file results.json --note "Alpha and Bravo were swapped"\n  fanspole esports results simulate 1000001\n  fanspole esports results show 1000001 --json\n  fanspole esports results dispute 1000001 --text "We finished 2nd, not 3rd"\n',
  )
}

function parseRow(text: string): Row {
  const m = /^\s*(\d+):(\d+):(\d+)\s*$/.exec(text)
  if (!m) throw new UsageError(`--row: expected <squad_id>:<placement>:<kills>, got ${JSON.stringify(text)}`)
  return { squad_id: Number(m[1]), placement: Number(m[2]), kills: Number(m[3]) }
}

function readRows(file: string): Row[] {
  const text = readTextFile(file)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new UsageError(`--file: ${file} is not JSON`)
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { results?: unknown } | null)?.results
  if (!Array.isArray(list))
    throw new UsageError(`--file: ${file} must hold a list of {squad_id, placement, kills}`)
  return list as Row[]
}

async function runEnter(io: Io, contestId: number, opts: OptionsOf<typeof enterOptions>): Promise<void> {
  if (opts.file !== undefined && opts.row.length > 0) throw new UsageError('give --file or --row, not both')
  if (opts.file === undefined && opts.row.length === 0)
    throw new UsageError('give the rows: --row <squad_id>:<placement>:<kills> for each squad, or --file')
  const results = opts.file !== undefined ? readRows(opts.file) : opts.row.map(parseRow)
  const answer = await player(io, opts.server).post<{ esports_results: EsportsResults }>(
    `/api/esports/contests/${contestId}/results`,
    { results, ...(opts.note ? { note: opts.note } : {}) },
  )
  if (opts.json) return printJson(io, answer)
  printResults(io, answer.esports_results, true)
}

async function runSimulate(
  io: Io,
  contestId: number,
  opts: OptionsOf<typeof simulateOptions>,
): Promise<void> {
  const answer = await player(io, opts.server).post<{ esports_results: EsportsResults }>(
    `/api/esports/contests/${contestId}/results`,
    { simulate: true, ...(opts.note ? { note: opts.note } : {}) },
  )
  if (opts.json) return printJson(io, answer)
  printResults(io, answer.esports_results, true)
}

async function runShow(io: Io, contestId: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const answer = await player(io, opts.server).get<{ esports_results: EsportsResults }>(
    `/api/esports/contests/${contestId}/results`,
  )
  if (opts.json) return printJson(io, answer)
  printResults(io, answer.esports_results, false)
}

async function runDispute(io: Io, contestId: number, opts: OptionsOf<typeof disputeOptions>): Promise<void> {
  const squad = opts.squad === undefined ? undefined : idArgument('--squad', opts.squad)
  const answer = await player(io, opts.server).post<Answer<'/api/esports/contests/{id}/disputes', 'post'>>(
    `/api/esports/contests/${contestId}/disputes`,
    { text: opts.text, ...(squad !== undefined ? { squad_id: squad } : {}) },
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.green('Disputed')}: report #${answer.report.id} is in the admins’ queue; the host was told\n`)
}

function printResults(io: Io, r: EsportsResults, entered: boolean): void {
  const s = style(io.color)
  const latest = r.versions[0]
  const head = entered
    ? r.version === 1
      ? `${s.green('Settled')} contest #${r.contest_id}: results version 1`
      : `${s.green('Corrected')} contest #${r.contest_id}: results version ${r.version}`
    : `Contest #${r.contest_id}: results version ${r.version}`
  io.out(`${head} (${r.source}${latest ? `, by ${latest.entered_by.username}` : ''})\n`)
  if (r.note) io.out(`Note: ${r.note}\n`)
  io.out(
    formatTable(
      r.standings,
      [
        { header: 'RANK', value: (x) => x.rank },
        {
          header: 'SQUAD',
          value: (x) => `${x.squad.name} #${x.squad.id}`,
          paint: (t, x) => (x.squad.id === r.my_squad_id ? s.bold(t) : t),
        },
        { header: 'PLACE', value: (x) => x.placement },
        { header: 'KILLS', value: (x) => x.kills },
        { header: 'POINTS', value: (x) => x.points },
        { header: 'PRIZE', value: (x) => rupees(x.prize) },
        {
          header: 'MEMBERS',
          value: (x) => x.members.map((m) => `${m.user.username} ${rupees(m.prize)}`).join(', '),
        },
      ],
      s,
    ),
  )
  if (r.versions.length > 1)
    io.out(
      `Versions: ${r.versions
        .map(
          (v) =>
            `v${v.version} ${v.source} ${v.entered_by.username} ${formatInstant(v.created_at_in_millis)}`,
        )
        .join('; ')}\n`,
    )
}
