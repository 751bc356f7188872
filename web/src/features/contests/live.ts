import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ChampionshipContestSnapshot, ContestChannelMessage } from '../../../../server/areas/contests'
import type { LiveEntry, MyRank } from '../../../../server/areas/scoring'
import { type Delivered, useGatedChannel } from '../../lib/use-channel'
import { setLikesEverywhere } from '../posts'
import type { Contest } from './api'
import { setMembersEverywhere } from './live-counts'
import { prependActivity } from './owner-api'

export type { LiveEntry, MyRank }

/** ContestChannel's messages: the server's own types (server/areas/contests/messages.ts). */
type Broadcast = Delivered<Exclude<ContestChannelMessage, ChampionshipContestSnapshot>>

export interface ContestLive {
  connected: boolean
  /** The top entries as of `version` (null until the first leaderboard push). */
  top: LiveEntry[] | null
  version: number
  mine: MyRank[] | null
  membersCount: number | null
  status: Contest['contest_status'] | null
  updates: number
}

const initial: Omit<ContestLive, 'connected'> = {
  top: null,
  version: -1,
  mine: null,
  membersCount: null,
  status: null,
  updates: 0,
}

/**
 * Follows a contest over /cable (ContestChannel): the top of the leaderboard with each
 * scored ball (ordered by `version`, so a late push never undoes a newer one), the viewer's
 * own ranks when they change, the member count before the start and the status. The
 * channel carries two streams (the contest's and the viewer's own), each with its `seq`.
 */
export function useContestLive(contestId: number, enabled: boolean): ContestLive {
  const client = useQueryClient()
  const [state, setState] = useState(initial)
  const refetch = () => void client.invalidateQueries({ queryKey: ['contest', contestId] })
  const take = (m: Broadcast) => {
    setState((s) => apply(s, m))
    if (m.type === 'activity') prependActivity(client, 'contest', contestId, m.activity)
    // Someone else's like: the count in every cached copy (my own flag stays as it is).
    if (m.type === 'likes') setLikesEverywhere(client, 'contest', contestId, { likes_count: m.likes_count })
    // Every other copy of the card (lists, home) moves with the page's own count.
    if (m.type === 'members') setMembersEverywhere(client, contestId, m.members_count)
    if (m.type === 'status') {
      refetch()
      // Locked, completed or cancelled: the match, the lists and (prizes, refunds) the wallet moved.
      void client.invalidateQueries({ queryKey: ['match'] })
      void client.invalidateQueries({ queryKey: ['contests'] })
      void client.invalidateQueries({ queryKey: ['me'] })
    }
  }
  const params = enabled ? { channel: 'ContestChannel', contest_id: contestId } : null
  const connected = useGatedChannel<Broadcast>(params, {
    snapshotSeqs: (m) => ({ contest: m.seq, user: m.user_seq }),
    streamOf: (m) => (m.type === 'my_ranks' ? 'user' : 'contest'),
    takeSnapshot: (m) => setState((s) => apply(s, m)),
    take,
    refetch,
  })
  return { connected, ...state }
}

function apply(s: typeof initial, m: Broadcast): typeof initial {
  switch (m.type) {
    case 'snapshot':
      return { ...s, status: m.contest_status, membersCount: m.members_count }
    case 'leaderboard':
      return m.version < s.version ? s : { ...s, top: m.top, version: m.version, updates: s.updates + 1 }
    case 'my_ranks':
      return { ...s, mine: m.entries, updates: s.updates + 1 }
    case 'members':
      return { ...s, membersCount: m.members_count }
    case 'status':
      return { ...s, status: m.contest_status, updates: s.updates + 1 }
    default:
      // `activity` goes to the activities list, not here; an unknown type never blanks the state.
      return s
  }
}
