import styles from '../components/error-page.module.css'

/** Shown for the moment the first page's code loads. */
export function BootSplash() {
  return (
    <div className={styles.wrap} role="status">
      <div className={styles.title}>FANSPOLE</div>
    </div>
  )
}
