/**
 * The one clock. Game time (`now`) drives every deadline in the product: match starts,
 * contest locks, auction lots, simulated balls. Admins can speed it up, pause it, advance
 * it or jump it forward. Wall time (`wallNow`) is only for security timers — token expiry,
 * rate limits, OTP lifetimes — which must not shrink when an instructor runs the clock at
 * 100× or jumps a week ahead.
 */
export interface ClockState {
  now_in_millis: number
  speed: number
  paused: boolean
}

export interface ClockAnchor {
  anchorRealMs: number
  anchorGameMs: number
  speed: number
  paused: boolean
  /**
   * Counts the changes written to the database (areas/clock/service.ts): a process applies a
   * stored anchor only when it is newer than the one it runs on. Absent: never written.
   */
  version?: number
}

export interface ClockChange {
  previous: ClockState
  current: ClockState
}

export interface Clock {
  now(): number
  wallNow(): number
  state(): ClockState
  anchor(): ClockAnchor
  /** Changes speed, pause, or moves time; returns the new state. Throws RangeError on a backwards jump. */
  set(change: ClockPatch): ClockState
  /**
   * Runs on `next` from now on (a change stored in the database, by this process or another)
   * if its version is newer than the current one; returns whether it did. Listeners hear it.
   */
  apply(next: ClockAnchor): boolean
  onChange(listener: (change: ClockChange) => void): () => void
  /** Real milliseconds until game time reaches `gameMs` (Infinity while paused). */
  realDelayUntil(gameMs: number): number
}

export interface ClockPatch {
  speed?: number
  paused?: boolean
  advance_ms?: number
  now_in_millis?: number
}

export const MAX_CLOCK_SPEED = 10_000

export function createClock(options: { wallNow?: () => number; anchor?: Partial<ClockAnchor> } = {}): Clock {
  const wallNow = options.wallNow ?? Date.now
  const startReal = wallNow()
  let anchor: ClockAnchor = {
    anchorRealMs: startReal,
    anchorGameMs: options.anchor?.anchorGameMs ?? startReal,
    speed: options.anchor?.speed ?? 1,
    paused: options.anchor?.paused ?? false,
    version: options.anchor?.version,
  }
  // A restored anchor keeps running from where it was, as if the server never stopped.
  if (options.anchor?.anchorRealMs !== undefined && !anchor.paused) {
    anchor.anchorGameMs += Math.floor((startReal - options.anchor.anchorRealMs) * anchor.speed)
  }
  const listeners = new Set<(change: ClockChange) => void>()

  const now = (): number =>
    anchor.paused
      ? anchor.anchorGameMs
      : anchor.anchorGameMs + Math.floor((wallNow() - anchor.anchorRealMs) * anchor.speed)

  const state = (): ClockState => ({ now_in_millis: now(), speed: anchor.speed, paused: anchor.paused })

  return {
    now,
    wallNow,
    state,
    anchor: () => ({ ...anchor }),
    set(patch) {
      const previous = state()
      anchor = {
        anchorRealMs: wallNow(),
        anchorGameMs: patchedGameMs(previous.now_in_millis, patch),
        speed: patchedSpeed(anchor.speed, patch),
        paused: patch.paused ?? anchor.paused,
        version: anchor.version,
      }
      const current = state()
      for (const listener of listeners) listener({ previous, current })
      return current
    },
    apply(next) {
      if ((next.version ?? 0) <= (anchor.version ?? 0)) return false
      const previous = state()
      anchor = { ...next }
      const current = state()
      for (const listener of listeners) listener({ previous, current })
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    realDelayUntil(gameMs) {
      if (anchor.paused) return Number.POSITIVE_INFINITY
      return Math.max(0, Math.ceil((gameMs - now()) / anchor.speed))
    },
  }
}

/** The game instant a patch moves to from `gameMs`; a backwards jump or advance is refused. */
function patchedGameMs(gameMs: number, patch: ClockPatch): number {
  let next = gameMs
  if (patch.now_in_millis !== undefined) {
    if (patch.now_in_millis < next) throw new RangeError('the clock cannot jump backwards')
    next = patch.now_in_millis
  }
  if (patch.advance_ms !== undefined) {
    if (patch.advance_ms < 0) throw new RangeError('advance_ms cannot be negative')
    next += patch.advance_ms
  }
  return next
}

function patchedSpeed(speed: number, patch: ClockPatch): number {
  const next = patch.speed ?? speed
  if (!(next > 0 && next <= MAX_CLOCK_SPEED))
    throw new RangeError(`speed must be above 0 and at most ${MAX_CLOCK_SPEED}`)
  return next
}

/** A wall clock that only moves when told to: for tests. */
export function manualWallClock(startMs = Date.UTC(2026, 10, 22, 6, 0, 0)) {
  let t = startMs
  return {
    now: () => t,
    advance(ms: number) {
      t += ms
    },
  }
}
