import type { AuctionJson, LotJson } from '../commands/auction-play'
import type { Api } from './api'
import type { FeedState } from './cable'
import type { Io } from './io'
import { runWatch } from './watch'

export interface ManagerRow {
  id: number
  franchise_name: string
  color: string
  status: string
  purse_remaining: number
  players_count: number
  is_bot: boolean
}

export interface AuctionBoardState {
  auction: AuctionJson
  lot: LotJson
  managers: ManagerRow[]
  /** Server time minus local time when the lot was read: countdowns follow the server clock. */
  offsetMs: number
  log: string[]
  connection: FeedState
}

const LOG_LINES = 8

/** One line per engine event worth telling (null for the rest). */
export function describe(message: Record<string, unknown>, managers: ManagerRow[]): string | null {
  const who = (id: unknown) => managers.find((m) => m.id === id)?.franchise_name ?? `manager ${String(id)}`
  switch (message.type) {
    case 'bid':
      return `${who(message.manager_id)} bids ${message.amount}`
    case 'lot_closed':
      return message.result === 'sold' ? `SOLD to ${who(message.manager_id)} for ${message.price}` : 'unsold'
    case 'round_changed':
      return `round: ${message.phase}${message.phase === 'sealed' ? ` ${message.round}` : ''}`
    case 'paused':
      return 'paused'
    case 'resumed':
      return 'resumed'
    case 'sealed_assigned':
      return `${who(message.manager_id)} gets player ${message.player_id} for ${message.price}${message.tie ? ' (tie)' : ''}`
    case 'completed':
      return 'the auction is over'
    default:
      return null
  }
}

/**
 * `auction watch`: AuctionChannel into a live board. Every event refetches the lot, the
 * auction and the managers (one auction, a few reads), so the board is always what the API
 * says; the countdown is drawn from the lot's end on the server clock.
 */
export async function watchAuction(io: Io, server: string, api: Api, id: number) {
  const read = async () => {
    const [{ new_auction: auction }, lot, { managers }] = await Promise.all([
      api.get<{ new_auction: AuctionJson }>(`/api/auctions/${id}`),
      api.get<LotJson>(`/api/auctions/${id}/bidding_player`),
      api.get<{ managers: ManagerRow[] }>(`/api/auctions/${id}/managers?status=approved`),
    ])
    return { auction, lot, managers, offsetMs: lot.server_time_in_millis - Date.now() }
  }
  const first = await read()
  return runWatch<AuctionBoardState>(io, server, {
    initial: { ...first, log: [], connection: { kind: 'connecting' } },
    identifier: { channel: 'AuctionChannel', auction_id: id },
    reduce: (state, message) => {
      const line = describe(message, state.managers)
      return line ? { ...state, log: [...state.log, line].slice(-LOG_LINES) } : state
    },
    withConnection: (state, connection) => ({ ...state, connection }),
    async onMessage(message, { store, print, finish }) {
      if (message.type === 'sealed_bid' || message.type === 'managers_changed') return
      const fresh = await read()
      store.set((s) => ({ ...s, ...fresh }))
      const line = describe(message, fresh.managers)
      if (message.type === 'snapshot') {
        print(
          `${fresh.auction.name}: ${fresh.auction.status}, ${fresh.auction.sold_count}/${fresh.auction.players_count} sold`,
        )
        if (fresh.lot.bidding_player)
          print(
            `on the block: ${fresh.lot.bidding_player.display_name}, next bid ${fresh.lot.next_bid_amount}`,
          )
      } else if (line) print(line)
      if (message.type === 'lot_opened' && fresh.lot.bidding_player)
        print(
          `on the block: ${fresh.lot.bidding_player.display_name} (${fresh.lot.bidding_player.style_label}), base ${fresh.lot.bidding_player.base_price}`,
        )
      // Once, when the auction ends (or when it had ended before the watch began).
      if (
        message.type === 'completed' ||
        (message.type === 'snapshot' && fresh.auction.phase === 'completed')
      ) {
        for (const m of fresh.managers)
          print(`  ${m.franchise_name}: ${m.players_count} players, ${m.purse_remaining} left`)
        finish()
      }
    },
    async view(store) {
      const { AuctionBoard } = await import('../ui/auction-board')
      return <AuctionBoard store={store} />
    },
  })
}
