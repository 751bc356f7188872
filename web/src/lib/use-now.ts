import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { relativeTime } from './format'
import {
  type ClockReading,
  serverClock,
  serverNow,
  serverTimeQuery,
  setServerClock,
  subscribeServerClock,
} from './server-time'
import { useChannel } from './use-channel'
import { useSignedIn } from './use-session'

/**
 * Keeps this tab's reading of the server clock current; mounted once, around every page.
 * Signed in, the ClockChannel pushes every change an admin makes (speed, pause, jump) at
 * once; signed out (no /cable), `/api/health` is read again every 15 s and on focus.
 */
export function useServerClockSync(): void {
  const signedIn = useSignedIn()
  const health = useQuery({ ...serverTimeQuery, refetchInterval: signedIn ? 60_000 : 15_000 })
  useChannel(signedIn ? { channel: 'ClockChannel' } : null, {
    received: (message) => {
      const m = message as ClockReading & { type: string }
      if (m.type === 'snapshot' || m.type === 'clock') setServerClock(m)
    },
    connected: (first) => {
      // Whatever changed while away comes with the new snapshot; health is read for good measure.
      if (!first) void health.refetch()
    },
  })
}

/**
 * The server's game time, for countdowns: re-read every `intervalMs` of real time while the
 * clock runs, and at once whenever its speed, pause or position changes.
 */
export function useServerNow(intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow)
  const clock = useSyncExternalStore(subscribeServerClock, serverClock)
  useEffect(() => {
    setNow(serverNow())
    if (clock.paused) return
    const timer = window.setInterval(() => setNow(serverNow()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs, clock])
  return now
}

/**
 * Whether the server clock has reached `atMs` — flips exactly then (at any speed, never while
 * paused) without re-rendering in between. For "the match has started", not for countdowns.
 */
export function useServerTimeReached(atMs: number | null | undefined): boolean {
  const [reached, setReached] = useState(() => atMs != null && serverNow() >= atMs)
  const clock = useSyncExternalStore(subscribeServerClock, serverClock)
  useEffect(() => {
    if (atMs == null) {
      setReached(false)
      return
    }
    let timer: number | undefined
    // Re-checks when the timer fires: a throttled background tab may fire it early or late.
    const check = () => {
      const left = atMs - serverNow()
      setReached(left <= 0)
      // Timers cap at ~24.8 days; a far deadline is simply looked at again later.
      if (left > 0 && !clock.paused)
        timer = window.setTimeout(check, Math.min(left / clock.speed + 20, 2 ** 30))
    }
    check()
    return () => window.clearTimeout(timer)
  }, [atMs, clock])
  return reached
}

/** The original's countdown: ≥2 days "Nd", ≥1 day "Nd Nh", ≥1 h "Hh Mm Ss", else "Mm Ss". */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  if (days >= 2) return `${days}d`
  if (days >= 1) return `${days}d ${hours}h`
  if (hours >= 1) return `${hours}h ${two(minutes)}m ${two(seconds)}s`
  return `${minutes}m ${two(seconds)}s`
}

/**
 * One shared timer per period for every relative time on screen: a list of fifty "5 minutes
 * ago" is one interval, not fifty. Started with the first reader of a period, stopped with
 * the last.
 */
const tickers = new Map<number, { tick: number; timer: number; listeners: Set<() => void> }>()

function subscribeTick(periodMs: number, listener: () => void): () => void {
  let ticker = tickers.get(periodMs)
  if (!ticker) {
    const created = { tick: 0, timer: 0, listeners: new Set<() => void>() }
    created.timer = window.setInterval(() => {
      created.tick += 1
      for (const l of created.listeners) l()
    }, periodMs)
    tickers.set(periodMs, created)
    ticker = created
  }
  ticker.listeners.add(listener)
  return () => {
    const t = tickers.get(periodMs)
    if (!t) return
    t.listeners.delete(listener)
    if (t.listeners.size === 0) {
      window.clearInterval(t.timer)
      tickers.delete(periodMs)
    }
  }
}

/** Re-renders the caller every `periodMs` of real time, on the shared timer of that period. */
export function useTick(periodMs: number): number {
  const subscribe = useCallback((listener: () => void) => subscribeTick(periodMs, listener), [periodMs])
  return useSyncExternalStore(subscribe, () => tickers.get(periodMs)?.tick ?? 0)
}

/** The periods relative times tick at (few, so many times share few timers). */
const PERIODS_MS = [60_000, 15_000, 5000, 1000]

/**
 * How often (real ms) a relative time's text can change: each second of game time under a
 * minute, every 15 s under an hour, then every minute — divided by the clock's speed (at 60×
 * "5 minutes ago" moves every real second), never more often than once a second.
 */
export function tickPeriodFor(ageMs: number, speed = 1): number {
  const age = Math.abs(ageMs)
  const game = age < 60_000 ? 1000 : age < 3_600_000 ? 15_000 : 60_000
  const real = game / Math.max(speed, 1e-9)
  return PERIODS_MS.find((p) => p <= real) ?? 1000
}

/**
 * "13 seconds ago" that moves, measured on the server's clock: re-read as often as its text
 * can change — the one mechanism for every relative time of the app (`TimeAgo`). A change of
 * the clock's speed, pause or position re-reads it at once.
 */
export function useRelativeTime(atMs: number): string {
  const clock = useSyncExternalStore(subscribeServerClock, serverClock)
  useTick(clock.paused ? 60_000 : tickPeriodFor(serverNow() - atMs, clock.speed))
  return relativeTime(atMs)
}
