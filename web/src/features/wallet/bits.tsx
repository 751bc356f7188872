import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronLeftIcon } from '../../components/Icons'
import styles from './wallet.module.css'

export type Tone = 'ok' | 'wait' | 'bad' | 'none'

const TONE_CLASS: Record<Tone, string> = {
  ok: styles.ok ?? '',
  wait: styles.wait ?? '',
  bad: styles.bad ?? '',
  none: '',
}

/** A small status pill: verified, pending, rejected, success, failed… */
export function StatusChip({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`${styles.status} ${TONE_CLASS[tone]}`} data-testid={testId}>
      {children}
    </span>
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

/** "22 Nov 2026, 4:05 pm" in India's time. */
export function formatDateTime(ms: number): string {
  return DATE_TIME.format(new Date(ms))
}
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
