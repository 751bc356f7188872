import type { TeamPlayer } from '../../../server/domain/team-rules'

/** Hand-built pools for the team-rules tests: ids 1…n, alternating real teams 10 and 20. */
export function pool(
  styles: ReadonlyArray<number>,
  credits: number | ReadonlyArray<number> = 8,
): TeamPlayer[] {
  return styles.map((style, i) => ({
    id: i + 1,
    style,
    value_tenths: Math.round((typeof credits === 'number' ? credits : (credits[i] ?? 8)) * 10),
    real_team_id: i % 2 === 0 ? 10 : 20,
  }))
}

export const ids = (players: ReadonlyArray<{ id: number }>) => players.map((p) => p.id)

/** `n` copies of a style, for readable lineups: [7, ...times(4, 1), 9, ...times(5, 13)]. */
export const times = (n: number, style: number): number[] => Array.from({ length: n }, () => style)

/** A full, captained selection of every player in `players`. */
export function everyone(players: ReadonlyArray<{ id: number }>) {
  return {
    player_ids: ids(players),
    captain_id: players[0]?.id ?? null,
    vice_captain_id: players[1]?.id ?? null,
  }
}

/** Every balance flag of a cricket team, met. */
export const ALL_BALANCED = {
  balanced_wk: true,
  balanced_pure_wk: true,
  balanced_bat: true,
  balanced_ar: true,
  balanced_bowl: true,
  balanced_ar_and_bowl: true,
} as const

export const CRICKET_STYLES = [1, 3, 5, 7, 9, 11, 13] as const
export const FOOTBALL_STYLES = [101, 102, 103, 104] as const
