import { Command } from 'commander'
import type { Answer } from '../lib/api-types'
import {
  type BoardEntry,
  type ClassicTeamScoreRow,
  championshipApi,
  entryName,
  myTeamIn,
  type PhaseBoard,
  phasePath,
  type SeriesPhase,
  teamPath,
  transfersText,
} from '../lib/championship'
import { commandGroup, pageFlags, runs, serverOptions, withPages } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf, resolveServer } from '../lib/options'
import { type Style, style } from '../lib/style'
import { formatTable, rupees } from '../lib/table'
import { formatInstant } from '../lib/time'
import { teamCommand } from './championship-team'
import { transfersCommand } from './championship-transfers'
import { paintStatus } from './match'

const ID = 2 ** 31 - 1

const phasesOptions = serverOptions((z) => ({
  series: intFlag(z, 'a series id', 1, ID).optional(),
}))

const boardOptions = serverOptions((z) => ({
  phase: intFlag(z, 'a phase id', 1, ID),
  ...pageFlags(z, 200),
  watch: z.boolean().default(false),
}))

const historyOptions = serverOptions((z) => ({
  team: intFlag(z, 'a classic team id', 1, ID).optional(),
  phase: intFlag(z, 'a phase id', 1, ID).optional(),
}))

export function championshipCommand(io: Io): Command {
  const phases = new Command('phases')
    .description(
      'Series phases with your team in each: score, rank, transfers left and the next deadline (the start of the next match, when the team locks).',
    )
    .option('--series <id>', 'only the phases of this series')
  runs(io, phases, phasesOptions, runPhases)

  const leaderboard = withPages(
    new Command('leaderboard')
      .description('The phase leaderboard: every team by its phase total, with the transfers it used.')
      .requiredOption('--phase <id>', 'the series phase'),
    'teams',
    200,
  ).option(
    '--watch',
    'follow it live as matches are scored (q to quit); without a terminal, a line per update',
  )
  runs(io, leaderboard, boardOptions, runLeaderboard)

  const history = new Command('history')
    .description(
      'Match by match: the score, captain and vice-captain, the players in and out and the transfers used and paid for. Your team in --phase, or any team by --team once it has played.',
    )
    .option('--phase <id>', 'your team in this phase')
    .option('--team <id>', 'a classic team (public after its first match starts)')
  runs(io, history, historyOptions, runHistory)

  return commandGroup(
    'championship',
    'season-long teams per series phase: phases, my team, transfers, the phase leaderboard, history',
    [phases, teamCommand(io), transfersCommand(io), leaderboard, history],
    `
Examples:
  fanspole championship phases --series 2
  fanspole championship team create --phase 4 --players 11,12,…,21 --captain 12 --vice-captain 15
  fanspole championship team edit --phase 4 --out 13 --in 40 --captain 40
  fanspole championship transfers --phase 4
  fanspole championship leaderboard --phase 4 --watch
  fanspole championship history --phase 4

Rules (docs/championship.md): changes are unlimited until your team's first match starts;
then 2 free transfers per match (unused ones carry forward) and up to 2 paid ones
(₹15, then ₹25, charged when the next match locks with them in use). Captain and
vice-captain changes are free.
`,
  )
}

async function runPhases(io: Io, opts: OptionsOf<typeof phasesOptions>): Promise<void> {
  const api = championshipApi(io, resolveServer(io, opts.server))
  const query = opts.series ? `?series_id=${opts.series}` : ''
  const answer = await api.get<{ series_phases: SeriesPhase[] }>(`/api/championship/series_phases${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.series_phases.length === 0) {
    io.out(opts.series ? `Series ${opts.series} has no phases.\n` : 'No series phases.\n')
    return
  }
  io.out(
    formatTable(
      answer.series_phases,
      [
        { header: 'ID', value: (p) => p.id },
        { header: 'SERIES', value: (p) => p.series.short_name || p.series.name },
        { header: 'PHASE', value: (p) => p.name },
        { header: 'STATUS', value: (p) => p.status, paint: (t, p) => paintStatus(s, p.status, t) },
        { header: 'PLAYED', value: (p) => `${p.matches_completed}/${p.matches_count}`, align: 'right' },
        {
          header: 'MY TEAM',
          value: (p) => p.current_user_classic_team?.id ?? '',
          paint: (t) => s.cyan(t),
          align: 'right',
        },
        { header: 'SCORE', value: (p) => p.current_user_classic_team?.score ?? '', align: 'right' },
        { header: 'RANK', value: (p) => p.current_user_classic_team?.rank ?? '', align: 'right' },
        {
          header: 'FREE/PAID LEFT',
          value: (p) =>
            p.current_user_classic_team
              ? `${transfersText(p.current_user_classic_team.free_transfers)}/${transfersText(p.current_user_classic_team.paid_transfers)}`
              : '',
        },
        {
          header: 'NEXT DEADLINE',
          value: (p) => (p.next_deadline ? formatInstant(p.next_deadline) : ''),
        },
      ],
      s,
    ),
  )
  io.out(
    s.dim('∞: changes are unlimited until the team first locks · the deadline is the next match start\n'),
  )
}

async function runLeaderboard(io: Io, opts: OptionsOf<typeof boardOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  const api = championshipApi(io, server)
  if (opts.watch && opts.json)
    throw new UsageError(
      '--watch shows a live view; leave out --json (or read the leaderboard without --watch)',
    )
  const query = opts.watch ? 'page=1&per_page=10' : `page=${opts.page}&per_page=${opts.perPage}`
  const [{ series_phase: phase }, board] = await Promise.all([
    api.get<{ series_phase: SeriesPhase }>(phasePath(opts.phase)),
    api.get<PhaseBoard>(`${phasePath(opts.phase)}/leaderboard?${query}`),
  ])
  if (opts.watch) {
    const { watchPhase } = await import('../ui/championship-watch')
    return watchPhase(io, server, api, phase, board)
  }
  if (opts.json) return printJson(io, board)
  const s = style(io.color)
  io.out(
    `${s.bold(`${phase.series.short_name || phase.series.name} · ${phase.name}`)}  ${paintStatus(s, phase.status, phase.status)}\n`,
  )
  if (board.classic_teams.length === 0) {
    io.out('No teams yet.\n')
    return
  }
  io.out(boardTable(board, s))
  const { total } = board.meta
  const from = (board.meta.page - 1) * board.meta.per_page + 1
  io.out(s.dim(`${from}–${Math.min(total, from + board.classic_teams.length - 1)} of ${total}\n`))
  const mine = board.current_user_classic_team
  if (mine)
    io.out(
      s.cyan(
        `Your team ${mine.id}: rank ${mine.rank ?? '-'}, ${mine.score} points, ${mine.sum_free_sub_used} free and ${mine.sum_paid_sub_used} paid transfers used\n`,
      ),
    )
}

/** A player of a match row by name (its players_scores name them), else by id. */
const playerName = (row: ClassicTeamScoreRow, id: number) =>
  row.players_scores.find((p) => p.id === id)?.name ?? String(id)

function boardTable(board: PhaseBoard, s: Style): string {
  const mine = board.current_user_classic_team?.id
  return formatTable(
    board.classic_teams,
    [
      { header: 'RANK', value: (e: BoardEntry) => e.rank ?? '-', align: 'right' },
      { header: 'TEAM', value: (e) => entryName(e), paint: (t, e) => (e.id === mine ? s.cyan(t) : t) },
      { header: 'ID', value: (e) => e.id },
      { header: 'POINTS', value: (e) => e.score },
      { header: 'FREE USED', value: (e) => e.sum_free_sub_used },
      { header: 'PAID USED', value: (e) => e.sum_paid_sub_used },
    ],
    s,
  )
}

async function runHistory(io: Io, opts: OptionsOf<typeof historyOptions>): Promise<void> {
  if ((opts.team === undefined) === (opts.phase === undefined))
    throw new UsageError('give either --phase (your team in that phase) or --team (any team by its id)')
  const api = championshipApi(io, resolveServer(io, opts.server))
  const teamId = opts.team ?? (await myTeamIn(api, opts.phase as number)).id
  const answer = await api.get<Answer<'/api/championship/classic_teams/{id}/history'>>(
    `${teamPath(teamId)}/history`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const rows = answer.classic_team_scores
  if (rows.length === 0) {
    io.out(`Team ${teamId} has not played a match yet: history starts when its first match starts.\n`)
    return
  }
  const names = (list: Array<{ id: number; name: string }>) => list.map((p) => p.name).join(', ')
  io.out(
    formatTable(
      rows,
      [
        { header: 'MATCH', value: (r) => `${r.match.match_no}. ${r.match.title}` },
        {
          header: 'STATUS',
          value: (r) => r.match.status,
          paint: (t, r) => paintStatus(s, r.match.status, t),
        },
        { header: 'SCORE', value: (r) => r.score, align: 'right' },
        { header: 'C', value: (r) => playerName(r, r.captain.id) },
        { header: 'VC', value: (r) => playerName(r, r.vice_captain.id) },
        { header: 'IN', value: (r) => names(r.player_in) },
        { header: 'OUT', value: (r) => names(r.player_out) },
        { header: 'FREE', value: (r) => r.free_sub_used, align: 'right' },
        { header: 'PAID', value: (r) => r.paid_sub_used, align: 'right' },
        { header: 'CHARGED', value: (r) => (r.paid_charged ? rupees(r.paid_charged) : ''), align: 'right' },
      ],
      s,
    ),
  )
  const total = rows.reduce((sum, r) => sum + r.score, 0)
  const charged = rows.reduce((sum, r) => sum + r.paid_charged, 0)
  io.out(
    s.dim(
      `${rows.length} match${rows.length === 1 ? '' : 'es'} · ${Math.round(total * 100) / 100} points · ${rupees(charged)} paid for transfers\n`,
    ),
  )
}
