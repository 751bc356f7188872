/**
 * Player levels from experience points. Level n starts at 50·n·(n−1) XP: level 1 at 0,
 * level 2 at 100, level 3 at 300, level 4 at 600 … so each level takes 100 XP more than the last.
 */
const NAMES = ['Rookie', 'Amateur', 'Club Player', 'Semi-Pro', 'Pro', 'Star', 'Captain', 'Legend']

export function minXpForLevel(level: number): number {
  return 50 * level * (level - 1)
}

export function levelForXp(xp: number): number {
  let level = 1
  while (minXpForLevel(level + 1) <= xp) level++
  return level
}

export function levelName(level: number): string {
  return NAMES[Math.min(level, NAMES.length) - 1] ?? 'Rookie'
}

export function cricketLevel(xp: number) {
  const level = levelForXp(xp)
  return {
    cricket_level: { level, level_name: levelName(level), xp_points: xp, min_xp: minXpForLevel(level) },
    next_level: { level: level + 1, level_name: levelName(level + 1), min_xp: minXpForLevel(level + 1) },
  }
}

/**
 * How XP is earned (docs/social.md): joining a contest (once per contest, however many
 * teams), winning a prize in one, and keeping a streak — a day with a join that follows two
 * days with joins.
 */
export const XP_RULES = { join: 10, win: 50, streak: 25 } as const
export type XpReason = keyof typeof XP_RULES

export const XP_DAY_MS = 86_400_000
