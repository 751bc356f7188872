// The kinds of game a player can create a contest for, with what each needs (docs/contest-creation.md).

export type GameKindSlug =
  | 'single-match'
  | 'football-single-match'
  | 'f1-single-match'
  | 'championship'
  | 'auction'
  | 'pubg'
  | 'pubg-lite'
  | 'pubg-single-match'
  | 'free-fire'
  | 'call-of-duty'

export interface GameKind {
  slug: GameKindSlug
  name: string
  sport_slug: string | null
  target: 'match' | 'phase' | 'auction' | 'esports'
  available: boolean
  description: string
}

export const GAME_KINDS: readonly GameKind[] = [
  {
    slug: 'single-match',
    name: 'Cricket single match',
    sport_slug: 'cricket',
    target: 'match',
    available: true,
    description: 'Pick 11 players for one cricket match; points from that match decide the ranks.',
  },
  {
    slug: 'football-single-match',
    name: 'Football single match',
    sport_slug: 'football',
    target: 'match',
    available: true,
    description: 'Pick 11 players for one football match; points from that match decide the ranks.',
  },
  {
    slug: 'f1-single-match',
    name: 'F1 single race',
    sport_slug: 'f1',
    target: 'match',
    available: true,
    description: 'Pick drivers for one Formula 1 race; points from that race decide the ranks.',
  },
  {
    slug: 'championship',
    name: 'Championship',
    sport_slug: null,
    target: 'phase',
    available: true,
    description: 'Your classic championship team over a whole phase; points over every match of the phase.',
  },
  {
    slug: 'auction',
    name: 'Auction',
    sport_slug: null,
    target: 'auction',
    available: true,
    description: 'Bid for players against friends in a live match or series auction.',
  },
  {
    slug: 'pubg',
    name: 'PUBG',
    sport_slug: null,
    target: 'esports',
    available: true,
    description:
      'A PUBG Mobile custom room you host: squads join, the room details go out before the start, you enter the results.',
  },
  {
    slug: 'pubg-lite',
    name: 'PUBG Lite',
    sport_slug: null,
    target: 'esports',
    available: true,
    description: 'A PUBG Lite custom room you host, played with your PUBG game account.',
  },
  {
    slug: 'pubg-single-match',
    name: 'PUBG single match',
    sport_slug: null,
    target: 'esports',
    available: true,
    description: 'One PUBG match you host outside any tournament.',
  },
  {
    slug: 'free-fire',
    name: 'Free Fire',
    sport_slug: null,
    target: 'esports',
    available: true,
    description: 'A Free Fire custom room you host: up to 48 players, solo, duo or squad.',
  },
  {
    slug: 'call-of-duty',
    name: 'Call of Duty',
    sport_slug: null,
    target: 'esports',
    available: true,
    description: 'A Call of Duty: Mobile battle-royale room you host: up to 100 players.',
  },
]

export function gameKind(slug: string): GameKind | null {
  return GAME_KINDS.find((k) => k.slug === slug) ?? null
}
