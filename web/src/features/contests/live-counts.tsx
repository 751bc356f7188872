import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import type { MatchContestsMessage, MatchContestsSnapshot } from '../../../../server/areas/contests'
import { type Delivered, useGatedChannel } from '../../lib/use-channel'
import { useSignedIn } from '../../lib/use-session'

type Message = Delivered<MatchContestsMessage | MatchContestsSnapshot>

/**
 * Keeps the member counts of contest cards moving: one ContestChannel `match_id`
 * subscription per match whose (upcoming) contests are shown; a join or a removal anywhere
 * sets the count and the spots left of every cached copy of that contest.
 */
export function LiveContestCounts({ matchIds }: { matchIds: number[] }) {
  const signedIn = useSignedIn()
  if (!signedIn) return null
  return (
    <>
      {[...new Set(matchIds)].map((id) => (
        <MatchCounts key={id} matchId={id} />
      ))}
    </>
  )
}

function MatchCounts({ matchId }: { matchId: number }) {
  const client = useQueryClient()
  useGatedChannel<Message>(
    { channel: 'ContestChannel', match_id: matchId },
    {
      snapshotSeqs: (m) => ({ counts: m.seq }),
      streamOf: () => 'counts',
      take: (m) => {
        if (m.type === 'members') setMembersEverywhere(client, m.contest_id, m.members_count)
      },
      // Missed some: the lists are read again.
      refetch: () => void client.invalidateQueries({ queryKey: ['contests'] }),
    },
  )
  return null
}

/**
 * Sets a contest's member count (and spots left) in every cached copy: the lists, the home
 * screen, discover, the detail — wherever a contest object (it has `members_limit`) sits.
 */
export function setMembersEverywhere(client: QueryClient, contestId: number, membersCount: number): void {
  client.setQueriesData<unknown>({}, (data: unknown) => withCount(data, contestId, membersCount))
}

/** The matches whose open contests a list shows: what `LiveContestCounts` follows. */
export const openMatchIds = (contests: Array<{ match_id: number; contest_status: string }>) =>
  contests.filter((c) => c.contest_status === 'open').map((c) => c.match_id)

function withCount(data: unknown, id: number, count: number): unknown {
  if (!data || typeof data !== 'object') return data
  if (Array.isArray(data)) {
    let changed = false
    const out = data.map((item) => {
      const next = withCount(item, id, count)
      if (next !== item) changed = true
      return next
    })
    return changed ? out : data
  }
  const record = data as Record<string, unknown>
  if (record.id === id && typeof record.members_limit === 'number' && 'members_count' in record) {
    if (record.members_count === count) return data
    return { ...record, members_count: count, spots_left: Math.max(0, record.members_limit - count) }
  }
  let changed = false
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) {
    const next = key === 'pageParams' ? value : withCount(value, id, count)
    if (next !== value) changed = true
    out[key] = next
  }
  return changed ? out : data
}
