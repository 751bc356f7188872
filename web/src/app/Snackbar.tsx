import { useEffect, useSyncExternalStore } from 'react'
import { closeSnackbar, snackbarSnapshot, subscribeSnackbar } from '../lib/snackbar'
import styles from './Snackbar.module.css'

/** Errors stay long enough to read; a notice ("Team 1 saved.") gets out of the way sooner. */
const AUTO_CLOSE_MS = { error: 6000, info: 4000 } as const

export function Snackbar() {
  const message = useSyncExternalStore(subscribeSnackbar, snackbarSnapshot)

  useEffect(() => {
    if (!message) return
    const timer = window.setTimeout(() => closeSnackbar(message.id), AUTO_CLOSE_MS[message.tone])
    return () => window.clearTimeout(timer)
  }, [message])

  if (!message) return null
  return (
    <div
      className={`${styles.snackbar} ${message.tone === 'info' ? styles.info : ''}`}
      role={message.tone === 'error' ? 'alert' : 'status'}
      data-testid="snackbar"
    >
      <span className={styles.text}>{message.text}</span>
      <button type="button" className={styles.close} onClick={() => closeSnackbar(message.id)}>
        Close
      </button>
    </div>
  )
}
