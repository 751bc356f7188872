import type { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import type { Io } from '../lib/io'
import { madeAtColumn, reviewCommands, statusColumn, userColumn } from '../lib/review-commands'
import { style } from '../lib/style'
import { rupees } from '../lib/table'

/** A row of GET /api/admin/redemptions. */
type Redemption = Schema<'AdminRedemption'>

export function redemptionsCommand(io: Io): Command {
  return reviewCommands<Redemption, { redemption: Redemption }>(io, {
    name: 'redemptions',
    summary: 'review withdrawal requests: list, approve, reject (admin)',
    id: 'the withdrawal id',
    path: '/api/admin/redemptions',
    list: {
      description: 'List withdrawal requests, newest first.',
      status: 'only pending, approved (paid) or rejected',
      statuses: ['pending', 'approved', 'rejected'],
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
    },
    approve: {
      description:
        'Pay out a pending withdrawal: the amount leaves through the payouts account, the fee goes to the house.',
    },
    reject: {
      description: 'Reject a pending withdrawal: the amount and the fee go back to the player’s winnings.',
      reason: 'why, in words the player understands',
    },
    told: toldDecision,
    examples: [
      'fanspole redemptions list --status pending',
      'fanspole redemptions approve 4',
      'fanspole redemptions reject 5 --reason "UPI id not found"',
    ],
  })
}

function toldDecision(io: Io, { redemption: r }: { redemption: Redemption }, reason: string | null): void {
  const s = style(io.color)
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
