import { useQueryClient } from '@tanstack/react-query'
import { useChannel } from '../../../lib/use-channel'
import { useSignedIn } from '../../../lib/use-session'

/**
 * Follows a tournament over /cable (EsportsTournamentChannel, docs/channels.md): any `slots`,
 * `round`, `standings`, `status` or `squads` message — and every reconnect — refetches the
 * tournament, its standings and every round's slots ("standings live"). Signed-in players only
 * (the channel's rule); anyone else sees the pages as loaded. Mount it once per page.
 */
export function useEsportsTournamentLive(tournamentId: number | null): boolean {
  const client = useQueryClient()
  const signedIn = useSignedIn()
  const refetch = () => {
    if (tournamentId === null) return
    void client.invalidateQueries({ queryKey: ['esports-tournament', tournamentId] })
    void client.invalidateQueries({ queryKey: ['esports-round-slots'] })
    void client.invalidateQueries({ queryKey: ['esports-tournaments'] })
  }
  return useChannel(
    tournamentId === null || !signedIn
      ? null
      : { channel: 'EsportsTournamentChannel', tournament_id: tournamentId },
    {
      connected: (first) => {
        if (!first) refetch()
      },
      received: (data) => {
        const type = (data as { type?: string }).type ?? ''
        if (['slots', 'round', 'standings', 'status', 'squads'].includes(type)) refetch()
      },
    },
  )
}
