import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { serverNow, serverTimeQuery } from './server-time'

/**
 * The server's game time, re-read every `intervalMs`. The server clock can run faster than
 * the wall (an admin speeds it up), so the offset is re-synced every minute.
 */
export function useServerNow(intervalMs = 1000): number {
  useQuery({ ...serverTimeQuery, refetchInterval: 60_000 })
  const [now, setNow] = useState(serverNow)
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
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
