import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronLeftIcon, ResetIcon } from '../../components/Icons'
import styles from './teams.module.css'

/** The team builders' header: back, what is being built, and Reset. */
export function EditorHead({
  back,
  backLabel,
  title,
  subtitle,
  onReset,
  resetDisabled,
  resetTitle,
}: {
  back: string
  backLabel: string
  title: string
  subtitle: ReactNode
  onReset: () => void
  resetDisabled?: boolean
  resetTitle?: string
}) {
  return (
    <header className={styles.head}>
      <Link to={back} className={styles.backLink} aria-label={backLabel}>
        <ChevronLeftIcon />
      </Link>
      <div className={styles.headText}>
        <h1>{title}</h1>
        <span>{subtitle}</span>
      </div>
      <button
        type="button"
        className={styles.reset}
        onClick={onReset}
        disabled={resetDisabled}
        data-testid="reset-team"
        title={resetTitle}
      >
        <ResetIcon width={16} height={16} /> Reset
      </button>
    </header>
  )
}
