import type { Api } from '../lib/api'
import { type AuctionBoardState, describe, type ManagerRow } from '../lib/auction-board-state'
import type { AuctionJson, LotJson } from '../lib/auctions'
import type { Io } from '../lib/io'
import { runWatch } from '../lib/watch'

const LOG_LINES = 8

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
      const { AuctionBoard } = await import('./auction-board')
      return <AuctionBoard store={store} />
    },
  })
}
