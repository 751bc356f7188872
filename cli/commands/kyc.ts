import type { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import type { Io } from '../lib/io'
import { madeAtColumn, reviewCommands, statusColumn, userColumn } from '../lib/review-commands'
import { style } from '../lib/style'

/** A row of GET /api/admin/kyc. */
type PanCard = Schema<'AdminPanCard'>

export function kycCommand(io: Io): Command {
  return reviewCommands<PanCard, { pan_card: PanCard }>(io, {
    name: 'kyc',
    summary: 'review PAN submissions: list, approve, reject (admin)',
    id: 'the PAN submission id',
    path: '/api/admin/kyc',
    list: {
      description: 'List PAN submissions, newest first, with the user and whether their mobile is verified.',
      status: 'only pending, approved or rejected',
      statuses: ['pending', 'approved', 'rejected'],
      key: 'pan_cards',
      none: 'No PAN submissions',
      columns: (s) => [
        { header: 'ID', value: (p) => p.id },
        userColumn(),
        { header: 'NAME', value: (p) => p.name },
        { header: 'PAN', value: (p) => p.pan_number },
        { header: 'DOB', value: (p) => p.dob },
        { header: 'MOBILE', value: (p) => (p.mobile_approved ? 'verified' : 'no') },
        statusColumn(s),
        madeAtColumn('SUBMITTED'),
      ],
    },
    approve: {
      description: 'Approve a pending PAN: the user’s pancard_status becomes approved and they are notified.',
    },
    reject: {
      description: 'Reject a pending PAN with a reason the user sees; they may submit again.',
      reason: 'why, in words the user understands',
    },
    told: toldDecision,
    examples: [
      'fanspole kyc list --status pending',
      'fanspole kyc approve 12',
      'fanspole kyc reject 13 --reason "The photo is blurred"',
    ],
  })
}

function toldDecision(io: Io, { pan_card: p }: { pan_card: PanCard }, reason: string | null): void {
  const s = style(io.color)
  const verb = reason === null ? s.green('Approved') : s.red('Rejected')
  io.out(`${verb} PAN ${p.pan_number} of ${s.bold(p.user.username)} <${p.user.email}> (#${p.id})\n`)
  if (reason !== null) io.out(`Reason: ${reason}\n`)
}
