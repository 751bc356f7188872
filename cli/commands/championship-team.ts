import { Command } from 'commander'
import { STYLE_LABEL } from '../../server/domain/styles'
import type { Api } from '../lib/api'
import {
  type ClassicTeam,
  type ClassicTeamEdit,
  championshipApi,
  idList,
  myTeamIn,
  teamPath,
  transfersText,
} from '../lib/championship'
import { runs, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf, resolveServer } from '../lib/options'
import { style } from '../lib/style'
import { formatFields, formatTable, rupees } from '../lib/table'
import { formatInstant } from '../lib/time'

const ID = 2 ** 31 - 1

/** `--players 1,2,3`: comma-joined player ids. */
const idsFlag = (z: typeof import('zod').z, flag: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\s*,\s*\d+)*$/, {
      error: (i) => `expected comma-joined player ids such as 11,12,13, got ${JSON.stringify(i.input)}`,
    })
    .transform(idList)
    .refine((ids) => new Set(ids).size === ids.length, `${flag} names a player twice`)

const showOptions = serverOptions((z) => ({
  phase: intFlag(z, 'a phase id', 1, ID).optional(),
  team: intFlag(z, 'a classic team id', 1, ID).optional(),
}))

const createOptions = serverOptions((z) => ({
  phase: intFlag(z, 'a phase id', 1, ID),
  players: idsFlag(z, '--players'),
  captain: intFlag(z, 'a player id', 1, ID),
  viceCaptain: intFlag(z, 'a player id', 1, ID),
}))

const editOptions = serverOptions((z) => ({
  phase: intFlag(z, 'a phase id', 1, ID),
  players: idsFlag(z, '--players').optional(),
  out: idsFlag(z, '--out').optional(),
  in: idsFlag(z, '--in').optional(),
  captain: intFlag(z, 'a player id', 1, ID).optional(),
  viceCaptain: intFlag(z, 'a player id', 1, ID).optional(),
}))

export function teamCommand(io: Io): Command {
  const team = new Command('team').summary('show, create or edit your championship team in a phase')

  const show = new Command('show')
    .description('Show a championship team: its players, captain, score, rank and transfers left.')
    .option('--phase <id>', 'your team in this phase')
    .option('--team <id>', 'a team by its id (public after its first match starts)')
  runs(io, show, showOptions, runShow)

  const create = new Command('create')
    .description(
      'Create your team for a phase: the daily-fantasy team rules and the 100-credit budget hold; changes are unlimited until its first match starts.',
    )
    .requiredOption('--phase <id>', 'the series phase')
    .requiredOption(
      '--players <ids>',
      'comma-joined player ids (see /api/championship/series_phases/{id}/players)',
    )
    .requiredOption('--captain <id>', 'captain (scores ×2)')
    .requiredOption('--vice-captain <id>', 'vice-captain (scores ×1.5)')
  runs(io, create, createOptions, runCreate)

  const edit = new Command('edit')
    .description(
      'Change your team in a phase: the whole side with --players, or swap with --out and --in; captain and vice-captain changes are free. Transfers count as the net change from the team at its last lock (see `championship transfers`).',
    )
    .requiredOption('--phase <id>', 'the series phase')
    .option('--players <ids>', 'the whole new side, comma-joined player ids')
    .option('--out <ids>', 'players to take out (with --in, as many)')
    .option('--in <ids>', 'players to bring in')
    .option('--captain <id>', 'new captain')
    .option('--vice-captain <id>', 'new vice-captain')
  runs(io, edit, editOptions, runEdit)

  return team.addCommand(show).addCommand(create).addCommand(edit)
}

async function runShow(io: Io, opts: OptionsOf<typeof showOptions>): Promise<void> {
  if ((opts.team === undefined) === (opts.phase === undefined))
    throw new UsageError('give either --phase (your team in that phase) or --team (any team by its id)')
  const api = championshipApi(io, resolveServer(io, opts.server))
  const id = opts.team ?? (await myTeamIn(api, opts.phase as number)).id
  const { classic_team } = await api.get<{ classic_team: ClassicTeam }>(teamPath(id))
  if (opts.json) return printJson(io, { classic_team })
  printTeam(io, classic_team)
}

async function runCreate(io: Io, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const api = championshipApi(io, resolveServer(io, opts.server))
  const { classic_team } = await api.post<{ classic_team: ClassicTeam }>('/api/championship/classic_teams', {
    phase_id: opts.phase,
    player_ids: opts.players,
    captain: opts.captain,
    vice_captain: opts.viceCaptain,
  })
  if (opts.json) return printJson(io, { classic_team })
  io.out(`Created championship team ${classic_team.id} in phase ${opts.phase}.\n`)
  printTeam(io, await full(api, classic_team))
}

async function runEdit(io: Io, opts: OptionsOf<typeof editOptions>): Promise<void> {
  if (opts.players && (opts.out || opts.in))
    throw new UsageError('give the whole side with --players, or swap with --out and --in, not both')
  if ((opts.out?.length ?? 0) !== (opts.in?.length ?? 0))
    throw new UsageError('--out and --in must name as many players each')
  if (!opts.players && !opts.out && opts.captain === undefined && opts.viceCaptain === undefined)
    throw new UsageError('nothing to change: give --players, --out/--in, --captain or --vice-captain')
  const api = championshipApi(io, resolveServer(io, opts.server))
  const { id } = await myTeamIn(api, opts.phase)
  const { classic_team: now } = await api.get<{ classic_team: ClassicTeamEdit }>(`${teamPath(id)}/edit`)
  const current = now.team_players.map((p) => p.id)
  const players = opts.players ?? swapped(current, opts.out ?? [], opts.in ?? [])
  const captain = opts.captain ?? keepOrFail(now.captain, players, 'captain', '--captain')
  const vice = opts.viceCaptain ?? keepOrFail(now.vice_captain, players, 'vice-captain', '--vice-captain')
  const { classic_team } = await api.put<{ classic_team: ClassicTeam }>(teamPath(id), {
    player_ids: players,
    captain,
    vice_captain: vice,
  })
  if (opts.json) return printJson(io, { classic_team })
  io.out(`Saved championship team ${classic_team.id}.\n`)
  printTeam(io, await full(api, classic_team))
}

/** The side with `out` replaced by `in`, in place; a player named in --out must be in it. */
function swapped(current: number[], out: number[], into: number[]): number[] {
  const missing = out.filter((id) => !current.includes(id))
  if (missing.length > 0) throw new UsageError(`--out: ${missing.join(', ')} not in your team`)
  const already = into.filter((id) => current.includes(id) && !out.includes(id))
  if (already.length > 0) throw new UsageError(`--in: ${already.join(', ')} already in your team`)
  return current.map((id) => {
    const at = out.indexOf(id)
    return at === -1 ? id : (into[at] as number)
  })
}

/** The captain (or vice) stays unless they were transferred out: then the flag is needed. */
function keepOrFail(id: number, players: number[], role: string, flag: string): number {
  if (players.includes(id)) return id
  throw new UsageError(`your ${role} is no longer in the side: name a new one with ${flag}`)
}

/** POST/PUT may answer a shorter team than GET does: read it whole for printing. */
async function full(api: Api, team: ClassicTeam): Promise<ClassicTeam> {
  if (Array.isArray(team.team_players) && team.transfers) return team
  return (await api.get<{ classic_team: ClassicTeam }>(teamPath(team.id))).classic_team
}

function printTeam(io: Io, team: ClassicTeam): void {
  const s = style(io.color)
  const t = team.transfers
  io.out(
    formatFields(
      [
        ['team', `${team.id}${team.user ? ` · ${team.user.team_name || team.user.display_name}` : ''}`],
        ['phase', team.phase_id],
        ['score', team.score],
        ['rank', team.rank ?? '-'],
        ['budget used', `${team.budget} of 100 credits`],
        [
          'transfers',
          t?.unlimited
            ? 'unlimited until the first match starts'
            : `${transfersText(t?.free_left ?? team.free_transfers_left)} free, ${transfersText(t?.paid_left ?? team.paid_transfers_left)} paid left${t?.next_paid_fee ? ` (next paid ${rupees(t.next_paid_fee)})` : ''}`,
        ],
        ...(team.upcoming_matches?.[0]
          ? [
              [
                'next match',
                `${team.upcoming_matches[0].title} · locks ${formatInstant(Date.parse(team.upcoming_matches[0].event_time))}`,
              ] as const,
            ]
          : []),
      ],
      s,
    ),
  )
  const c = team.captain.id
  const vc = team.vice_captain.id
  const last = team.last_team_player_ids ? new Set(team.last_team_player_ids) : null
  io.out('\n')
  io.out(
    formatTable(
      team.team_players,
      [
        { header: 'ID', value: (p) => p.id },
        { header: 'PLAYER', value: (p) => p.display_name || p.name },
        { header: 'ROLE', value: (p) => STYLE_LABEL[p.style] ?? p.style },
        { header: 'SIDE', value: (p) => p.team?.name_attr ?? p.team?.name ?? '' },
        { header: 'VALUE', value: (p) => p.value, align: 'right' },
        { header: '', value: (p) => (p.id === c ? 'C' : p.id === vc ? 'VC' : '') },
        ...(last
          ? [{ header: 'SINCE LOCK', value: (p: { id: number }) => (last.has(p.id) ? '' : 'in') }]
          : []),
      ],
      s,
    ),
  )
}
