import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Dialog } from '../../components/Dialog'
import { Alert, FieldErrors, TextAreaField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { ApiError } from '../../lib/api'
import { reportItem, socialReasonsQuery } from './api'
import styles from './posts.module.css'

const REPORT_TEXT_MAX = 1000

/** Report a post or a comment to the admins: a reason from the server's list and a few words. */
export function ReportDialog({
  subject,
  id,
  onClose,
}: {
  subject: 'posts' | 'comments'
  id: number
  onClose: () => void
}) {
  const reasons = useQuery(socialReasonsQuery)
  const [reason, setReason] = useState('')
  const [text, setText] = useState('')
  const send = useMutation({
    mutationFn: () => reportItem(subject, id, reason, text.trim()),
    meta: { silent: true },
  })
  const fields = fieldErrorsOf(send.error)
  const general = send.error instanceof ApiError && send.error.status !== 422 ? send.error.message : null
  const what = subject === 'posts' ? 'post' : 'comment'
  return (
    <Dialog open title={`Report this ${what}`} onClose={onClose} testId="report-dialog">
      {send.isSuccess ? (
        <Alert tone="info">
          <span data-testid="report-sent">Thanks: your report is with the admins.</span>
        </Alert>
      ) : reasons.isPending ? (
        <Loading />
      ) : reasons.isError ? (
        <Alert>{reasons.error.message}</Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            send.mutate()
          }}
        >
          {general ? <Alert>{general}</Alert> : null}
          <fieldset className={styles.reasons}>
            <legend>What is wrong?</legend>
            {reasons.data.map((r) => (
              <label key={r.key} className={styles.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={r.key}
                  checked={reason === r.key}
                  onChange={() => setReason(r.key)}
                />
                {r.label}
              </label>
            ))}
            <FieldErrors errors={fields.reason} />
          </fieldset>
          <TextAreaField
            label="Tell us more"
            rows={4}
            maxLength={REPORT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            errors={fields.text}
            hint={`${text.length}/${REPORT_TEXT_MAX}`}
          />
          <Button
            type="submit"
            block
            busy={send.isPending}
            disabled={reason === '' || text.trim() === ''}
            data-testid="send-report"
          >
            Send report
          </Button>
        </form>
      )}
    </Dialog>
  )
}
