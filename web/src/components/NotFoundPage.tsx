import { Link } from 'react-router'
import { usePageTitle } from '../lib/page-title'
import { HOME_PATH } from '../lib/paths'
import styles from './error-page.module.css'

export function NotFoundPage() {
  usePageTitle('Page not found')
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
