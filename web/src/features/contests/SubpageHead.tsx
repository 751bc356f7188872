import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { PageHead } from '../../components/Common'
import { data, http } from '../../lib/client'
import { contestQuery } from './api'
import type { ContestKind } from './owner-api'

/** `?type=championship` (as in the invite links) names a championship contest; otherwise a daily one. */
export function useContestTarget(): { kind: ContestKind; id: number } {
  const id = Number(useParams().id)
  const [search] = useSearchParams()
  return { kind: search.get('type') === 'championship' ? 'championship_contest' : 'contest', id }
}

const championshipNameQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'contest', id, 'name'],
    queryFn: async () =>
      (await data(http.GET('/api/championship/contests/{id}', { params: { path: { id } } }))).contest,
    staleTime: 60_000,
  })

/** The contest's own page: the championship stats for a championship contest. */
export const contestHome = (kind: ContestKind, id: number) =>
  kind === 'contest' ? `/contests/${id}` : `/contests/${id}/championship-stats`

/**
 * The heading of a contest subpage that stands outside the contest's tabs (activities,
 * report): its name and a link back. A contest the viewer may not see answers 404, which
 * the page body reports; the heading then just says what the page is.
 */
export function SubpageHead({ kind, id, title }: { kind: ContestKind; id: number; title: string }) {
  const daily = useQuery({ ...contestQuery(id), enabled: kind === 'contest' })
  const champ = useQuery({ ...championshipNameQuery(id), enabled: kind === 'championship_contest' })
  const name = (kind === 'contest' ? daily.data?.name : champ.data?.name) ?? null
  return (
    <PageHead title={title} subtitle={name ? <Link to={contestHome(kind, id)}>{name}</Link> : undefined} />
  )
}
