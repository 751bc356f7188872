import { Link } from 'react-router'
import { HOME_PATH } from '../lib/paths'
import styles from './error-page.module.css'

export function NotFoundPage() {
  return (
    <div className={styles.wrap} data-testid="not-found">
      <div className={styles.code} aria-hidden="true">
        404
      </div>
      <h1 className={styles.title}>IT'S 404</h1>
      <p className={styles.text}>Page not found</p>
      <Link to={HOME_PATH} className={styles.link}>
        GO TO HOME
      </Link>
    </div>
  )
}
