import type { Command } from 'commander'
import type { Answer, Schema } from '../lib/api-types'
import { serverOptions } from '../lib/command'
import type { Io } from '../lib/io'
import type { OptionsOf } from '../lib/options'
import { madeAtColumn, postDecision, reviewCommands, statusColumn, userColumn } from '../lib/review-commands'
import { style } from '../lib/style'
import { rupees } from '../lib/table'

/** A row of GET /api/admin/claim_refunds. */
type ClaimRefund = Schema<'AdminClaimRefund'>

const approveOptions = serverOptions((z) => ({
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, {
      error: (issue) =>
        `expected rupees above 0 with at most 2 decimals, such as 250 or 49.50, got ${JSON.stringify(issue.input)}`,
    })
    .transform(Number)
    .pipe(z.number().gt(0, 'must be above 0').max(10_000, 'must be at most 10000 (₹10,000)')),
  note: z.string().trim().min(3, 'give a note of at least 3 characters').max(500).optional(),
}))

export function refundsCommand(io: Io): Command {
  return reviewCommands<ClaimRefund, { claim_refund: ClaimRefund }, ReturnType<typeof approveOptions>>(io, {
    name: 'refunds',
    summary: 'review refund claims: list, approve (refund), reject (admin)',
    id: 'the claim id',
    path: '/api/admin/claim_refunds',
    list: {
      description:
        'List refund claims, newest first, with the user and the payment or contest they are about.',
      status: 'only pending, refunded or rejected',
      statuses: ['pending', 'refunded', 'rejected'],
      key: 'claim_refunds',
      none: 'No refund claims',
      columns: (s) => [
        { header: 'ID', value: (r) => r.id },
        userColumn(),
        { header: 'ABOUT', value: (r) => about(r) },
        { header: 'AMOUNT', value: (r) => (r.amount === null ? null : rupees(r.amount)), align: 'right' },
        statusColumn(s),
        madeAtColumn('CLAIMED'),
        { header: 'REASON', value: (r) => clip(r.reason, 32) },
        { header: 'ANSWER', value: (r) => (r.resolution === null ? null : clip(r.resolution, 32)) },
      ],
    },
    approve: {
      description:
        'Refund a pending claim: the amount goes from the house account to the player’s unused balance, and they are notified.',
      flags: (command) =>
        command
          .requiredOption(
            '--amount <rupees>',
            'rupees to refund (at most ₹10,000; for a payment, at most what is left of it)',
          )
          .option(
            '--note <text>',
            'the answer the player reads (default: “Refunded ₹… to your unused balance.”)',
          ),
      options: approveOptions,
      run: runApprove,
    },
    reject: {
      description: 'Reject a pending claim with a reason the player reads; no money moves.',
      reason: 'why, in words the player understands',
    },
    told: toldRejection,
    examples: [
      'fanspole refunds list --status pending',
      'fanspole refunds approve 3 --amount 250 --note "The bank confirmed the debit"',
      'fanspole refunds reject 4 --reason "The payment reached your wallet on 22 Nov"',
    ],
  })
}

function about(r: ClaimRefund): string {
  if (r.user_credit) return `payment #${r.user_credit.id} (${r.user_credit.gateway}, ${r.user_credit.status})`
  if (r.contest) return `contest #${r.contest.id} ${r.contest.name}`
  return 'general'
}

const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

async function runApprove(io: Io, id: number, opts: OptionsOf<typeof approveOptions>): Promise<void> {
  const answer = await postDecision<Answer<'/api/admin/claim_refunds/{id}/refund', 'post'>>(
    io,
    opts,
    `/api/admin/claim_refunds/${id}/refund`,
    { amount: opts.amount, ...(opts.note ? { note: opts.note } : {}) },
  )
  if (!answer) return
  const s = style(io.color)
  const r = answer.claim_refund
  io.out(
    `${s.green('Refunded')} ${rupees(r.amount ?? opts.amount)} to ${s.bold(r.user.username)} <${r.user.email}> for claim #${r.id} (${about(r)})\n`,
  )
  io.out(`Unused balance now ${rupees(answer.wallet.unused_balance)}\n`)
}

/** Approving runs runApprove: only rejections are told here. */
function toldRejection(
  io: Io,
  { claim_refund: r }: { claim_refund: ClaimRefund },
  reason: string | null,
): void {
  const s = style(io.color)
  io.out(`${s.red('Rejected')} refund claim #${r.id} of ${s.bold(r.user.username)} <${r.user.email}>\n`)
  io.out(`Reason: ${reason}\n`)
}
