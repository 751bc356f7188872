import { queryOptions } from '@tanstack/react-query'
import { GAME_KINDS, type GameKind } from '../../../../server/domain/game-kinds'
import type { PointSystem } from '../../../../server/domain/scoring/point-systems'
import { data, http } from '../../lib/client'

export type { GameKind }

/**
 * The game (sport, GET /api/games) a game kind belongs to. Championship and auctions are
 * cricket's (the only sport with phases and auctions); the esports kinds are their game's.
 */
export function gameSlugOf(kind: GameKind): string {
  if (kind.sport_slug) return kind.sport_slug
  if (kind.target === 'esports') return kind.slug.startsWith('pubg') ? 'pubg' : kind.slug
  return 'cricket'
}

export const kindsOfGame = (gameSlug: string): GameKind[] =>
  GAME_KINDS.filter((k) => gameSlugOf(k) === gameSlug)

/** Where a game kind's contest is made: auctions through the auction form. */
export const createPath = (kind: GameKind) => `/contests/create/${kind.slug}`
export const rulesPath = (kind: GameKind) => `/contests/rules/${kind.slug}`

export interface PrizeOptionRow {
  key: string
  label: string
  winners: number
  prizes: Array<{ rank_text: string; from: number; to: number; percent: number }>
}

/** GET /api/contests/rules/{slug}: the numbers the server enforces for one game kind. */
export interface KindRules {
  slug: string
  name: string
  available: boolean
  description?: string
  /** The sport's team rules from the validator's own config (null for kinds without a team: auction, esports). */
  team_rules: TeamRules | null
  point_system: PointSystem | null
  /** The championship kind: transfers per match (free) and what further ones cost, in rupees. */
  championship?: { free_transfers_per_match: number; paid_transfer_fees: number[] } | null
  creation: {
    members_min: number
    members_max: number
    entry_fee_max: number
    free_members_max: number
    max_entries_per_user: number
    open_contests_max: number
    rake_percent: number
    /** The size the prize options are shown for (they depend on it). */
    sample_members: number
    prize_options: PrizeOptionRow[]
  }
  refunds: string[]
  access: string[]
}

export interface TeamRules {
  sport: string
  team_size: number
  budget_credits: number
  /** Position limits: cricket's minimums (WK, BAT, AR, BOWL, AR+BOWL), football's ranges; none for the others. */
  roles: Array<{ key: string; min: number; max: number | null; note: string | null }>
  /** Players from one real team: null when the validator sets no cap. */
  per_team_cap: number | null
  captain_multiplier: number
  vice_captain_multiplier: number
}

const ROLE_NAMES: Record<string, string> = {
  WK: 'Wicket-keepers',
  BAT: 'Batters',
  AR: 'All-rounders',
  BOWL: 'Bowlers',
  'AR+BOWL': 'All-rounders + bowlers',
  GK: 'Goalkeepers',
  DEF: 'Defenders',
  MID: 'Midfielders',
  FWD: 'Forwards',
}
export const roleName = (key: string) => ROLE_NAMES[key] ?? key

export const rulesQuery = (slug: string) =>
  queryOptions({
    queryKey: ['contest-rules', slug],
    queryFn: async () =>
      (await data(http.GET('/api/contests/rules/{slug}', { params: { path: { slug } } }))).rules,
    staleTime: 5 * 60_000,
  })
