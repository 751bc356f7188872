import { queryOptions } from '@tanstack/react-query'
import { GAME_KINDS, type GameKind } from '../../../../server/domain/game-kinds'
import { type Body, data, http } from '../../lib/client'

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

/** GET /api/contests/rules/{slug}: the numbers the server enforces for one game kind. */
export type KindRules = Body<'/api/contests/rules/{slug}'>['rules']
/** The sport's team rules from the validator's own config (none for auction and esports kinds). */
export type TeamRules = NonNullable<KindRules['team_rules']>

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
