import { Command } from 'commander'
import type { SeedSummary } from '../../seeds/demo-league'
import { type Config, loadHost, type RunningServer } from '../../server/index'
import { type AccountsView, accountsJson, accountsLines, accountsView, rememberAdmin } from '../lib/accounts'
import { localConfig } from '../lib/config'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { chooseHost, isExposed, lanUrls, lanWarning } from '../lib/lan'
import {
  adminPasswordFlag,
  dbJson,
  intFlag,
  type OptionSchema,
  type OptionsOf,
  runsOnDb,
  seedFlag,
  usersFlag,
} from '../lib/options'
import { type Style, style } from '../lib/style'
import { createProgress } from '../ui/progress'

const serveOptions = ((z) =>
  z.object({
    port: intFlag(z, 'a port', 0, 65_535).optional(),
    host: z.string().trim().min(1).optional(),
    ...dbJson(z),
    // `--no-seed` makes this false; `--seed 7` picks the random seed.
    seed: z.union([z.literal(false), seedFlag(z)]).optional(),
    users: usersFlag(z).optional(),
    adminPassword: adminPasswordFlag(z).optional(),
    web: z.boolean().default(true),
  })) satisfies OptionSchema

export function serveCommand(io: Io): Command {
  const cmd = new Command('serve')
    .summary('run the product: web client, /api and /cable on one port')
    .description(
      'Migrate the database, seed the demo league on first start, build the web client when needed and serve web + /api + /cable on one port until Ctrl-C.',
    )
    .option('--port <n>', 'port to listen on, 0 for any free one (default: $PORT or 3000)')
    .option(
      '--host <address>',
      'address to listen on (default: 127.0.0.1, or $HOST unless that is 0.0.0.0); --host 0.0.0.0 serves a LAN, with a warning',
    )
    .option(
      '--admin-password <generate>',
      'on a network: give the admin a new password, printed once (or set FANSPOLE_ADMIN_PASSWORD); the README’s is refused there',
    )
    .option('--seed <n>', 'random seed of the demo league (default: $FANSPOLE_SEED or 42)')
    .option('--no-seed', 'do not seed the demo league into an empty database')
    .option('--users <n>', 'how many demo users to create when seeding')
    .option('--no-web', 'do not build the web client (`npm run dev` serves it with Vite)')
  return runsOnDb(io, cmd, serveOptions, runServe)
}

async function runServe(io: Io, opts: OptionsOf<typeof serveOptions>): Promise<void> {
  const hostChoice = chooseHost(opts.host, io.env)
  const config = localConfig(io, {
    db: opts.db,
    port: opts.port,
    host: hostChoice.host,
    seed: typeof opts.seed === 'number' ? opts.seed : undefined,
    logLevel: 'info',
  })
  config.generateAdminPassword = opts.adminPassword === 'generate'
  // With --json, stdout carries only the one JSON document; the story goes to stderr.
  const say = opts.json ? io.err : io.out
  const s = style(io.color && !opts.json)
  if (opts.web) await buildWeb((line) => say(`${s.dim(line)}\n`))

  const [{ startServer, configuredPasswordsHold }, { isSeeded }] = await Promise.all([
    loadHost(),
    import('../../seeds/demo-league'),
  ])
  const progress = createProgress(io, `Seeding the demo league (seed ${config.seed})`, { json: opts.json })
  let running: RunningServer
  try {
    running = await startServer(config, {
      seedIfEmpty: opts.seed !== false,
      seedUsers: opts.users,
      onSeedProgress: progress.update,
    })
  } catch (error) {
    await progress.finish('failed')
    throw startFailure(error, config.host, config.port)
  }
  await progress.finish()
  const hasLeague = running.seeded !== null || (await isSeeded(running.deps.db))
  const urls = {
    url: `${running.url}/`,
    api_docs: `${running.url}/api/docs`,
    cable: `${running.url.replace(/^http/, 'ws')}/cable`,
    social: `${running.url}/feeds`,
    chats: `${running.url}/groups`,
    esports: `${running.url}/pubg/contests`,
  }
  const database = running.deps.dbHandle.location
  if (hostChoice.ignored) io.err(`note: ${hostChoice.ignored}\n`)
  const lan = isExposed(config.host) ? lanUrls(config.host, running.port) : null
  // On stderr, so that it shows with --json too and is never mistaken for the document.
  if (lan) io.err(`${s.yellow(lanWarning(config.host, lan))}\n`)
  const accounts = accountsView(
    running.deps.config,
    running.network,
    await configuredPasswordsHold(running.deps),
  )
  const signedIn = await rememberAdmin(io, running.url, accounts)
  if (signedIn) io.err(`${s.dim(signedIn)}\n`)
  if (opts.json) {
    printJson(io, {
      ...urls,
      host: config.host,
      lan_urls: lan,
      port: running.port,
      database,
      seeded: running.seeded,
      demo_league: hasLeague,
      accounts: hasLeague ? accountsJson(accounts) : null,
      pid: process.pid,
    })
  } else {
    io.out(banner({ ...urls, database, seeded: running.seeded, hasLeague, config, s, lan, accounts }))
  }
  await untilStopped(running, say)
}

export function banner(b: {
  url: string
  api_docs: string
  cable: string
  /** The feed: where the seeded players' posts, likes and comments show first. */
  social: string
  /** The demo player's group chats and one-to-ones. */
  chats: string
  /** Esports rooms players play themselves (docs/esports.md). */
  esports: string
  database: string
  seeded: SeedSummary | null
  hasLeague: boolean
  config: Config
  s: Style
  /** `--host` beyond this machine: the URLs other machines use. */
  lan?: string[] | null
  /** The accounts as this start left them (default: the configured ones, as on 127.0.0.1). */
  accounts?: AccountsView
}): string {
  const { s } = b
  const lines: string[] = []
  if (b.seeded) {
    const seeded = b.seeded
    const counts = (['users', 'sports', 'teams', 'players', 'series', 'matches'] as const)
      .map((key) => `${seeded[key]} ${key}`)
      .join(', ')
    lines.push(`${s.green('Seeded')} the demo league (seed ${seeded.seed}): ${counts}`)
    if (seeded.private_contest_code)
      lines.push(
        `A friends' private contest to try: code ${s.bold(seeded.private_contest_code)} ("Enter contest code" on the web, or fanspole contest join --code ${seeded.private_contest_code})`,
      )
    if (seeded.posts !== undefined)
      lines.push(
        `Social: ${seeded.follows} follows, ${seeded.posts} posts, ${seeded.comments} comments, ${seeded.likes} likes, ${seeded.ratings} ratings`,
      )
    if (seeded.groups !== undefined)
      lines.push(`Chats: ${seeded.groups} groups and one-to-ones, ${seeded.group_messages} messages`)
  }
  lines.push(
    '',
    s.bold('Fanspole Local is running'),
    `  ${s.dim('Web        ')}  ${s.cyan(b.url)}`,
    `  ${s.dim('API docs   ')}  ${b.api_docs}`,
    `  ${s.dim('Cable      ')}  ${b.cable}`,
    `  ${s.dim('Social     ')}  ${b.social} ${s.dim('(feed; /discover, /leaderboards, or fanspole social feed)')}`,
    `  ${s.dim('Chats      ')}  ${b.chats} ${s.dim('(or fanspole group list, fanspole group chat <id>)')}`,
    `  ${s.dim('Esports    ')}  ${b.esports} ${s.dim('(custom rooms; /pubg/tournaments, or fanspole esports contest list)')}`,
    ...(b.lan ? b.lan.map((url) => `  ${s.dim('On the LAN ')}  ${s.yellow(url)}`) : []),
    `  ${s.dim('Database   ')}  ${b.database}`,
    b.hasLeague
      ? accountsLines(b.accounts ?? accountsView(b.config, null), s).join('\n')
      : `  ${s.yellow('No demo league in this database (--no-seed): run `fanspole seed` to build it')}`,
    '',
    s.dim('Press Ctrl-C to stop.'),
  )
  return `${lines.join('\n')}\n`
}

async function buildWeb(log: (line: string) => void): Promise<void> {
  const { ensureWebBuilt } = await import('../../web/build')
  try {
    await ensureWebBuilt({ onLog: log })
  } catch (error) {
    // The API and /cable are still worth serving; the web pages say the client is not built.
    log(`warning: the web client could not be built: ${(error as Error).message}`)
  }
}

function startFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE')
    return new CliError(`Port ${port} on ${host} is already in use`, {
      hint: 'Stop the other server, or pick another port with --port (0 picks a free one)',
    })
  if (code === 'EACCES')
    return new CliError(`Not allowed to listen on ${host}:${port}`, { hint: 'Pick a port above 1023' })
  return error
}

/**
 * Serves until SIGINT or SIGTERM, then closes cleanly: cable clients are told
 * `server_restart` with reconnect, the scheduler stops and the database closes.
 * A second signal while closing exits at once.
 */
function untilStopped(running: RunningServer, say: (text: string) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let stopping = false
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        say(`${signal} again: exiting without waiting\n`)
        process.exit(1)
      }
      stopping = true
      say(`\n${signal}: shutting down (press Ctrl-C again to force)\n`)
      running.close().then(
        () => {
          process.off('SIGINT', stop)
          process.off('SIGTERM', stop)
          say('Stopped.\n')
          resolve()
        },
        (error: unknown) => reject(error),
      )
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
