import { useQueryClient } from '@tanstack/react-query'
import { serverNow, serverTimeQuery } from '../../lib/server-time'
import { useChannel } from '../../lib/use-channel'
import { type TournamentDetail, tournamentQuery } from './tournament-api'

/** The snapshot on subscribe, or an engine event (only its type and the server's time matter here). */
interface Message {
  type: string
  tournament?: TournamentDetail['tournament']
  manager?: TournamentDetail['manager']
  server_time_in_millis?: number
}

/**
 * Follows a tournament over /cable (AuctionTournamentChannel). Windows are sealed, so events
 * carry little (a `sealed_bid` has no amount): on any of them — a window opening or closing,
 * a purchase, a release, a manager joining — the tournament's views are simply refetched,
 * and so is everything after a reconnect.
 */
export function useTournamentLive(id: number, enabled: boolean): boolean {
  const client = useQueryClient()
  const refetch = () =>
    void client.invalidateQueries({ queryKey: ['tournament', id] }, { cancelRefetch: false })
  return useChannel(enabled ? { channel: 'AuctionTournamentChannel', tournament_id: id } : null, {
    connected: (first) => {
      if (!first) refetch()
    },
    received: (data) => {
      const m = data as Message
      const { tournament, manager } = m
      if (m.type === 'snapshot' && tournament && manager !== undefined) {
        client.setQueryData<TournamentDetail>(tournamentQuery(id).queryKey, { tournament, manager })
        return
      }
      // Windows close when an admin jumps the clock, too: then our reading of the server's
      // clock is hours off and the countdown would be. Tournament events are few, so the
      // clock is read again on every window change or drift, without the live room's throttle.
      const drift =
        typeof m.server_time_in_millis === 'number' && Math.abs(serverNow() - m.server_time_in_millis) >= 1500
      if (m.type === 'round_changed' || drift) void client.fetchQuery({ ...serverTimeQuery, staleTime: 0 })
      refetch()
    },
  })
}
