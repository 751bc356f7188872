/**
 * Player style codes (spec §3) and what they mean for team building and scoring.
 * Racing and battle-royale players have no positions: one code each (see docs/decisions.md, Seeds).
 */
export const STYLE = {
  BATTER: 1,
  BATTER_ALLROUNDER: 3,
  BATTER_KEEPER: 5,
  PURE_KEEPER: 7,
  ALLROUNDER: 9,
  ALLROUNDER_BOWLER: 11,
  BOWLER: 13,
  GOALKEEPER: 101,
  DEFENDER: 102,
  MIDFIELDER: 103,
  FORWARD: 104,
  DRIVER: 201,
  BATTLE_ROYALE: 301,
} as const

export type StyleCode = (typeof STYLE)[keyof typeof STYLE]

export const STYLE_LABEL: Record<number, string> = {
  1: 'BAT',
  3: 'BAT/AL',
  5: 'BAT/WK',
  7: 'WK',
  9: 'AL',
  11: 'AL/BOWL',
  13: 'BOWL',
  101: 'GK',
  102: 'DEF',
  103: 'MID',
  104: 'FWD',
  201: 'DRV',
  301: 'PLR',
}

/** Football position key of a style, as used by the football point system (GK/DEF/MID/FWD). */
export function footballPosition(style: number): 'GK' | 'DEF' | 'MID' | 'FWD' {
  if (style === STYLE.GOALKEEPER) return 'GK'
  if (style === STYLE.DEFENDER) return 'DEF'
  if (style === STYLE.MIDFIELDER) return 'MID'
  return 'FWD'
}

/**
 * What a cricket style can do, for the balanced-squad rule of auctions (DESIGN §5): keepers
 * (pure or batting) keep and bat; all-rounders of every kind bat and bowl.
 */
export function cricketCapabilities(style: number): { keeper: boolean; bat: boolean; bowl: boolean } {
  switch (style) {
    case STYLE.BATTER:
      return { keeper: false, bat: true, bowl: false }
    case STYLE.BATTER_KEEPER:
    case STYLE.PURE_KEEPER:
      return { keeper: true, bat: true, bowl: false }
    case STYLE.BATTER_ALLROUNDER:
    case STYLE.ALLROUNDER:
    case STYLE.ALLROUNDER_BOWLER:
      return { keeper: false, bat: true, bowl: true }
    case STYLE.BOWLER:
      return { keeper: false, bat: false, bowl: true }
    default:
      return { keeper: false, bat: false, bowl: false }
  }
}
