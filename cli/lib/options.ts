import type { Command } from 'commander'
import type { z as Zod } from 'zod'
import { ESPORTS_KIND_SLUGS } from '../../server/domain/esports/rules'
import { SPORT_RULES } from '../../server/domain/team/sports'
import { UsageError } from './errors'
import type { Io } from './io'
import { parseInstant } from './time'

export const DEFAULT_SERVER = 'http://127.0.0.1:3000'
/** MAX_DEMO_USERS of seeds/demo-league (not imported: that module is loaded only when seeding). */
export const MAX_USERS = 1000

export const withJson = (cmd: Command) =>
  cmd.option('--json', 'print exactly one JSON document: no colours, no prompts, no progress')

export const withServer = (cmd: Command) =>
  cmd.option('--server <url>', `server to talk to (default: $FANSPOLE_SERVER or ${DEFAULT_SERVER})`)

export const withDb = (cmd: Command) =>
  cmd.option(
    '--db <file|url>',
    'SQLite database file or postgres:// URL (default: $DATABASE_URL, $FANSPOLE_DB or ./data/fanspole.sqlite)',
  )

/** `cmd` with `--db` and `--json`, running `run` with its options parsed. */
export const runsOnDb = <S extends Zod.ZodType>(
  io: Io,
  cmd: Command,
  schema: OptionSchema<S>,
  run: (io: Io, opts: Zod.output<S>) => Promise<void>,
): Command => withJson(withDb(cmd)).action(async (raw) => run(io, await parseOptions(schema, raw)))

/**
 * Option schemas are written as `(z) => z.object(…)` and zod is imported when an action
 * runs: loading zod costs ~180 ms, which `fanspole --help` and tab completion should not pay.
 */
export type OptionSchema<S extends Zod.ZodType = Zod.ZodType> = (z: typeof Zod) => S
export type OptionsOf<F extends OptionSchema> = Zod.output<ReturnType<F>>

/** Validates commander's raw options; a bad value is a usage error (exit 2) naming the flag. */
export async function parseOptions<S extends Zod.ZodType>(
  schema: OptionSchema<S>,
  raw: Record<string, unknown>,
): Promise<Zod.output<S>> {
  const { z } = await import('zod')
  const result = schema(z).safeParse(raw)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const key = issue?.path[0]
  const flag =
    typeof key === 'string' ? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'options'
  let message = issue?.message ?? 'is invalid'
  // A value outside a flag's choices (an enum): the valid ones and the one given, whichever
  // flag it is (`match list --sport hockey`), so no command answers "none found" to a typo.
  if (issue?.code === 'invalid_value' && typeof key === 'string') {
    const values = (issue as { values: unknown[] }).values.map(String)
    if (message.startsWith('Invalid option')) message = `expected one of ${values.join(', ')}`
    if (!message.includes(', got ')) message = `${message}, got ${JSON.stringify(raw[key])}`
  }
  throw new UsageError(`${flag}: ${message}`)
}

/** Every sport's slug (server/domain/team/sports.ts), the values of a `--sport` filter. */
export const SPORT_SLUGS = Object.keys(SPORT_RULES) as [string, ...string[]]

/** Every esports kind (server/domain/esports/rules.ts), the values of an esports `--kind`. */
export const ESPORTS_KINDS_FLAG = ESPORTS_KIND_SLUGS as [string, ...string[]]

/** A filter with a fixed set of values (`--sport`, `--kind`): anything else is a usage error naming them. */
export const choiceFlag = <const V extends readonly [string, ...string[]]>(z: typeof Zod, values: V) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` })

/** `--server`, else $FANSPOLE_SERVER, else the default; normalised without a trailing slash. */
export function resolveServer(io: Io, flag: string | undefined): string {
  const raw = flag ?? io.env.FANSPOLE_SERVER ?? DEFAULT_SERVER
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UsageError(`--server: ${JSON.stringify(raw)} is not a URL (expected e.g. ${DEFAULT_SERVER})`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--server: expected an http:// or https:// URL, got ${raw}`)
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`
}

/** An instant flag (`--now`, `--jump`): ISO date-time or epoch ms, as epoch ms. */
export const instantFlag = (z: typeof Zod) =>
  z.string().transform((text, ctx) => {
    const ms = parseInstant(text)
    if (ms === undefined)
      ctx.addIssue({
        code: 'custom',
        message: `expected an ISO date-time or epoch ms, got ${JSON.stringify(text)}`,
      })
    return ms as number
  })

/** The largest id the API hands out (a positive 32-bit integer). */
export const MAX_ID = 2 ** 31 - 1

/** Integers from the command line: `--port 3000`, `--users 25`. */
export const intFlag = (z: typeof Zod, what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, {
      error: (issue) => `expected ${what} (a whole number), got ${JSON.stringify(issue.input)}`,
    })
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))

/** `--seed <n>`: the demo league's random seed. */
export const seedFlag = (z: typeof Zod) => intFlag(z, 'a seed', 0, MAX_ID)

/** `--users <n>`: how many demo users a local seeding creates. */
export const usersFlag = (z: typeof Zod) => intFlag(z, 'a number of users', 0, MAX_USERS)

/** The two options every local database command takes (`--db`, `--json`), to spread into its schema. */
export const dbJson = (z: typeof Zod) => ({
  db: z.string().min(1).optional(),
  json: z.boolean().default(false),
})

/** `--admin-password generate`: the only value (a password on the command line would show in `ps`). */
export const adminPasswordFlag = (z: typeof Zod) =>
  z.literal('generate', {
    error: (issue) =>
      `expected generate, got ${JSON.stringify(issue.input)} (to choose the password, set FANSPOLE_ADMIN_PASSWORD instead)`,
  })
