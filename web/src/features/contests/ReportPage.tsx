import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button, ButtonLink } from '../../components/Button'
import { Card, Loading } from '../../components/Common'
import { Alert, FieldErrors, TextAreaField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { ApiError } from '../../lib/api'
import styles from './owner.module.css'
import { reportReasonsQuery, sendReport } from './owner-api'
import { contestHome, SubpageHead, useContestTarget } from './SubpageHead'

export const REPORT_TEXT_MAX = 1000

/**
 * `/contests/:id/report`: a reason from the server's list and a few words, into the admins'
 * queue (POST /api/reports). One open report per player per contest: a second one is a 409,
 * shown as is.
 */
export function ReportPage() {
  const { kind, id } = useContestTarget()
  const reasons = useQuery(reportReasonsQuery)
  const [reason, setReason] = useState('')
  const [text, setText] = useState('')
  const send = useMutation({
    mutationFn: () => sendReport({ contest_id: id, contest_type: kind, reason, text: text.trim() }),
    meta: { silent: true },
  })
  const fields = fieldErrorsOf(send.error)
  const general =
    send.error instanceof ApiError && send.error.status !== 422
      ? send.error.message
      : unplacedError(send.error, ['reason', 'text'])

  if (send.isSuccess)
    return (
      <div data-testid="contest-report">
        <SubpageHead kind={kind} id={id} title="Report this contest" />
        <Card>
          <Alert tone="info">
            <span data-testid="report-sent">
              Thanks: your report is with the admins. They will look at it soon.
            </span>
          </Alert>
          <ButtonLink to={contestHome(kind, id)} variant="secondary">
            Back to the contest
          </ButtonLink>
        </Card>
      </div>
    )

  return (
    <div data-testid="contest-report">
      <SubpageHead kind={kind} id={id} title="Report this contest" />
      <Card>
        {reasons.isPending ? (
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
              name="text"
              rows={5}
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
      </Card>
    </div>
  )
}
