import { z } from '@hono/zod-openapi'
import { invalid } from './errors'

/**
 * Instants in request bodies (`…_in_millis`): epoch milliseconds up to the end of year 9999,
 * so every one can be shown as a date (`toISOString` throws past ±8.64e15) and stored in a
 * `bigint`. A deadline or start time must also lie ahead of the game clock — checked where
 * the clock is known, with `requireFuture`.
 */
export const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

export function instantField() {
  return z.number().int().min(0).max(MAX_INSTANT_MS)
}

/** 422 for every given instant that is not after `nowMs` (the game clock). */
export function requireFuture(nowMs: number, instants: Record<string, number | null | undefined>): void {
  const late = Object.entries(instants).filter(([, at]) => typeof at === 'number' && at <= nowMs)
  if (late.length === 0) return
  const message = `must be in the future (the game clock is at ${new Date(nowMs).toISOString()})`
  throw invalid(Object.fromEntries(late.map(([field]) => [field, [message]])))
}
