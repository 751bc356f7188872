import type { RaceEvent } from './schema'
import { type EventContext, Problems, Roster, type Walker } from './validate-shared'

/**
 * F1: one grid first (it is the lineup); laps move forward and list running drivers; a
 * driver retires once; the finish classifies every driver still running; only a fastest lap
 * may follow the finish.
 */
// Long: a state machine; one closure over the grid, laps and retirements that each event is checked against and moves.
export function raceWalker(ctx: EventContext): Walker {
  const roster = new Roster(ctx, 30)
  let grid: Set<number> | null = null
  let gridSeq = 0
  let lastLap = 0
  let finishSeq: number | null = null
  const retired = new Map<number, { seq: number; lap: number }>()

  const needGrid = (p: Problems) => {
    if (grid === null) p.add('type', 'needs the grid first')
    return grid !== null
  }
  const driver = (p: Problems, field: string, id: number) => {
    if (roster.player(p, field, id) === undefined) return false
    if (grid !== null && !grid.has(id)) {
      p.add(field, 'is not on the grid')
      return false
    }
    return true
  }
  const drivers = (p: Problems, ids: readonly number[], running: boolean) => {
    const seen = new Set<number>()
    ids.forEach((id, k) => {
      const field = `order.${k}`
      if (seen.has(id)) p.add(field, 'is listed twice')
      seen.add(id)
      if (!driver(p, field, id) || !running) return
      const dnf = retired.get(id)
      if (dnf) p.add(field, `retired on lap ${dnf.lap} (seq ${dnf.seq})`)
    })
  }

  function step(p: Problems, e: RaceEvent, seq: number): void {
    switch (e.type) {
      case 'grid':
        if (grid !== null) {
          p.add('type', `the grid was already set (seq ${gridSeq}): post with that seq to correct it`)
          return
        }
        drivers(p, e.order, false)
        grid = new Set(e.order)
        gridSeq = seq
        return
      case 'lap':
        if (!needGrid(p)) return
        if (e.lap <= lastLap) p.add('lap', `must be after lap ${lastLap}`)
        drivers(p, e.order, true)
        lastLap = Math.max(lastLap, e.lap)
        return
      case 'fastest_lap':
        if (!needGrid(p)) return
        driver(p, 'driver_id', e.driver_id)
        if (lastLap > 0 && e.lap > lastLap) p.add('lap', `must not be after the latest lap (${lastLap})`)
        return
      case 'dnf': {
        if (!needGrid(p) || !driver(p, 'driver_id', e.driver_id)) return
        const dnf = retired.get(e.driver_id)
        if (dnf) p.add('driver_id', `already retired on lap ${dnf.lap} (seq ${dnf.seq})`)
        else retired.set(e.driver_id, { seq, lap: e.lap })
        return
      }
      case 'finish': {
        if (!needGrid(p)) return
        drivers(p, e.order, true)
        const listed = new Set(e.order)
        const missing = [...grid!].filter((id) => !retired.has(id) && !listed.has(id))
        if (missing.length > 0)
          p.add('order', `must list every running driver (missing ${missing.join(', ')})`)
        finishSeq = seq
        return
      }
    }
  }

  return (event, seq) => {
    const p = new Problems()
    const e = event as RaceEvent
    if (finishSeq !== null && e.type !== 'fastest_lap')
      p.add('type', `is not allowed after finish (seq ${finishSeq})`)
    else step(p, e, seq)
    return p.list
  }
}
