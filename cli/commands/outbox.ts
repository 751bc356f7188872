import { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import { apiOf, serverOptions } from '../lib/command'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf, parseOptions, withJson, withServer } from '../lib/options'
import { style } from '../lib/style'
import { formatInstant } from '../lib/time'

type OutboxMessage = Schema<'OutboxMessage'>

const outboxOptions = serverOptions((z) => ({
  to: z.string().trim().min(1).optional(),
  limit: intFlag(z, 'a number of messages', 1, 500).default(10),
}))

export function outboxCommand(io: Io): Command {
  const cmd = new Command('outbox')
    .summary('read the mails and one-time passwords the product sent (admin)')
    .description(
      'Mails and one-time passwords land in a local outbox instead of a real mailbox or phone. Newest first.',
    )
    .option('--to <address>', 'only messages to this e-mail address or mobile number (OTPs)')
    .option('--limit <n>', 'how many messages (at most 500)', '10')
  withServer(cmd)
  withJson(cmd)
  return cmd.action(async (raw) => runOutbox(io, await parseOptions(outboxOptions, raw)))
}

async function runOutbox(io: Io, opts: OptionsOf<typeof outboxOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const query = new URLSearchParams({ limit: String(opts.limit) })
  if (opts.to) query.set('to', opts.to)
  const answer = await api.get<{ messages: OutboxMessage[] }>(`/api/admin/outbox?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.messages.length === 0) {
    io.out(`No messages${opts.to ? ` to ${opts.to}` : ''}\n`)
    return
  }
  for (const m of answer.messages) {
    io.out(`${s.bold(m.subject)}\n`)
    io.out(s.dim(`${m.channel} to ${m.to} · ${formatInstant(m.created_at_in_millis)} · #${m.id}\n`))
    io.out(`${m.body.replace(/^(?=.)/gm, '  ')}\n\n`)
  }
}
