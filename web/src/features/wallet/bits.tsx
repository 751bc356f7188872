import { type FormEvent, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { Card } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { ChevronLeftIcon } from '../../components/Icons'
import { ApiError, type FieldErrors } from '../../lib/api'
import styles from './wallet.module.css'

export type Tone = 'ok' | 'wait' | 'bad' | 'none'

const TONE_CLASS: Record<Tone, string> = {
  ok: styles.ok ?? '',
  wait: styles.wait ?? '',
  bad: styles.bad ?? '',
  none: styles.quiet ?? '',
}

/** A small status pill: verified, pending, rejected, success, failed… */
export function StatusChip({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`${styles.status} ${TONE_CLASS[tone]}`} data-testid={testId}>
      {children}
    </span>
  )
}

/**
 * The summary of a detail on file (a verified number, a PAN, a bank account): a caption
 * over the value on the left, its status on the right.
 */
export function OnFileSummary({
  caption,
  value,
  valueTestId,
  tone,
  status,
  statusTestId,
}: {
  caption: ReactNode
  value: ReactNode
  valueTestId: string
  tone: Tone
  status: ReactNode
  statusTestId: string
}) {
  return (
    <div className={styles.summary}>
      <span>
        <span className={styles.muted}>{caption}</span>
        <br />
        <strong data-testid={valueTestId}>{value}</strong>
      </span>
      <StatusChip tone={tone} testId={statusTestId}>
        {status}
      </StatusChip>
    </div>
  )
}

/**
 * A form's field messages: its own checks (`check`) first, else the server's 422 answer
 * to the last submit (`error`).
 */
export function useFieldErrors(error: unknown) {
  const [local, setLocal] = useState<FieldErrors>({})
  const server = fieldErrorsOf(error)
  return {
    local,
    setLocal,
    errorsOf: (field: string): string[] | undefined => local[field] ?? server[field],
    /** Shows these problems in place of the last ones; true when there are none. */
    check: (problems: FieldErrors): boolean => {
      setLocal(problems)
      return Object.keys(problems).length === 0
    },
  }
}

/**
 * A details form in its card (PAN, bank account). When saving failed, above the fields: a
 * 422 about fields it does not render, or a refusal that is not about fields (or no answer).
 */
export function DetailsForm({
  onSubmit,
  error,
  shownFields,
  children,
}: {
  onSubmit: (event: FormEvent) => void
  error: Error | null
  shownFields: string[]
  children: ReactNode
}) {
  const other = unplacedError(error, shownFields)
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        {other ? <Alert>{other}</Alert> : null}
        {error && !(error instanceof ApiError && error.isValidation) ? <Alert>{error.message}</Alert> : null}
        {children}
      </form>
    </Card>
  )
}

/** A text field that keeps only the digits typed or pasted into it (account numbers, OTPs). */
export function DigitsField({
  onDigits,
  ...field
}: Omit<Parameters<typeof TextField>[0], 'onChange'> & { onDigits: (digits: string) => void }) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      {...field}
      onChange={(e) => onDigits(e.target.value.replace(/\D/g, ''))}
    />
  )
}

/** Status words of credits, redemptions and refund claims, as a tone. */
export function toneOf(status: string | null | undefined): Tone {
  switch (status) {
    case 'success':
    case 'approved':
    case 'paid':
    case 'refunded':
    case 'done':
      return 'ok'
    case 'pending':
    case 'processing':
      return 'wait'
    case 'failed':
    case 'failure':
    case 'rejected':
    case 'cancelled':
      return 'bad'
    default:
      return 'none'
  }
}

/** One row of a link list: a title, a line under it, something on the right, a chevron. */
export function LinkRow({
  to,
  title,
  detail,
  aside,
  testId,
}: {
  to: string
  title: ReactNode
  detail?: ReactNode
  aside?: ReactNode
  testId?: string
}) {
  return (
    <li>
      <Link to={to} className={styles.linkRow} data-testid={testId}>
        <span className={styles.linkText}>
          <strong>{title}</strong>
          {detail ? <span>{detail}</span> : null}
        </span>
        {aside}
        <ChevronLeftIcon className={styles.chevron} width={18} height={18} />
      </Link>
    </li>
  )
}

/** Passbook and request rows: "3 Dec, 14:30 IST" in the reader's zone (lib/format). */
export { formatDateTime } from '../../lib/format'
