import fs from 'node:fs'
import { Command } from 'commander'
import type { Answer } from '../../lib/api-types'
import { apiOf, runs, serverOptions } from '../../lib/command'
import { UsageError } from '../../lib/errors'
import { type Io, printJson } from '../../lib/io'
import { choiceFlag, ESPORTS_KINDS_FLAG, instantFlag, intFlag, type OptionsOf } from '../../lib/options'
import { style } from '../../lib/style'
import { printTournament } from './tournament-view'

// `fanspole esports tournament create`: from a JSON definition or from flags.

const createOptions = serverOptions((z) => ({
  file: z.string().optional(),
  name: z.string().optional(),
  kind: choiceFlag(z, ESPORTS_KINDS_FLAG).optional(),
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
}))

const collect = (value: string, previous: string[] = []) => [...previous, value]

/** The `create` subcommand of `esports tournament`. */
export function tournamentCreateCommand(io: Io): Command {
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
  return runs(io, create, createOptions, runCreate)
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
  const api = apiOf(io, opts, 'admin')
  const answer = await api.post<Answer<'/api/esports/tournaments', 'post'>>('/api/esports/tournaments', body)
  if (opts.json) return printJson(io, answer)
  const t = answer.esports_tournament
  io.out(`${style(io.color).green('Created')} tournament #${t.id} ${t.name}\n`)
  printTournament(io, t)
}
