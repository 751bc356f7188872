import type { PointSystem } from './point-systems'
import type { BreakdownLine } from './types'

/** A player's role in a fantasy team: the captain and vice-captain score more. */
export type TeamRole = 'captain' | 'vice_captain' | null

export interface TeamPlayerBreakdown {
  /** The player's own points (the scorer's total). */
  base_points: number
  /** 2 for the captain, 1.5 for the vice-captain, 1 otherwise (the point system's table). */
  multiplier: number
  /** What the player earns this team: `base_points × multiplier`. */
  points: number
  /** The scorer's lines by rule, then the leader's bonus as its own line; they sum to `points`. */
  lines: BreakdownLine[]
}

/**
 * A team player's points by event: the scorer's own breakdown (runs, boundaries, wickets,
 * catches, bonuses …, each a rule of the point system) and, for a captain or vice-captain,
 * one more line with what the multiplier adds. The scorer's lines sum to its total
 * (`PlayerScore.total_score`), so the lines here sum to the team's points for the player.
 */
export function teamPlayerBreakdown(
  score: { total_score: number; breakdown: readonly BreakdownLine[] },
  role: TeamRole,
  system: Pick<PointSystem, 'multipliers'>,
): TeamPlayerBreakdown {
  const multiplier =
    role === 'captain'
      ? system.multipliers.captain
      : role === 'vice_captain'
        ? system.multipliers.vice_captain
        : 1
  const lines = score.breakdown.map((line) => ({ ...line }))
  // Halves are exact in binary floating point: a vice-captain's 1.5× never rounds.
  const bonus = score.total_score * (multiplier - 1)
  if (role && bonus !== 0)
    lines.push({
      rule: role === 'captain' ? 'captain_multiplier' : 'vice_captain_multiplier',
      label: role === 'captain' ? `Captain ×${multiplier}` : `Vice-captain ×${multiplier}`,
      points: bonus,
    })
  return { base_points: score.total_score, multiplier, points: score.total_score * multiplier, lines }
}
