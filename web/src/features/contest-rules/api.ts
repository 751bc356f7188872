import { queryOptions } from '@tanstack/react-query'
import type { PointSystem } from '../../../../seeds/point-systems'
import { GAME_KINDS, type GameKind } from '../../../../server/domain/contest-creation'
import { get } from '../../lib/api'

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
  prizes: Array<{ rank_text: string; from: number; to: number; percent: number; amount: number }>
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
  creation: {
    members_min: number
    members_max: number
    entry_fee_max: number
    free_members_max: number
    max_entries_per_user: number
    open_contests_max: number
    rake_percent: number
    sample_members?: number
    sample_entry_fee?: number
    prize_options: PrizeOptionRow[]
  }
  refunds: string[]
  access: string[]
}

export interface TeamRules {
  team_size?: number
  budget?: number
  max_per_team?: number
  roles?: Array<{ key?: string; name: string; min: number; max: number }>
  [key: string]: unknown
}

export const rulesQuery = (slug: string) =>
  queryOptions({
    queryKey: ['contest-rules', slug],
    queryFn: async () => (await get<{ rules: KindRules }>(`/api/contests/rules/${slug}`)).rules,
    staleTime: 5 * 60_000,
  })
