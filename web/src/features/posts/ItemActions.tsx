import type { ButtonHTMLAttributes } from 'react'
import { useMe } from '../../lib/me'
import styles from './posts.module.css'

/** A button that reads as a link (Edit, Delete, Report, Reply under a post or a comment). */
export function LinkButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className={styles.linkButton} {...props} />
}

const DELETE_QUESTION = {
  post: 'Delete this post and its comments?',
  comment: 'Delete this comment and its replies?',
}

/**
 * What a reader may do with a post or a comment: its author edits or deletes it (after a
 * confirm), anyone else signed in reports it, a visitor nothing. Editing and reporting are the
 * caller's (`onChoose`); `className` groups the author's two buttons.
 */
export function ItemActions({
  kind,
  authorId,
  remove,
  onChoose,
  className,
}: {
  kind: 'post' | 'comment'
  authorId: number
  remove: { isPending: boolean; mutate: () => void }
  onChoose: (action: 'edit' | 'report') => void
  className?: string
}) {
  const me = useMe()
  if (me.data?.id === authorId) {
    const buttons = (
      <>
        <LinkButton onClick={() => onChoose('edit')} data-testid={`edit-${kind}`}>
          Edit
        </LinkButton>
        <LinkButton
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(DELETE_QUESTION[kind])) remove.mutate()
          }}
          data-testid={`delete-${kind}`}
        >
          Delete
        </LinkButton>
      </>
    )
    return className ? <span className={className}>{buttons}</span> : buttons
  }
  if (!me.data) return null
  return (
    <LinkButton onClick={() => onChoose('report')} data-testid={`report-${kind}`}>
      Report
    </LinkButton>
  )
}
