import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreRow } from '../../components/LoadMore'
import { data, http } from '../../lib/client'
import { formatNumber } from '../../lib/format'
import { type Contest, contestListQuery, type ListSource } from './api'
import { ContestCard } from './ContestCard'
import styles from './contests.module.css'
import { useJoinFlow, useJoinFromAddress } from './JoinFlow'
import { useListParams } from './list-params'
import { LiveContestCounts, openMatchIds } from './live-counts'
import { SortFilterBar } from './SortFilterBar'

/** `/popular/contests`: the fullest open contests (their own order; filters apply). */
export function PopularContestsPage() {
  return (
    <ContestList
      title="Popular Contests"
      subtitle="The contests filling fastest, across every sport."
      source={{ kind: 'popular' }}
      sortable={false}
    />
  )
}

/** `/cricket/contests`. */
export function CricketContestsPage() {
  return (
    <ContestList
      title="Cricket Contests"
      subtitle="Open contests of upcoming cricket matches."
      source={{ kind: 'cricket' }}
    />
  )
}

/** `/series/:id/contests`: the open contests of a series' upcoming matches. */
export function SeriesContestsPage() {
  const id = Number(useParams().id)
  const series = useQuery({
    queryKey: ['series', id],
    queryFn: async () => (await data(http.GET('/api/series/{id}', { params: { path: { id } } }))).series,
  })
  if (series.isError) return <Alert>{series.error.message}</Alert>
  return (
    <ContestList
      title={series.data?.name ?? 'Series contests'}
      subtitle="Open contests of the series' upcoming matches."
      source={{ kind: 'series', seriesId: id }}
    />
  )
}

/** A paged, sortable list of open contests under a heading; `children` go between the two. */
export function ContestList({
  title,
  subtitle,
  source,
  sortable = true,
  children,
}: {
  title: string
  subtitle: string
  source: ListSource
  sortable?: boolean
  children?: ReactNode
}) {
  const [params, setParams] = useListParams()
  const list = useInfiniteQuery(contestListQuery(source, params))
  const join = useJoinFlow()
  useJoinFromAddress(join.start)
  const contests: Contest[] = list.data?.pages.flatMap((p) => p.contests) ?? []
  const total = list.data?.pages[0]?.meta.total
  return (
    <div data-testid="contest-list">
      <PageHead
        title={title}
        subtitle={total === undefined ? subtitle : `${subtitle} ${formatNumber(total)} found.`}
      />
      {children}
      <SortFilterBar params={params} onChange={setParams} sortable={sortable} />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data && contests.length === 0 ? (
        <EmptyState title="No contests match">
          {params.filterIds.length > 0 ? 'Try fewer filters.' : 'New contests open with every fixture.'}
        </EmptyState>
      ) : null}
      <div className={styles.list}>
        {contests.map((c) => (
          <ContestCard key={c.id} contest={c} showMatch onJoin={join.start} busy={join.busyId === c.id} />
        ))}
      </div>
      <LoadMoreRow pages={list} className={styles.loadMore} />
      <LiveContestCounts matchIds={openMatchIds(contests)} />
      {join.dialogs}
    </div>
  )
}
