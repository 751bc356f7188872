import type { ResultRow } from '../domain/esports/results'
import type { EsportsGame } from '../domain/esports/rules'
import type { RandomStream } from '../domain/rng'
import { simulateBattleRoyale } from './battle-royale'

/** A squad as the simulator needs it: its members' ids (one fighter each). */
export interface SimSquad {
  id: number
  member_ids: readonly number[]
}

/**
 * A drawn outcome for the squads that joined: the battle-royale simulator fights it out (each
 * member one fighter of middling, equal skill) and its `eliminated`/`winner`/`kill` events
 * become placements and kills. Always valid under validateResults (every kill is of a player
 * in another squad, at most players − 1 die). A squad without members is placed last.
 */
export function simulateResults(
  rng: RandomStream,
  squads: readonly SimSquad[],
  _game: EsportsGame,
): ResultRow[] {
  const fielded = squads.filter((s) => s.member_ids.length > 0)
  const empty = squads.filter((s) => s.member_ids.length === 0)
  const rows = new Map<number, ResultRow>()
  if (fielded.length === 1) {
    const only = fielded[0] as SimSquad
    rows.set(only.id, { squad_id: only.id, placement: 1, kills: 0 })
  } else if (fielded.length >= 2) {
    // Fighter ids are positions in this list (member ids are unique per contest anyway).
    const squadOf = new Map<number, number>()
    const teams = fielded.map((s) => ({
      team_id: s.id,
      players: s.member_ids.map((memberId) => {
        squadOf.set(memberId, s.id)
        return { id: memberId, style: 0, value_tenths: 200 }
      }),
    }))
    const events = simulateBattleRoyale({ sportSlug: 'esports', format: null, startMs: 0, teams, rng })
    for (const s of fielded) rows.set(s.id, { squad_id: s.id, placement: 0, kills: 0 })
    for (const { event } of events) {
      const e = event as { type: string; team_id?: number; placement?: number; player_id?: number }
      if (e.type === 'eliminated')
        (rows.get(e.team_id as number) as ResultRow).placement = e.placement as number
      else if (e.type === 'winner') (rows.get(e.team_id as number) as ResultRow).placement = 1
      else if (e.type === 'kill') {
        const row = rows.get(squadOf.get(e.player_id as number) as number)
        if (row) row.kills++
      }
    }
  }
  empty.forEach((s, k) => {
    rows.set(s.id, { squad_id: s.id, placement: fielded.length + k + 1, kills: 0 })
  })
  return squads.map((s) => rows.get(s.id) as ResultRow)
}
