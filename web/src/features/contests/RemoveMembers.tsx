import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { Alert } from '../../components/Field'
import { formatMoney } from '../../lib/format'
import { showSnackbar } from '../../lib/snackbar'
import type { Contest } from './api'
import styles from './owner.module.css'
import { afterOwnerChange, removeMembers } from './owner-api'

/** Owner, before the lock: the members tab lets them pick entries (not their own) to remove. */
export function canRemoveMembers(contest: Contest, locked: boolean): boolean {
  return contest.is_owner && !locked && contest.contest_status === 'open'
}

export interface RemoveSelection {
  on: boolean
  picked: Set<number>
  toggle(memberId: number): void
}

export function useRemoveSelection(): RemoveSelection & { setOn(on: boolean): void; clear(): void } {
  const [on, setOn] = useState(false)
  const [picked, setPicked] = useState<Set<number>>(() => new Set())
  return {
    on,
    picked,
    setOn: (next) => {
      setOn(next)
      if (!next) setPicked(new Set())
    },
    clear: () => setPicked(new Set()),
    toggle: (id) =>
      setPicked((old) => {
        const next = new Set(old)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
  }
}

/** Removes the picked entries (each refunded), says so, then `onDone`. */
function useRemove(contestId: number, ids: number[], onDone: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => removeMembers(contestId, ids),
    meta: { silent: true },
    onSuccess: () => {
      afterOwnerChange(client, contestId)
      showSnackbar(
        `${ids.length === 1 ? 'The entry was' : `${ids.length} entries were`} removed and refunded.`,
        'info',
      )
      onDone()
    },
  })
}

/**
 * The bar above the leaderboard: "Remove members" switches the rows to checkboxes, then
 * "Remove N" asks once and calls update_members; each removed entry is refunded.
 */
export function RemoveMembersBar({
  contest,
  selection,
}: {
  contest: Contest
  selection: ReturnType<typeof useRemoveSelection>
}) {
  const [confirming, setConfirming] = useState(false)
  const ids = [...selection.picked]
  const remove = useRemove(contest.id, ids, () => {
    setConfirming(false)
    selection.setOn(false)
  })
  if (!selection.on)
    return (
      <div className={styles.ownerBar}>
        <Button variant="ghost" small onClick={() => selection.setOn(true)} data-testid="remove-members">
          Remove members
        </Button>
      </div>
    )
  const close = () => {
    remove.reset()
    setConfirming(false)
  }
  return (
    <div className={styles.removeBar} data-testid="remove-bar">
      <span>{ids.length === 0 ? 'Pick the entries to remove' : `${ids.length} picked`}</span>
      <span>
        <Button variant="ghost" small onClick={() => selection.setOn(false)}>
          Cancel
        </Button>{' '}
        <Button
          variant="danger"
          small
          disabled={ids.length === 0}
          onClick={() => setConfirming(true)}
          data-testid="remove-picked"
        >
          Remove {ids.length > 0 ? ids.length : ''}
        </Button>
      </span>
      <ConfirmDialog
        open={confirming}
        title="Remove these entries?"
        onClose={close}
        testId="remove-dialog"
        keepLabel="Keep them"
        confirmLabel="Remove and refund"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        confirmTestId="confirm-remove"
      >
        {remove.error ? <Alert>{remove.error.message}</Alert> : null}
        <p>
          {ids.length === 1 ? 'This entry leaves' : `These ${ids.length} entries leave`} the contest
          {contest.entry_fee > 0 ? ` and each gets its ${formatMoney(contest.entry_fee)} entry fee back` : ''}
          . The players are told.
        </p>
      </ConfirmDialog>
    </div>
  )
}
