import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../lib/api'
import { Button } from './Button'
import { Loading } from './Common'
import { Alert, FieldErrors, TextAreaField } from './Field'
import { fieldErrorsOf, unplacedError } from './form-errors'
import styles from './report-form.module.css'

export const REPORT_TEXT_MAX = 1000

export interface ReportReason {
  key: string
  label: string
}
export interface ReportInput {
  reason: string
  text: string
}

/**
 * A report for the admins: a reason from the server's list and a few words. The caller owns the
 * mutation (what is reported, and what shows once it is sent); `compact` is the dialog's layout.
 */
export function ReportForm({
  reasons,
  send,
  rows,
  compact = false,
  showUnplaced = false,
}: {
  reasons: UseQueryResult<ReportReason[]>
  send: UseMutationResult<unknown, Error, ReportInput>
  rows: number
  compact?: boolean
  /** Also show field errors on fields the form does not have (the contest report's answer may name others). */
  showUnplaced?: boolean
}) {
  const [reason, setReason] = useState('')
  const [text, setText] = useState('')
  if (reasons.isPending) return <Loading />
  if (reasons.isError) return <Alert>{reasons.error.message}</Alert>
  const fields = fieldErrorsOf(send.error)
  const general =
    send.error instanceof ApiError && send.error.status !== 422
      ? send.error.message
      : showUnplaced
        ? unplacedError(send.error, ['reason', 'text'])
        : null
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        send.mutate({ reason, text: text.trim() })
      }}
    >
      {general ? <Alert>{general}</Alert> : null}
      <ReasonChoices
        reasons={reasons.data}
        value={reason}
        onChange={setReason}
        errors={fields.reason}
        compact={compact}
      />
      <TextAreaField
        label="Tell us more"
        name="text"
        rows={rows}
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
  )
}

/** The server's reasons as radio buttons, boxed (a page) or compact (a dialog). */
function ReasonChoices({
  reasons,
  value,
  onChange,
  errors,
  compact,
}: {
  reasons: ReportReason[]
  value: string
  onChange: (reason: string) => void
  errors?: string[]
  compact: boolean
}) {
  return (
    <fieldset className={compact ? styles.compactReasons : styles.reasons}>
      <legend>What is wrong?</legend>
      {reasons.map((r) => (
        <label key={r.key} className={compact ? styles.compactReason : styles.reason}>
          <input
            type="radio"
            name="reason"
            value={r.key}
            checked={value === r.key}
            onChange={() => onChange(r.key)}
          />
          {r.label}
        </label>
      ))}
      <FieldErrors errors={errors} />
    </fieldset>
  )
}
