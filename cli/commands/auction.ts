import { Command } from 'commander'
import { Api, callServer, passwordLogin } from '../lib/api'
import { ApiError, CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import {
  intFlag,
  type OptionSchema,
  type OptionsOf,
  parseOptions,
  resolveServer,
  withJson,
} from '../lib/options'
import { createProgress } from '../lib/progress'
import { style } from '../lib/style'
import type { Target } from '../scenario/target'
import { auctionPlayCommands } from './auction-play'

interface Auction {
  id: number
  name: string
  code: string | null
  phase: string
  status: string
  players_count: number
  sold_count: number
  unsold_count: number
  managers_count: number
  purse: number
  round: number
}

interface Franchise {
  id: number
  franchise_name: string
  is_bot: boolean
  purse_remaining: number
  spent: number
  players_count: number
  players: Array<{ display_name: string; style_label: string; price: number; is_star: boolean }>
}

const runOptions = ((z) =>
  z.object({
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
    ephemeral: z.boolean().default(false),
    server: z.string().optional(),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

type RunOptions = OptionsOf<typeof runOptions>

export function auctionCommand(io: Io): Command {
  const auction = new Command('auction').summary(
    'cricket auctions: create, join, bid, watch live, run whole ones with bots',
  )

  const run = new Command('run')
    .description(
      'Run a whole auction with bots: a match auction on an upcoming cricket match, the bots seated, the open round on a fast clock, a sealed round for the unsold players, then a summary of squads, spend and unsold players. On an ephemeral server (the default) or --server URL as the configured admin.',
    )
    .option('--bots <n>', 'how many bots (2–11)', '6')
    .option('--strategy <name>', 'mixed (default), value, star, hoarder or random')
    .option(
      '--speed <n>',
      'the game clock’s speed while it runs (default 60: a 10 s lot takes a sixth of a second)',
      '60',
    )
    .option('--no-sealed', 'skip the sealed round for the unsold players')
    .option('--ephemeral', 'run on a fresh in-process server (the default without --server)')
    .option('--server <url>', 'run on a running server')
  withJson(run).action(async (raw) => runAuction(io, await parseOptions(runOptions, raw)))

  const list = new Command('list')
    .description('Auctions you own or play in, and public ones waiting for managers.')
    .option('--server <url>', 'the server (default FANSPOLE_SERVER or http://127.0.0.1:3000)')
  withJson(list).action(async (raw: { server?: string; json?: boolean }) => {
    const api = new Api(io, resolveServer(io, raw.server), 'user')
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

  auction.addHelpText(
    'after',
    '\nExamples:\n  fanspole auction run --bots 8\n  fanspole auction watch 3\n  fanspole auction bid 3\n  fanspole auction run --bots 4 --strategy star --speed 120 --json\n  fanspole auction list\n',
  )
  auction.addCommand(run).addCommand(list)
  for (const command of auctionPlayCommands(io)) auction.addCommand(command)
  return auction
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
  const s = style(io.color && !o.json)
  const { ephemeralTarget, remoteTarget } = await import('../scenario/target')
  const target =
    o.server && !o.ephemeral
      ? remoteTarget(resolveServer(io, o.server), io.env)
      : await ephemeralTarget({ seedDemoLeague: true })
  const started = performance.now()
  try {
    const call = await adminCaller(target, `auction${Date.now().toString(36)}`)
    const { matches } = await call<{ matches: Array<{ id: number; short_name?: string; name?: string }> }>(
      'GET',
      '/api/matches?sport_slug=cricket&status=upcoming&per_page=1',
    )
    const match = matches[0]
    if (!match)
      throw new CliError(`${target.label} has no upcoming cricket match to auction`, {
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
    const clock = await call<{ speed: number }>('GET', '/api/admin/clock')
    await call('POST', `/api/admin/clock`, { speed: o.speed })
    await call('POST', `/api/auctions/${created.id}/start`)

    // With --json nothing but the summary: no progress lines, not even on stderr.
    const progress = createProgress(
      io,
      `Auction ${created.id} on ${target.label}: ${o.bots} bots, clock ×${o.speed}`,
      { quiet: o.json },
    )
    const show = () =>
      call<{ new_auction: Auction }>('GET', `/api/auctions/${created.id}`).then((r) => r.new_auction)
    const waitFor = async (done: (a: Auction) => boolean, step: string) => {
      for (;;) {
        const a = await show()
        progress.update(
          `${step}: ${a.sold_count} sold, ${a.unsold_count} unsold`,
          a.sold_count + a.unsold_count,
          a.players_count,
        )
        if (done(a)) return a
        if (performance.now() - started > 10 * 60_000)
          throw new CliError('The auction did not finish within 10 minutes')
        await new Promise((r) => setTimeout(r, 150))
      }
    }
    let a = await waitFor((x) => x.phase !== 'open', 'open round')
    if (o.sealed && a.unsold_count > 0 && a.phase === 'between') {
      const now = (await call<{ now_in_millis: number }>('GET', '/api/admin/clock')).now_in_millis
      await call('POST', `/api/auctions/${created.id}/secondary_round`, { closes_at_in_millis: now + 60_000 })
      a = await waitFor((x) => x.phase !== 'sealed', 'sealed round')
    }
    await call('POST', `/api/auctions/${created.id}/complete`)
    await call('POST', `/api/admin/clock`, { speed: clock.speed })
    await progress.finish('done')
    a = await show()
    const { franchises } = await call<{ franchises: Franchise[] }>(
      'GET',
      `/api/auctions/${created.id}/franchises`,
    )
    const seconds = (performance.now() - started) / 1000
    if (o.json)
      return printJson(io, {
        auction_id: a.id,
        server: target.label,
        players: a.players_count,
        sold: a.sold_count,
        unsold: a.unsold_count,
        seconds: Math.round(seconds * 10) / 10,
        franchises: franchises.map((f) => ({
          name: f.franchise_name,
          bot: f.is_bot,
          players: f.players.map((p) => ({ name: p.display_name, role: p.style_label, price: p.price })),
          spent: f.spent,
          purse_left: f.purse_remaining,
        })),
      })
    io.out(
      `\n${s.bold(`Auction ${a.id} completed`)} in ${seconds.toFixed(1)} s: ${a.sold_count} of ${a.players_count} players sold, ${a.unsold_count} unsold\n\n`,
    )
    for (const f of franchises) {
      io.out(
        `${s.bold(f.franchise_name)}  spent ${f.spent}, ${f.purse_remaining} left, ${f.players_count} players\n`,
      )
      for (const p of f.players)
        io.out(
          `    ${p.is_star ? '★ ' : '  '}${p.display_name.padEnd(24)} ${p.style_label.padEnd(8)} ${p.price}\n`,
        )
    }
  } finally {
    await target.close()
  }
}
