import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import { AppError } from './errors'
import type { AppEnv } from './router'

/**
 * The maintenance gate of one server process: while a snapshot is restored or the league
 * reset, the database is swapped under everyone's feet, so nobody may be half-way through a
 * request. Closing the gate turns every new API request away with 503 and `Retry-After`
 * (never a 500 from a table that was emptied mid-query) and waits for the requests already
 * inside to finish. Kept per database handle (as the token and answer caches are), so the
 * fast read path (http/fast-reads.ts) sees the same gate as the Hono middleware.
 */
interface Gate {
  reason: string | null
  inFlight: number
  drained: Array<() => void>
}

/** Seconds a client is told to wait before trying again. */
export const RETRY_AFTER_S = 2

const gates = new WeakMap<Deps['dbHandle'], Gate>()

function gateOf(deps: Pick<Deps, 'dbHandle'>): Gate {
  let gate = gates.get(deps.dbHandle)
  if (!gate) {
    gate = { reason: null, inFlight: 0, drained: [] }
    gates.set(deps.dbHandle, gate)
  }
  return gate
}

/** Why the gate is closed, or null when requests are welcome. */
export function maintenanceReason(deps: Pick<Deps, 'dbHandle'>): string | null {
  return gateOf(deps).reason
}

export function maintenanceError(reason: string): AppError {
  return new AppError('MAINTENANCE', `The server is busy: ${reason}. Try again in a moment.`, undefined, {
    'Retry-After': String(RETRY_AFTER_S),
  })
}

/** In front of every API route: counts the requests inside, refuses new ones while closed. */
export function maintenanceGate(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    const gate = gateOf(deps)
    if (gate.reason !== null) throw maintenanceError(gate.reason)
    gate.inFlight += 1
    try {
      await next()
    } finally {
      gate.inFlight -= 1
      if (gate.inFlight === 0) for (const wake of gate.drained.splice(0)) wake()
    }
  }
}

/**
 * Runs `work` with the gate closed, once the requests inside (other than the caller's own,
 * `ownRequests`) are done. A second closer while one is at work gets a 409; requests that do
 * not finish within `drainMs` abort the attempt (503) with nothing changed.
 */
export async function underMaintenance<T>(
  deps: Deps,
  reason: string,
  options: { ownRequests: number; drainMs?: number },
  work: () => Promise<T>,
): Promise<T> {
  const gate = gateOf(deps)
  if (gate.reason !== null) throw new AppError('CONFLICT', `The server is already busy: ${gate.reason}`)
  gate.reason = reason
  try {
    await drain(gate, options.ownRequests, options.drainMs ?? 15_000)
    return await work()
  } finally {
    gate.reason = null
  }
}

async function drain(gate: Gate, own: number, drainMs: number): Promise<void> {
  // Counted in polls, not read from a clock: a test's manual wall clock may never move.
  const step = 20
  let left = drainMs
  while (gate.inFlight > own) {
    if (left <= 0)
      throw new AppError(
        'MAINTENANCE',
        `${gate.inFlight - own} request(s) did not finish in time; nothing was changed`,
        undefined,
        { 'Retry-After': String(RETRY_AFTER_S) },
      )
    // Woken when the count reaches zero; polled too, since our own request keeps it above.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, step)
      gate.drained.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
    left -= step
  }
}
