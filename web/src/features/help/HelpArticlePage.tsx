import type { ComponentType } from 'react'
import { Link, useMatches } from 'react-router'
import boxed from '../../components/boxed-list.module.css'
import proseStyles from '../../components/prose.module.css'
import { usePageTitle } from '../../lib/page-title'
import styles from './help.module.css'
import { HELP_ENTRIES, type HelpEntry, loadedBodies } from './registry'

/** The route component of every /help/{slug}: the route's handle names the article. */
export function HelpArticleRoute() {
  const match = useMatches().at(-1)
  const slug = (match?.handle as { helpSlug?: string } | undefined)?.helpSlug
  const entry = HELP_ENTRIES.find((e) => e.slug === slug)
  const Body = slug ? loadedBodies[slug] : undefined
  if (!entry || !Body) throw new Error(`The help page ${slug ?? '(unknown)'} has no text`)
  return <HelpArticlePage entry={entry} Body={Body} />
}

/** One help page: its text, then the other pages on the same subject. */
export function HelpArticlePage({ entry, Body }: { entry: HelpEntry; Body: ComponentType }) {
  usePageTitle(entry.title, 'Help')
  const related = HELP_ENTRIES.filter((e) => e.group === entry.group && e.slug !== entry.slug)
  return (
    <div>
      <nav className={styles.crumbs} aria-label="Breadcrumb">
        <Link to="/help">Help</Link>
        <span aria-hidden="true">/</span>
        <span>{entry.group}</span>
      </nav>
      <article className={proseStyles.prose} data-testid="help-article">
        <h1 className={proseStyles.title}>{entry.title}</h1>
        <p className={proseStyles.intro}>{entry.summary}</p>
        <Body />
      </article>
      {related.length > 0 ? (
        <section className={styles.related}>
          <h2 className={styles.groupTitle}>Related</h2>
          <ul className={`${styles.list} ${boxed.list}`}>
            {related.map((e) => (
              <li key={e.slug}>
                <Link to={`/help/${e.slug}`} className={styles.entry}>
                  <strong>{e.title}</strong>
                  <span>{e.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className={styles.stuck}>
        Still stuck? <Link to="/help/details">Contact support</Link>.
      </p>
    </div>
  )
}
