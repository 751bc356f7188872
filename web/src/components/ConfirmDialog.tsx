import type { ReactNode } from 'react'
import { Button } from './Button'
import { Dialog } from './Dialog'

/** A question before something that cannot be undone: the ghost button keeps things, the red one does it. */
export function ConfirmDialog({
  open,
  title,
  onClose,
  testId,
  keepLabel,
  confirmLabel,
  confirmTestId,
  busy,
  onConfirm,
  children,
}: {
  open: boolean
  title: string
  onClose: () => void
  testId?: string
  keepLabel: string
  confirmLabel: string
  confirmTestId?: string
  busy: boolean
  onConfirm: () => void
  children: ReactNode
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      testId={testId}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
