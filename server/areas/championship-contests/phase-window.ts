import type { Executor } from '../../db/tx'

export interface PhaseWindow {
  phase_id: number
  series_id: number
  label: string
  /** The first phase match's start (ms); null for a phase without matches. */
  starts_at_ms: number | null
  /** Some phase match is past upcoming (locked, live, completed or abandoned). */
  started: boolean
}

export async function phaseWindow(db: Executor, phaseId: number): Promise<PhaseWindow | null> {
  const phase = await db
    .selectFrom('series_phases as p')
    .innerJoin('series as s', 's.id', 'p.series_id')
    .select(['p.id', 'p.series_id', 'p.name', 's.name as series_name'])
    .where('p.id', '=', phaseId)
    .executeTakeFirst()
  if (!phase) return null
  const matches = await db
    .selectFrom('matches')
    .select(['status', 'event_time_ms'])
    .where('phase_id', '=', phaseId)
    .execute()
  const starts = matches.map((m) => Number(m.event_time_ms))
  return {
    phase_id: phase.id,
    series_id: phase.series_id,
    label: `${phase.series_name} · ${phase.name}`,
    starts_at_ms: starts.length ? Math.min(...starts) : null,
    started: matches.some((m) => m.status !== 'upcoming'),
  }
}

/** Joining is closed once the phase's first match has started (or is due to). */
export function phaseLocked(w: PhaseWindow, nowMs: number): boolean {
  return w.started || (w.starts_at_ms !== null && w.starts_at_ms <= nowMs)
}
