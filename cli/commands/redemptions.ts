import { Command } from 'commander'
import { Api } from '../lib/api'
import { type Io, printJson } from '../lib/io'
import { type OptionsOf, parseOptions, resolveServer, withJson, withServer } from '../lib/options'
import { style } from '../lib/style'
import { formatTable, rupees } from '../lib/table'
import { formatInstant } from '../lib/time'
import { approveOptions, idArgument, listOptions, paintStatus, rejectOptions } from './kyc'

/** A row of GET /api/admin/redemptions. */
interface Redemption {
  id: number
  status: 'pending' | 'approved' | 'rejected'
  amount: number
  fee: number
  total_debited: number
  destination: string
  reason: string | null
  redemption_type: { name: string }
  user: { id: number; username: string; email: string }
  created_at_in_millis: number
}

export function redemptionsCommand(io: Io): Command {
  const cmd = new Command('redemptions').summary('review withdrawal requests: list, approve, reject (admin)')

  const list = new Command('list')
    .description('List withdrawal requests, newest first.')
    .option('--status <status>', 'only pending, approved (paid) or rejected')
    .option('--limit <n>', 'how many (at most 500)', '100')
  withJson(withServer(list)).action(async (raw) => runList(io, await parseOptions(listOptions, raw)))

  const approve = new Command('approve')
    .description(
      'Pay out a pending withdrawal: the amount leaves through the payouts account, the fee goes to the house.',
    )
    .argument('<id>', 'the withdrawal id (from `fanspole redemptions list`)')
  withJson(withServer(approve)).action(async (id: string, raw) =>
    runDecide(io, idArgument(id), null, await parseOptions(approveOptions, raw)),
  )

  const reject = new Command('reject')
    .description('Reject a pending withdrawal: the amount and the fee go back to the player’s winnings.')
    .argument('<id>', 'the withdrawal id')
    .requiredOption('--reason <text>', 'why, in words the player understands')
  withJson(withServer(reject)).action(async (id: string, raw) => {
    const opts = await parseOptions(rejectOptions, raw)
    return runDecide(io, idArgument(id), opts.reason, opts)
  })

  cmd.addHelpText(
    'after',
    '\nExamples:\n  fanspole redemptions list --status pending\n  fanspole redemptions approve 4\n  fanspole redemptions reject 5 --reason "UPI id not found"\n',
  )
  return cmd.addCommand(list).addCommand(approve).addCommand(reject)
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const query = new URLSearchParams({ limit: String(opts.limit) })
  if (opts.status) query.set('status', opts.status)
  const answer = await api.get<{ redemptions: Redemption[] }>(`/api/admin/redemptions?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.redemptions.length === 0) {
    io.out(`No withdrawals${opts.status ? ` ${opts.status}` : ''}\n`)
    return
  }
  io.out(
    formatTable(
      answer.redemptions,
      [
        { header: 'ID', value: (r) => r.id },
        { header: 'USER', value: (r) => `${r.user.username} <${r.user.email}>` },
        { header: 'TYPE', value: (r) => r.redemption_type.name },
        { header: 'AMOUNT', value: (r) => rupees(r.amount), align: 'right' },
        { header: 'FEE', value: (r) => rupees(r.fee), align: 'right' },
        { header: 'TO', value: (r) => r.destination },
        { header: 'STATUS', value: (r) => r.status, paint: (t, r) => paintStatus(s, t, r.status) },
        { header: 'REQUESTED', value: (r) => formatInstant(r.created_at_in_millis) },
      ],
      s,
    ),
  )
}

async function runDecide(
  io: Io,
  id: number,
  reason: string | null,
  opts: { server?: string; json: boolean },
): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const answer =
    reason === null
      ? await api.post<{ redemption: Redemption }>(`/api/admin/redemptions/${id}/approve`)
      : await api.post<{ redemption: Redemption }>(`/api/admin/redemptions/${id}/reject`, { reason })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const r = answer.redemption
  const who = `${s.bold(r.user.username)} <${r.user.email}>`
  if (reason === null) {
    io.out(
      `${s.green('Paid')} ${rupees(r.amount)} to ${who} by ${r.redemption_type.name} (${r.destination}), #${r.id}\n`,
    )
    if (r.fee > 0) io.out(`Fee ${rupees(r.fee)} to the house\n`)
  } else {
    io.out(
      `${s.red('Rejected')} withdrawal #${r.id} of ${who}: ${rupees(r.total_debited)} returned to winnings\n`,
    )
    io.out(`Reason: ${reason}\n`)
  }
}
