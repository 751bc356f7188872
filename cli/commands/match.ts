import { Command } from 'commander'
import { commandGroup, pageFlags, printPage, runs, runsOnId, serverOptions, withPages } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type Match, namesOf, type Player, scoreLines, sidesText } from '../lib/matches'
import { choiceFlag, intFlag, type OptionsOf, resolveServer, SPORT_SLUGS } from '../lib/options'
import { readerApi } from '../lib/session'
import { style } from '../lib/style'
import { formatFields, formatTable } from '../lib/table'
import { formatInstant } from '../lib/time'
import { matchExportCommand } from './match-export'
import { abandonOptions, adminOptions, scoreOptions, simulateOptions } from './match-options'
import { matchReplayCommand } from './match-replay'

const STATUSES = ['upcoming', 'live', 'completed', 'abandoned'] as const

const listOptions = serverOptions((z) => ({
  sport: choiceFlag(z, SPORT_SLUGS).optional(),
  status: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined
      const parts = text.split(',').map((s) => s.trim())
      const bad = parts.filter((p) => !(STATUSES as readonly string[]).includes(p))
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `expected some of ${STATUSES.join(', ')}, got ${bad.join(', ')}`,
        })
      return parts.join(',')
    }),
  series: intFlag(z, 'a series id', 1, 2 ** 31 - 1).optional(),
  ...pageFlags(z, 100),
}))

const showOptions = serverOptions((z) => ({
  watch: z.boolean().default(false),
}))

export function matchCommand(io: Io): Command {
  const list = withPages(
    new Command('list')
      .description('List matches: upcoming and live soonest first, finished newest first.')
      .option('--sport <slug>', SPORT_SLUGS.join(', '))
      .option('--status <list>', 'comma-joined: upcoming, live, completed, abandoned')
      .option('--series <id>', 'only this series'),
    'matches',
    100,
  )
  runs(io, list, listOptions, runList)

  const show = new Command('show')
    .description('Show one match: sides, start, status, score and contests. --watch follows it live.')
    .argument('<id>', 'match id')
    .option('--watch', 'open the live scoreboard (q to quit); without a terminal, print each event')
  runsOnId(io, show, 'match id', showOptions, runShow)

  const simulate = new Command('simulate')
    .description(
      'Play the match with the seeded simulator (admin). instant: every event now, then completion and settlement. live: each event at its game-clock time (speed the clock up with `fanspole clock --speed 300`).',
    )
    .argument('<id>', 'match id')
    .option('--mode <mode>', 'live or instant', 'live')
    .option('--era <era>', 'cricket: the era to play in (t20-2008, t20-2024; odi-2015 for an ODI)')
    .option('--league <league>', 'football: the league whose goal rates it plays at (e.g. premier-league)')
  runsOnId(io, simulate, 'match id', simulateOptions, async (io, id, opts) =>
    (await admin()).runSimulate(io, id, opts),
  )

  const score = new Command('score')
    .description(
      'Post scoring events from a JSON file (admin): {"events": [...]} or a bare array, in the format of docs/events.md. An event with the seq of a stored one replaces it (a correction).',
    )
    .argument('<id>', 'match id')
    .requiredOption('--events <file>', 'the events file (JSON)')
  runsOnId(io, score, 'match id', scoreOptions, async (io, id, opts) =>
    (await admin()).runScore(io, id, opts),
  )

  const complete = new Command('complete')
    .description('Complete a live match and settle its contests: final ranks, prizes to winnings (admin).')
    .argument('<id>', 'match id')
  runsOnId(io, complete, 'match id', adminOptions, async (io, id, opts) =>
    (await admin()).runComplete(io, id, opts),
  )

  const abandon = new Command('abandon')
    .description('Abandon a match: no points count and every contest is cancelled and refunded (admin).')
    .argument('<id>', 'match id')
    .option('--reason <text>', 'why (shown to players; at least 3 characters)')
  runsOnId(io, abandon, 'match id', abandonOptions, async (io, id, opts) =>
    (await admin()).runAbandon(io, id, opts),
  )

  return commandGroup(
    'match',
    'list and show matches, export them as Cricsheet JSON; simulate, score, complete or abandon them (admin)',
    [list, show, simulate, score, complete, abandon, matchReplayCommand(io), matchExportCommand(io)],
    '\nExamples:\n  fanspole match list --sport cricket --status upcoming,live\n  fanspole match show 14 --watch\n  fanspole match simulate 14 --mode instant --era t20-2024\n  fanspole match score 14 --events events.json\n  fanspole match export 14 --out match-14.json\n',
  )
}

/** The admin actions live in their own module, loaded when one runs. */
const admin = () => import('./match-admin')

/** The score in one line, for tables. */
const scoreText = (m: Match) => scoreLines(m, m.score_summary, new Map()).join(' · ')

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  const query = new URLSearchParams({ page: String(opts.page), per_page: String(opts.perPage) })
  if (opts.sport) query.set('sport_slug', opts.sport)
  if (opts.status) query.set('status', opts.status)
  if (opts.series) query.set('series_id', String(opts.series))
  const answer = await readerApi(io, server).get<{
    matches: Match[]
    meta: { page: number; per_page: number; total: number }
  }>(`/api/matches?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  printPage(
    io,
    answer,
    answer.matches,
    [
      { header: 'ID', value: (m) => m.id },
      { header: 'SPORT', value: (m) => m.sport_slug },
      { header: 'MATCH', value: (m) => m.title },
      { header: 'SERIES', value: (m) => m.series.short_name },
      { header: 'STARTS', value: (m) => formatInstant(m.event_time_in_millis) },
      {
        header: 'STATUS',
        value: (m) => m.match_status,
        paint: (t, m) => paintStatus(s, m.match_status, t),
      },
      { header: 'SCORE', value: (m) => scoreText(m) || m.result_text || '' },
      { header: 'CONTESTS', value: (m) => m.contests_count ?? 0 },
    ],
    s,
    { none: 'No matches.\n' },
  )
}

export function paintStatus(s: ReturnType<typeof style>, status: string, text: string): string {
  if (status === 'live' || status === 'locked') return s.green(text)
  if (status === 'abandoned' || status === 'cancelled') return s.red(text)
  if (status === 'upcoming' || status === 'open') return s.yellow(text)
  return text
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof showOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  const api = readerApi(io, server)
  if (opts.watch && opts.json)
    throw new UsageError('--watch shows a live view; leave out --json (or read the match without --watch)')
  const { match } = await api.get<{ match: Match }>(`/api/matches/${id}`)
  if (opts.watch) {
    const { players } = await api.get<{ players: Player[] }>(`/api/matches/${id}/players`)
    const { watchMatch } = await import('../ui/match-watch')
    return watchMatch(io, server, match, players)
  }
  if (opts.json) return printJson(io, { match })
  const s = style(io.color)
  const scored = match.match_status !== 'upcoming'
  const players = scored ? (await api.get<{ players: Player[] }>(`/api/matches/${id}/players`)).players : []
  const names = namesOf(players)
  const score = scoreLines(match, match.score_summary, names)
  const fields: Array<[string, string | number | null]> = [
    ['id', match.id],
    [
      'match',
      `${match.title} · ${match.series.name}, match ${match.match_no}${match.format ? ` (${match.format})` : ''}`,
    ],
    ['sides', sidesText(match)],
    ['sport', match.sport_name],
    // The era (cricket) or league (football) the simulator plays it under: docs/simulation.md.
    ...(match.sim_profile
      ? [[match.sport_slug === 'football' ? 'league' : 'era', match.sim_profile] as [string, string]]
      : []),
    ['starts', formatInstant(match.event_time_in_millis)],
    [
      'status',
      paintStatus(s, match.match_status, match.match_status) +
        (match.locked && match.match_status === 'upcoming' ? ' (locked)' : ''),
    ],
    ['ground', [match.ground.name, match.ground.location].filter(Boolean).join(', ') || null],
    ['score', score[0] ?? s.dim('no score yet')],
    ...score.slice(1).map((line) => ['', line] as [string, string]),
    ['result', match.result_text],
    ['contests', match.contests_count ?? 0],
  ]
  if (match.my_teams_count !== undefined)
    fields.push([
      'yours',
      `${match.my_teams_count} team(s), ${match.joined_contests_count ?? 0} contest(s) joined`,
    ])
  io.out(formatFields(fields, s))
  const top = players.filter((p) => (p.points ?? 0) !== 0).sort((a, b) => (b.points ?? 0) - (a.points ?? 0))
  if (top.length > 0) {
    io.out(`\n${s.bold('Top players')}\n`)
    io.out(
      formatTable(
        top.slice(0, 5),
        [
          { header: 'PLAYER', value: (p) => p.display_name || p.name },
          { header: 'SIDE', value: (p) => p.team.name_attr },
          { header: 'ROLE', value: (p) => p.style_label },
          { header: 'POINTS', value: (p) => p.points ?? 0 },
        ],
        s,
      ),
    )
  }
}
