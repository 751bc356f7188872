import { type ReactNode, useEffect, useId, useRef } from 'react'
import styles from './dialog.module.css'
import { CloseIcon } from './Icons'

/**
 * A modal on the native <dialog> (focus trap, Escape and the top layer come for free):
 * a bottom sheet on phones, a centred card on wide screens. Closing by Escape, the close
 * button or a click on the backdrop all call `onClose`.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  testId,
}: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  testId?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // Keyboard users close with Escape (onCancel); the click is on the backdrop, for pointers only.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === ref.current) onClose()
      }}
    >
      {open ? (
        <div className={styles.panel}>
          <header className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              <CloseIcon />
            </button>
          </header>
          <div className={styles.body}>{children}</div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  )
}
