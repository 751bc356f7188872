import { Command } from 'commander'
import type { Answer } from '../../lib/api-types'
import {
  apiOf,
  commandGroup,
  plainOptions,
  printTable,
  runs,
  runsOnId,
  serverOptions,
} from '../../lib/command'
import { type Io, printJson } from '../../lib/io'
import { choiceFlag, ESPORTS_KINDS_FLAG, type OptionsOf } from '../../lib/options'
import { style } from '../../lib/style'
import { formatTable } from '../../lib/table'
import { formatInstant } from '../../lib/time'
import { tournamentCreateCommand } from './tournament-create'
import { printTournament } from './tournament-view'

/** `fanspole esports tournament …` (docs/esports.md, "Tournaments, rounds and slots"). */

const listOptions = serverOptions((z) => ({
  kind: choiceFlag(z, ESPORTS_KINDS_FLAG).optional(),
  status: z
    .enum(['registration', 'running', 'completed', 'cancelled'], {
      error: 'expected registration, running, completed or cancelled',
    })
    .optional(),
}))

const registerOptions = serverOptions((z) => ({
  name: z.string().trim().min(2, 'give a squad name of at least 2 characters').max(40),
}))

const joinOptions = serverOptions((z) => ({
  code: z.string().trim().min(1, 'give the squad’s invite code'),
}))

export function esportsTournamentCommand(io: Io): Command {
  const list = new Command('list')
    .description('List tournaments, newest first.')
    .option('--kind <kind>', `only this kind: ${ESPORTS_KINDS_FLAG.join(', ')}`)
    .option('--status <status>', 'registration, running, completed or cancelled')
  runs(io, list, listOptions, runList)

  const show = new Command('show')
    .description('A tournament, its rounds and their lobbies, and your squad.')
    .argument('<id>', 'the tournament id')
  runsOnId(io, show, '<id>', plainOptions, runShow)

  const seed = new Command('seed')
    .description('Seed a round into lobbies now (admin): round 1 closes registration.')
    .argument('<round-id>', 'the round id (from `show`)')
  runsOnId(io, seed, '<round-id>', plainOptions, (io, id, opts) => runSlots(io, id, opts, true))

  const slots = new Command('slots')
    .description('A round’s slots by lobby: slot, seed, squad, points, rank, qualified.')
    .argument('<round-id>', 'the round id')
  runsOnId(io, slots, '<round-id>', plainOptions, (io, id, opts) => runSlots(io, id, opts, false))

  const standings = new Command('standings')
    .description('Squads by the furthest round reached, then their rank in it.')
    .argument('<id>', 'the tournament id')
  runsOnId(io, standings, '<id>', plainOptions, runStandings)

  const register = new Command('register')
    .description('Register a squad (you are its captain) while registration is open.')
    .argument('<id>', 'the tournament id')
    .requiredOption('--name <name>', 'the squad’s name')
  runsOnId(io, register, '<id>', registerOptions, runRegister)

  const join = new Command('join')
    .description('Join a registered squad by its invite code.')
    .argument('<id>', 'the tournament id')
    .requiredOption('--code <code>', 'the squad’s invite code')
  runsOnId(io, join, '<id>', joinOptions, runJoin)

  return commandGroup(
    'tournament',
    'tournaments of rounds and lobbies: create, list, show, seed, standings, slots, register, join',
    [tournamentCreateCommand(io), list, show, seed, slots, standings, register, join],
    '\nExamples:\n  fanspole esports tournament create --file cup.json\n  fanspole esports tournament create --name "Erangel Cup" --mode solo --squads 32 --closes 2026-12-01T10:00:00Z --lobby-size 16 --qualify 8 --starts 2026-12-01T12:00:00Z --starts 2026-12-01T14:00:00Z\n  fanspole esports tournament create --name "Friday Cup" --mode squad --squads 16 --closes-in 30 --lobby-size 8 --qualify 4 --starts-in 45 --starts-in 90\n  fanspole esports tournament list --status running\n  fanspole esports tournament show 1\n  fanspole esports tournament seed 1\n  fanspole esports tournament slots 2 --json\n  fanspole esports tournament register 1 --name "Night Owls"\n  fanspole esports tournament join 1 --code TABCD2345\n',
  )
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = apiOf(io, opts, 'none')
  const query = new URLSearchParams()
  if (opts.kind) query.set('kind', opts.kind)
  if (opts.status) query.set('status', opts.status)
  const answer = await api.get<Answer<'/api/esports/tournaments'>>(`/api/esports/tournaments?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  printTable(
    io,
    answer.esports_tournaments,
    'No tournaments\n',
    [
      { header: 'ID', value: (t) => t.id },
      { header: 'NAME', value: (t) => t.name },
      { header: 'KIND', value: (t) => `${t.kind} ${t.mode}` },
      { header: 'STATUS', value: (t) => t.status },
      { header: 'SQUADS', value: (t) => `${t.squads_count}/${t.squads_limit}` },
      { header: 'ROUND', value: (t) => `${t.current_round}/${t.rounds_count}` },
      { header: 'REGISTRATION CLOSES', value: (t) => formatInstant(t.registration_closes_at_in_millis) },
    ],
    s,
  )
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.get<Answer<'/api/esports/tournaments/{id}'>>(`/api/esports/tournaments/${id}`)
  if (opts.json) return printJson(io, answer)
  io.out(`Tournament #${answer.esports_tournament.id} ${answer.esports_tournament.name}\n`)
  printTournament(io, answer.esports_tournament)
}

async function runSlots(
  io: Io,
  id: number,
  opts: OptionsOf<typeof plainOptions>,
  seed: boolean,
): Promise<void> {
  const api = apiOf(io, opts, seed ? 'admin' : 'none')
  const path = `/api/esports/rounds/${id}/${seed ? 'seed' : 'slots'}`
  const answer = seed
    ? await api.post<Answer<'/api/esports/rounds/{id}/seed', 'post'>>(path)
    : await api.get<Answer<'/api/esports/rounds/{id}/slots'>>(path)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (seed) io.out(`${s.green('Seeded')} ${answer.round.name}: ${answer.round.lobbies.length} lobbies\n`)
  printTable(
    io,
    answer.slots,
    `${answer.round.name} is not seeded yet\n`,
    [
      { header: 'LOBBY', value: (x) => x.lobby_no },
      { header: 'SLOT', value: (x) => x.slot_no },
      { header: 'SEED', value: (x) => x.seed_no },
      { header: 'SQUAD', value: (x) => x.squad.name },
      { header: 'CONTEST', value: (x) => x.contest_id },
      { header: 'PLACE', value: (x) => x.placement },
      { header: 'KILLS', value: (x) => x.kills },
      { header: 'POINTS', value: (x) => x.points },
      { header: 'RANK', value: (x) => x.rank },
      { header: 'QUALIFIED', value: (x) => (x.qualified ? 'yes' : null), paint: (t) => s.green(t) },
    ],
    s,
  )
}

async function runStandings(io: Io, id: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'none')
  const answer = await api.get<Answer<'/api/esports/tournaments/{id}/standings'>>(
    `/api/esports/tournaments/${id}/standings`,
  )
  if (opts.json) return printJson(io, answer)
  if (answer.standings.length === 0) {
    io.out('No squads yet\n')
    return
  }
  io.out(
    `Tournament #${id}: ${answer.status}${answer.current_round ? `, round ${answer.current_round}` : ''} (ROUND: the furthest round a squad reached; OUT: the round it went out in)\n`,
  )
  io.out(
    formatTable(
      answer.standings,
      [
        { header: 'POS', value: (x) => x.position },
        { header: 'SQUAD', value: (x) => x.squad.name },
        { header: 'ROUND', value: (x) => x.reached_round },
        { header: 'RANK', value: (x) => x.rank_in_round },
        { header: 'POINTS', value: (x) => x.points },
        { header: 'TOTAL', value: (x) => x.total_points },
        { header: 'KILLS', value: (x) => x.total_kills },
        { header: 'OUT', value: (x) => x.eliminated_in_round },
      ],
      style(io.color),
    ),
  )
}

async function runRegister(io: Io, id: number, opts: OptionsOf<typeof registerOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<Answer<'/api/esports/tournaments/{id}/squads', 'post'>>(
    `/api/esports/tournaments/${id}/squads`,
    {
      name: opts.name,
    },
  )
  if (opts.json) return printJson(io, answer)
  const t = answer.esports_tournament
  const squad = t.my_squad
  // A solo squad is the player alone: nobody joins it, so there is no code to hand out.
  const next = t.mode === 'solo' ? 'a solo entry' : `invite your squad with code ${squad?.invite_code}`
  io.out(`${style(io.color).green('Registered')} ${squad?.name} for ${t.name}: ${next}\n`)
}

async function runJoin(io: Io, id: number, opts: OptionsOf<typeof joinOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<Answer<'/api/esports/tournaments/{id}/squads/join', 'post'>>(
    `/api/esports/tournaments/${id}/squads/join`,
    {
      invite_code: opts.code,
    },
  )
  if (opts.json) return printJson(io, answer)
  const squad = answer.esports_tournament.my_squad
  io.out(
    `${style(io.color).green('Joined')} ${squad?.name} (${squad?.members_count} players) in ${answer.esports_tournament.name}\n`,
  )
}
