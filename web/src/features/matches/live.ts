import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { MatchChannelMessage, MatchMessage } from '../../../../server/areas/matches'
import type { Body } from '../../lib/client'
import { type Delivered, useGatedChannel } from '../../lib/use-channel'
import type { Match, MatchSummary, Statistics } from './api'

export type MatchEvent = Extract<MatchMessage, { type: 'event' }>['event']

/** MatchChannel's messages: the server's own types (server/areas/matches/messages.ts). */
type Broadcast = Delivered<MatchChannelMessage>

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
 * the new summary, the players whose points changed and the status. Every cached copy of the
 * match (its own query, the home page's lists, the statistics) gets the new score and state,
 * so whatever page shows it moves. A `seq` gap means pushes were missed: the match's queries
 * are refetched and the overlay reset; a reconnect brings a new snapshot.
 */
export function useMatchLive(matchId: number, enabled: boolean): MatchLive {
  const client = useQueryClient()
  const [state, setState] = useState<Omit<MatchLive, 'connected'>>(empty)
  const refetch = () => {
    setState(empty)
    void client.invalidateQueries({ queryKey: ['match', matchId] })
  }
  const apply = (message: Broadcast) => {
    setState((s) => next(s, message))
    patchMatch(client, matchId, message)
    if (message.type === 'status') {
      // The match and every list showing it changed state (locked, completed, abandoned);
      // a settled contest moved money and the profile's counts.
      void client.invalidateQueries({ queryKey: ['match', matchId] })
      void client.invalidateQueries({ queryKey: ['contests'] })
      if (message.match_status !== 'live') void client.invalidateQueries({ queryKey: ['me'] })
    }
  }
  const params = enabled ? { channel: 'MatchChannel', match_id: matchId } : null
  const connected = useGatedChannel<Broadcast>(params, {
    snapshotSeqs: (message) => ({ match: message.seq }),
    streamOf: () => 'match',
    takeSnapshot: (message) => {
      setState((s) => next(s, message))
      patchMatch(client, matchId, message)
    },
    take: apply,
    refetch,
  })
  return { connected, ...state }
}

/** Mounts `useMatchLive` for one match and renders nothing: for lists that follow several. */
export function FollowMatch({ id }: { id: number }) {
  useMatchLive(id, true)
  return null
}

function empty(): Omit<MatchLive, 'connected'> {
  return { status: null, summary: null, points: new Map(), recent: [], updates: 0 }
}

function next(s: Omit<MatchLive, 'connected'>, m: Broadcast): Omit<MatchLive, 'connected'> {
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

/** The part of the contests home page (GET /api/contests/home) that lists matches. */
type HomeMatches = Pick<Body<'/api/contests/home'>, 'matches' | 'live_matches'>

/** Writes a push's score and state into every cached copy of the match. */
function patchMatch(client: QueryClient, id: number, m: Broadcast): void {
  const patch: Partial<Match> = {}
  if (m.type === 'snapshot' || m.type === 'status') patch.match_status = m.match_status
  if ((m.type === 'snapshot' && 'family' in m.summary) || m.type === 'event')
    patch.score_summary = m.summary as Match['score_summary']
  if (Object.keys(patch).length === 0) return
  const update = (match: Match): Match => (match.id === id ? { ...match, ...patch } : match)
  client.setQueryData<Match>(['match', id], (old) => (old ? update(old) : old))
  client.setQueriesData<HomeMatches>({ queryKey: ['contests', 'home'] }, (home) =>
    home ? { ...home, live_matches: home.live_matches.map(update), matches: home.matches.map(update) } : home,
  )
  client.setQueryData<Statistics>(['match', id, 'statistics'], (old) =>
    old
      ? {
          ...old,
          match_status: patch.match_status ?? old.match_status,
          summary: (patch.score_summary as Statistics['summary'] | undefined) ?? old.summary,
        }
      : old,
  )
}
