/**
 * Esports contests players play themselves (docs/esports.md), pure: the kinds, their
 * game and room, modes and squad sizes, limits, and each game's point table. The server, the
 * web's create/rules pages and the CLI read these constants.
 */

/** The game an account (and a contest) is for: PUBG Lite and single matches use the PUBG account. */
export type EsportsGame = 'pubg' | 'free-fire' | 'call-of-duty'
export type EsportsKind = 'pubg' | 'pubg-lite' | 'pubg-single-match' | 'free-fire' | 'call-of-duty'
export type EsportsMode = 'solo' | 'duo' | 'squad'

export interface EsportsGameInfo {
  slug: EsportsGame
  name: string
  /** Players one custom room holds. */
  room_players: number
  maps: readonly string[]
}

export const ESPORTS_GAMES: Readonly<Record<EsportsGame, EsportsGameInfo>> = {
  pubg: { slug: 'pubg', name: 'PUBG', room_players: 100, maps: ['Erangel', 'Miramar', 'Sanhok', 'Vikendi'] },
  'free-fire': {
    slug: 'free-fire',
    name: 'Free Fire',
    room_players: 48,
    maps: ['Bermuda', 'Purgatory', 'Kalahari'],
  },
  'call-of-duty': {
    slug: 'call-of-duty',
    name: 'Call of Duty',
    room_players: 100,
    maps: ['Isolated', 'Alcatraz'],
  },
}

export interface EsportsKindInfo {
  slug: EsportsKind
  game: EsportsGame
  name: string
  description: string
  /** The member-list `type` of `GET /api/contests/{id}/members?type=` and the update route's name. */
  members_type: 'pubg' | 'free_fire' | 'call_of_duty'
}

export const ESPORTS_KINDS: Readonly<Record<EsportsKind, EsportsKindInfo>> = {
  pubg: {
    slug: 'pubg',
    game: 'pubg',
    name: 'PUBG',
    description:
      'A PUBG Mobile classic custom room: up to 100 players, solo, duo or squad. Tournament lobbies are PUBG rooms.',
    members_type: 'pubg',
  },
  'pubg-lite': {
    slug: 'pubg-lite',
    game: 'pubg',
    name: 'PUBG Lite',
    description: 'A PUBG Lite custom room. PUBG Lite is played with your PUBG game account.',
    members_type: 'pubg',
  },
  'pubg-single-match': {
    slug: 'pubg-single-match',
    game: 'pubg',
    name: 'PUBG single match',
    description: 'One PUBG match outside any tournament, with your PUBG game account.',
    members_type: 'pubg',
  },
  'free-fire': {
    slug: 'free-fire',
    game: 'free-fire',
    name: 'Free Fire',
    description: 'A Free Fire custom room: up to 48 players, solo, duo or squad.',
    members_type: 'free_fire',
  },
  'call-of-duty': {
    slug: 'call-of-duty',
    game: 'call-of-duty',
    name: 'Call of Duty',
    description: 'A Call of Duty: Mobile battle-royale custom room: up to 100 players, solo, duo or squad.',
    members_type: 'call_of_duty',
  },
}

export const ESPORTS_KIND_SLUGS = Object.keys(ESPORTS_KINDS) as EsportsKind[]
export const ESPORTS_GAME_SLUGS = Object.keys(ESPORTS_GAMES) as EsportsGame[]

export const TEAM_SIZES: Readonly<Record<EsportsMode, number>> = { solo: 1, duo: 2, squad: 4 }
export const ESPORTS_MODES = Object.keys(TEAM_SIZES) as EsportsMode[]

export function isEsportsKind(slug: string): slug is EsportsKind {
  return Object.hasOwn(ESPORTS_KINDS, slug)
}

export function gameOfKind(kind: EsportsKind): EsportsGame {
  return ESPORTS_KINDS[kind].game
}

/** Most squads a room of this game takes in this mode (PUBG squads: 25; Free Fire squads: 12). */
export function maxSlots(game: EsportsGame, mode: EsportsMode): number {
  return Math.floor(ESPORTS_GAMES[game].room_players / TEAM_SIZES[mode])
}

/** Fewest squads a contest needs to be played: fewer at the lock and it is cancelled and refunded. */
export const MIN_SQUADS_TO_PLAY = 2
/** Room details shown (and squads locked) this many minutes before the start, unless the host says otherwise. */
export const DEFAULT_REVEAL_MINUTES = 15
export const REVEAL_MINUTES_MIN = 5
export const REVEAL_MINUTES_MAX = 120
/** A game account's level is 1..100 in all three games. */
export const GAME_LEVEL_MAX = 100
/** `character_id`: the game's numeric player id. */
export const CHARACTER_ID_PATTERN = /^[0-9]{5,20}$/

/**
 * Points per placement (index 0 = 1st) and per kill. PUBG and Call of Duty use the battle-royale
 * table of DESIGN §5 (15/12/10/8/6/4/2/1 then 1 down to 12th); Free Fire its own shorter room.
 */
export interface PointTable {
  placement: readonly number[]
  per_kill: number
}

export const POINT_TABLES: Readonly<Record<EsportsGame, PointTable>> = {
  pubg: { placement: [15, 12, 10, 8, 6, 4, 2, 1, 1, 1, 1, 1], per_kill: 1 },
  'call-of-duty': { placement: [15, 12, 10, 8, 6, 4, 2, 1, 1, 1, 1, 1], per_kill: 1 },
  'free-fire': { placement: [12, 9, 8, 7, 6, 5, 4, 3, 2, 1], per_kill: 1 },
}

export function squadPoints(game: EsportsGame, placement: number, kills: number): number {
  const table = POINT_TABLES[game]
  return (table.placement[placement - 1] ?? 0) + kills * table.per_kill
}

/** Esports contest ids start above this (the migration sets the sequence): /contests/{id} is one contest in either table. */
export const ESPORTS_CONTEST_ID_BASE = 1_000_000
export const isEsportsContestId = (id: number) => id > ESPORTS_CONTEST_ID_BASE

/** A host's verified game account for the kind's game must be at least this level (docs/esports.md). */
export const HOST_LEVEL_MIN = 20
/** Open (not yet locked) esports contests one player hosts at once; tournament lobbies do not count. */
export const HOSTED_OPEN_MAX = 10
/** A contest starts at least this many minutes after its reveal time would be from now. */
export const START_MARGIN_MINUTES = 5
/** And at most this many days ahead. */
export const STARTS_AT_MAX_DAYS = 30
/** A player asks the admins for host access at most once per this many hours (clock time). */
export const ACCESS_REQUEST_COOLDOWN_HOURS = 24
/** A member may dispute results this many hours (clock time) after their latest version. */
export const DISPUTE_WINDOW_HOURS = 24
