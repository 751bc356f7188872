// What the auction routes answer, as the CLI reads it.

// TODO(schema): GET /api/auctions/{id} answers `new_auction` as z.record(unknown); use the
// generated type once the server describes it.
export interface AuctionJson {
  id: number
  name: string
  code: string | null
  status: string
  phase: string
  round: number
  purse: number
  squad_min: number
  squad_max: number
  lot_seconds: number
  players_count: number
  sold_count: number
  unsold_count: number
  managers_count: number
  pending_managers_count: number
  /** How many managers it takes, and the seats still free (docs/auctions.md, Pools and capacity). */
  max_managers?: number | null
  seats_left?: number
  capacity?: { pool_players: number; squad_size: number; pool_managers: number }
  is_owner: boolean
  current_manager: {
    id: number
    status: string
    franchise_name: string
    purse_remaining: number
    players_count: number
  } | null
}

export interface LotJson {
  bidding_player: {
    id: number
    display_name: string
    style_label: string
    is_star: boolean
    team_name_attr: string
    base_price: number
  } | null
  player_bids: Array<{ manager_id: number; franchise_name: string | null; amount: number }>
  next_bid_amount: number | null
  ends_at_in_millis: number | null
  server_time_in_millis: number
  remaining_millis: number | null
  max_bid_amount: number | null
  paused: boolean
  phase: string
}
