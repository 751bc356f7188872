import type { ReactNode } from 'react'
import { usePageTitle } from '../lib/page-title'
import styles from './ui.module.css'

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={className ? `${styles.card} ${className}` : styles.card}>{children}</section>
}

export function Loading({ label = 'Loading..' }: { label?: string }) {
  return (
    <div className={styles.loading} role="status" data-testid="loading">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <div className={styles.emptyTitle}>{title}</div>
      {children}
    </div>
  )
}

export function PageHead({
  title,
  subtitle,
  actions,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
}) {
  usePageTitle(title)
  return (
    <header className={styles.pageHead}>
      <div>
        <h1 className={styles.pageTitle}>{title}</h1>
        {subtitle ? <p className={styles.pageSubtitle}>{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  )
}

export function Avatar({
  src,
  name,
  size = 48,
}: {
  src?: string | null
  name?: string | null
  size?: number
}) {
  const initials = (name ?? '?')
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.38 }}>
      {src ? <img src={src} alt="" width={size} height={size} /> : initials}
    </span>
  )
}

export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
}: {
  items: Array<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
  label: string
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          className={styles.tab}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}
