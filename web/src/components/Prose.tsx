import type { ReactNode } from 'react'
import { usePageTitle } from '../lib/page-title'
import styles from './prose.module.css'

/** Long-form text pages (terms, help, about): readable measure, headings, lists, tables. */
export function Prose({
  title,
  intro,
  children,
  footer,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  usePageTitle(title)
  return (
    <article className={styles.prose}>
      <h1 className={styles.title}>{title}</h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </article>
  )
}

export function Callout({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warn' }) {
  return <aside className={`${styles.callout} ${tone === 'warn' ? styles.warn : ''}`}>{children}</aside>
}

export function FactTable({ rows, head }: { rows: Array<[ReactNode, ReactNode]>; head?: [string, string] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        {head ? (
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col">{head[1]}</th>
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map(([key, value], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static rows never reorder
            <tr key={i}>
              <th scope="row">{key}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
