import { Command } from 'commander'
import { describeLocation, localConfig } from '../lib/config'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import {
  dbJson,
  instantFlag,
  type OptionSchema,
  type OptionsOf,
  runsOnDb,
  seedFlag,
  usersFlag,
} from '../lib/options'
import { style } from '../lib/style'
import { confirmOrStop } from '../ui/confirm'

export const seedOptions = ((z) =>
  z.object({
    ...dbJson(z),
    seed: seedFlag(z).optional(),
    now: instantFlag(z).optional(),
    users: usersFlag(z).optional(),
    reset: z.boolean().default(false),
    yes: z.boolean().default(false),
  })) satisfies OptionSchema

export function seedCommand(io: Io): Command {
  const cmd = new Command('seed')
    .summary('build the demo league into the database')
    .description(
      'Build the deterministic demo league (sports, teams, players, series, matches around "now", demo users, the demo player and the admin). The same --seed and --now give the same league.',
    )
    .option('--seed <n>', 'random seed (default: $FANSPOLE_SEED or 42)')
    .option(
      '--now <instant>',
      'the instant the league is built around: ISO date-time or epoch ms (default: the game clock)',
    )
    .option('--users <n>', 'how many demo users to create')
    .option('--reset', 'wipe the database first (every table, every row), then seed')
    .option('-y, --yes', 'with --reset: do not ask for confirmation')
  cmd.addHelpText(
    'after',
    '\nExamples:\n  fanspole seed\n  fanspole seed --seed 7 --users 40\n  fanspole seed --reset --yes --now 2026-11-22T06:00:00Z\n  fanspole seed --db ./data/class.sqlite --json\n',
  )
  return runsOnDb(io, cmd, seedOptions, runSeed)
}

async function runSeed(io: Io, opts: OptionsOf<typeof seedOptions>): Promise<void> {
  const local = await import('./local-league')
  const config = localConfig(io, { db: opts.db, seed: opts.seed })
  const where = describeLocation(config)
  if (opts.reset)
    await confirmOrStop(io, {
      yes: opts.yes,
      json: opts.json,
      refusal: `seed --reset deletes every row of ${where}`,
      question: `Delete every row of ${where} and seed a fresh league?`,
    })
  const lock = opts.reset
    ? ({ command: 'fanspole seed --reset', mode: 'exclusive' } as const)
    : ({ command: 'fanspole seed', mode: 'shared' } as const)
  const deps = await local.boot(config, lock, opts.now)
  try {
    let nowMs = opts.now ?? deps.clock.now()
    if (opts.reset) {
      // A wiped database starts its game clock afresh, at --now or at the wall clock.
      nowMs = opts.now ?? Date.now()
      await local.reset(deps.db, nowMs)
    } else if (await local.isSeeded(deps.db)) {
      throw new CliError(`The database ${where} already holds a demo league; nothing was changed`, {
        code: 'ALREADY_SEEDED',
        hint: 'Wipe it and seed again with `fanspole seed --reset`',
      })
    }
    const title = `Seeding the demo league (seed ${config.seed}) into ${where}`
    const summary = await local.seed(io, deps, { nowMs, users: opts.users, json: opts.json, title })
    if (opts.json) return printJson(io, summary)
    io.out(local.seedReport(summary, where, config, style(io.color)))
  } finally {
    await deps.dbHandle.close()
  }
}
