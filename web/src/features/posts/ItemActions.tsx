import type { ButtonHTMLAttributes } from 'react'
import styles from './posts.module.css'

/** A button that reads as a link (Edit, Delete, Report, Reply under a post or a comment). */
export function LinkButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className={styles.linkButton} {...props} />
}

/**
 * What a reader may do with a post or a comment: its author edits or deletes it (after a
 * confirm), anyone else signed in reports it, a visitor nothing. `className` groups the author's two.
 */
export function ItemActions({
  kind,
  mine,
  signedIn,
  deleting,
  deleteQuestion,
  onEdit,
  onDelete,
  onReport,
  className,
}: {
  kind: 'post' | 'comment'
  mine: boolean
  signedIn: boolean
  deleting: boolean
  deleteQuestion: string
  onEdit: () => void
  onDelete: () => void
  onReport: () => void
  className?: string
}) {
  if (mine) {
    const buttons = (
      <>
        <LinkButton onClick={onEdit} data-testid={`edit-${kind}`}>
          Edit
        </LinkButton>
        <LinkButton
          disabled={deleting}
          onClick={() => {
            if (window.confirm(deleteQuestion)) onDelete()
          }}
          data-testid={`delete-${kind}`}
        >
          Delete
        </LinkButton>
      </>
    )
    return className ? <span className={className}>{buttons}</span> : buttons
  }
  if (!signedIn) return null
  return (
    <LinkButton onClick={onReport} data-testid={`report-${kind}`}>
      Report
    </LinkButton>
  )
}
