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

/** A row of GET /api/admin/kyc. */
type PanCard = Schema<'AdminPanCard'>

const listOptions = reviewListOptions(['pending', 'approved', 'rejected'])

export function kycCommand(io: Io): Command {
  return reviewCommands(io, {
    name: 'kyc',
    summary: 'review PAN submissions: list, approve, reject (admin)',
    id: 'the PAN submission id',
    list: {
      description: 'List PAN submissions, newest first, with the user and whether their mobile is verified.',
      status: 'only pending, approved or rejected',
      options: listOptions,
      run: runList,
    },
    approve: {
      description: 'Approve a pending PAN: the user’s pancard_status becomes approved and they are notified.',
      options: decisionOptions,
      run: (io, id, opts) => runDecide(io, id, null, opts),
    },
    reject: {
      description: 'Reject a pending PAN with a reason the user sees; they may submit again.',
      reason: 'why, in words the user understands',
      options: rejectOptions,
      run: (io, id, opts) => runDecide(io, id, opts.reason, opts),
    },
    examples: [
      'fanspole kyc list --status pending',
      'fanspole kyc approve 12',
      'fanspole kyc reject 13 --reason "The photo is blurred"',
    ],
  })
}

function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  return listForReview<'pan_cards', PanCard>(io, opts, {
    path: '/api/admin/kyc',
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
  })
}

async function runDecide(
  io: Io,
  id: number,
  reason: string | null,
  opts: { server?: string; json: boolean },
): Promise<void> {
  const answer = await postReview<{ pan_card: PanCard }>(io, opts, `/api/admin/kyc/${id}`, reason)
  if (!answer) return
  const s = style(io.color)
  const p = answer.pan_card
  const verb = reason === null ? s.green('Approved') : s.red('Rejected')
  io.out(`${verb} PAN ${p.pan_number} of ${s.bold(p.user.username)} <${p.user.email}> (#${p.id})\n`)
  if (reason !== null) io.out(`Reason: ${reason}\n`)
}
