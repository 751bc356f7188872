import { Command } from 'commander'
import { MAX_CLOCK_SPEED } from '../../server/index'
import { rememberAdmin } from '../lib/accounts'
import { localConfig } from '../lib/config'
import { DemoDriver } from '../lib/demo/driver'
import { bannerLines, summaryLines } from '../lib/demo/summary'
import { type DemoTarget, defaultDemoDir, resetRemote, startLocal } from '../lib/demo/target'
import { type DemoState, emptyState } from '../lib/demo/types'
import { UsageError } from '../lib/errors'
import type { Io } from '../lib/io'
import { chooseHost, lanWarning } from '../lib/lan'
import { createStore, type Store } from '../lib/live-store'
import {
  adminPasswordFlag,
  intFlag,
  type OptionSchema,
  type OptionsOf,
  parseOptions,
  resolveServer,
  seedFlag,
} from '../lib/options'
import { type Style, style } from '../lib/style'
import { confirmOrStop } from '../ui/confirm'
import { createProgress } from '../ui/progress'

/** A T20 takes a little over three hours of game time (cricket-pace.ts): 20× plays it in about ten minutes. */
export const DEFAULT_DEMO_SPEED = 20
/** Real time between two looks at the league, and between two plain summaries. */
const TICK_MS = 500
const PLAIN_EVERY_MS = 5_000
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
/** Erase the screen and its scrollback, cursor home. */
const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H'

const demoOptions = ((z) =>
  z.object({
    server: z.string().optional(),
    speed: z
      .string()
      .regex(/^\d+(\.\d+)?$/, { error: (i) => `expected a speed such as 20, got ${JSON.stringify(i.input)}` })
      .transform(Number)
      .pipe(z.number().positive('must be above 0').max(MAX_CLOCK_SPEED, `must be at most ${MAX_CLOCK_SPEED}`))
      .default(DEFAULT_DEMO_SPEED),
    seed: seedFlag(z).optional(),
    data: z.string().min(1).optional(),
    port: intFlag(z, 'a port', 0, 65_535).optional(),
    host: z.string().trim().min(1).optional(),
    adminPassword: adminPasswordFlag(z).optional(),
    web: z.boolean().default(true),
    yes: z.boolean().default(false),
  })) satisfies OptionSchema

export function demoCommand(io: Io): Command {
  return new Command('demo')
    .summary('a living demo league: bots play, bid, post and chat while the clock runs')
    .description(
      'Starts the product on a fresh demo database (or, with --server, resets that server to a fresh league), runs the clock at --speed and brings the league to life with seeded bots: T20 matches go live one after another and settle, bots fill their contests and a championship contest, bid in an auction whose waiting room you can join, post, like and chat. Shows a live summary until Ctrl-C, which pauses the clock, puts its speed back and leaves the league as it is.',
    )
    .option(
      '--server <url>',
      'run the demo on this running server, whose league is REPLACED by a league reset (default: a fresh in-process server on --data)',
    )
    .option(
      '--speed <n>',
      `game ms per real ms; ${DEFAULT_DEMO_SPEED} plays a T20 in about ten minutes (default: ${DEFAULT_DEMO_SPEED})`,
    )
    .option('--seed <n>', 'seed of the league and of every bot (default: $FANSPOLE_SEED or 42)')
    .option(
      '--data <dir>',
      'folder of the demo database, demo.sqlite, recreated at every start (default: ./data/demo)',
    )
    .option('--port <n>', 'port of the demo server, 0 for any free one (default: 3000)')
    .option(
      '--host <address>',
      'address of the demo server (default: 127.0.0.1, or $HOST unless that is 0.0.0.0); --host 0.0.0.0 serves a LAN, with a warning',
    )
    .option(
      '--admin-password <generate>',
      'on a network: give the admin a new password, printed once (or set FANSPOLE_ADMIN_PASSWORD); the README’s is refused there',
    )
    .option('--no-web', 'do not build the web client')
    .option('-y, --yes', 'with --server: do not ask before replacing its league')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole demo\n  fanspole demo --speed 60 --seed 7\n  fanspole demo --server http://127.0.0.1:3000 --yes\n',
    )
    .action(async (raw) => runDemo(io, await parseOptions(demoOptions, raw)))
}

async function runDemo(io: Io, opts: OptionsOf<typeof demoOptions>): Promise<void> {
  if (
    opts.server !== undefined &&
    (opts.data !== undefined ||
      opts.port !== undefined ||
      opts.host !== undefined ||
      opts.adminPassword !== undefined)
  )
    throw new UsageError(
      '--data, --port, --host and --admin-password are for a demo on a server of its own; leave them out with --server',
    )
  const seed = opts.seed ?? localConfig(io).seed
  if (opts.server !== undefined) {
    const server = resolveServer(io, opts.server)
    await confirmOrStop(io, {
      yes: opts.yes,
      refusal: `demo --server replaces the whole league on ${server} by a fresh demo league: every account, sign-in, contest and auction goes`,
      question: `Replace the whole league on ${server} by a fresh demo league? Every account, sign-in, contest and auction goes.`,
    })
  }
  const s = style(io.color)
  // Signals are ours from the start: a Ctrl-C while the league is being built still winds it
  // down (the clock put back) once the build is through, rather than leaving it at --speed.
  const signals = catchSignals(io)
  try {
    await demo(io, opts, seed, s, signals.interrupted)
  } finally {
    signals.release()
  }
}

async function demo(
  io: Io,
  opts: OptionsOf<typeof demoOptions>,
  seed: number,
  s: Style,
  interrupted: Promise<void>,
): Promise<void> {
  const web = opts.web && opts.server === undefined ? buildWebInBackground(io) : Promise.resolve()
  const target = await openTarget(io, opts, seed)
  const state = emptyState(Date.now())
  const store = createStore<DemoState>(state)
  const driver = new DemoDriver({
    admin: target.admin,
    state,
    seed,
    speed: opts.speed,
    demoUsername: target.config.demo.username,
    usersPassword: target.usersPassword,
    speedBefore: target.speedBefore,
    tickMs: TICK_MS,
    onChange: () => store.set(() => ({ ...state })),
  })
  try {
    await driver.start()
  } catch (error) {
    await driver.stop().catch(() => [])
    await target.close()
    throw error
  }
  const banner = bannerLines({ ...target, seed, speed: opts.speed }, s)
  const left = await show(io, banner, store, driver, state, interrupted)
  await web
  await target.close()
  io.out(`\n${s.bold('Stopped. Left behind:')}\n${left.map((line) => `  ${line}\n`).join('')}`)
  if (target.database)
    io.out(
      `Carry on with: fanspole serve --db ${target.database}, then fanspole clock --resume --speed ${opts.speed}\n`,
    )
}

async function openTarget(io: Io, opts: OptionsOf<typeof demoOptions>, seed: number): Promise<DemoTarget> {
  if (opts.server !== undefined) {
    const server = resolveServer(io, opts.server)
    io.err(`Resetting ${server} to a fresh league (seed ${seed})…\n`)
    return resetRemote(io, server, seed)
  }
  const hostChoice = chooseHost(opts.host, io.env)
  if (hostChoice.ignored) io.err(`note: ${hostChoice.ignored}\n`)
  const progress = createProgress(io, `Seeding the demo league (seed ${seed})`)
  try {
    const target = await startLocal(io, {
      dir: opts.data ?? defaultDemoDir(),
      seed,
      port: opts.port ?? 3000,
      host: hostChoice.host,
      generateAdminPassword: opts.adminPassword === 'generate',
      onSeedProgress: progress.update,
    })
    await progress.finish()
    if (target.lan) io.err(`${style(io.color).yellow(lanWarning(hostChoice.host, target.lan))}\n`)
    const signedIn = await rememberAdmin(io, target.server, target.accounts)
    if (signedIn) io.err(`${style(io.color).dim(signedIn)}\n`)
    return target
  } catch (error) {
    await progress.finish('failed')
    throw error
  }
}

/** The web client builds while the league comes to life; the API and /cable do not wait for it. */
async function buildWebInBackground(io: Io): Promise<void> {
  const { ensureWebBuilt } = await import('../../web/build')
  try {
    await ensureWebBuilt()
  } catch (error) {
    io.err(`warning: the web client could not be built: ${(error as Error).message}\n`)
  }
}

/**
 * The live summary until Ctrl-C (or SIGTERM): an Ink view on a terminal, else the banner
 * once and the summary every few seconds. Then the driver winds the league down.
 */
async function show(
  io: Io,
  banner: string[],
  store: Store<DemoState>,
  driver: DemoDriver,
  state: DemoState,
  interrupted: Promise<void>,
): Promise<string[]> {
  if (io.interactive) {
    await liveView(io, banner, store, interrupted)
  } else {
    io.out(`${banner.join('\n')}\n`)
    let printedSteps = 0
    const print = () => {
      for (const step of state.steps.slice(printedSteps)) io.out(`+ ${step}\n`)
      printedSteps = state.steps.length
      io.out(`${summaryLines(state).join('\n')}\n\n`)
    }
    print()
    const timer = setInterval(print, PLAIN_EVERY_MS)
    await Promise.race([interrupted, io.stdoutClosed])
    clearInterval(timer)
  }
  io.err('Stopping: pausing the clock and winding the league down…\n')
  return driver.stop()
}

/**
 * The Ink view until Ctrl-C (Ink takes it as a key in raw mode and exits) or a signal. A resize
 * clears the screen and draws the view afresh at the new width: a terminal that narrows rewraps
 * what is already on it, and redrawing over that left a ghost of the banner behind.
 */
async function liveView(io: Io, banner: string[], store: Store<DemoState>, interrupted: Promise<void>) {
  const [{ render }, { DemoBoard }] = await Promise.all([import('ink'), import('../ui/demo-board')])
  const stdout = io.stdout as NodeJS.WriteStream
  let quit = () => {}
  const quitByKey = new Promise<void>((resolve) => {
    quit = resolve
  })
  const mount = () => {
    const app = render(<DemoBoard banner={banner} store={store} />, {
      stdout,
      stderr: io.stderr as NodeJS.WriteStream,
      stdin: io.stdin as NodeJS.ReadStream,
      patchConsole: false,
    })
    app.waitUntilExit().then(() => {
      if (current === app) quit()
    }, quit)
    return app
  }
  let current = mount()
  const onResize = () => {
    const old = current
    old.unmount()
    stdout.write(CLEAR_SCREEN)
    current = mount()
  }
  stdout.on('resize', onResize)
  try {
    await Promise.race([quitByKey, interrupted])
  } finally {
    stdout.off('resize', onResize)
    current.unmount()
  }
}

/**
 * SIGINT, SIGTERM and SIGHUP (the terminal closed, `timeout -s HUP`) resolve `interrupted`: the
 * demo winds down and puts the clock back. A second one while winding down exits at once.
 */
function catchSignals(io: Io): { interrupted: Promise<void>; release(): void } {
  let interrupt = () => {}
  const interrupted = new Promise<void>((resolve) => {
    interrupt = resolve
  })
  let stopping = false
  const onSignal = () => {
    if (stopping) {
      io.err('Ctrl-C again: exiting without waiting\n')
      process.exit(1)
    }
    stopping = true
    interrupt()
  }
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal)
  return {
    interrupted,
    release: () => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal)
    },
  }
}
