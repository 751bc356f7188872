import { Command } from 'commander'
import type { Answer } from '../lib/api-types'
import { apiOf, runsOnId, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import type { Io } from '../lib/io'
import type { OptionsOf } from '../lib/options'
import { type Style, style } from '../lib/style'
import { formatTable } from '../lib/table'

/** The answer of GET /api/auctions/{id}/debrief. */
type Debrief = Answer<'/api/auctions/{id}/debrief', 'get'>['debrief']
type Lot = Debrief['lots'][number]
type Manager = Debrief['managers'][number]

/** `--speed`: how many seconds of the auction's own time pass per second of the replay, or `max`. */
const SPEED_ERROR = 'expected a speed from 1 to 10000 (1 real time, 60 a minute a second) or max (no waits)'
const debriefOptions = serverOptions((z) => ({
  anonymous: z.boolean().default(false),
  replay: z.boolean().default(false),
  speed: z
    .string()
    .transform((text, ctx) => {
      if (text === 'max') return Number.POSITIVE_INFINITY
      const n = Number(text)
      if (!/^\d+(\.\d+)?$/.test(text) || n < 1 || n > 10_000) {
        ctx.addIssue({ code: 'custom', message: `${SPEED_ERROR}, got ${JSON.stringify(text)}` })
        return z.NEVER
      }
      return n
    })
    .optional(),
}))
type Options = OptionsOf<typeof debriefOptions>

/** Half a minute of the auction a second: a 15 s lot in half a second. */
const DEFAULT_SPEED = 30

/** A pause in the auction (the owner's, or a night) waits at most this long in a replay. */
const LONGEST_WAIT_MS = 5_000

/** `fanspole auction debrief <id>`: a finished auction's summary, or every bid replayed on its own timeline. */
export function auctionDebriefCommand(io: Io): Command {
  const cmd = new Command('debrief')
    .description(
      'The debrief of a finished auction: revenue, efficiency (the squads’ value under the auction’s scorer against the best the pool could give), every lot’s price against its base price with the winner, and each manager’s spend and value; --replay prints every bid on the auction’s own timeline with the manager who made it (docs/auctions.md, "The debrief").',
    )
    .argument('<id>', 'auction id (fanspole auction list)')
    .option('--anonymous', 'managers as "Manager 1", "Manager 2"…: no franchise or user names')
    .option('--replay', 'print every lot and bid as it happened, paced by --speed')
    .option('--speed <n>', 'replay speed: 1 real time, 60 a minute a second, max no waits (default: 30)')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole auction debrief 3\n  fanspole auction debrief 3 --anonymous          # for the projector\n  fanspole auction debrief 3 --replay --speed 60   # a minute of the auction a second\n  fanspole auction debrief 3 --replay --speed max --anonymous\n  fanspole auction debrief 3 --json > debrief.json\n\nAn auction still running is exit 1 (409: the debrief is ready when it has finished); one you may not see is exit 1 (404).\n',
    )
  return runsOnId(io, cmd, 'auction id', debriefOptions, runDebrief)
}

async function runDebrief(io: Io, id: number, opts: Options): Promise<void> {
  if (opts.speed !== undefined && !opts.replay)
    throw new UsageError(
      '--speed paces the replay: give it with --replay (fanspole auction debrief ID --replay --speed 60)',
    )
  const api = apiOf(io, opts, 'user')
  const query = opts.anonymous ? '?anonymous=1' : ''
  const { debrief } = await api.get<{ debrief: Debrief }>(`/api/auctions/${id}/debrief${query}`)
  if (opts.json) return io.out(`${JSON.stringify({ debrief }, null, 2)}\n`)
  if (opts.replay) return replay(io, debrief, opts.speed ?? DEFAULT_SPEED)
  io.out(summary(debrief, style(io.color)))
}

const nameOf = (d: Debrief) => {
  const byId = new Map(d.managers.map((m) => [m.id, m]))
  return (id: number | null) => {
    const m = id === null ? undefined : byId.get(id)
    if (!m) return '—'
    return m.username && !d.anonymous ? `${m.franchise_name} (@${m.username})` : m.franchise_name
  }
}

const bidsText = (n: number) => `${n} bid${n === 1 ? '' : 's'}`
const pct = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(1)}%`)

/** The default: the totals, the lots (price against base, the winner) and the managers. */
export function summary(d: Debrief, s: Style): string {
  const name = nameOf(d)
  const unit = d.value_basis === 'points' ? 'points' : 'credits'
  const head = [
    `${s.bold(d.auction.name)} (auction ${d.auction.id}): debrief`,
    `Revenue ${d.revenue} · ${bidsText(d.bids_count)} · ${d.sold_count} sold of ${d.auction.players_count} players`,
    `Efficiency ${pct(d.efficiency)}: squads realised ${d.realised_value} ${unit} of the best ${d.best_value}`,
    `Valued at ${unit}: ${d.value_note}`,
  ].join('\n')
  const lots =
    d.lots.length === 0
      ? 'No lots were run.'
      : formatTable(
          d.lots,
          [
            { header: '#', value: (l: Lot) => l.index },
            { header: 'Player', value: (l: Lot) => `${l.player_name}${l.role ? ` (${l.role})` : ''}` },
            { header: 'Base', value: (l: Lot) => l.base_price },
            { header: 'Price', value: (l: Lot) => l.price ?? '—', align: 'right' },
            {
              header: '×Base',
              value: (l: Lot) => (l.price_to_base === null ? '—' : `${l.price_to_base}×`),
              align: 'right',
            },
            { header: 'Bids', value: (l: Lot) => l.bids.length },
            { header: 'Winner', value: (l: Lot) => (l.result === 'sold' ? name(l.manager_id) : 'unsold') },
          ],
          s,
        ).trimEnd()
  const managers = formatTable(
    d.managers,
    [
      { header: 'Manager', value: (m: Manager) => name(m.id) },
      { header: 'Players', value: (m: Manager) => m.players_count },
      { header: 'Spent', value: (m: Manager) => m.spent },
      { header: 'Value', value: (m: Manager) => m.value },
      { header: 'Value/100', value: (m: Manager) => m.value_per_100 ?? '—', align: 'right' },
    ],
    s,
  ).trimEnd()
  return `${head}\n\n${lots}\n\n${managers}\n`
}

/** `+m:ss` from the auction's start. */
const clock = (ms: number) => {
  const total = Math.max(0, Math.round(ms / 1000))
  return `+${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/** Every lot's opening, each bid and the hammer, in time order: one line each. */
export function replayLines(d: Debrief): Array<{ atMs: number; text: string }> {
  const name = nameOf(d)
  const start = d.auction.started_at_in_millis ?? d.lots[0]?.opened_at_in_millis ?? 0
  const line = (atMs: number, text: string) => ({ atMs, text: `${clock(atMs - start)}  ${text}` })
  return d.lots.flatMap((l) => [
    line(
      l.opened_at_in_millis,
      `Lot ${l.index}: ${l.player_name}${l.role ? ` (${l.role})` : ''}, base ${l.base_price}${l.round === 'sealed' ? ', sealed round' : ''}`,
    ),
    ...l.bids.map((b) => line(b.at_in_millis, `  ${name(b.manager_id)} bids ${b.amount}`)),
    line(
      l.closed_at_in_millis,
      l.result === 'sold'
        ? `  Sold to ${name(l.manager_id)} for ${l.price} (${l.price_to_base}× base)`
        : '  Unsold',
    ),
  ])
}

async function replay(io: Io, d: Debrief, speed: number): Promise<void> {
  if (d.lots.length === 0) return io.out(`${d.auction.name}: no lots were run, no bids were placed.\n`)
  io.out(
    `${d.auction.name} (auction ${d.auction.id}) replayed${Number.isFinite(speed) ? ` at ${speed}×` : ''}: ${bidsText(d.bids_count)}\n`,
  )
  const lines = replayLines(d)
  let at = lines[0]?.atMs ?? 0
  for (const l of lines) {
    const wait = Math.min(LONGEST_WAIT_MS, (l.atMs - at) / speed)
    at = l.atMs
    if (wait > 0 && !(await pause(io, wait))) return
    if (io.isStdoutClosed()) return
    io.out(`${l.text}\n`)
  }
  io.out(`Revenue ${d.revenue} · efficiency ${pct(d.efficiency)}\n`)
}

/** Waits `ms`; false when whoever reads stdout went away meanwhile. */
function pause(io: Io, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms)
    void io.stdoutClosed.then(() => {
      clearTimeout(timer)
      resolve(false)
    })
  })
}
