import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatMoney, formatNumber } from '../../lib/format'
import { useDebounced } from '../../lib/use-debounced'
import { searchQuery, postsStyles as styles } from '../posts'

const SEARCH_MAX = 100

/**
 * `/discover/search`: users, contests and series as you type (debounced; the query is in the
 * address, so back and reload keep it).
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams()
  const typed = params.get('q') ?? ''
  const q = useDebounced(typed.trim(), 300)
  const results = useQuery({ ...searchQuery(q), enabled: q.length > 0, placeholderData: keepPreviousData })
  const r = results.data
  const none = r && r.users.length + r.contests.length + r.series.length === 0
  return (
    <div className={styles.narrow} data-testid="search-page">
      <PageHead title="Search" subtitle={<Link to="/discover">Back to discover</Link>} />
      <input
        type="search"
        className={styles.searchInput}
        placeholder="Players, contests, series"
        aria-label="Search"
        maxLength={SEARCH_MAX}
        value={typed}
        // biome-ignore lint/a11y/noAutofocus: the page is the search box
        autoFocus
        onChange={(event) =>
          setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })
        }
        data-testid="search-input"
      />
      {q === '' ? (
        <p className={styles.hint}>Type a name: a player’s username, a contest or a series.</p>
      ) : results.isPending ? (
        <Loading />
      ) : results.isError ? (
        <Alert>{results.error.message}</Alert>
      ) : none ? (
        <EmptyState title={`Nothing matches “${q}”`} />
      ) : r ? (
        <SearchResults r={r} />
      ) : null}
    </div>
  )
}

type SearchAnswer = Awaited<
  ReturnType<Extract<ReturnType<typeof searchQuery>['queryFn'], (...args: never[]) => unknown>>
>

/** Players, contests and series found, each list only when it has any. */
function SearchResults({ r }: { r: SearchAnswer }) {
  return (
    <div data-testid="search-results">
      <ResultSection title="Players" items={r.users} to={(u) => `/users/${u.slug}`} testId="search-user">
        {(u) => (
          <>
            <Avatar src={u.image_url} name={u.username} size={32} />
            <span>
              <strong>{u.username}</strong>
              {u.full_name ? <span className={styles.muted}> · {u.full_name}</span> : null}
            </span>
          </>
        )}
      </ResultSection>
      <ResultSection
        title="Contests"
        items={r.contests}
        to={(c) => `/contests/${c.id}`}
        testId="search-contest"
      >
        {(c) => (
          <span>
            <strong>{c.name}</strong>
            <span className={styles.muted}>
              {' '}
              · {c.prize_amount > 0 ? formatMoney(c.prize_amount) : 'Practice'} ·{' '}
              {formatNumber(c.members_count)} joined · {c.status}
            </span>
          </span>
        )}
      </ResultSection>
      <ResultSection
        title="Series"
        items={r.series}
        to={(s) => `/series/${s.id}/contests`}
        testId="search-series"
      >
        {(s) => (
          <span>
            <strong>{s.name}</strong>
            <span className={styles.muted}>
              {' '}
              · {s.short_name} · {s.status}
            </span>
          </span>
        )}
      </ResultSection>
    </div>
  )
}

/** One kind of result under its heading, each a link; nothing at all when none was found. */
function ResultSection<T extends { id: number | string }>({
  title,
  items,
  to,
  testId,
  children,
}: {
  title: string
  items: T[]
  to: (item: T) => string
  testId: string
  children: (item: T) => ReactNode
}) {
  if (items.length === 0) return null
  return (
    <section>
      <h2 className={styles.section}>{title}</h2>
      <ul className={styles.results}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={to(item)} className={styles.result} data-testid={testId}>
              {children(item)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
