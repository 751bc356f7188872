import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

// The database as the code sees it. Kept honest by tests/unit/platform/db-schema.test.ts, which
// compares these tables and columns with what the migrations actually create.
// Booleans are 0/1 integers and instants are epoch milliseconds on every dialect.

export interface Database {
  app_settings: AppSettingsTable
  oauth_clients: OauthClientsTable
  avatars: AvatarsTable
  users: UsersTable
  user_tokens: UserTokensTable
  oauth_access_tokens: OauthAccessTokensTable
  oauth_refresh_tokens: OauthRefreshTokensTable
  outbox_messages: OutboxMessagesTable
  notifications: NotificationsTable
  follows: FollowsTable
  ledger_accounts: LedgerAccountsTable
  ledger_transactions: LedgerTransactionsTable
  ledger_entries: LedgerEntriesTable
  scheduled_jobs: ScheduledJobsTable
  sports: SportsTable
  real_teams: RealTeamsTable
  players: PlayersTable
  series: SeriesTable
  series_phases: SeriesPhasesTable
  matches: MatchesTable
  match_teams: MatchTeamsTable
  match_players: MatchPlayersTable
  user_teams: UserTeamsTable
  classic_teams: ClassicTeamsTable
  classic_team_scores: ClassicTeamScoresTable
  contests: ContestsTable
  contest_members: ContestMembersTable
  match_events: MatchEventsTable
  match_simulations: MatchSimulationsTable
  player_match_scores: PlayerMatchScoresTable
  contest_likes: ContestLikesTable
  auctions: AuctionsTable
  auction_managers: AuctionManagersTable
  auction_events: AuctionEventsTable
  user_credits: UserCreditsTable
  mobile_otps: MobileOtpsTable
  attachments: AttachmentsTable
  pan_cards: PanCardsTable
  bank_details: BankDetailsTable
  bhim_upis: BhimUpisTable
  redemption_types: RedemptionTypesTable
  redemptions: RedemptionsTable
  claim_refunds: ClaimRefundsTable
  scratch_cards: ScratchCardsTable
  idempotency_keys: IdempotencyKeysTable
  gateway_payments: GatewayPaymentsTable
  data_versions: DataVersionsTable
  rate_limit_counters: RateLimitCountersTable
  bus_streams: BusStreamsTable
  bus_messages: BusMessagesTable
  server_nodes: ServerNodesTable
  presence: PresenceTable
  match_score_marks: MatchScoreMarksTable
  attachment_files: AttachmentFilesTable
  gangs: GangsTable
  gang_members: GangMembersTable
  championship_contests: ChampionshipContestsTable
  championship_contest_members: ChampionshipContestMembersTable
  contest_activities: ContestActivitiesTable
  prize_structures: PrizeStructuresTable
  contest_access_grants: ContestAccessGrantsTable
  reports: ReportsTable
  user_ratings: UserRatingsTable
  xp_awards: XpAwardsTable
  waitlist_entries: WaitlistEntriesTable
  feedbacks: FeedbacksTable
  traffic_sources: TrafficSourcesTable
  topics: TopicsTable
  posts: PostsTable
  comments: CommentsTable
  post_likes: PostLikesTable
  comment_likes: CommentLikesTable
  mentions: MentionsTable
  groups: GroupsTable
  group_members: GroupMembersTable
  group_messages: GroupMessagesTable
  classrooms: ClassroomsTable
  admin_act_as: AdminActAsTable
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

/** A running server process and its last beat (wall ms); see server/areas/cluster/nodes.ts. */
export interface ServerNodesTable {
  node_id: string
  started_at_ms: number
  seen_at_ms: number
}

/** Sockets one node holds in one room (auction manager presence), counted across live nodes. */
export interface PresenceTable {
  node_id: string
  room: string
  connections: number
}

/** Moved by every scoring write of a match; `reset_revision` by corrections (full rebuild). */
export interface MatchScoreMarksTable {
  match_id: number
  revision: number
  reset_revision: number
}

/** Uploaded bytes on PostgreSQL, by the attachment's storage path. */
export interface AttachmentFilesTable {
  storage_path: string
  bytes: Uint8Array
}

/**
 * Counters bumped by triggers in the same transaction as the changes they count
 * (`contest_lists`: any change that can move a contest in or out of a list), so a
 * per-process cache can check that what it holds is current with one primary-key read.
 */
export interface DataVersionsTable {
  name: string
  version: number
}

export interface AppSettingsTable {
  key: string
  value: string
  updated_at_ms: number
}

/** Hits (failed sign-ins) of one bucket in one fixed wall-time window. */
export interface RateLimitCountersTable {
  bucket: string
  window_start_ms: number
  hits: number
}

/** A stream of the shared bus (PostgreSQL, server/lib/pg-bus.ts): its last seq and the one before. */
export interface BusStreamsTable {
  stream: string
  seq: number
  prev: Generated<number>
}

/** A recent message of the shared bus, kept for a retention window (server/lib/pg-bus.ts). */
export interface BusMessagesTable {
  stream: string
  seq: number
  prev: number
  /** The message as JSON, without its seq. */
  body: string
  /** Wall time of the publish: rows older than the retention window are pruned. */
  at_ms: number
}

export interface OauthClientsTable {
  id: string
  name: string
  created_at_ms: number
}

export interface AvatarsTable {
  id: Generated<number>
  name: string
  url: string
  sort: Generated<number>
}

export type Role = 'player' | 'admin'
export type UserStatus = 'active' | 'invited' | 'disabled'

export interface UsersTable {
  id: Generated<number>
  slug: string
  username: string
  username_key: string
  email: string
  password_hash: string | null
  full_name: string | null
  team_name: string | null
  role: Generated<Role>
  status: Generated<UserStatus>
  email_verified_at_ms: number | null
  mobile_no: string | null
  mobile_approved: Generated<number>
  pancard_status: Generated<string>
  dob: string | null
  about_me: string | null
  avatar_id: number | null
  image_url: string | null
  reference: string
  referred_by_id: number | null
  xp_points: Generated<number>
  interests: Generated<string>
  created_at_ms: number
  updated_at_ms: number
  /** Kept in the follow's own transaction (docs/social.md). */
  follower_count: Generated<number>
  following_count: Generated<number>
}
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

export type TokenPurpose = 'reset_password' | 'activation'

export interface UserTokensTable {
  id: Generated<number>
  user_id: number
  purpose: TokenPurpose
  token_hash: string
  expires_at_ms: number
  used_at_ms: number | null
  created_at_ms: number
}

export interface OauthAccessTokensTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  client_id: string
  family_id: string
  expires_at_ms: number
  revoked_at_ms: number | null
  created_at_ms: number
}

export interface OauthRefreshTokensTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  client_id: string
  family_id: string
  parent_id: number | null
  expires_at_ms: number
  used_at_ms: number | null
  revoked_at_ms: number | null
  created_at_ms: number
}

export interface OutboxMessagesTable {
  id: Generated<number>
  to_address: string
  channel: Generated<string>
  subject: string
  body: string
  created_at_ms: number
}

export interface NotificationsTable {
  id: Generated<number>
  user_id: number
  kind: string
  body: string
  data: Generated<string>
  read_at_ms: number | null
  created_at_ms: number
  /** Set on notifications that group (likes and comments of one post): one unread row per key. */
  group_key: string | null
}

export interface FollowsTable {
  follower_id: number
  followee_id: number
  created_at_ms: number
}

export type Currency = 'INR' | 'COIN'

export interface LedgerAccountsTable {
  id: Generated<number>
  code: string
  user_id: number | null
  kind: string
  currency: Currency
  balance: Generated<number>
  allow_negative: Generated<number>
  created_at_ms: number
}

export interface LedgerTransactionsTable {
  id: Generated<number>
  kind: string
  idempotency_key: string
  memo: string | null
  meta: Generated<string>
  created_at_ms: number
}

export interface LedgerEntriesTable {
  id: Generated<number>
  transaction_id: number
  account_id: number
  amount: number
  balance_after: number
  created_at_ms: number
}

/** `running`: claimed by one server process (`claimed_by`), until `lease_until_ms` (wall time). */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed'

export interface ScheduledJobsTable {
  id: Generated<number>
  kind: string
  run_at_ms: number
  payload: Generated<string>
  unique_key: string | null
  status: Generated<JobStatus>
  attempts: Generated<number>
  last_error: string | null
  created_at_ms: number
  done_at_ms: number | null
  claimed_by: string | null
  lease_until_ms: number | null
}

export type SportKind = 'team' | 'racing' | 'battle_royale'

export interface SportsTable {
  id: Generated<number>
  slug: string
  name: string
  kind: SportKind
  team_size: number
  sort: Generated<number>
}

export interface RealTeamsTable {
  id: Generated<number>
  sport_id: number
  name: string
  name_attr: string
  team_color: string
  country: string | null
}

export interface PlayersTable {
  id: Generated<number>
  sport_id: number
  real_team_id: number
  name: string
  display_name: string
  style: number
  value_tenths: number
  country: string | null
  is_star: Generated<number>
  last_series_score: Generated<number>
}

export type SeriesStatus = 'upcoming' | 'live' | 'completed'

export interface SeriesTable {
  id: Generated<number>
  sport_id: number
  name: string
  short_name: string
  format: string | null
  status: SeriesStatus
  starts_at_ms: number
  ends_at_ms: number
}

export interface SeriesPhasesTable {
  id: Generated<number>
  series_id: number
  name: string
  phase_no: number
  starts_at_ms: number
  ends_at_ms: number
  /** JSON: [{ rank_from, rank_to, prize_paise }] best first (docs/championship.md). */
  prizes: Generated<string>
  /** When the phase's prizes were paid (once, after its last match completed). */
  prizes_paid_at_ms: number | null
}

export type MatchStatus = 'upcoming' | 'live' | 'completed' | 'abandoned'

export interface MatchesTable {
  id: Generated<number>
  sport_id: number
  series_id: number
  phase_id: number | null
  match_no: number
  match_stage: string
  title: string
  format: string | null
  venue_name: string | null
  venue_location: string | null
  venue_country: string | null
  team1_id: number | null
  team2_id: number | null
  event_time_ms: number
  status: MatchStatus
  result_text: string | null
  created_at_ms: number
  /** JSON: the live score summary derived from the match events. */
  score_summary: Generated<string>
  locked_at_ms: number | null
  completed_at_ms: number | null
  settled_at_ms: number | null
  /** 'live' or 'instant' while (or after) the simulator drives the match; null otherwise. */
  sim_mode: string | null
  player_of_the_match_id: number | null
}

export interface MatchTeamsTable {
  match_id: number
  real_team_id: number
  slot: number
}

export interface MatchPlayersTable {
  match_id: number
  player_id: number
  real_team_id: number
  value_tenths: number
  in_lineup: number | null
}

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

export interface ContestsTable {
  id: Generated<number>
  match_id: number
  name: string
  kind: ContestKind
  entry_fee_paise: number
  members_limit: number
  max_entries: Generated<number>
  guaranteed: Generated<number>
  rake_bps: number
  prize_pool_paise: number
  /** JSON: [{ from, to, amount_paise }] rank ranges, best first. */
  prize_structure: string
  winner_count: number
  members_count: Generated<number>
  status: Generated<ContestStatus>
  invite_code: string
  created_by_id: number | null
  sort: Generated<number>
  status_reason: string | null
  created_at_ms: number
  settled_at_ms: number | null
  /** The match's event_time_ms, kept by triggers (lists sort on it from the contest's own indexes). */
  starts_at_ms: Generated<number>
  is_private: Generated<number>
  description: string | null
  /** JSON PercentRange[] (player-made contests): the amounts are recomputed from it. */
  prize_percents: string | null
  /** A GameKindSlug (server/domain/contest-creation.ts). */
  game_kind: Generated<string>
  /** Set when the owner deleted it (status cancelled, every entry refunded). */
  deleted_at_ms: number | null
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

/**
 * What a simulation was started with, stored once so the plan is the same after a restart:
 * the seed of its stream, the instant it starts from, the events stored before it began
 * (`base_seq`) and the squads as JSON (`SimTeam[]`, lineup flags as they were then).
 */
export interface MatchSimulationsTable {
  match_id: number
  seed: number
  start_ms: number
  base_seq: number
  teams: string
  created_at_ms: number
}

export interface MatchEventsTable {
  id: Generated<number>
  match_id: number
  seq: number
  type: string
  payload: string
  at_ms: number
  created_at_ms: number
}

export interface PlayerMatchScoresTable {
  match_id: number
  player_id: number
  total_score: number
  stats: string
  breakdown: string
  updated_at_ms: number
}

export interface ContestLikesTable {
  contest_id: number
  user_id: number
  created_at_ms: number
}

export type AuctionStatus = 'waiting' | 'open' | 'between' | 'sealed' | 'completed'
export type AuctionManagerStatus = 'pending' | 'approved' | 'rejected'

export interface AuctionsTable {
  id: Generated<number>
  owner_id: number
  kind: Generated<'live' | 'tournament'>
  name: string
  code: string
  sport_id: number
  series_id: number | null
  match_id: number | null
  status: Generated<AuctionStatus>
  purse: number
  squad_min: number
  squad_max: number
  max_stars: number | null
  balanced: Generated<number>
  lot_seconds: number
  bidding_interval: string
  charges: Generated<number>
  is_private: Generated<number>
  starts_at_ms: number | null
  seed: number
  seq: Generated<number>
  /** The engine's state, JSON. */
  state: string
  started_at_ms: number | null
  completed_at_ms: number | null
  created_at_ms: number
  updated_at_ms: number
  /** Tournaments: the length of each sealed window. */
  window_hours: number | null
  max_managers: number | null
  /** After how long away a manager is played by a bot (null: never). */
  takeover_seconds: number | null
  /** Issue 15: the group it was created from (its members are invited); null otherwise. */
  group_id: Generated<number | null>
}

export interface AuctionManagersTable {
  id: Generated<number>
  auction_id: number
  user_id: number
  franchise_name: string
  color: string
  status: Generated<AuctionManagerStatus>
  charge_coins: Generated<number>
  bot_strategy: string | null
  joined_at_ms: number
  decided_at_ms: number | null
  /** The strategy a bot plays for this (human) manager while they are away; null when they play themselves. */
  autopilot: string | null
}

export interface AuctionEventsTable {
  id: Generated<number>
  auction_id: number
  seq: number
  type: string
  payload: string
  at_ms: number
}

// --- wallet (issue 5): money in integer paise, times in epoch ms

export type CreditStatus = 'pending' | 'success' | 'failed'

/** A deposit through a simulated gateway (spec "User credit"). */
export interface UserCreditsTable {
  id: Generated<number>
  user_id: number
  amount: number
  /** `paytm` | `payumoney` */
  gateway: string
  status: Generated<CreditStatus>
  /** Ours, sent to the gateway; unique. */
  order_id: string
  /** The gateway's transaction id from a verified callback; unique (a replay is refused). */
  gateway_txn_id: string | null
  ledger_transaction_id: number | null
  failure_reason: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** A one-time password sent to the local outbox for a mobile number. */
export interface MobileOtpsTable {
  id: Generated<number>
  user_id: number
  mobile_no: string
  code_hash: string
  attempts: Generated<number>
  expires_at_ms: number
  verified_at_ms: number | null
  created_at_ms: number
}

/** An uploaded file on local disk (PAN photos). Soft-deleted, restorable. */
export interface AttachmentsTable {
  id: Generated<number>
  user_id: number
  file_name: string
  content_type: string
  size: number
  storage_path: string
  deleted_at_ms: number | null
  created_at_ms: number
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected'

/** A PAN submission; the latest one is the user's `pancard_status`. */
export interface PanCardsTable {
  id: Generated<number>
  user_id: number
  full_name: string
  /** AAAAA9999A */
  number: string
  /** YYYY-MM-DD */
  dob: string
  attachment_id: number | null
  status: Generated<ReviewStatus>
  reason: string | null
  decided_by_id: number | null
  decided_at_ms: number | null
  created_at_ms: number
}

/** The user's bank account for withdrawals (one per user). */
export interface BankDetailsTable {
  id: Generated<number>
  user_id: number
  account_holder: string
  account_number: string
  ifsc: string
  bank_name: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** A UPI id of the user's; at most one is active. */
export interface BhimUpisTable {
  id: Generated<number>
  user_id: number
  upi_str: string
  active: Generated<number>
  created_at_ms: number
}

/** How winnings can be withdrawn: `bank` (min ₹200) and `upi` (min ₹100, fee ₹10, ₹10,000 a day). */
export interface RedemptionTypesTable {
  id: Generated<number>
  code: string
  name: string
  min_amount: number
  fee: number
  daily_limit: number | null
  sort: Generated<number>
}

/** A withdrawal request: held from winnings when made, paid out on approval, returned on rejection. */
export interface RedemptionsTable {
  id: Generated<number>
  user_id: number
  redemption_type_id: number
  amount: number
  fee: Generated<number>
  status: Generated<ReviewStatus>
  /** Where the money goes: a masked account or the UPI id. */
  destination: string
  hold_transaction_id: number
  settle_transaction_id: number | null
  reason: string | null
  decided_by_id: number | null
  decided_at_ms: number | null
  created_at_ms: number
}

/** A refund claim from the help pages. */
export interface ClaimRefundsTable {
  id: Generated<number>
  user_id: number
  user_credit_id: number | null
  contest_id: number | null
  amount: number | null
  reason: string
  /** `pending` | `refunded` | `rejected` */
  status: Generated<string>
  resolution: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** A scratch card: its reward is drawn when it is earned, revealed and credited when claimed. */
export interface ScratchCardsTable {
  id: Generated<number>
  user_id: number
  /** `contest_join` | `referral` | `referred` */
  source: string
  /** What earned it (unique: a join or a referral earns one card, once). */
  source_key: string
  /** `cash` (paise, to unused) | `coins` | `none` */
  reward_kind: string
  reward_amount: Generated<number>
  claimed_at_ms: number | null
  ledger_transaction_id: number | null
  created_at_ms: number
}

/** The first answer to a money-moving POST with an Idempotency-Key, replayed for the same key and body. */
export interface IdempotencyKeysTable {
  id: Generated<number>
  user_id: number
  key: string
  method: string
  path: string
  request_hash: string
  status_code: number
  response_body: string
  created_at_ms: number
}

/** The simulated gateway's record of an order paid or failed on its page (migration 007). */
export interface GatewayPaymentsTable {
  id: Generated<number>
  user_credit_id: number
  /** `paytm` | `payumoney` */
  gateway: string
  /** The gateway's transaction id (Paytm TXNID, PayU mihpayid); unique. */
  txn_id: string
  amount: number
  /** `success` | `failure` */
  status: string
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
export interface ChampionshipContestsTable {
  id: Generated<number>
  phase_id: number
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
  locked_at_ms: number | null
  settled_at_ms: number | null
  created_by_id: number | null
  invite_code: string | null
  is_private: Generated<number>
  description: string | null
  prize_percents: string | null
  deleted_at_ms: number | null
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

export type ReportStatus = 'open' | 'resolved'
export type ReportContestType = 'contest' | 'championship_contest'
/** What a report is about; contests since issue 13, users, posts and comments since issue 14, esports results disputes since issue 17. */
export type ReportSubjectType = ReportContestType | 'user' | 'post' | 'comment' | 'esports_contest'

/** A player's report of a contest, in the admin queue until resolved. */
export interface ReportsTable {
  id: Generated<number>
  reporter_id: number
  /** The subject's kind (the column predates reports of anything but contests). */
  contest_type: ReportSubjectType
  /** The subject's id. */
  contest_id: number
  reason: string
  text: string
  status: Generated<ReportStatus>
  resolution: string | null
  resolved_by_id: number | null
  created_at_ms: number
  resolved_at_ms: number | null
  /** 1 when the resolution hid the reported post or comment. */
  hid_subject: Generated<number>
}

/** Where posts go: one contest's, or one user's wall (exactly one of the two ids is set). */
export interface TopicsTable {
  id: Generated<number>
  contest_id: number | null
  owner_id: number | null
  created_at_ms: number
}

export interface PostsTable {
  id: Generated<number>
  topic_id: number
  user_id: number
  content: string
  /** Kept in the transaction that adds or removes a like row (exact under races). */
  likes_count: Generated<number>
  comments_count: Generated<number>
  hidden: Generated<number>
  created_at_ms: number
  updated_at_ms: number
}

export interface CommentsTable {
  id: Generated<number>
  post_id: number
  /** The comment this one replies to (on the same post); replies are one level deep. */
  parent_id: number | null
  user_id: number
  content: string
  likes_count: Generated<number>
  hidden: Generated<number>
  created_at_ms: number
  updated_at_ms: number
}

export interface PostLikesTable {
  post_id: number
  user_id: number
  created_at_ms: number
}

export interface CommentLikesTable {
  comment_id: number
  user_id: number
  created_at_ms: number
}

/** A `@username` in a post (comment_id null) or a comment, resolved to the user it names. */
export interface MentionsTable {
  id: Generated<number>
  user_id: number
  post_id: number
  comment_id: number | null
  created_at_ms: number
}

/** Issue 14 (docs/social.md): one rating per rater per user, editable. */
export interface UserRatingsTable {
  id: Generated<number>
  rater_id: number
  user_id: number
  rating: number
  review: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** Experience points, each award once per (user, reason, source). */
export interface XpAwardsTable {
  id: Generated<number>
  user_id: number
  reason: string
  source: string
  points: number
  created_at_ms: number
}

export interface WaitlistEntriesTable {
  id: Generated<number>
  email: string
  created_at_ms: number
}

export interface FeedbacksTable {
  id: Generated<number>
  user_id: number | null
  email: string | null
  message: string
  created_at_ms: number
}

export interface TrafficSourcesTable {
  id: Generated<number>
  user_id: number | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  referrer: string | null
  landing_path: string | null
  created_at_ms: number
}

export type GroupKind = 'group' | 'one_to_one'
export type GroupRole = 'admin' | 'member'
export type GroupMessageType = 'text_message' | 'contest_card' | 'auction_invite' | 'gang_card'

/** Issue 15 (docs/groups.md): a group chat or a one-to-one conversation. */
export interface GroupsTable {
  id: Generated<number>
  /** The public id (`group_uuid_id`). */
  uuid: string
  name: string
  description: Generated<string>
  image: string | null
  kind: GroupKind
  is_public: Generated<number>
  /** "<lower user id>:<higher user id>" for a one-to-one, else null. */
  one_to_one_key: string | null
  invite_code: string
  created_by_id: number
  last_message_id: number | null
  created_at_ms: number
}

export interface GroupMembersTable {
  id: Generated<number>
  group_id: number
  user_id: number
  role: GroupRole
  is_muted: Generated<number>
  /** Messages with a greater id are unread. */
  last_read_message_id: Generated<number>
  /** Set when removed or left; the row stays (a rejoin clears it). */
  removed_at_ms: number | null
  /** Who removed them (themselves when they left); null for a current member. */
  removed_by_id: number | null
  joined_at_ms: number
}

export interface GroupMessagesTable {
  id: Generated<number>
  group_id: number
  user_id: number
  /** The client's key: unique per (group, sender), so a retried send is stored once. */
  identifier_key: string
  message: string
  message_type: GroupMessageType
  card_id: number | null
  created_at_ms: number
}

/** Issue 16 (docs/classroom.md): what one `class create` made. */
export interface ClassroomsTable {
  id: Generated<number>
  name: string
  created_by_id: number
  /** Null only inside the creating transaction (the row is written first: its id names the students). */
  group_id: number | null
  /** The class's private contest; null when no upcoming match could carry one. */
  contest_id: number | null
  auction_id: number | null
  students_count: number
  created_at_ms: number
}

/** Issue 16 (docs/classroom.md): every time an admin took a token to act as a user (`--as`). */
export interface AdminActAsTable {
  id: Generated<number>
  admin_id: number
  user_id: number
  family_id: string
  client_id: string
  /** Wall time, as token lifetimes. */
  created_at_ms: number
  expires_at_ms: number
}

// ---- Issue 17: esports contests players play themselves (docs/esports.md) ----

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
