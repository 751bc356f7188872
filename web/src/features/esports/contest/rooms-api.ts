import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { get, put } from '../../../lib/api'

/** GET/PUT /api/esports/contests/{id}/room_details (docs/esports.md "Room details"). */
export interface RoomDetails {
  room_id: string | null
  room_password: string | null
  reveal_at_in_millis: number
  starts_at_in_millis: number
  set_at_in_millis: number | null
  /** The caller is the host or an admin. */
  is_host: boolean
}

/**
 * Every query about one esports contest lives under this key (the contest, its squads, its
 * results, its room), so one invalidation refreshes the lot when a live message arrives.
 */
export const esportsContestKey = (contestId: number) => ['esports-contest', contestId] as const
export const roomDetailsKey = (contestId: number) => [...esportsContestKey(contestId), 'room'] as const

export const roomDetailsQuery = (contestId: number) =>
  queryOptions({
    queryKey: roomDetailsKey(contestId),
    queryFn: () =>
      get<{ room_details: RoomDetails }>(`/api/esports/contests/${contestId}/room_details`).then(
        (r) => r.room_details,
      ),
    // A 404 is an answer here ("not yet"), not a failure to retry.
    retry: false,
    meta: { silent: true },
  })

export function saveRoomDetails(contestId: number, body: { room_id: string; room_password: string }) {
  return put<{ room_details: RoomDetails }>(`/api/esports/contests/${contestId}/room_details`, body).then(
    (r) => r.room_details,
  )
}

/** A live `room` message: the values go straight into the cached answer. */
export function applyRoomMessage(
  client: QueryClient,
  contestId: number,
  room: { room_id: string; room_password: string },
): void {
  const old = client.getQueryData<RoomDetails>(roomDetailsKey(contestId))
  if (old) client.setQueryData<RoomDetails>(roomDetailsKey(contestId), { ...old, ...room })
  else void client.invalidateQueries({ queryKey: roomDetailsKey(contestId) })
}
