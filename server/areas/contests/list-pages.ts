import type { Deps } from '../../core/deps'
import { invalid } from '../../http/errors'
import { pageMeta, toPage } from '../../http/paging'
import { unknownFilterIds } from './filters'
import { type ContestQuery, queryContests } from './listing'
import { matchEntryCounts } from './queries'
import { contestsJson } from './service'

export interface ContestViewer {
  id: number
  slug: string
}

export interface PageAsked {
  page: number
  per_page: number
}

/** One page of a contest list as the API answers it, with the rows (whose match status decides caching). */
export async function contestListPage(
  deps: Deps,
  viewer: ContestViewer | null,
  q: ContestQuery,
  page: PageAsked,
  filter: string | null,
) {
  if (q.filter_ids?.length) {
    const unknown = unknownFilterIds(q.filter_ids)
    if (unknown.length > 0) throw invalid({ filter_ids: [`has unknown filters: ${unknown.join(', ')}`] })
  }
  const p = toPage(page)
  const { rows, total } = await queryContests(deps, q, p)
  const body = { contests: await contestsJson(deps, rows, viewer, filter), meta: pageMeta(p, total) }
  return { body, rows }
}

/** The viewer's team count for a match and how many of its contests they joined (0 and 0 signed out). */
export async function matchEntryCountsOf(deps: Deps, viewer: ContestViewer | null, matchId: number) {
  if (!viewer) return { teams_count: 0, joined_contests_count: 0 }
  return matchEntryCounts(deps.db, viewer.id, matchId)
}
