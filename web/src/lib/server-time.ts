import { get } from './api'

/**
 * The server's clock can be sped up, paused or jumped by an admin, so "5 minutes ago" is
 * measured against the server's time, not the browser's: /api/health tells its `now_in_millis`.
 */
let anchor = { server: 0, local: 0, speed: 1, paused: false, known: false }

/** The server's game time now: its last reading, moved on at the clock's speed (not at all while paused). */
export function serverNow(): number {
  if (!anchor.known) return Date.now()
  return anchor.paused ? anchor.server : anchor.server + (Date.now() - anchor.local) * anchor.speed
}

export const serverTimeQuery = {
  queryKey: ['server-time'],
  queryFn: async () => {
    const sentAt = Date.now()
    const health = await get<{ now_in_millis: number; speed?: number; paused?: boolean }>('/api/health')
    // Half the round trip approximates when the server read its clock.
    anchor = {
      server: health.now_in_millis,
      local: (sentAt + Date.now()) / 2,
      speed: health.speed ?? 1,
      paused: health.paused ?? false,
      known: true,
    }
    return health.now_in_millis
  },
  staleTime: 60_000,
  meta: { silent: true },
} as const
