import { Command } from 'commander'
import { Api } from '../lib/api'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import {
  intFlag,
  type OptionSchema,
  type OptionsOf,
  parseOptions,
  resolveServer,
  withJson,
  withServer,
} from '../lib/options'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'
import { formatInstant } from '../lib/time'

/** A row of GET /api/admin/kyc. */
interface PanCard {
  id: number
  name: string
  pan_number: string
  dob: string
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  mobile_approved: boolean
  attachment: { url: string } | null
  user: { id: number; username: string; email: string }
  created_at_in_millis: number
}

export const STATUSES = ['pending', 'approved', 'rejected'] as const

export const listOptions = ((z) =>
  z.object({
    status: z.enum(STATUSES, { error: 'expected pending, approved or rejected' }).optional(),
    limit: intFlag(z, 'a number of rows', 1, 500).default(100),
    server: z.string().optional(),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

export const approveOptions = ((z) =>
  z.object({ server: z.string().optional(), json: z.boolean().default(false) })) satisfies OptionSchema

export const rejectOptions = ((z) =>
  z.object({
    reason: z.string().trim().min(3, 'give a reason of at least 3 characters').max(500),
    server: z.string().optional(),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

/** `<id>` arguments: a positive whole number, else a usage error. */
export function idArgument(text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    throw new UsageError(`<id>: expected a positive whole number, got ${JSON.stringify(text)}`)
  return Number(text)
}

export function kycCommand(io: Io): Command {
  const kyc = new Command('kyc').summary('review PAN submissions: list, approve, reject (admin)')

  const list = new Command('list')
    .description('List PAN submissions, newest first, with the user and whether their mobile is verified.')
    .option('--status <status>', 'only pending, approved or rejected')
    .option('--limit <n>', 'how many (at most 500)', '100')
  withJson(withServer(list)).action(async (raw) => runList(io, await parseOptions(listOptions, raw)))

  const approve = new Command('approve')
    .description('Approve a pending PAN: the user’s pancard_status becomes approved and they are notified.')
    .argument('<id>', 'the PAN submission id (from `fanspole kyc list`)')
  withJson(withServer(approve)).action(async (id: string, raw) =>
    runDecide(io, idArgument(id), null, await parseOptions(approveOptions, raw)),
  )

  const reject = new Command('reject')
    .description('Reject a pending PAN with a reason the user sees; they may submit again.')
    .argument('<id>', 'the PAN submission id')
    .requiredOption('--reason <text>', 'why, in words the user understands')
  withJson(withServer(reject)).action(async (id: string, raw) => {
    const opts = await parseOptions(rejectOptions, raw)
    return runDecide(io, idArgument(id), opts.reason, opts)
  })

  kyc.addHelpText(
    'after',
    '\nExamples:\n  fanspole kyc list --status pending\n  fanspole kyc approve 12\n  fanspole kyc reject 13 --reason "The photo is blurred"\n',
  )
  return kyc.addCommand(list).addCommand(approve).addCommand(reject)
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = new Api(io, resolveServer(io, opts.server), 'admin')
  const query = new URLSearchParams({ limit: String(opts.limit) })
  if (opts.status) query.set('status', opts.status)
  const answer = await api.get<{ pan_cards: PanCard[] }>(`/api/admin/kyc?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.pan_cards.length === 0) {
    io.out(`No PAN submissions${opts.status ? ` ${opts.status}` : ''}\n`)
    return
  }
  io.out(
    formatTable(
      answer.pan_cards,
      [
        { header: 'ID', value: (p) => p.id },
        { header: 'USER', value: (p) => `${p.user.username} <${p.user.email}>` },
        { header: 'NAME', value: (p) => p.name },
        { header: 'PAN', value: (p) => p.pan_number },
        { header: 'DOB', value: (p) => p.dob },
        { header: 'MOBILE', value: (p) => (p.mobile_approved ? 'verified' : 'no') },
        { header: 'STATUS', value: (p) => p.status, paint: (t, p) => paintStatus(s, t, p.status) },
        { header: 'SUBMITTED', value: (p) => formatInstant(p.created_at_in_millis) },
      ],
      s,
    ),
  )
}

export function paintStatus(s: ReturnType<typeof style>, text: string, status: string): string {
  if (status === 'approved') return s.green(text)
  if (status === 'rejected') return s.red(text)
  return s.yellow(text)
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
      ? await api.post<{ pan_card: PanCard }>(`/api/admin/kyc/${id}/approve`)
      : await api.post<{ pan_card: PanCard }>(`/api/admin/kyc/${id}/reject`, { reason })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const p = answer.pan_card
  const verb = reason === null ? s.green('Approved') : s.red('Rejected')
  io.out(`${verb} PAN ${p.pan_number} of ${s.bold(p.user.username)} <${p.user.email}> (#${p.id})\n`)
  if (reason !== null) io.out(`Reason: ${reason}\n`)
}
