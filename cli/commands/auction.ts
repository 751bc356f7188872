import { Command } from 'commander'
import { callServer, passwordLogin } from '../lib/api'
import type { Answer, Schema } from '../lib/api-types'
import { commandGroup, serverOptions } from '../lib/command'
import { ApiError, CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import {
  intFlag,
  type OptionsOf,
  parseOptions,
  resolveServer,
  seedFlag,
  withJson,
  withServer,
} from '../lib/options'
import { player } from '../lib/session'
import { style } from '../lib/style'
import type { Target } from '../scenario/target'
import { createProgress } from '../ui/progress'
import { auctionDebriefCommand } from './auction-debrief'
import { auctionPlayCommands } from './auction-play'

type Auction = Schema<'Auction'>

const runOptions = serverOptions((z) => ({
  bots: intFlag(z, '--bots', 2, 11).default(6),
  strategy: z
    .enum(['mixed', 'value', 'star', 'hoarder', 'random'], {
      error: 'expected mixed, value, star, hoarder or random',
    })
    .default('mixed'),
  speed: z
    .string()
    .transform((text, ctx) => {
      const n = Number(text)
      if (!Number.isFinite(n) || n < 1 || n > 1000)
        ctx.addIssue({
          code: 'custom',
          message: `expected a speed from 1 to 1000, got ${JSON.stringify(text)}`,
        })
      return n
    })
    .default(60),
  sealed: z.boolean().default(true),
  seed: seedFlag(z).optional(),
  ephemeral: z.boolean().default(false),
}))

type RunOptions = OptionsOf<typeof runOptions>

export function auctionCommand(io: Io): Command {
  const run = new Command('run')
    .description(
      'Run a whole auction with bots: a match auction on an upcoming cricket match, the bots seated, the open round on a fast clock, a sealed round for the unsold players, then a summary of squads, spend and unsold players. On a fresh in-process server (the default) or, with --server URL, on a running one as its configured admin.',
    )
    .option('--bots <n>', 'how many bots (2–11)', '6')
    .option('--strategy <name>', 'mixed, value, star, hoarder or random (default: mixed)')
    .option(
      '--speed <n>',
      'the game clock’s speed while it runs (60: a 10 s lot takes a sixth of a second)',
      '60',
    )
    .option('--no-sealed', 'skip the sealed round for the unsold players')
    .option(
      '--seed <n>',
      'seed of the league, the lot order and every bot: the same seed, the same auction (default: $FANSPOLE_SEED or 42; in-process server only)',
    )
    .option('--ephemeral', 'run on a fresh in-process server (default: without --server)')
    .option('--server <url>', 'run on this running server (default: a fresh in-process server)')
  withJson(run).action(async (raw) => runAuction(io, await parseOptions(runOptions, raw)))

  const list = new Command('list').description(
    'Auctions you own or play in, and public ones waiting for managers.',
  )

  withJson(withServer(list)).action(async (raw: { server?: string; json?: boolean }) => {
    const api = player(io, raw.server)
    // The newest hundred, as many as the list showed before the API paged it.
    const { new_auctions } = await api.get<{ new_auctions: Auction[] }>('/api/auctions?per_page=100')
    if (raw.json) return printJson(io, { auctions: new_auctions })
    if (new_auctions.length === 0)
      return io.out(
        'No auctions yet. Create one in the web client or run one: fanspole auction run --bots 6\n',
      )
    for (const a of new_auctions)
      io.out(
        `${String(a.id).padStart(4)}  ${a.name.padEnd(28)} ${a.status.padEnd(10)} ${a.managers_count} managers  ${a.sold_count}/${a.players_count} sold\n`,
      )
  })

  return commandGroup(
    'auction',
    'cricket auctions: create, join, bid, watch live, run whole ones with bots',
    [run, list, ...auctionPlayCommands(io), auctionDebriefCommand(io)],
    '\nExamples:\n  fanspole auction run --bots 8\n  fanspole auction create --series 1 --pool league --balanced --squad 11-15 --max-managers 30 --name "Class of 30"\n  fanspole auction create --series 1 --name "Over days" --lot-timer 6h --quiet-hours 22:00-08:00 --time-zone Asia/Kolkata --stand-in\n  fanspole auction watch 3\n  fanspole auction bid 3\n  fanspole auction run --bots 4 --strategy star --speed 120 --json\n  fanspole auction run --seed 7 > a.txt   # the same seed prints the same bytes\n  fanspole auction list\n  fanspole auction debrief 3 --replay --speed 60\n\nEnvironment:\n  FANSPOLE_SERVER  the server of every auction command but run (default: http://127.0.0.1:3000); run uses a fresh in-process server unless --server is given\n  FANSPOLE_SEED    the seed of auction run when --seed is not given (default: 42)\n',
  )
}

/** Signs the target's admin in and returns a caller with that token. */
async function adminCaller(target: Target, runId: string) {
  const creds = await target.adminCredentials(runId)
  const session = await passwordLogin(target.url, creds.email, creds.password)
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await callServer(target.url, method, path, body, session.access_token)
    if (answer.status >= 300) {
      const body = (answer.body ?? {}) as { error?: string; code?: string; errors?: Record<string, string[]> }
      throw new ApiError(
        answer.status,
        typeof body === 'object' ? body : {},
        `while calling ${method} ${path}`,
      )
    }
    return answer.body as T
  }
}

async function runAuction(io: Io, o: RunOptions): Promise<void> {
  const { ephemeralTarget, remoteTarget } = await import('../scenario/target')
  const remote = o.server !== undefined && !o.ephemeral
  if (remote && o.seed !== undefined)
    throw new UsageError(
      '--seed: a running server seeds its auctions with its own seed (its serve --seed); drop --server to run on a fresh in-process server with this one',
    )
  const target = remote
    ? remoteTarget(resolveServer(io, o.server), io.env)
    : await ephemeralTarget({ seedDemoLeague: true, seed: o.seed ?? (await envSeed(io)) })
  const started = performance.now()
  try {
    const call = await adminCaller(target, `auction${Date.now().toString(36)}`)
    const id = await createBotAuction(call, target.label, o)
    await playOnFastClock({ io, o, call, id, label: target.label, started })
    const summary = await auctionSummary(call, id)
    printSummary(io, o, target.label, summary)
  } finally {
    await target.close()
  }
}

/** $FANSPOLE_SEED as a seed, validated like --seed (undefined when unset). */
async function envSeed(io: Io): Promise<number | undefined> {
  const text = io.env.FANSPOLE_SEED
  if (text === undefined || text === '') return undefined
  const { z } = await import('zod')
  const parsed = seedFlag(z).safeParse(text)
  if (!parsed.success)
    throw new UsageError(
      `FANSPOLE_SEED: expected a seed (a whole number from 0), got ${JSON.stringify(text)}`,
    )
  return parsed.data
}

/** An auction on the next upcoming cricket match, its bots seated: its id. */
async function createBotAuction(call: Call, label: string, o: RunOptions): Promise<number> {
  const { matches } = await call<Answer<'/api/matches'>>(
    'GET',
    '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
  )
  const match = matches[0]
  if (!match)
    throw new CliError(`${label} has no upcoming cricket match to auction`, {
      hint: 'Seed a league: fanspole seed',
    })
  const { new_auction: created } = await call<{ new_auction: Auction }>('POST', '/api/auctions', {
    name: `Bot auction ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
    match_id: match.id,
    squad_min: 3,
    squad_max: 5,
    balanced: false,
    purse: 2000,
    lot_seconds: 10,
  })
  await call('POST', `/api/auctions/${created.id}/bots`, { count: o.bots, strategy: o.strategy })
  return created.id
}

/** Starts the auction with the server's clock at `o.speed` and plays it out; the clock is put back after. */
async function playOnFastClock(run: AuctionRun): Promise<void> {
  const { io, o, call, id, label } = run
  const clock = await call<Answer<'/api/admin/clock'>>('GET', '/api/admin/clock')
  // From here the server's clock is ours: Ctrl-C puts it back and stops the auction first.
  const interrupt = onInterrupt()
  try {
    await call('POST', `/api/admin/clock`, { speed: o.speed })
    await call('POST', `/api/auctions/${id}/start`)
    await playOut(run, interrupt)
  } catch (error) {
    if (!(error instanceof Interrupted)) {
      // A failed run leaves the server's clock as it found it, too.
      await call('POST', `/api/admin/clock`, { speed: clock.speed }).catch(() => undefined)
      throw error
    }
    await stopInterrupted(io, call, id, clock.speed, label)
    throw new CliError('Interrupted', { exitCode: 130, code: 'INTERRUPTED' })
  } finally {
    interrupt.dispose()
  }
  await call('POST', `/api/admin/clock`, { speed: clock.speed })
}

/** The finished auction, its franchises and the players nobody bought. */
async function auctionSummary(call: Call, id: number) {
  const a = await call<{ new_auction: Auction }>('GET', `/api/auctions/${id}`).then((r) => r.new_auction)
  const { franchises } = await call<Answer<'/api/auctions/{id}/franchises'>>(
    'GET',
    `/api/auctions/${id}/franchises`,
  )
  const { players: unsold } = await call<Answer<'/api/auctions/{id}/players'>>(
    'GET',
    `/api/auctions/${id}/players?status=unsold`,
  )
  return { a, franchises, unsold }
}

function printSummary(
  io: Io,
  o: RunOptions,
  label: string,
  { a, franchises, unsold }: Awaited<ReturnType<typeof auctionSummary>>,
) {
  const s = style(io.color && !o.json)
  if (o.json)
    return printJson(io, {
      auction_id: a.id,
      server: label,
      players: a.players_count,
      sold: a.sold_count,
      unsold: a.unsold_count,
      unsold_players: unsold.map((p) => ({
        name: p.display_name,
        role: p.style_label,
        base_price: p.base_price,
      })),
      franchises: franchises.map((f) => ({
        name: f.franchise_name,
        bot: f.is_bot,
        players: f.players.map((p) => ({ name: p.display_name, role: p.style_label, price: p.price })),
        spent: f.spent,
        purse_left: f.purse_remaining,
      })),
    })
  io.out(
    `\n${s.bold(`Auction ${a.id} completed`)}: ${a.sold_count} of ${a.players_count} players sold, ${a.unsold_count} unsold\n\n`,
  )
  for (const f of franchises) {
    io.out(
      `${s.bold(f.franchise_name)}  spent ${f.spent}, ${f.purse_remaining} left, ${f.players_count} players\n`,
    )
    for (const p of f.players)
      io.out(
        `    ${p.is_star ? '★ ' : '  '}${(p.display_name ?? '').padEnd(24)} ${(p.style_label ?? '').padEnd(8)} ${p.price}\n`,
      )
  }
  if (unsold.length > 0) {
    io.out(`${s.bold('Unsold')}  ${unsold.length} players\n`)
    for (const p of unsold)
      io.out(
        `    ${p.is_star ? '★ ' : '  '}${(p.display_name ?? '').padEnd(24)} ${(p.style_label ?? '').padEnd(8)} base ${p.base_price}\n`,
      )
  }
}

type Call = Awaited<ReturnType<typeof adminCaller>>

/** One `auction run`: where it prints, its options, the admin's caller, the auction, the server and when it began. */
interface AuctionRun {
  io: Io
  o: RunOptions
  call: Call
  id: number
  label: string
  started: number
}

/** Thrown out of the run's loop when Ctrl-C (SIGINT) or SIGTERM arrives. */
class Interrupted extends Error {}

/** Ctrl-C as a flag the run's loop checks, instead of Node's default of exiting on the spot. */
function onInterrupt() {
  let interrupted = false
  let wake = () => {}
  const handler = () => {
    interrupted = true
    wake()
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return {
    check() {
      if (interrupted) throw new Interrupted()
    },
    /** Waits `ms`, or less when interrupted meanwhile. */
    sleep(ms: number) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    },
    dispose() {
      process.off('SIGINT', handler)
      process.off('SIGTERM', handler)
    },
  }
}

/** The open round, then a sealed round of the unsold players, then the end of the auction. */
async function playOut(
  { io, o, call, id, label, started }: AuctionRun,
  interrupt: ReturnType<typeof onInterrupt>,
) {
  // With --json nothing but the summary: no progress lines, not even on stderr. Without, the
  // progress (how far the polls saw it, how long it took) is on stderr: stdout is the auction
  // alone, the same bytes for the same seed.
  const progress = createProgress(io, `Auction ${id} on ${label}: ${o.bots} bots, clock ×${o.speed}`, {
    quiet: o.json,
    stderr: true,
  })
  const show = () => call<{ new_auction: Auction }>('GET', `/api/auctions/${id}`).then((r) => r.new_auction)
  const waitFor = async (done: (a: Auction) => boolean, step: string) => {
    for (;;) {
      interrupt.check()
      const a = await show()
      progress.update(
        `${step}: ${a.sold_count} sold, ${a.unsold_count} unsold`,
        a.sold_count + a.unsold_count,
        a.players_count,
      )
      if (done(a)) return a
      if (performance.now() - started > 10 * 60_000)
        throw new CliError('The auction did not finish within 10 minutes')
      await interrupt.sleep(150)
    }
  }
  try {
    const a = await waitFor((x) => x.phase !== 'open', 'open round')
    if (o.sealed && a.unsold_count > 0 && a.phase === 'between') {
      const now = (await call<Answer<'/api/admin/clock'>>('GET', '/api/admin/clock')).now_in_millis
      await call('POST', `/api/auctions/${id}/secondary_round`, { closes_at_in_millis: now + 60_000 })
      await waitFor((x) => x.phase !== 'sealed', 'sealed round')
    }
    interrupt.check()
    await call('POST', `/api/auctions/${id}/complete`)
    await progress.finish(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } catch (error) {
    await progress.finish(error instanceof Interrupted ? 'interrupted' : 'failed')
    throw error
  }
}

/**
 * After Ctrl-C: the clock back to the speed it had, and the auction paused where it stood (its
 * bots stop with it); one that is between rounds cannot pause, so it is completed instead.
 */
async function stopInterrupted(io: Io, call: Call, id: number, speed: number, label: string) {
  await call('POST', '/api/admin/clock', { speed })
  let what = 'paused'
  try {
    const { new_auction: a } = await call<{ new_auction: Auction }>('GET', `/api/auctions/${id}`)
    if (a.phase === 'completed') what = 'completed'
    else if (a.status !== 'paused' && (a.phase === 'open' || a.phase === 'sealed'))
      await call('POST', `/api/auctions/${id}/pause`)
    else if (a.status !== 'paused') {
      await call('POST', `/api/auctions/${id}/complete`)
      what = 'completed'
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // Paused from elsewhere or just finished: end it rather than leave it running.
    await call('POST', `/api/auctions/${id}/complete`).catch(() => undefined)
    what = 'completed'
  }
  io.err(
    `Interrupted: the clock on ${label} is back at ×${speed}; auction ${id} is ${what}.${what === 'paused' ? ` Resume it with: fanspole auction resume ${id} --server ${label}` : ''}\n`,
  )
}
