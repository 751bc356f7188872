import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button, ButtonLink } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { Alert } from '../../components/Field'
import { EditIcon } from '../../components/Icons'
import { TimeAgo } from '../../components/TimeAgo'
import type { Schema } from '../../lib/client'
import { formatMoney, formatNumber } from '../../lib/format'
import { showSnackbar } from '../../lib/snackbar'
import type { Contest } from './api'
import styles from './owner.module.css'
import { afterOwnerChange, type ContestKind, deleteContest, refundStatusQuery } from './owner-api'

/**
 * The owner's controls on their contest page (docs/contest-creation.md "Owner controls"):
 * edit (the server says what may still change) and delete before the lock, which cancels
 * the contest and refunds every member. The server decides `can_edit` / `can_delete`.
 */
/** What the owner controls need of a contest, daily or championship. */
export type OwnableContest = Pick<
  Contest | Schema<'ChampionshipContest'>,
  'id' | 'name' | 'entry_fee' | 'members_count' | 'is_owner' | 'can_edit' | 'can_delete'
>

export function OwnerControls({
  contest: c,
  kind = 'contest',
}: {
  contest: OwnableContest
  kind?: ContestKind
}) {
  const [confirming, setConfirming] = useState(false)
  if (!c.is_owner) return null
  const edit = `/contests/${c.id}/edit${kind === 'contest' ? '' : '?type=championship'}`
  return (
    <div className={styles.ownerBar} data-testid="owner-controls">
      <span className={styles.ownerTag}>Your contest</span>
      {c.can_edit ? (
        <ButtonLink to={edit} variant="secondary" small data-testid="edit-contest">
          <EditIcon width={14} height={14} /> Edit
        </ButtonLink>
      ) : null}
      {c.can_delete ? (
        <Button variant="danger" small onClick={() => setConfirming(true)} data-testid="delete-contest">
          Delete
        </Button>
      ) : null}
      <DeleteDialog contest={c} kind={kind} open={confirming} onClose={() => setConfirming(false)} />
    </div>
  )
}

function DeleteDialog({
  contest,
  kind,
  open,
  onClose,
}: {
  contest: OwnableContest
  kind: ContestKind
  open: boolean
  onClose: () => void
}) {
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: () => deleteContest(kind, contest.id),
    meta: { silent: true },
    onSuccess: () => {
      afterOwnerChange(client, contest.id, kind)
      showSnackbar(`${contest.name} is deleted: every member got their entry fee back.`, 'info')
      onClose()
    },
  })
  const close = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmDialog
      open={open}
      title="Delete this contest?"
      onClose={close}
      testId="delete-dialog"
      keepLabel="Keep it"
      confirmLabel="Delete and refund"
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      confirmTestId="confirm-delete"
    >
      {remove.error ? <Alert>{remove.error.message}</Alert> : null}
      <p>
        <strong>{contest.name}</strong> will be cancelled.{' '}
        {contest.entry_fee > 0
          ? `Each of its ${formatNumber(contest.members_count)} ${contest.members_count === 1 ? 'entry' : 'entries'} gets the ${formatMoney(contest.entry_fee)} entry fee back, and every member is told.`
          : 'It is free, so there is nothing to refund; every member is told.'}
      </p>
      <p>This cannot be undone.</p>
    </ConfirmDialog>
  )
}

/** On a cancelled contest I joined: what came back to me, and why (GET …/refund_status). */
export function RefundStatusCard({ contest }: { contest: Contest }) {
  const show = contest.contest_status === 'cancelled' && contest.joined_count > 0
  const status = useQuery({ ...refundStatusQuery(contest.id), enabled: show })
  if (!show) return null
  if (status.isPending) return null
  if (status.isError) return <Alert>{status.error.message}</Alert>
  const r = status.data
  return (
    <section
      className={r.refunded ? `${styles.refund} ${styles.refundDone}` : styles.refund}
      data-testid="refund-status"
      data-refunded={r.refunded}
    >
      <h2>{r.refunded ? `Refunded ${formatMoney(r.amount)}` : 'Refund pending'}</h2>
      <p>
        {r.reason ?? contest.status_reason ?? 'The contest was cancelled.'}
        {r.refunded_at_in_millis ? (
          <>
            {' · '}
            <TimeAgo atMs={r.refunded_at_in_millis} />
          </>
        ) : null}
      </p>
      {r.entries.length > 1 ? (
        <ul className={styles.refundEntries}>
          {r.entries.map((e, i) => (
            <li key={e.member_id}>
              Entry {i + 1}: {e.refunded ? `${formatMoney(e.amount)} back` : 'not refunded yet'}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
