import type { ReactNode } from 'react'
import styles from './live-note.module.css'

/** Says whether a page's live channel is connected; `data-connected` colours it. */
export function LiveNote({
  connected,
  testId,
  children,
}: {
  connected: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <p className={styles.liveNote} data-testid={testId} data-connected={connected}>
      {children}
    </p>
  )
}
