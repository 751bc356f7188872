import fs from 'node:fs'
import path from 'node:path'
import type { z as Zod } from 'zod'
import { serverJson } from '../../lib/command'
import { CliError } from '../../lib/errors'
import { type Io, printJson } from '../../lib/io'
import { intFlag, parseOptions, resolveServer } from '../../lib/options'
import { followServerLog, isRequestRecord, type RequestRecord, stopSignal } from '../../lib/server-log'
import { parseDuration } from '../../lib/time'
import { aliasOf, keptCalls, scenarioYaml } from './writer'

export const recordOptions = (z: typeof Zod) =>
  z.object({
    out: z.string().trim().min(1, 'names the scenario file to write'),
    user: z.string().trim().email('is not an e-mail address').optional(),
    name: z.string().trim().min(1).max(200).optional(),
    for: z
      .string()
      .refine((d) => (parseDuration(d) ?? 0) > 0, 'is not a duration (e.g. 60s, 5m, 1h30m)')
      .optional(),
    reads: z.boolean().default(false),
    credit: intFlag(z, 'an amount in rupees', 0, 10_000).default(1000),
    ...serverJson(z),
  })

export type RecordFlags = Record<string, unknown>

/** The session's user: the one `--user` names, else whoever makes the first signed-in call. */
function belongs(record: RequestRecord, chosen: { id: number | null }, wanted: string | undefined): boolean {
  if (record.user_id === null) return false
  if (chosen.id !== null) return record.user_id === chosen.id
  if (wanted && record.user_email?.toLowerCase() !== wanted.toLowerCase()) return false
  chosen.id = record.user_id
  return true
}

/** The user's slug and username, from an /api/me (or profile) answer the session read. */
function profileOf(calls: RequestRecord[]): { slug?: string; username?: string } {
  for (const call of calls) {
    const user = (call.answer as { user?: { id?: number; slug?: string; username?: string } } | undefined)
      ?.user
    if (user && user.id === call.user_id) return { slug: user.slug, username: user.username }
  }
  return {}
}

/** `fanspole scenario record --out FILE`: follows the server's log and writes what one session did. */
export async function runRecordCommand(flags: RecordFlags, io: Io): Promise<void> {
  const opts = await parseOptions(recordOptions, flags)
  const out = path.resolve(opts.out)
  if (!fs.existsSync(path.dirname(out)))
    throw new CliError(`--out: the directory ${path.dirname(out)} does not exist`, {
      exitCode: 2,
      code: 'USAGE',
    })
  const server = resolveServer(io, opts.server)
  const forMs = opts.for === undefined ? undefined : parseDuration(opts.for)
  const calls: RequestRecord[] = []
  const chosen = { id: null as number | null }
  const started = new Date()
  const stop = stopSignal(io, forMs)
  io.err(
    `Recording ${opts.user ?? 'the first signed-in user'} on ${server}${opts.for ? ` for ${opts.for}` : ''}; Ctrl-C (or signing out) ends it.\n`,
  )
  try {
    await followServerLog(io, server, { bodies: true, signal: stop.signal }, (record) => {
      if (record.type === 'dropped') io.err(`warning: the server dropped ${record.count} record(s)\n`)
      if (!isRequestRecord(record) || !belongs(record, chosen, opts.user)) return undefined
      calls.push(record)
      if (!opts.json) io.err(`  ${record.method} ${record.path} ${record.status}\n`)
      return record.path.startsWith('/oauth/revoke') ? 'stop' : undefined
    })
  } finally {
    stop.done()
  }
  const first = calls[0]
  if (!first?.user_email) throw new CliError(`Nothing recorded: no signed-in call reached ${server}`)
  const user = {
    alias: aliasOf(first.user_email),
    id: first.user_id,
    email: first.user_email,
    ...profileOf(calls),
  }
  const options = {
    name: opts.name ?? `Recorded session of ${first.user_email}`,
    user,
    reads: opts.reads,
    credit: opts.credit,
    source: `on ${server} at ${started.toISOString()}`,
  }
  const steps = keptCalls(calls, opts.reads).length
  fs.writeFileSync(out, scenarioYaml(calls, options))
  if (opts.json) return printJson(io, { out, user: first.user_email, calls: calls.length, steps })
  io.out(`Recorded ${calls.length} call(s) of ${first.user_email} as ${steps} step(s) in ${opts.out}\n`)
  io.out(`Replay it: fanspole scenario run ${opts.out}\n`)
}
