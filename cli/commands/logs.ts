import { Command } from 'commander'
import { commandGroup, runs, serverOptions } from '../lib/command'
import type { Io } from '../lib/io'
import {
  formatRecord,
  type LogFilter,
  passes,
  pathMatcher,
  STATUS_SPEC,
  statusMatcher,
} from '../lib/log-filter'
import { resolveServer } from '../lib/options'
import { followServerLog, stopSignal } from '../lib/server-log'

const TAIL_EXAMPLES = `
Examples:
  fanspole logs tail
  fanspole logs tail --user demo@fanspole.local
  fanspole logs tail --path '/api/contests/**' --status 4xx,5xx
  fanspole logs tail --path '/^\\/api\\/(teams|contests)/'
  fanspole logs tail --json | jq 'select(.ms > 50)'

Signs in as the admin (the stored admin session, else FANSPOLE_ADMIN_EMAIL / _PASSWORD).
Times are UTC. Ctrl-C or a closed pipe ends it (exit 0). See docs/tester-tools.md.
`

const tailOptions = serverOptions((z) => ({
  user: z.string().trim().email('is not an e-mail address').optional(),
  path: z
    .string()
    .min(1)
    .refine((p) => {
      try {
        pathMatcher(p)
        return true
      } catch {
        return false
      }
    }, 'is not a valid glob or /regular expression/')
    .optional(),
  status: z
    .string()
    .regex(STATUS_SPEC, 'expected codes or classes, comma-separated: 404, 4xx, 2xx,5xx')
    .optional(),
}))

export function logsCommand(io: Io): Command {
  const tail = new Command('tail')
    .summary("stream the server's requests and broadcasts live (admin)")
    .description(
      'Every request any server process on the database answers (time, caller, method, path, status, milliseconds) and every broadcast (channel, stream, message type), as they happen. Filters apply to requests; --user and --status leave broadcasts out, --path matches their stream.',
    )
    .option('--user <email>', "only this user's requests")
    .option(
      '--path <glob|/regex/>',
      "only paths matching (glob: * within a segment, ** across; or '/regex/')",
    )
    .option('--status <codes>', 'only these statuses: 404, 4xx, 2xx,5xx')
  tail.addHelpText('after', TAIL_EXAMPLES)
  runs(io, tail, tailOptions, async (io, opts) => {
    const filter: LogFilter = {
      user: opts.user,
      path: opts.path ? pathMatcher(opts.path) : undefined,
      status: opts.status ? statusMatcher(opts.status) : undefined,
    }
    const stop = stopSignal(io)
    try {
      await followServerLog(
        io,
        resolveServer(io, opts.server),
        { bodies: false, signal: stop.signal },
        (r) => {
          if (!passes(r, filter)) return undefined
          if (r.type === 'dropped' && !opts.json) io.err(`${formatRecord(r)}\n`)
          else io.out(opts.json ? `${JSON.stringify(r)}\n` : `${formatRecord(r)}\n`)
          return io.isStdoutClosed() ? 'stop' : undefined
        },
      )
    } finally {
      stop.done()
    }
  })
  return commandGroup('logs', "the server's live log of requests and broadcasts (admin)", [tail])
}
