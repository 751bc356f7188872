import { Command } from 'commander'
import type { z as Zod } from 'zod'
import { idArgument } from './arguments'
import { apiOf } from './command'
import { type Io, printJson } from './io'
import { intFlag, type OptionSchema, parseOptions, withJson, withServer } from './options'
import { type Style, style } from './style'
import { type Column, formatTable } from './table'
import { formatInstant } from './time'

/**
 * Admin review commands: `fanspole <name> list`, `approve <id>` and `reject <id> --reason …`
 * (kyc, redemptions, refunds). `reviewCommands` builds the command line (descriptions, flags,
 * help examples, checking the options and then the id) and talks to the server: GET `path`
 * lists, POST `<path>/<id>/approve` (unless approve runs its own) and `<path>/<id>/reject`
 * decide, as the admin; `told` describes a decision's answer.
 */
export interface ReviewCommandsSpec<T, D, A extends Zod.ZodType = Zod.ZodType> {
  /** `fanspole <name> …` */
  name: string
  summary: string
  /** What `<id>` names, e.g. `the PAN submission id` (approve's help adds where to find one). */
  id: string
  /** `/api/admin/kyc` */
  path: string
  list: {
    description: string
    /** Help of `--status <status>`, e.g. `only pending, approved or rejected`. */
    status: string
    /** The values `--status` takes. */
    statuses: readonly [string, ...string[]]
    /** Where the answer holds the rows. */
    key: string
    /** The line when there are none (followed by the status asked for). */
    none: string
    columns: (s: Style) => Column<T>[]
  }
  /** Approving without flags, POST `<path>/<id>/approve`; or with flags of its own and its own run. */
  approve: { description: string } | ApproveWithFlags<A>
  reject: {
    description: string
    /** Help of the required `--reason <text>`. */
    reason: string
  }
  /** Describes a decision's answer (without --json): `reason` null when it was approved. */
  told: (io: Io, answer: D, reason: string | null) => void
  /** Whole command lines shown under `Examples:` in the help. */
  examples: string[]
}

interface ApproveWithFlags<A extends Zod.ZodType> {
  description: string
  /** Flags besides --server and --json (they come first in the help). */
  flags: (command: Command) => Command
  options: OptionSchema<A>
  run: (io: Io, id: number, opts: Zod.output<A>) => Promise<void>
}

export function reviewCommands<T, D, A extends Zod.ZodType = Zod.ZodType>(
  io: Io,
  spec: ReviewCommandsSpec<T, D, A>,
): Command {
  const command = new Command(spec.name).summary(spec.summary)
  const decide = async (id: number, reason: string | null, opts: { server?: string; json: boolean }) => {
    const answer = await postReview<D>(io, opts, `${spec.path}/${id}`, reason)
    if (answer) spec.told(io, answer, reason)
  }

  const list = new Command('list')
    .description(spec.list.description)
    .option('--status <status>', spec.list.status)
    .option('--limit <n>', 'how many (at most 500)', '100')
  const listOptions = reviewListOptions(spec.list.statuses)
  withJson(withServer(list)).action(async (raw) =>
    listForReview(io, await parseOptions(listOptions, raw), { ...spec.list, path: spec.path }),
  )

  const approve = new Command('approve')
    .description(spec.approve.description)
    .argument('<id>', `${spec.id} (from \`fanspole ${spec.name} list\`)`)
  const own = 'run' in spec.approve ? spec.approve : undefined
  withJson(withServer(own ? own.flags(approve) : approve)).action(async (id: string, raw) => {
    if (!own) {
      const opts = await parseOptions(decisionOptions, raw)
      return decide(idArgument('<id>', id), null, opts)
    }
    const opts = await parseOptions(own.options, raw)
    return own.run(io, idArgument('<id>', id), opts)
  })

  const reject = new Command('reject')
    .description(spec.reject.description)
    .argument('<id>', spec.id)
    .requiredOption('--reason <text>', spec.reject.reason)
  withJson(withServer(reject)).action(async (id: string, raw) => {
    const opts = await parseOptions(rejectOptions, raw)
    return decide(idArgument('<id>', id), opts.reason, opts)
  })

  command.addHelpText('after', `\nExamples:\n${spec.examples.map((line) => `  ${line}\n`).join('')}`)
  return command.addCommand(list).addCommand(approve).addCommand(reject)
}

/** `list`'s options: `--status` (one of `statuses`), `--limit` (1 to 500, default 100). */
const reviewListOptions = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  ((z) =>
    z.object({
      status: z.enum(statuses, { error: `expected ${oneOf(statuses)}` }).optional(),
      limit: intFlag(z, 'a number of rows', 1, 500).default(100),
      server: z.string().optional(),
      json: z.boolean().default(false),
    })) satisfies OptionSchema

/** `approve`'s options when it takes no flags of its own. */
const decisionOptions = ((z) =>
  z.object({ server: z.string().optional(), json: z.boolean().default(false) })) satisfies OptionSchema

const rejectOptions = ((z) =>
  z.object({
    reason: z.string().trim().min(3, 'give a reason of at least 3 characters').max(500),
    server: z.string().optional(),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

/** "pending, approved or rejected" */
const oneOf = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : (words[0] ?? '')

/**
 * GET `path` with `limit` (and `status`) as the admin and print `answer[key]`: the whole
 * answer with --json, else a table, or `<none> [status]` when there are no rows.
 */
async function listForReview<K extends string, T>(
  io: Io,
  opts: { status?: string; limit: number; server?: string; json: boolean },
  { path, key, none, columns }: { path: string; key: K; none: string; columns: (s: Style) => Column<T>[] },
): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const query = new URLSearchParams({ limit: String(opts.limit) })
  if (opts.status) query.set('status', opts.status)
  const answer = await api.get<Record<K, T[]>>(`${path}?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const rows = answer[key]
  if (rows.length === 0) {
    io.out(`${none}${opts.status ? ` ${opts.status}` : ''}\n`)
    return
  }
  io.out(formatTable(rows, columns(s), s))
}

/** POST a decision as the admin: the answer to describe, or null once printed whole (--json). */
export async function postDecision<T>(
  io: Io,
  opts: { server?: string; json: boolean },
  path: string,
  body?: unknown,
): Promise<T | null> {
  const api = apiOf(io, opts, 'admin')
  const answer = await api.post<T>(path, body)
  if (!opts.json) return answer
  printJson(io, answer)
  return null
}

/**
 * POST `<path>/approve`, or `<path>/reject` with the reason, as the admin (see postDecision).
 * `reason` null approves.
 */
function postReview<T>(
  io: Io,
  opts: { server?: string; json: boolean },
  path: string,
  reason: string | null,
): Promise<T | null> {
  return reason === null
    ? postDecision<T>(io, opts, `${path}/approve`)
    : postDecision<T>(io, opts, `${path}/reject`, { reason })
}

/** The USER column of a review list: `username <email>`. */
export const userColumn = <T extends { user: { username: string; email: string } }>(): Column<T> => ({
  header: 'USER',
  value: (r) => `${r.user.username} <${r.user.email}>`,
})

/** The STATUS column of a review list, in its colour. */
export const statusColumn = <T extends { status: string }>(s: Style): Column<T> => ({
  header: 'STATUS',
  value: (r) => r.status,
  paint: (t, r) => paintStatus(s, t, r.status),
})

/** When the request was made, under `header`. */
export const madeAtColumn = <T extends { created_at_in_millis: number }>(header: string): Column<T> => ({
  header,
  value: (r) => formatInstant(r.created_at_in_millis),
})

/** A review status in its colour: approved (or refunded) green, rejected red, pending yellow. */
export function paintStatus(s: Style, text: string, status: string): string {
  if (status === 'approved' || status === 'refunded') return s.green(text)
  if (status === 'rejected') return s.red(text)
  return s.yellow(text)
}
