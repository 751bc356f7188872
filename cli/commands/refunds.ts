import type { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import { serverOptions } from '../lib/command'
import type { Io } from '../lib/io'
import type { OptionsOf } from '../lib/options'
import {
  listForReview,
  paintStatus,
  postDecision,
  rejectOptions,
  reviewCommands,
  reviewListOptions,
} from '../lib/review-commands'
import { style } from '../lib/style'
import { rupees } from '../lib/table'
import { formatInstant } from '../lib/time'

/** A row of GET /api/admin/claim_refunds. */
type ClaimRefund = Schema<'AdminClaimRefund'>

interface Wallet {
  current_balance: number
  unused_balance: number
  winning_balance: number
  coin_balance: number
}

const listOptions = reviewListOptions(['pending', 'refunded', 'rejected'])

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
  return reviewCommands(io, {
    name: 'refunds',
    summary: 'review refund claims: list, approve (refund), reject (admin)',
    id: 'the claim id',
    list: {
      description:
        'List refund claims, newest first, with the user and the payment or contest they are about.',
      status: 'only pending, refunded or rejected',
      options: listOptions,
      run: runList,
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
      options: rejectOptions,
      run: runReject,
    },
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

function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  return listForReview<'claim_refunds', ClaimRefund>(io, opts, {
    path: '/api/admin/claim_refunds',
    key: 'claim_refunds',
    none: 'No refund claims',
    columns: (s) => [
      { header: 'ID', value: (r) => r.id },
      { header: 'USER', value: (r) => `${r.user.username} <${r.user.email}>` },
      { header: 'ABOUT', value: (r) => about(r) },
      { header: 'AMOUNT', value: (r) => (r.amount === null ? null : rupees(r.amount)), align: 'right' },
      { header: 'STATUS', value: (r) => r.status, paint: (t, r) => paintStatus(s, t, r.status) },
      { header: 'CLAIMED', value: (r) => formatInstant(r.created_at_in_millis) },
      { header: 'REASON', value: (r) => clip(r.reason, 32) },
      { header: 'ANSWER', value: (r) => (r.resolution === null ? null : clip(r.resolution, 32)) },
    ],
  })
}

async function runApprove(io: Io, id: number, opts: OptionsOf<typeof approveOptions>): Promise<void> {
  const answer = await postDecision<{ claim_refund: ClaimRefund; wallet: Wallet }>(
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

async function runReject(io: Io, id: number, opts: OptionsOf<typeof rejectOptions>): Promise<void> {
  const answer = await postDecision<{ claim_refund: ClaimRefund }>(
    io,
    opts,
    `/api/admin/claim_refunds/${id}/reject`,
    { reason: opts.reason },
  )
  if (!answer) return
  const s = style(io.color)
  const r = answer.claim_refund
  io.out(`${s.red('Rejected')} refund claim #${r.id} of ${s.bold(r.user.username)} <${r.user.email}>\n`)
  io.out(`Reason: ${opts.reason}\n`)
}
