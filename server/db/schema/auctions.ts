import type { Generated } from 'kysely'

// Auctions: rooms, their managers and their event log.

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
  /** The group it was created from (its members are invited); null otherwise. */
  group_id: Generated<number | null>
  /** Quiet hours, JSON `{from, to, time_zone}` (docs/auctions.md, "Over days"); null: none. */
  quiet_hours: string | null
  /** 1: bots stand in for absent students when a lot opens. */
  stand_in: Generated<number>
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

export interface AuctionsTables {
  auctions: AuctionsTable
  auction_managers: AuctionManagersTable
  auction_events: AuctionEventsTable
}
