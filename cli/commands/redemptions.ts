import type { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import type { Io } from '../lib/io'
import type { OptionsOf } from '../lib/options'
import {
  decisionOptions,
  listForReview,
  madeAtColumn,
  postReview,
  rejectOptions,
  reviewCommands,
  reviewListOptions,
  statusColumn,
  userColumn,
} from '../lib/review-commands'
import { style } from '../lib/style'
import { rupees } from '../lib/table'

/** A row of GET /api/admin/redemptions. */
type Redemption = Schema<'AdminRedemption'>

const listOptions = reviewListOptions(['pending', 'approved', 'rejected'])

export function redemptionsCommand(io: Io): Command {
  return reviewCommands(io, {
    name: 'redemptions',
    summary: 'review withdrawal requests: list, approve, reject (admin)',
    id: 'the withdrawal id',
    list: {
      description: 'List withdrawal requests, newest first.',
      status: 'only pending, approved (paid) or rejected',
      options: listOptions,
      run: runList,
    },
    approve: {
      description:
        'Pay out a pending withdrawal: the amount leaves through the payouts account, the fee goes to the house.',
      options: decisionOptions,
      run: (io, id, opts) => runDecide(io, id, null, opts),
    },
    reject: {
      description: 'Reject a pending withdrawal: the amount and the fee go back to the player’s winnings.',
      reason: 'why, in words the player understands',
      options: rejectOptions,
      run: (io, id, opts) => runDecide(io, id, opts.reason, opts),
    },
    examples: [
      'fanspole redemptions list --status pending',
      'fanspole redemptions approve 4',
      'fanspole redemptions reject 5 --reason "UPI id not found"',
    ],
  })
}

function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  return listForReview<'redemptions', Redemption>(io, opts, {
    path: '/api/admin/redemptions',
    key: 'redemptions',
    none: 'No withdrawals',
    columns: (s) => [
      { header: 'ID', value: (r) => r.id },
      userColumn(),
      { header: 'TYPE', value: (r) => r.redemption_type.name },
      { header: 'AMOUNT', value: (r) => rupees(r.amount), align: 'right' },
      { header: 'FEE', value: (r) => rupees(r.fee), align: 'right' },
      { header: 'TO', value: (r) => r.destination },
      statusColumn(s),
      madeAtColumn('REQUESTED'),
    ],
  })
}

async function runDecide(
  io: Io,
  id: number,
  reason: string | null,
  opts: { server?: string; json: boolean },
): Promise<void> {
  const answer = await postReview<{ redemption: Redemption }>(
    io,
    opts,
    `/api/admin/redemptions/${id}`,
    reason,
  )
  if (!answer) return
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
