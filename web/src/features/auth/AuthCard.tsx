import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/page-title'
import styles from './auth.module.css'

/** The card every signed-out page stands in: its title, a line under it, then the page's own content. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode
  subtitle?: ReactNode
  children: ReactNode
}) {
  usePageTitle(typeof title === 'string' ? title : null)
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {children}
    </div>
  )
}
