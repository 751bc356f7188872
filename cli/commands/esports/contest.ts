import { Command } from 'commander'
import type { Schema } from '../../lib/api-types'
import {
  apiOf,
  commandGroup,
  plainOptions,
  printTable,
  runs,
  runsOnId,
  serverJson,
  serverOptions,
} from '../../lib/command'
import { parsePercentRanges } from '../../lib/contest-draft'
import { UsageError } from '../../lib/errors'
import { type Io, printJson } from '../../lib/io'
import { instantFlag, intFlag, type OptionSchema, type OptionsOf } from '../../lib/options'
import { style } from '../../lib/style'
import { formatInstant } from '../../lib/time'

/** `fanspole esports contest` (docs/esports.md, "Creating a contest, and who may host"). */

type EsportsContest = Schema<'EsportsContest'>

const KINDS = ['pubg', 'pubg-lite', 'pubg-single-match', 'free-fire', 'call-of-duty'] as const
const GAMES = ['pubg', 'free-fire', 'call-of-duty'] as const
const MODES = ['solo', 'duo', 'squad'] as const
const STATUSES = ['open', 'locked', 'completed', 'cancelled', 'active', 'all'] as const
const PRIZE_KEYS = ['winner_takes_all', 'top_3', 'top_10_percent', 'top_25_percent', 'top_50_percent']

const createOptions = ((z) =>
  z
    .object({
      kind: z.enum(KINDS, { error: `expected one of ${KINDS.join(', ')}` }),
      mode: z.enum(MODES, { error: 'expected solo, duo or squad' }).default('squad'),
      name: z.string().trim().min(1, 'give the contest a name'),
      description: z.string().optional(),
      map: z.string().optional(),
      slots: intFlag(z, 'a number of squads', 2, 1000),
      fee: z
        .string()
        .regex(/^\d+$/, { error: 'expected whole rupees, e.g. 50' })
        .transform(Number)
        .default(0),
      perKill: z
        .string()
        .regex(/^\d+$/, { error: 'expected whole rupees, e.g. 5' })
        .transform(Number)
        .optional(),
      prizes: z.string().optional(),
      startsIn: intFlag(z, 'a number of minutes', 1, 60 * 24 * 31).optional(),
      startsAt: instantFlag(z).optional(),
      reveal: intFlag(z, 'a number of minutes', 1, 1000).optional(),
      minLevel: intFlag(z, 'a game level', 0, 1000).optional(),
      private: z.boolean().default(false),
      ...serverJson(z),
    })
    .refine((o) => (o.startsIn === undefined) !== (o.startsAt === undefined), {
      message: 'give exactly one of --starts-in <minutes> or --starts-at <time>',
      path: ['startsIn'],
    })) satisfies OptionSchema

const listOptions = serverOptions((z) => ({
  game: z.enum(GAMES, { error: `expected one of ${GAMES.join(', ')}` }).optional(),
  kind: z.enum(KINDS, { error: `expected one of ${KINDS.join(', ')}` }).optional(),
  status: z.enum(STATUSES, { error: `expected one of ${STATUSES.join(', ')}` }).default('active'),
  mine: z.boolean().default(false),
  limit: intFlag(z, 'a number of rows', 1, 100).default(50),
}))

export function esportsContestCommand(io: Io): Command {
  const create = new Command('create')
    .description(
      'Host an esports contest (a custom room). Needs a verified game account of level 20+; a paid or public one also needs contest creation access (see GET /api/esports/access).',
    )
    .requiredOption('--kind <kind>', `${KINDS.join(', ')}`)
    .option('--mode <mode>', 'solo, duo or squad (default: squad)')
    .requiredOption('--name <name>', '3 to 60 characters')
    .option('--description <text>', 'what players should know')
    .option('--map <map>', 'one of the game’s maps (e.g. Erangel)')
    .requiredOption('--slots <n>', 'squads the room takes')
    .option('--fee <rupees>', 'entry fee per player in whole rupees (default: 0, a free private contest)')
    .option('--per-kill <rupees>', 'prize per kill in whole rupees (default: 0)')
    .option(
      '--prizes <table>',
      `placement prizes: ${PRIZE_KEYS.join(', ')}, ranks like "1:60,2:40", or JSON [{"from":1,"to":1,"percent":100}] (default: winner_takes_all)`,
    )
    .option('--starts-in <minutes>', 'start this many minutes from now')
    .option('--starts-at <time>', 'start at this ISO date-time or epoch ms')
    .option('--reveal <minutes>', 'room details go out this long before the start (default: 15)')
    .option('--min-level <n>', 'lowest game level that may join (default: 0)')
    .option('--private', 'only people with the invite code find it (free contests always are)')
  runs(io, create, createOptions, runCreate)

  const list = new Command('list')
    .description('Esports contests: public ones and the private ones you host or joined, soonest first.')
    .option('--game <game>', `${GAMES.join(', ')}`)
    .option('--kind <kind>', `${KINDS.join(', ')}`)
    .option('--status <status>', `${STATUSES.join(', ')} (default: active)`)
    .option('--mine', 'only the ones you host or joined')
    .option('--limit <n>', 'how many (at most 100)', '50')
  runs(io, list, listOptions, runList)

  const show = new Command('show')
    .description('One esports contest: money, prizes, times, and for its host the invite code and room.')
    .argument('<id>', 'the contest id (from `fanspole esports contest list`)')
  runsOnId(io, show, '<id>', plainOptions, runShow)

  const cancel = new Command('cancel')
    .description('Cancel a contest you host before the lock: every entry is refunded and members are told.')
    .argument('<id>', 'the contest id')
  runsOnId(io, cancel, '<id>', plainOptions, runCancel)

  return commandGroup(
    'contest',
    'host esports contests: create, list, show, cancel',
    [create, list, show, cancel],
    '\nExamples:\n  fanspole esports contest create --kind pubg --mode squad --name "Sunday Squads" --slots 20 --fee 50 --per-kill 5 --prizes top_3 --starts-in 90\n  fanspole esports contest create --kind free-fire --mode solo --name "Scrims" --slots 48 --starts-in 60\n  fanspole esports contest list --game pubg\n  fanspole esports contest show 1000001\n  fanspole esports contest cancel 1000001\n',
  )
}

/** `--prizes`: an option key, a JSON array, or "1:60,2-3:20". */
export function prizesFlag(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {}
  const t = text.trim()
  if (PRIZE_KEYS.includes(t)) return { prize_option: t }
  if (t.startsWith('[')) {
    try {
      const parsed = JSON.parse(t) as unknown
      if (Array.isArray(parsed)) return { prize_ranges: parsed }
    } catch {
      // fall through
    }
    throw new UsageError('--prizes: not a JSON array of {"from","to","percent"}')
  }
  return { prize_ranges: parsePercentRanges('--prizes', t) }
}

async function runCreate(io: Io, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const body = {
    kind: opts.kind,
    mode: opts.mode,
    name: opts.name,
    ...(opts.description !== undefined ? { description: opts.description } : {}),
    ...(opts.map !== undefined ? { map: opts.map } : {}),
    slots: opts.slots,
    entry_fee: opts.fee,
    ...(opts.perKill !== undefined ? { per_kill: opts.perKill } : {}),
    ...prizesFlag(opts.prizes),
    ...(opts.startsAt !== undefined ? { starts_at: opts.startsAt } : { starts_in_minutes: opts.startsIn }),
    ...(opts.reveal !== undefined ? { reveal_minutes: opts.reveal } : {}),
    ...(opts.minLevel !== undefined ? { min_level: opts.minLevel } : {}),
    ...(opts.private || opts.fee === 0 ? { is_private: true } : { is_private: false }),
  }
  const answer = await api.post<{ esports_contest: EsportsContest }>('/api/esports/contests', body)
  if (opts.json) return printJson(io, answer)
  const c = answer.esports_contest
  io.out(`Created esports contest ${c.id}, "${c.name}".\n`)
  io.out(details(io, c))
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const q = new URLSearchParams({ status: opts.status, per_page: String(opts.limit) })
  if (opts.game) q.set('game', opts.game)
  if (opts.kind) q.set('kind', opts.kind)
  if (opts.mine) q.set('mine', 'true')
  const answer = await api.get<{ esports_contests: EsportsContest[]; meta: { total: number } }>(
    `/api/esports/contests?${q}`,
  )
  if (opts.json) return printJson(io, answer)
  printTable(
    io,
    answer.esports_contests,
    'No esports contests\n',
    [
      { header: 'ID', value: (c) => String(c.id), align: 'right' },
      { header: 'KIND', value: (c) => c.kind },
      { header: 'MODE', value: (c) => c.mode },
      { header: 'NAME', value: (c) => c.name + (c.is_private ? ' (private)' : '') },
      { header: 'FEE', value: (c) => rupees(c.entry_fee), align: 'right' },
      { header: 'SQUADS', value: (c) => `${c.squads_count}/${c.slots}`, align: 'right' },
      { header: 'STATUS', value: (c) => c.status },
      { header: 'STARTS', value: (c) => formatInstant(c.starts_at_in_millis) },
    ],
    style(io.color),
  )
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.get<{ esports_contest: EsportsContest }>(`/api/esports/contests/${id}`)
  if (opts.json) return printJson(io, answer)
  io.out(details(io, answer.esports_contest))
}

async function runCancel(io: Io, id: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.request<{ esports_contest: EsportsContest }>(
    'DELETE',
    `/api/esports/contests/${id}`,
  )
  if (opts.json) return printJson(io, answer)
  const c = answer.esports_contest
  io.out(`Cancelled esports contest ${c.id}, "${c.name}"; ${c.members_count} entries refunded.\n`)
}

const rupees = (n: number) => `₹${n.toFixed(2)}`

function details(io: Io, c: EsportsContest): string {
  const s = style(io.color)
  const rows: Array<[string, string]> = [
    ['id', String(c.id)],
    ['contest', `${c.name}${c.is_private ? ' (private)' : ''}`],
    ['kind', `${c.kind_name} · ${c.mode} (squads of ${c.team_size})${c.map ? ` · ${c.map}` : ''}`],
    ['host', c.host?.username ?? '-'],
    ['status', c.status + (c.status_reason ? ` (${c.status_reason})` : '')],
    ['squads', `${c.squads_count}/${c.slots}`],
    ['entry fee', c.entry_fee > 0 ? `${rupees(c.entry_fee)} per player` : 'free'],
    ['per kill', rupees(c.per_kill)],
    ['prize pool', `${rupees(c.prize_pool)} when full (rake ${c.rake_percent}%)`],
    ['min level', String(c.min_level)],
    ['reveal', formatInstant(c.reveal_at_in_millis)],
    ['starts', formatInstant(c.starts_at_in_millis)],
  ]
  if (c.invite_code) rows.push(['invite code', c.invite_code])
  if (c.room_details)
    rows.push([
      'room',
      `${c.room_details.room_id ?? '(not set)'} / ${c.room_details.room_password ?? '(not set)'}`,
    ])
  const width = Math.max(...rows.map(([k]) => k.length)) + 2
  let out = rows.map(([k, v]) => `${k.padEnd(width)}${v}`).join('\n')
  out += '\n'
  if (c.prizes.length > 0) {
    out += `${s.bold('Placement prizes')}\n`
    for (const p of c.prizes)
      out += `  #${p.rank_text.padEnd(8)}${String(p.percent).padStart(6)}%  ${rupees(p.amount)}\n`
  }
  return out
}
