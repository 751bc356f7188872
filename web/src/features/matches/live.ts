import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { seqTracker, useChannel } from '../../lib/use-channel'
import type { Match, MatchSummary } from './api'

export interface MatchEvent {
  type: string
  seq: number
  [key: string]: unknown
}

type Broadcast =
  | {
      type: 'snapshot'
      match_status: Match['match_status']
      summary: MatchSummary | Record<string, never>
      player_points: Array<{ player_id: number; total_score: number }>
    }
  | { type: 'event'; seq: number; event: MatchEvent; correction: boolean; summary: MatchSummary }
  | { type: 'player_points'; seq: number; players: Array<{ player_id: number; total_score: number }> }
  | { type: 'status'; seq: number; match_status: Match['match_status'] }

export interface MatchLive {
  /** Subscribed to the MatchChannel. */
  connected: boolean
  status: Match['match_status'] | null
  summary: MatchSummary | null
  /** Points pushed since the last fetch (a snapshot holds them all): overlay them on fetched ones. */
  points: ReadonlyMap<number, number>
  /** The newest events, newest last (for the ball-by-ball strip). */
  recent: MatchEvent[]
  /** Pushes received; grows with every ball or action. */
  updates: number
}

const RECENT = 12

/**
 * Follows a match over /cable (MatchChannel): the snapshot on subscribe, then every event with
 * the new summary, the players whose points changed and the status. A `seq` gap or a
 * reconnect means pushes were missed: the match's queries are refetched and the overlay reset.
 */
export function useMatchLive(matchId: number, enabled: boolean): MatchLive {
  const client = useQueryClient()
  const [state, setState] = useState<Omit<MatchLive, 'connected'>>(empty)
  const [gap] = useState(seqTracker)
  const refetch = () => {
    setState(empty)
    void client.invalidateQueries({ queryKey: ['match', matchId] })
  }
  const connected = useChannel(enabled ? { channel: 'MatchChannel', match_id: matchId } : null, {
    connected: (first) => {
      if (!first) refetch()
    },
    received: (data) => {
      const message = data as Broadcast
      if (message.type !== 'snapshot' && gap('match', message.seq)) refetch()
      setState((s) => apply(s, message))
      if (message.type === 'status') {
        // The match and every list showing it changed state (locked, completed, abandoned).
        void client.invalidateQueries({ queryKey: ['match', matchId] })
        void client.invalidateQueries({ queryKey: ['contests'] })
      }
    },
  })
  return { connected, ...state }
}

function empty(): Omit<MatchLive, 'connected'> {
  return { status: null, summary: null, points: new Map(), recent: [], updates: 0 }
}

function apply(s: Omit<MatchLive, 'connected'>, m: Broadcast): Omit<MatchLive, 'connected'> {
  switch (m.type) {
    case 'snapshot':
      return {
        ...s,
        status: m.match_status,
        summary: 'family' in m.summary ? (m.summary as MatchSummary) : null,
        points: new Map(m.player_points.map((p) => [p.player_id, p.total_score])),
      }
    case 'event':
      return {
        ...s,
        summary: m.summary,
        recent: [...s.recent, m.event].slice(-RECENT),
        updates: s.updates + 1,
      }
    case 'player_points': {
      const points = new Map(s.points)
      for (const p of m.players) points.set(p.player_id, p.total_score)
      return { ...s, points, updates: s.updates + 1 }
    }
    case 'status':
      return { ...s, status: m.match_status, updates: s.updates + 1 }
  }
}
