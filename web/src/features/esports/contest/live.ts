import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useChannel } from '../../../lib/use-channel'
import { applyRoomMessage, esportsContestKey } from './rooms-api'

export interface EsportsLiveRoom {
  room_id: string
  room_password: string
}

interface LiveMessage {
  type?: string
  status?: string
  room?: EsportsLiveRoom | null
  room_id?: string
  room_password?: string
}

/**
 * Follows an esports contest over /cable (EsportsContestChannel, docs/channels.md). Any
 * `squads`, `status`, `results` or `standings` message — and every (re)connect, which may
 * have missed some — refetches every query under `esportsContestKey(contestId)` (the contest,
 * its squads, results and room). A `room` message (members and the host only) and the
 * snapshot's `room` go straight into the room details' cache and are kept here as well.
 * Mount it once per page: two subscriptions to one identifier share the server's one.
 */
export function useEsportsContestLive(contestId: number | null): {
  connected: boolean
  room: EsportsLiveRoom | null
  status: string | null
} {
  const client = useQueryClient()
  const [room, setRoom] = useState<EsportsLiveRoom | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const refetch = () => {
    if (contestId !== null) void client.invalidateQueries({ queryKey: esportsContestKey(contestId) })
  }
  const connected = useChannel(
    contestId === null ? null : { channel: 'EsportsContestChannel', contest_id: contestId },
    {
      connected: (first) => {
        if (!first) refetch()
      },
      received: (data) => {
        if (contestId === null) return
        const m = data as LiveMessage
        if (m.type === 'snapshot') {
          if (m.status) setStatus(m.status)
          if (m.room) {
            setRoom(m.room)
            applyRoomMessage(client, contestId, m.room)
          }
          return
        }
        if (m.type === 'room' && m.room_id && m.room_password) {
          const next = { room_id: m.room_id, room_password: m.room_password }
          setRoom(next)
          applyRoomMessage(client, contestId, next)
          return
        }
        if (m.type === 'status' && m.status) setStatus(m.status)
        if (['squads', 'status', 'results', 'standings', 'refetch'].includes(m.type ?? '')) refetch()
      },
    },
  )
  return { connected, room, status }
}
