import type { Generated } from 'kysely'

// Fantasy teams, contests, championship leagues, gangs and prize tables.

export interface UserTeamsTable {
  id: Generated<number>
  user_id: number
  match_id: number
  team_no: number
  /** Comma-joined player ids, ascending. */
  player_ids: string
  captain_id: number
  vice_captain_id: number
  budget_used_tenths: number
  created_at_ms: number
  updated_at_ms: number
}

/** A season-long team: one per user per series phase (docs/championship.md). */
export interface ClassicTeamsTable {
  id: Generated<number>
  user_id: number
  phase_id: number
  /** JSON array of player ids, ascending. */
  player_ids: string
  captain_id: number
  vice_captain_id: number
  budget_used_tenths: number
  /** The phase total ×2 (sum of its match rows). */
  score_x2: Generated<number>
  rank: number | null
  first_locked_match_id: number | null
  created_at_ms: number
  updated_at_ms: number
}

/** A classic team as it stood when one phase match locked: the row that match scores. */
export interface ClassicTeamScoresTable {
  id: Generated<number>
  classic_team_id: number
  phase_id: number
  match_id: number
  /** JSON array of player ids, ascending. */
  player_ids: string
  captain_id: number
  vice_captain_id: number
  score_x2: Generated<number>
  /** JSON: [{ id, name, score }] (score with the captain's or vice-captain's multiplier). */
  players_scores: Generated<string>
  /** JSON arrays of player ids brought in / taken out at this lock (vs the previous lock). */
  player_in: Generated<string>
  player_out: Generated<string>
  free_sub_used: Generated<number>
  paid_sub_used: Generated<number>
  paid_charged_paise: Generated<number>
  /** Free transfers banked after this lock. */
  free_left: Generated<number>
  created_at_ms: number
}

export type ContestStatus = 'open' | 'locked' | 'completed' | 'cancelled'

export type ContestKind = 'mega' | 'head_to_head' | 'small' | 'free' | 'guaranteed' | 'practice'

/** What a daily contest and a championship contest both hold: entry, prize pool, members, owner. */
interface ContestColumns {
  id: Generated<number>
  name: string
  entry_fee_paise: number
  members_limit: number
  guaranteed: Generated<number>
  rake_bps: number
  prize_pool_paise: number
  /** JSON: [{ from, to, amount_paise }] rank ranges, best first. */
  prize_structure: string
  winner_count: number
  members_count: Generated<number>
  status: Generated<ContestStatus>
  status_reason: string | null
  created_at_ms: number
  settled_at_ms: number | null
  created_by_id: number | null
  is_private: Generated<number>
  description: string | null
  /** JSON PercentRange[] (player-made contests): the amounts are recomputed from it. */
  prize_percents: string | null
  /** Set when the owner deleted it (status cancelled, every entry refunded). */
  deleted_at_ms: number | null
}

export interface ContestsTable extends ContestColumns {
  match_id: number
  kind: ContestKind
  max_entries: Generated<number>
  invite_code: string
  sort: Generated<number>
  /** The match's event_time_ms, kept by triggers (lists sort on it from the contest's own indexes). */
  starts_at_ms: Generated<number>
  /** A GameKindSlug (server/domain/contest-creation.ts). */
  game_kind: Generated<string>
}

export interface ContestMembersTable {
  id: Generated<number>
  contest_id: number
  user_id: number
  user_team_id: number
  entry_fee_paise: number
  /** Team points ×2 (captain ×2 and vice ×1.5 make totals multiples of 0.5). */
  points_x2: Generated<number>
  rank: number | null
  prize_paise: Generated<number>
  refunded: Generated<number>
  joined_at_ms: number
}

export interface ContestLikesTable {
  contest_id: number
  user_id: number
  created_at_ms: number
}

/** A gang (docs/gangs.md): a private leaderboard in a series (phase_id null) or a series phase. */
export interface GangsTable {
  id: Generated<number>
  series_id: number
  phase_id: number | null
  name: string
  league_motto: Generated<string>
  is_public: number
  /** Upper-case letters and digits, unique: who holds it joins (public) or asks to (private). */
  league_code: string
  created_by_id: number
  /** Members with status 'member' (requests not counted). */
  members_count: Generated<number>
  created_at_ms: number
  updated_at_ms: number
}

export type GangMemberStatus = 'pending' | 'member'

export interface GangMembersTable {
  id: Generated<number>
  gang_id: number
  user_id: number
  status: GangMemberStatus
  requested_at_ms: number
  joined_at_ms: number | null
}

/** A paid league on a series phase (migration 2026-11-26-003; docs/championship.md). */
export interface ChampionshipContestsTable extends ContestColumns {
  phase_id: number
  locked_at_ms: number | null
  invite_code: string | null
}

export type ContestActivityKind =
  | 'created'
  | 'joined'
  | 'edited'
  | 'member_removed'
  | 'locked'
  | 'cancelled'
  | 'deleted'
  | 'prizes'

/** What happened to a contest, as its activities page shows it (docs/contest-creation.md). */
export interface ContestActivitiesTable {
  id: Generated<number>
  contest_type: 'contest' | 'championship_contest'
  contest_id: number
  kind: ContestActivityKind
  user_id: number | null
  body: string
  /** JSON object. */
  data: Generated<string>
  created_at_ms: number
}

/** One classic team in a championship contest; score, rank and prize final once settled. */
export interface ChampionshipContestMembersTable {
  id: Generated<number>
  contest_id: number
  user_id: number
  classic_team_id: number
  entry_fee_paise: number
  /** The team's phase total ×2 at settlement. */
  score_x2: Generated<number>
  rank: number | null
  prize_paise: Generated<number>
  refunded: Generated<number>
  joined_at_ms: number
}

/** A player's saved prize table (migration 2026-11-27-002; docs/contest-creation.md). */
export interface PrizeStructuresTable {
  id: Generated<number>
  user_id: number
  /** Unique per player whatever its case. */
  name: string
  /** JSON: PercentRange[] ({ from, to, percent_bps }), best first, Σ = 10000. */
  ranges: string
  winners: number
  created_at_ms: number
  updated_at_ms: number
}

/** An admin's grant of the right to create paid or public contests without the usual requirements. */
export interface ContestAccessGrantsTable {
  user_id: number
  granted_by_id: number
  note: string | null
  created_at_ms: number
}

export interface ContestsTables {
  user_teams: UserTeamsTable
  classic_teams: ClassicTeamsTable
  classic_team_scores: ClassicTeamScoresTable
  contests: ContestsTable
  contest_members: ContestMembersTable
  contest_likes: ContestLikesTable
  gangs: GangsTable
  gang_members: GangMembersTable
  championship_contests: ChampionshipContestsTable
  contest_activities: ContestActivitiesTable
  championship_contest_members: ChampionshipContestMembersTable
  prize_structures: PrizeStructuresTable
  contest_access_grants: ContestAccessGrantsTable
}
