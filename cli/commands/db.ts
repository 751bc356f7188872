import { Command } from 'commander'
import { describeLocation, localConfig } from '../lib/config'
import { UsageError } from '../lib/errors'
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

const migrateOptions = ((z) => z.object(dbJson(z))) satisfies OptionSchema

const resetOptions = ((z) =>
  z.object({
    ...dbJson(z),
    yes: z.boolean().default(false),
    // `--seed` alone seeds with the configured seed; `--seed 7` picks one.
    seed: z.union([z.literal(true), seedFlag(z)]).optional(),
    users: usersFlag(z).optional(),
    now: instantFlag(z).optional(),
  })) satisfies OptionSchema

export function dbCommand(io: Io): Command {
  const db = new Command('db').summary('migrate or reset the database').description('Database maintenance.')
  const migrate = new Command('migrate').description('Apply every pending migration to the database.')
  runsOnDb(io, migrate, migrateOptions, runMigrate)

  const reset = new Command('reset')
    .description(
      'Delete everything: roll every migration back, migrate again and restore the reference data (OAuth clients, avatars, sports).',
    )
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--seed [n]', 'seed the demo league afterwards (optionally with this random seed)')
    .option('--users <n>', 'with --seed: how many demo users to create')
    .option('--now <instant>', 'the new game clock (and the league’s "now"): ISO date-time or epoch ms')
  runsOnDb(io, reset, resetOptions, runReset)

  db.addHelpText(
    'after',
    '\nExamples:\n  fanspole db migrate\n  fanspole db migrate --db ./data/class.sqlite --json\n  fanspole db reset --yes\n  fanspole db reset --yes --seed 7 --users 40\n  DATABASE_URL=postgres://fanspole:fanspole@127.0.0.1:5432/fanspole fanspole db migrate\n',
  )
  return db.addCommand(migrate).addCommand(reset)
}

async function runMigrate(io: Io, opts: OptionsOf<typeof migrateOptions>): Promise<void> {
  const local = await import('../lib/database')
  const config = localConfig(io, { db: opts.db })
  const where = describeLocation(config)
  const { applied, total } = await local.migrate(config)
  if (opts.json) return printJson(io, { database: where, applied, migrations: total })
  const s = style(io.color)
  if (applied.length === 0) {
    io.out(`${where} is up to date (${total} migration${total === 1 ? '' : 's'})\n`)
    return
  }
  io.out(`${s.green('Applied')} ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${where}:\n`)
  for (const name of applied) io.out(`  ${name}\n`)
}

async function runReset(io: Io, opts: OptionsOf<typeof resetOptions>): Promise<void> {
  const local = await import('./local-league')
  const config = localConfig(io, { db: opts.db, seed: typeof opts.seed === 'number' ? opts.seed : undefined })
  const where = describeLocation(config)
  if (opts.users !== undefined && opts.seed === undefined)
    throw new UsageError('--users only makes sense with --seed')
  await confirmOrStop(io, {
    yes: opts.yes,
    json: opts.json,
    refusal: `db reset deletes every row of ${where}`,
    question: `Delete every row of ${where}?`,
  })
  const s = style(io.color && !opts.json)
  const nowMs = opts.now ?? Date.now()
  const deps = await local.boot(config, { command: 'fanspole db reset', mode: 'exclusive' })
  try {
    const { rolledBack, applied } = await local.reset(deps.db, nowMs)
    let seeded: Awaited<ReturnType<typeof local.seed>> | null = null
    if (!opts.json)
      io.out(
        `${s.green('Reset')} ${where}: rolled back ${rolledBack.length}, applied ${applied.length} migrations\n`,
      )
    if (opts.seed !== undefined) {
      const title = `Seeding the demo league (seed ${config.seed})`
      seeded = await local.seed(io, deps, { nowMs, users: opts.users, json: opts.json, title })
    }
    if (opts.json) return printJson(io, { database: where, rolled_back: rolledBack, applied, seeded })
    if (seeded) io.out(local.seedReport(seeded, where, config, s))
  } finally {
    await deps.dbHandle.close()
  }
}
