import type { Generated } from 'kysely'

// Esports contests players play themselves (docs/esports.md).

/** The game an account (and a contest) is for: PUBG Lite and single matches use the PUBG account. */
export type EsportsGame = 'pubg' | 'free-fire' | 'call-of-duty'

export type EsportsKind = 'pubg' | 'pubg-lite' | 'pubg-single-match' | 'free-fire' | 'call-of-duty'

export type EsportsMode = 'solo' | 'duo' | 'squad'

export type GameAccountStatus = 'pending' | 'verified' | 'rejected'

/** open → locked (at the reveal: squads final, room shown) → completed (results paid) | cancelled. */
export type EsportsContestStatus = 'open' | 'locked' | 'completed' | 'cancelled'

export type EsportsTournamentStatus = 'registration' | 'running' | 'completed' | 'cancelled'

export type EsportsRoundStatus = 'pending' | 'seeded' | 'completed'

export interface GameAccountsTable {
  id: Generated<number>
  user_id: number
  game: EsportsGame
  in_game_name: string
  character_id: string
  game_level: number
  status: Generated<GameAccountStatus>
  reject_reason: string | null
  reviewed_by_id: number | null
  reviewed_at_ms: number | null
  created_at_ms: number
  updated_at_ms: number
}

export interface EsportsTournamentsTable {
  id: Generated<number>
  name: string
  kind: EsportsKind
  mode: EsportsMode
  team_size: number
  description: string | null
  status: Generated<EsportsTournamentStatus>
  squads_limit: number
  squads_count: Generated<number>
  rounds_count: number
  /** 0 while registering; the number of the round being played. */
  current_round: Generated<number>
  /** Seed of the round-1 shuffle (the run's RNG drew it at creation). */
  seed: number
  created_by_id: number
  registration_closes_at_ms: number
  created_at_ms: number
  completed_at_ms: number | null
}

export interface EsportsRoundsTable {
  id: Generated<number>
  tournament_id: number
  number: number
  name: string
  /** Squads per lobby (one lobby = one esports contest = one custom room). */
  lobby_size: number
  lobbies_count: Generated<number>
  qualify_rule: 'top_per_lobby' | 'top_overall'
  /** Squads that go on (per lobby or overall); 0 on the final round. */
  qualify_count: number
  starts_at_ms: number
  status: Generated<EsportsRoundStatus>
  seeded_at_ms: number | null
  completed_at_ms: number | null
}

export interface EsportsContestsTable {
  id: Generated<number>
  kind: EsportsKind
  game: EsportsGame
  mode: EsportsMode
  team_size: number
  name: string
  description: string | null
  map: string | null
  host_id: number
  /** Per player. */
  entry_fee_paise: Generated<number>
  rake_bps: Generated<number>
  per_kill_paise: Generated<number>
  /** JSON PercentRange[]: the placement share of what kill prizes leave of the pool. */
  prize_percents: string
  /** Squads the room takes. */
  slots: number
  squads_count: Generated<number>
  members_count: Generated<number>
  min_level: Generated<number>
  is_private: Generated<number>
  invite_code: string
  starts_at_ms: number
  /** Room details are shown to members this many minutes before the start (and squads lock). */
  reveal_minutes: number
  status: Generated<EsportsContestStatus>
  status_reason: string | null
  room_id: string | null
  room_password: string | null
  room_set_at_ms: number | null
  revealed_at_ms: number | null
  locked_at_ms: number | null
  /** 0 before any results; the current esports_results.version. */
  results_version: Generated<number>
  settled_at_ms: number | null
  /** Set on a tournament round's lobby. */
  round_id: number | null
  lobby_no: number | null
  created_at_ms: number
}

export interface EsportsSquadsTable {
  id: Generated<number>
  contest_id: number
  name: string
  captain_id: number
  invite_code: string
  slot_no: number
  members_count: Generated<number>
  tournament_squad_id: number | null
  placement: number | null
  kills: number | null
  points: number | null
  rank: number | null
  prize_paise: Generated<number>
  created_at_ms: number
}

export interface EsportsMembersTable {
  id: Generated<number>
  contest_id: number
  squad_id: number
  user_id: number
  game_account_id: number
  in_game_name: string
  character_id: string
  /** 1..team_size inside the squad (the captain orders them). */
  position: number
  entry_fee_paise: Generated<number>
  kills: number | null
  prize_paise: Generated<number>
  refunded: Generated<number>
  joined_at_ms: number
}

export interface EsportsResultsTable {
  id: Generated<number>
  contest_id: number
  version: number
  source: 'host' | 'admin' | 'simulator'
  entered_by_id: number
  /** JSON [{ squad_id, placement, kills }]. */
  results: string
  note: string | null
  created_at_ms: number
}

export interface EsportsTournamentSquadsTable {
  id: Generated<number>
  tournament_id: number
  name: string
  captain_id: number
  invite_code: string
  members_count: Generated<number>
  eliminated_in_round: number | null
  created_at_ms: number
}

export interface EsportsTournamentMembersTable {
  id: Generated<number>
  tournament_id: number
  tournament_squad_id: number
  user_id: number
  game_account_id: number
  joined_at_ms: number
}

export interface EsportsSlotsTable {
  id: Generated<number>
  round_id: number
  tournament_squad_id: number
  contest_id: number
  lobby_no: number
  slot_no: number
  seed_no: number
  points: number | null
  kills: number | null
  placement: number | null
  rank: number | null
  qualified: Generated<number>
}

export interface EsportsTables {
  game_accounts: GameAccountsTable
  esports_tournaments: EsportsTournamentsTable
  esports_rounds: EsportsRoundsTable
  esports_contests: EsportsContestsTable
  esports_squads: EsportsSquadsTable
  esports_members: EsportsMembersTable
  esports_results: EsportsResultsTable
  esports_tournament_squads: EsportsTournamentSquadsTable
  esports_tournament_members: EsportsTournamentMembersTable
  esports_slots: EsportsSlotsTable
}
