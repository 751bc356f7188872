import { data, http } from './client'

/**
 * The server's game clock, as this tab knows it. An admin can speed it up, pause it or jump
 * it, so every countdown and "5 minutes ago" is measured against it, never against the
 * browser's clock. A reading (`now_in_millis`, `speed`, `paused`) comes from `/api/health`
 * or the ClockChannel; between readings the clock runs here at the server's speed.
 */
export interface ClockReading {
  now_in_millis: number
  speed: number
  paused: boolean
}

let anchor = { server: 0, local: 0, speed: 1, paused: false, known: false }
const listeners = new Set<() => void>()

/** The server's game time now: its last reading, moved on at the clock's speed (not at all while paused). */
export function serverNow(): number {
  if (!anchor.known) return Date.now()
  return anchor.paused ? anchor.server : anchor.server + (Date.now() - anchor.local) * anchor.speed
}

export interface ServerClock {
  speed: number
  paused: boolean
  known: boolean
}
let published: ServerClock = { speed: 1, paused: false, known: false }

/**
 * The speed and pause of the clock (1× and running until a reading arrives): the same object
 * until a reading changes something, so it can be a React snapshot and an effect dependency.
 */
export function serverClock(): ServerClock {
  return published
}

/** Takes a reading that the server made at `readAtLocalMs` on this tab's clock. */
export function setServerClock(reading: ClockReading, readAtLocalMs: number = Date.now()): void {
  const changed =
    !anchor.known ||
    anchor.speed !== reading.speed ||
    anchor.paused !== reading.paused ||
    Math.abs(serverNow() - reading.now_in_millis) > 250 * Math.max(1, reading.speed)
  anchor = {
    server: reading.now_in_millis,
    local: readAtLocalMs,
    speed: reading.speed,
    paused: reading.paused,
    known: true,
  }
  // Only a reading that moves the clock re-renders its users; a confirming one changes nothing.
  if (!changed) return
  published = { speed: reading.speed, paused: reading.paused, known: true }
  for (const listener of [...listeners]) listener()
}

/** Called whenever the clock's speed, pause or position changes (not on every tick). */
export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const serverTimeQuery = {
  queryKey: ['server-time'],
  queryFn: async () => {
    const sentAt = Date.now()
    const health = await data(http.GET('/api/health'))
    // Half the round trip approximates when the server read its clock.
    setServerClock(
      { now_in_millis: health.now_in_millis, speed: health.speed, paused: health.paused },
      (sentAt + Date.now()) / 2,
    )
    return health.now_in_millis
  },
  staleTime: 10_000,
  meta: { silent: true },
} as const
