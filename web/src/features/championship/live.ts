import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type {
  ChampionshipChannelMessage,
  LiveTeam,
  MyTeamMessage,
} from '../../../../server/areas/championship'
import { type Delivered, useGatedChannel } from '../../lib/use-channel'

export type { LiveTeam }
/** The viewer's own team on the pushed board. */
export type MyTeamLive = Omit<MyTeamMessage, 'type' | 'phase_id'>

/** ChampionshipChannel's messages: the server's own types (server/areas/championship/publish.ts). */
type Broadcast = Delivered<ChampionshipChannelMessage>

export interface PhaseLive {
  connected: boolean
  top: LiveTeam[] | null
  version: number
  mine: MyTeamLive | null
  updates: number
}

const initial: Omit<PhaseLive, 'connected'> = { top: null, version: -1, mine: null, updates: 0 }

/**
 * Follows a phase over /cable (ChampionshipChannel, docs/channels.md): the top of the phase
 * leaderboard as each ball is scored, and the viewer's own team's score and rank. A reconnect,
 * a gap in `seq` or a change in the matches being played refetches the pages' data.
 */
export function usePhaseLive(phaseId: number, enabled: boolean): PhaseLive {
  const client = useQueryClient()
  const [state, setState] = useState(initial)
  // The matches being played: when one starts or ends, the transfers used and the phase's
  // progress changed too, and those come with the pages' own reads.
  const [playing] = useState(() => ({ key: '' }))
  const refetch = () => void client.invalidateQueries({ queryKey: ['championship'] })
  const take = (m: Broadcast) => {
    setState((s) => apply(s, m))
    if (m.type === 'leaderboard') {
      const key = [...m.live_match_ids].sort((a, b) => a - b).join(',') || 'none'
      if (playing.key !== '' && key !== playing.key) refetch()
      playing.key = key
    }
  }
  const params = enabled ? { channel: 'ChampionshipChannel', phase_id: phaseId } : null
  const connected = useGatedChannel<Broadcast>(params, {
    snapshotSeqs: (m) => ({ phase: m.seq, user: m.user_seq }),
    streamOf: (m) => (m.type === 'my_team' ? 'user' : 'phase'),
    take,
    refetch,
  })
  return { connected, ...state }
}

function apply(s: typeof initial, m: Broadcast): typeof initial {
  switch (m.type) {
    // Pushed in the bus's order (the gate drops a repeat): each board is newer than the last.
    case 'leaderboard':
      return { ...s, top: m.top, version: s.version + 1, updates: s.updates + 1 }
    case 'my_team':
      return {
        ...s,
        mine: {
          classic_team_id: m.classic_team_id,
          score: m.score,
          rank: m.rank,
          live_match_id: m.live_match_id,
        },
        updates: s.updates + 1,
      }
    default:
      return s
  }
}
