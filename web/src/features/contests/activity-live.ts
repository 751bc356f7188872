import { useQueryClient } from '@tanstack/react-query'
import { useChannel } from '../../lib/use-channel'
import { type Activity, activitiesKey, type ContestKind, prependActivity } from './owner-api'

/**
 * Follows a contest's activities over /cable (ContestChannel; a championship contest with
 * `championship_contest_id`): each `activity` broadcast goes on top of the list. Repeats are
 * dropped by id, so no seq bookkeeping is needed. Every (re)connect refetches the list:
 * whatever was published before the subscription was confirmed was not pushed to it.
 */
export function useActivityFeed(kind: ContestKind, contestId: number, enabled: boolean): boolean {
  const client = useQueryClient()
  const params: { channel: string; [key: string]: string | number } = {
    channel: 'ContestChannel',
    [kind === 'contest' ? 'contest_id' : 'championship_contest_id']: contestId,
  }
  return useChannel(enabled ? params : null, {
    connected: () => void client.invalidateQueries({ queryKey: activitiesKey(kind, contestId) }),
    received: (data) => {
      const m = data as { type?: string; activity?: Activity }
      if (m.type === 'activity' && m.activity) prependActivity(client, kind, contestId, m.activity)
      // Messages were missed (a process lost its bus connection): read the list again.
      if (m.type === 'refetch') void client.invalidateQueries({ queryKey: activitiesKey(kind, contestId) })
    },
  })
}
