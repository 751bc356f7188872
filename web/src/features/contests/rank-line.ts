import { formatNumber } from '../../lib/format'

/**
 * The viewer's place on a live leaderboard in one sentence, for a screen reader's polite
 * announcement: "Your rank: 3 (up 2), 145 points." — said only when a rank moves, so points
 * ticking up on every ball do not talk over the page.
 */
export interface RankedEntry {
  member_id: number
  rank: number | null
  points: number
  team_no: number | null
}

/** The sentence for the entries now, given their ranks before; null when no rank moved. */
export function rankLine(
  entries: readonly RankedEntry[],
  before: ReadonlyMap<number, number | null>,
): string | null {
  const ranked = entries.filter((e) => e.rank !== null)
  const moved = ranked.some((e) => before.has(e.member_id) && before.get(e.member_id) !== e.rank)
  if (!moved) return null
  const one = ranked.length === 1
  return ranked
    .map((e) => {
      const was = before.get(e.member_id)
      const rank = e.rank as number
      const move =
        was === null || was === undefined || was === rank
          ? ''
          : was > rank
            ? ` (up ${was - rank})`
            : ` (down ${rank - was})`
      const who = one ? 'Your rank' : `Team ${e.team_no ?? ''} rank`.replace('  ', ' ')
      return `${who}: ${rank}${move}, ${formatNumber(e.points)} points.`
    })
    .join(' ')
}
