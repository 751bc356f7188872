import fs from 'node:fs'
import { Command } from 'commander'
import { Api } from '../../lib/api'
import { idArgument } from '../../lib/arguments'
import { UsageError } from '../../lib/errors'
import { type Io, printJson } from '../../lib/io'
import {
  instantFlag,
  intFlag,
  type OptionSchema,
  type OptionsOf,
  parseOptions,
  resolveServer,
  withJson,
  withServer,
} from '../../lib/options'
import { style } from '../../lib/style'
import { formatTable } from '../../lib/table'
import { formatInstant } from '../../lib/time'

/** `fanspole esports tournament …` (docs/esports.md, "Tournaments, rounds and slots"). */
interface Lobby {
  lobby_no: number
  contest_id: number
  squads_count: number
  status: string
  results_version: number
}
interface Round {
  id: number
  number: number
  name: string
  lobby_size: number
  lobbies_count: number
  qualify_rule: string
  qualify_count: number
  status: string
  starts_at_in_millis: number
  lobbies: Lobby[]
}
interface Tournament {
  id: number
  name: string
  kind: string
  mode: string
  status: string
  squads_limit: number
  squads_count: number
  rounds_count: number
  current_round: number
  registration_closes_at_in_millis: number
  my_squad: { id: number; name: string; invite_code: string | null; members_count: number } | null
  rounds: Round[]
}
interface Slot {
  lobby_no: number
  slot_no: number
  seed_no: number
  squad: { id: number; name: string }
  contest_id: number
  placement: number | null
  kills: number | null
  points: number | null
  rank: number | null
  qualified: boolean
}

const common = { server: (z: typeof import('zod').z) => z.string().optional() }

const plainOptions = ((z) =>
  z.object({ server: common.server(z), json: z.boolean().default(false) })) satisfies OptionSchema

const listOptions = ((z) =>
  z.object({
    kind: z.string().max(40).optional(),
    status: z
      .enum(['registration', 'running', 'completed', 'cancelled'], {
        error: 'expected registration, running, completed or cancelled',
      })
      .optional(),
    server: common.server(z),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

const createOptions = ((z) =>
  z.object({
    file: z.string().optional(),
    name: z.string().optional(),
    kind: z.string().optional(),
    mode: z.enum(['solo', 'duo', 'squad'], { error: 'expected solo, duo or squad' }).optional(),
    squads: intFlag(z, 'a number of squads', 2, 10_000).optional(),
    closes: instantFlag(z).optional(),
    closesIn: intFlag(z, 'a number of minutes', 0, 60 * 24 * 365).optional(),
    lobbySize: intFlag(z, 'a lobby size', 2, 100).optional(),
    qualify: intFlag(z, 'a number of squads', 1, 10_000).optional(),
    qualifyRule: z
      .enum(['top_per_lobby', 'top_overall'], { error: 'expected top_per_lobby or top_overall' })
      .default('top_per_lobby'),
    starts: z.array(z.string()).optional(),
    startsIn: z
      .array(
        z
          .string()
          .regex(/^\d{1,6}$/, { error: 'expected a number of minutes, e.g. 90' })
          .transform(Number),
      )
      .optional(),
    server: common.server(z),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

const registerOptions = ((z) =>
  z.object({
    name: z.string().trim().min(2, 'give a squad name of at least 2 characters').max(40),
    server: common.server(z),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

const joinOptions = ((z) =>
  z.object({
    code: z.string().trim().min(1, 'give the squad’s invite code'),
    server: common.server(z),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

const collect = (value: string, previous: string[] = []) => [...previous, value]

export function esportsTournamentCommand(io: Io): Command {
  const command = new Command('tournament').summary(
    'tournaments of rounds and lobbies: create, list, show, seed, standings, slots, register, join',
  )

  const create = new Command('create')
    .description(
      'Create a tournament (admin). From a JSON definition (--file, the body of POST /api/esports/tournaments) or flags: two or more --starts (or --starts-in) give that many rounds, each of --lobby-size squads, the top --qualify going on (the last round none). Times in minutes count from now on the server’s clock.',
    )
    .option('--file <def.json>', 'the definition as JSON')
    .option('--name <name>', 'tournament name')
    .option('--kind <kind>', 'pubg, pubg-lite, pubg-single-match, free-fire or call-of-duty (default: pubg)')
    .option('--mode <mode>', 'solo, duo or squad')
    .option('--squads <n>', 'most squads that may register')
    .option('--closes <time>', 'when registration closes (ISO date-time or epoch ms)')
    .option('--closes-in <minutes>', 'registration closes this many minutes from now (instead of --closes)')
    .option('--lobby-size <n>', 'squads per lobby, every round')
    .option('--qualify <n>', 'squads going on from each round but the last')
    .option('--qualify-rule <rule>', 'top_per_lobby or top_overall (default: top_per_lobby)')
    .option('--starts <time>', 'a round’s start (repeat: one per round)', collect)
    .option(
      '--starts-in <minutes>',
      'a round starts this many minutes from now (repeat: one per round)',
      collect,
    )
  withJson(withServer(create)).action(async (raw) => runCreate(io, await parseOptions(createOptions, raw)))

  const list = new Command('list')
    .description('List tournaments, newest first.')
    .option('--kind <kind>', 'only this kind')
    .option('--status <status>', 'registration, running, completed or cancelled')
  withJson(withServer(list)).action(async (raw) => runList(io, await parseOptions(listOptions, raw)))

  const show = new Command('show')
    .description('A tournament, its rounds and their lobbies, and your squad.')
    .argument('<id>', 'the tournament id')
  withJson(withServer(show)).action(async (id: string, raw) =>
    runShow(io, idArgument('<id>', id), await parseOptions(plainOptions, raw)),
  )

  const seed = new Command('seed')
    .description('Seed a round into lobbies now (admin): round 1 closes registration.')
    .argument('<round-id>', 'the round id (from `show`)')
  withJson(withServer(seed)).action(async (id: string, raw) =>
    runSlots(io, idArgument('<round-id>', id), await parseOptions(plainOptions, raw), true),
  )

  const slots = new Command('slots')
    .description('A round’s slots by lobby: slot, seed, squad, points, rank, qualified.')
    .argument('<round-id>', 'the round id')
  withJson(withServer(slots)).action(async (id: string, raw) =>
    runSlots(io, idArgument('<round-id>', id), await parseOptions(plainOptions, raw), false),
  )

  const standings = new Command('standings')
    .description('Squads by the furthest round reached, then their rank in it.')
    .argument('<id>', 'the tournament id')
  withJson(withServer(standings)).action(async (id: string, raw) =>
    runStandings(io, idArgument('<id>', id), await parseOptions(plainOptions, raw)),
  )

  const register = new Command('register')
    .description('Register a squad (you are its captain) while registration is open.')
    .argument('<id>', 'the tournament id')
    .requiredOption('--name <name>', 'the squad’s name')
  withJson(withServer(register)).action(async (id: string, raw) =>
    runRegister(io, idArgument('<id>', id), await parseOptions(registerOptions, raw)),
  )

  const join = new Command('join')
    .description('Join a registered squad by its invite code.')
    .argument('<id>', 'the tournament id')
    .requiredOption('--code <code>', 'the squad’s invite code')
  withJson(withServer(join)).action(async (id: string, raw) =>
    runJoin(io, idArgument('<id>', id), await parseOptions(joinOptions, raw)),
  )

  command.addHelpText(
    'after',
    '\nExamples:\n  fanspole esports tournament create --file cup.json\n  fanspole esports tournament create --name "Erangel Cup" --mode solo --squads 32 --closes 2026-12-01T10:00:00Z --lobby-size 16 --qualify 8 --starts 2026-12-01T12:00:00Z --starts 2026-12-01T14:00:00Z\n  fanspole esports tournament create --name "Friday Cup" --mode squad --squads 16 --closes-in 30 --lobby-size 8 --qualify 4 --starts-in 45 --starts-in 90\n  fanspole esports tournament list --status running\n  fanspole esports tournament show 1\n  fanspole esports tournament seed 1\n  fanspole esports tournament slots 2 --json\n  fanspole esports tournament register 1 --name "Night Owls"\n  fanspole esports tournament join 1 --code TABCD2345\n',
  )
  for (const c of [create, list, show, seed, slots, standings, register, join]) command.addCommand(c)
  return command
}

function definitionFrom(opts: OptionsOf<typeof createOptions>): unknown {
  if (opts.file) {
    let text: string
    try {
      text = fs.readFileSync(opts.file, 'utf8')
    } catch {
      throw new UsageError(`--file: cannot read ${opts.file}`)
    }
    try {
      return JSON.parse(text)
    } catch {
      throw new UsageError(`--file: ${opts.file} is not JSON`)
    }
  }
  if (opts.closes !== undefined && opts.closesIn !== undefined)
    throw new UsageError('give --closes or --closes-in, not both')
  if (opts.starts !== undefined && opts.startsIn !== undefined)
    throw new UsageError('give --starts or --starts-in, not both')
  const given = {
    ...opts,
    closes: opts.closes ?? opts.closesIn,
    starts: opts.starts ?? opts.startsIn,
  }
  const missing = (['name', 'mode', 'squads', 'closes', 'lobbySize', 'starts'] as const).filter(
    (k) => given[k] === undefined,
  )
  if (missing.length > 0)
    throw new UsageError(
      `give --file, or ${missing.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')}`,
    )
  const starts: Array<Record<string, number | string>> = opts.startsIn
    ? opts.startsIn.map((minutes) => ({ starts_in_minutes: minutes }))
    : (opts.starts ?? []).map((at) => ({ starts_at: /^\d+$/.test(at) ? Number(at) : at }))
  if (starts.length > 1 && opts.qualify === undefined)
    throw new UsageError('--qualify: needed with more than one round')
  return {
    name: opts.name,
    ...(opts.kind ? { kind: opts.kind } : {}),
    mode: opts.mode,
    squads_limit: opts.squads,
    ...(opts.closesIn === undefined
      ? { registration_closes_at: opts.closes }
      : { registration_closes_in_minutes: opts.closesIn }),
    rounds: starts.map((at, i) => ({
      lobby_size: opts.lobbySize,
      qualify_rule: opts.qualifyRule,
      qualify_count: i === starts.length - 1 ? 0 : opts.qualify,
      ...at,
    })),
  }
}

async function runCreate(io: Io, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const body = definitionFrom(opts)
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const answer = await api.post<{ esports_tournament: Tournament }>('/api/esports/tournaments', body)
  if (opts.json) return printJson(io, answer)
  const t = answer.esports_tournament
  io.out(`${style(io.color).green('Created')} tournament #${t.id} ${t.name}\n`)
  printTournament(io, t)
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'none')
  const query = new URLSearchParams()
  if (opts.kind) query.set('kind', opts.kind)
  if (opts.status) query.set('status', opts.status)
  const answer = await api.get<{ esports_tournaments: Tournament[] }>(`/api/esports/tournaments?${query}`)
  if (opts.json) return printJson(io, answer)
  if (answer.esports_tournaments.length === 0) {
    io.out('No tournaments\n')
    return
  }
  const s = style(io.color)
  io.out(
    formatTable(
      answer.esports_tournaments,
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
    ),
  )
}

function printTournament(io: Io, t: Tournament): void {
  io.out(
    `${t.kind} ${t.mode} · ${t.status} · squads ${t.squads_count}/${t.squads_limit} · registration closes ${formatInstant(t.registration_closes_at_in_millis)}\n`,
  )
  if (t.my_squad)
    io.out(
      `Your squad: ${t.my_squad.name} (#${t.my_squad.id}, ${t.my_squad.members_count} players, invite code ${t.my_squad.invite_code})\n`,
    )
  for (const r of t.rounds) {
    const rule =
      r.qualify_count === 0
        ? 'final'
        : `top ${r.qualify_count} ${r.qualify_rule === 'top_per_lobby' ? 'per lobby' : 'overall'} go on`
    io.out(
      `Round ${r.number} (#${r.id}) ${r.name}: ${r.status}, lobbies of ${r.lobby_size}, ${rule}, starts ${formatInstant(r.starts_at_in_millis)}\n`,
    )
    for (const l of r.lobbies)
      io.out(`  Lobby ${l.lobby_no}: contest #${l.contest_id}, ${l.squads_count} squads, ${l.status}\n`)
  }
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'user')
  const answer = await api.get<{ esports_tournament: Tournament }>(`/api/esports/tournaments/${id}`)
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
  const api = new Api(io, resolveServer(io, opts.server), seed ? 'admin' : 'none')
  const path = `/api/esports/rounds/${id}/${seed ? 'seed' : 'slots'}`
  const answer = seed
    ? await api.post<{ slots: Slot[]; round: Round }>(path)
    : await api.get<{ slots: Slot[]; round: Round }>(path)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (seed) io.out(`${s.green('Seeded')} ${answer.round.name}: ${answer.round.lobbies.length} lobbies\n`)
  if (answer.slots.length === 0) {
    io.out(`${answer.round.name} is not seeded yet\n`)
    return
  }
  io.out(
    formatTable(
      answer.slots,
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
    ),
  )
}

async function runStandings(io: Io, id: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'none')
  const answer = await api.get<{
    status: string
    current_round: number
    standings: Array<{
      position: number
      squad: { id: number; name: string }
      reached_round: number
      eliminated_in_round: number | null
      rank_in_round: number | null
      points: number | null
      total_points: number
      total_kills: number
    }>
  }>(`/api/esports/tournaments/${id}/standings`)
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
  const api = new Api(io, resolveServer(io, opts.server), 'user')
  const answer = await api.post<{ esports_tournament: Tournament }>(`/api/esports/tournaments/${id}/squads`, {
    name: opts.name,
  })
  if (opts.json) return printJson(io, answer)
  const t = answer.esports_tournament
  const squad = t.my_squad
  // A solo squad is the player alone: nobody joins it, so there is no code to hand out.
  const next = t.mode === 'solo' ? 'a solo entry' : `invite your squad with code ${squad?.invite_code}`
  io.out(`${style(io.color).green('Registered')} ${squad?.name} for ${t.name}: ${next}\n`)
}

async function runJoin(io: Io, id: number, opts: OptionsOf<typeof joinOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'user')
  const answer = await api.post<{ esports_tournament: Tournament }>(
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
