import { z } from '@hono/zod-openapi'
import { json, orNull } from '../../http/responses'

// What the auction routes answer: the shapes of ./serialize.ts, declared once for every route
// (and the OpenAPI document) that answers with them.

const int = () => z.number().int()

export const ColorSchema = z
  .object({ id: z.string(), name: z.string(), hex: z.string() })
  .openapi('AuctionColor')

export const BandSchema = z.object({ from: z.number(), step: z.number() })

export const BiddingIntervalSchema = z
  .object({ id: z.string(), name: z.string(), bands: z.array(BandSchema) })
  .openapi('AuctionBiddingInterval')

export const PlayerCardSchema = z
  .object({
    id: int(),
    name: z.string(),
    display_name: z.string(),
    style: int(),
    style_label: z.string(),
    is_star: z.boolean(),
    team_name_attr: z.string(),
    team_color: z.string().nullable(),
  })
  .openapi('AuctionPlayerCard')

/** A card spread into a bigger answer: every field absent when the player row is missing. */
const PartialCard = PlayerCardSchema.partial()

export const CapacitySchema = z.object({
  pool_players: int(),
  squad_size: int(),
  pool_managers: int(),
  colors: int(),
  owner_cap: int().nullable(),
  max_managers: int(),
})

export const ManagerSchema = z
  .object({
    id: int(),
    auction_id: int(),
    franchise_name: z.string(),
    color: z.string(),
    color_hex: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'rejected']),
    is_bot: z.boolean(),
    autopilot: z.boolean().openapi({ description: 'A bot is playing for this manager while they are away' }),
    user: z.object({ id: int(), slug: z.string(), username: z.string(), image: z.string().nullable() }),
    purse_remaining: z.number(),
    players_count: int(),
    spent: z.number(),
  })
  .openapi('AuctionManager')

export const AuctionSchema = z
  .object({
    id: int(),
    name: z.string(),
    kind: z.enum(['live', 'tournament']),
    code: z.string().nullable(),
    group_uuid_id: z.string().nullable(),
    status: z.string(),
    phase: z.enum(['waiting', 'open', 'between', 'sealed', 'completed']),
    paused: z.boolean(),
    round: int(),
    sport_slug: z.string(),
    series_id: int().nullable(),
    match_id: int().nullable(),
    owner_id: int(),
    is_owner: z.boolean(),
    private: z.boolean(),
    purse: z.number(),
    squad_min: int(),
    squad_max: int(),
    max_stars: int().nullable(),
    balanced: z.boolean(),
    lot_seconds: z.number(),
    bidding_interval: z.string(),
    bidding_intervals: z.array(BandSchema),
    charges: z.number(),
    starts_at_in_millis: int().nullable(),
    started_at_in_millis: int().nullable(),
    completed_at_in_millis: int().nullable(),
    players_count: int(),
    sold_count: int(),
    unsold_count: int(),
    managers_count: int(),
    pending_managers_count: int(),
    max_managers: int().nullable(),
    seats_left: int().optional(),
    capacity: CapacitySchema.optional(),
    seq: int(),
    reset_seconds: z.number(),
    bot_takeover_seconds: z.number().nullable(),
    quiet_hours: z
      .object({ from: z.string(), to: z.string(), time_zone: z.string() })
      .nullable()
      .openapi({ description: 'Quiet hours of an auction that runs over days (null: none)' }),
    paused_until: z
      .string()
      .nullable()
      .openapi({ description: 'While paused for quiet hours: when bidding resumes (ISO)' }),
    paused_until_in_millis: int().nullable(),
    paused_note: z
      .string()
      .nullable()
      .openapi({ description: 'What a refused bid is told while paused for quiet hours' }),
    stand_in: z.boolean().openapi({ description: 'Bots stand in for absent students when a lot opens' }),
    sealed_closes_at_in_millis: int().nullable(),
    taken_colors: z.array(z.string()),
    current_manager: z
      .object({
        id: int(),
        status: z.enum(['pending', 'approved', 'rejected']),
        franchise_name: z.string(),
        color: z.string(),
        purse_remaining: z.number(),
        players_count: int(),
      })
      .nullable(),
  })
  .openapi('Auction')

export const AuctionAnswer = json(z.object({ new_auction: AuctionSchema }), 'The auction')

const LotBidSchema = z.object({
  manager_id: int(),
  franchise_name: z.string().nullable(),
  color: z.string().nullable(),
  amount: z.number(),
  at_in_millis: int(),
  stand_in: z
    .boolean()
    .optional()
    .openapi({ description: 'Placed by a bot standing in for the absent manager' }),
})

export const BiddingPlayerSchema = z
  .object({
    server_time_in_millis: int(),
    phase: z.enum(['waiting', 'open', 'between', 'sealed', 'completed']),
    paused: z.boolean(),
    seq: int(),
    paused_until_in_millis: int().nullable(),
    paused_note: z.string().nullable(),
    bidding_player: PartialCard.extend({ base_price: z.number() }).nullable(),
    player_bids: z.array(LotBidSchema),
    current_user_last_bid: LotBidSchema.nullable(),
    next_bid_amount: z.number().nullable(),
    ends_at_in_millis: int().nullable(),
    remaining_millis: z.number().nullable(),
    max_bid_amount: z.number().nullable(),
  })
  .openapi('AuctionBiddingPlayer')

export const AuctionPlayerSchema = PartialCard.extend({
  base_price: z.number(),
  status: z.enum(['sold', 'bidding', 'upcoming', 'unsold']),
  manager_id: int().nullable(),
  price: z.number().nullable(),
  lot_position: int().nullable(),
}).openapi('AuctionPlayer')

export const FranchiseSchema = ManagerSchema.extend({
  players: z.array(PartialCard.extend({ price: z.number() })),
}).openapi('AuctionFranchise')

export const SaleSchema = z.object({
  seq: int(),
  player: orNull(PlayerCardSchema),
  manager_id: int().nullable(),
  franchise_name: z.string().nullable(),
  amount: z.number().nullable(),
  at_in_millis: int(),
})

export const SealedBidSchema = z.object({
  player: orNull(PlayerCardSchema),
  player_id: int(),
  bid_amount: z.number(),
  at_in_millis: int(),
})

export const BotSchema = z.object({ id: int(), franchise_name: z.string(), strategy: z.string() })

export const LeaderboardRowSchema = z.object({
  manager_id: int(),
  points: z.number(),
  matches: int(),
  rank: int(),
})

const MatchScoreSchema = z.object({
  match_id: int(),
  started_at_in_millis: int(),
  points: z.number(),
  balanced: z.boolean(),
  squad_size: int(),
})

export const ManagerPageSchema = ManagerSchema.extend({
  auction: z.object({ id: int(), name: z.string() }),
  rank: int().nullable(),
  total_points: z.number(),
  players: z.array(PartialCard.extend({ price: z.number() })),
  matches: z.array(MatchScoreSchema),
}).openapi('AuctionManagerPage')

export const PlayerScoreSchema = z.object({
  player_id: int(),
  total_score: z.number(),
  played: z.boolean(),
  player: orNull(PlayerCardSchema),
})

export const TournamentSchema = AuctionSchema.extend({
  window_hours: int().nullable(),
  max_managers: int().nullable(),
}).openapi('AuctionTournament')

const OwnBidSchema = z.object({
  player_id: int(),
  player: orNull(PlayerCardSchema),
  bid_amount: z.number(),
  at_in_millis: int(),
})

const BoughtSchema = z.object({
  bid_id: int().nullable(),
  player_id: int(),
  player: orNull(PlayerCardSchema),
  bid_amount: z.number(),
})

export const TournamentManagerSchema = z
  .object({
    id: int(),
    franchise_name: z.string(),
    color: z.string(),
    purse_remaining: z.number(),
    players_count: int(),
    bid_block: z.object({
      purse_remaining: z.number(),
      max_bid: z.number(),
      slots_left: int(),
      stars_left: int(),
      window_closes_at_in_millis: int().nullable(),
    }),
    active_bids_info: z.array(OwnBidSchema),
    success_bids: z.array(BoughtSchema),
  })
  .openapi('AuctionTournamentManager')

/** After a join or a command the caller's manager is read again; `{}` if it is gone. */
export const TournamentManagerOrEmpty = z.union([TournamentManagerSchema, z.object({})])

export const TournamentPageSchema = z.object({
  tournament: TournamentSchema,
  manager: orNull(TournamentManagerSchema),
  success_bids: z.array(BoughtSchema),
  active_bids: z.array(OwnBidSchema),
})

export const TournamentBiddingSchema = z.object({
  manager: orNull(TournamentManagerSchema),
  unsold_players: z.array(
    PartialCard.extend({ base_price: z.number(), locked_until_in_millis: int().nullable() }),
  ),
})

export const ActivitySchema = z.object({
  seq: int(),
  type: z.string(),
  text: z.string(),
  at_in_millis: int(),
})
