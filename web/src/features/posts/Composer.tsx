import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { Alert, FieldErrors } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { ApiError } from '../../lib/api'
import styles from './posts.module.css'

/**
 * A text box and a send button for posts, comments and replies. The limit is the server's
 * (shown as a count); the server's 422 and 429 messages show as they come.
 */
export function Composer({
  placeholder,
  max,
  submitLabel,
  onSend,
  onSent,
  autoFocus,
  testId = 'composer',
  rows = 3,
}: {
  placeholder: string
  max: number
  submitLabel: string
  onSend: (content: string) => Promise<unknown>
  onSent?: (answer: unknown) => void
  autoFocus?: boolean
  testId?: string
  rows?: number
}) {
  const [text, setText] = useState('')
  const send = useMutation({
    mutationFn: () => onSend(text.trim()),
    meta: { silent: true },
    onSuccess: (answer) => {
      setText('')
      onSent?.(answer)
    },
  })
  const fields = fieldErrorsOf(send.error)
  const general = send.error instanceof ApiError && send.error.status !== 422 ? send.error.message : null
  return (
    <form
      className={styles.composer}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault()
        send.mutate()
      }}
    >
      {general ? <Alert>{general}</Alert> : null}
      <textarea
        className={styles.composerInput}
        aria-label={placeholder}
        placeholder={placeholder}
        rows={rows}
        maxLength={max}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: a reply box opened on purpose
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        data-testid={`${testId}-input`}
      />
      <FieldErrors errors={fields.content ?? fields.parent_id} />
      <div className={styles.composerFoot}>
        <span className={styles.counter}>
          {text.length}/{max}
        </span>
        <Button
          type="submit"
          small
          busy={send.isPending}
          disabled={text.trim() === ''}
          data-testid={`${testId}-send`}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}

/** Edits a post or a comment in place; the server's message shows if it refuses. */
export function EditBox({
  initial,
  max,
  onSave,
  onCancel,
}: {
  initial: string
  max: number
  onSave: (content: string) => Promise<void>
  onCancel: () => void
}) {
  const [text, setText] = useState(initial)
  const save = useMutation({ mutationFn: () => onSave(text.trim()), meta: { silent: true } })
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
      data-testid="edit-box"
    >
      {save.error ? <Alert>{save.error.message}</Alert> : null}
      <textarea
        className={styles.composerInput}
        aria-label="Edit"
        rows={3}
        maxLength={max}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.composerFoot}>
        <Button variant="ghost" small onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          small
          busy={save.isPending}
          disabled={text.trim() === ''}
          data-testid="save-edit"
        >
          Save
        </Button>
      </div>
    </form>
  )
}
