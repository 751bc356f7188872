import { get } from './api'

/**
 * The server's clock can be sped up, paused or jumped by an admin, so "5 minutes ago" is
 * measured against the server's time, not the browser's: /api/health tells its `now_in_millis`.
 */
let offsetMs = 0

export function serverNow(): number {
  return Date.now() + offsetMs
}

export const serverTimeQuery = {
  queryKey: ['server-time'],
  queryFn: async () => {
    const sentAt = Date.now()
    const health = await get<{ now_in_millis: number }>('/api/health')
    // Half the round trip approximates when the server read its clock.
    offsetMs = health.now_in_millis - (sentAt + Date.now()) / 2
    return health.now_in_millis
  },
  staleTime: 60_000,
  meta: { silent: true },
} as const
