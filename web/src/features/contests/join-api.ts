import type { QueryClient } from '@tanstack/react-query'
import { data, http, type Schema } from '../../lib/client'
import { contestQuery } from './contest-api'
import type { Contest } from './types'

/** Joining (the pre-flight and the join) and keeping every cached copy of a contest fresh. */
export type Confirmation = Schema<'JoiningConfirmation'>
export type Popup = Confirmation['popup']

export const joiningConfirmation = (id: number) =>
  data(http.POST('/api/contests/{id}/joining_confirmation', { params: { path: { id } } }))

export const joinContest = (id: number, teamId: number) =>
  data(http.POST('/api/contests/{id}/join', { params: { path: { id } }, body: { team_id: teamId } }))

/** Puts a fresher copy of a contest into every cached list and the detail (spec §4: likes flip everywhere). */
export function replaceContest(client: QueryClient, contest: Contest): void {
  client.setQueryData(contestQuery(contest.id).queryKey, contest)
  client.setQueriesData<unknown>({ queryKey: ['contests'] }, (data: unknown) => swap(data, contest))
}

function swap(data: unknown, contest: Contest): unknown {
  if (!data || typeof data !== 'object') return data
  if (Array.isArray(data)) return data.map((item) => swap(item, contest))
  const record = data as Record<string, unknown>
  if (typeof record.id === 'number' && record.id === contest.id && 'members_limit' in record)
    return { ...contest, user_slug: record.user_slug, filter: record.filter }
  let changed = false
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) {
    const next = key === 'pageParams' ? value : swap(value, contest)
    if (next !== value) changed = true
    out[key] = next
  }
  return changed ? out : data
}

/** After a join: the card is replaced at once, then every count that moved is refetched. */
export function afterJoin(client: QueryClient, contest: Contest): void {
  replaceContest(client, contest)
  void client.invalidateQueries({ queryKey: ['contests'] })
  void client.invalidateQueries({ queryKey: ['contest', contest.id] })
  void client.invalidateQueries({ queryKey: ['user-teams', contest.match_id] })
  void client.invalidateQueries({ queryKey: ['match', contest.match_id] })
  void client.invalidateQueries({ queryKey: ['me'] })
}
