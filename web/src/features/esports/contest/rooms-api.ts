import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { data, http, type Schema } from '../../../lib/client'

/** GET/PUT /api/esports/contests/{id}/room_details (docs/esports.md "Room details"). */
/** The caller is the host or an admin when `is_host`. */
export type RoomDetails = Schema<'EsportsRoomDetails'>

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
      data(http.GET('/api/esports/contests/{id}/room_details', { params: { path: { id: contestId } } })).then(
        (r) => r.room_details,
      ),
    // A 404 is an answer here ("not yet"), not a failure to retry.
    retry: false,
    meta: { silent: true },
  })

export function saveRoomDetails(contestId: number, body: { room_id: string; room_password: string }) {
  return data(
    http.PUT('/api/esports/contests/{id}/room_details', { params: { path: { id: contestId } }, body }),
  ).then((r) => r.room_details)
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
