import battleRoyale from './battle-royale.json'
import cricket from './cricket.json'
import f1 from './f1.json'
import football from './football.json'

/** The point systems as data: shown on /point-system and read by the scorers. */
export type PointValue = number | string | null

export interface PointSystem {
  sport: string
  name: string
  formats: string[]
  multipliers: { captain: number; vice_captain: number }
  sections: Array<{
    title: string
    rules: Array<{ id: string; label: string; points: Record<string, PointValue> }>
  }>
  notes: string[]
}

export const POINT_SYSTEMS: Record<string, PointSystem> = {
  cricket,
  football,
  f1,
  'battle-royale': battleRoyale,
}

/** Which point system a sport uses. */
export function pointSystemKeyFor(sportSlug: string): string {
  return ['pubg', 'free-fire', 'call-of-duty'].includes(sportSlug) ? 'battle-royale' : sportSlug
}
