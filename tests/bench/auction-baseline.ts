import BetterSqlite3 from 'better-sqlite3'
import type { WebSocket } from 'ws'
import type { AuctionState } from '../../server/domain/auction/engine'
import { nextBidAmount } from '../../server/domain/auction/rules'
import { startBareCable } from './baseline-cable'

/**
 * The auction benchmark's baseline: a bare `ws` server speaking the same Action Cable JSON
 * frames for one thing only — bids on an auction's current lot. It checks the amount and the
 * bidder, then writes the same SQL as the real server's commands (the state JSON and seq on
 * the auction row, the event row) through raw prepared statements in one fsync'd transaction
 * on the same WAL database, and sends the bid to the room's sockets. No Hono, no Kysely, no
 * engine copy, no scheduler, no bus: the floor the real path is compared with.
 */
export async function startBaseline(
  dbFile: string,
  tokens: Map<string, { userId: number; managers: Map<number, number> }>,
) {
  const db = new BetterSqlite3(dbFile)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  const load = db.prepare('select state from auctions where id = ?').pluck()
  const save = db.prepare('update auctions set state = ?, seq = ?, updated_at_ms = ? where id = ?')
  const event = db.prepare(
    'insert into auction_events (auction_id, seq, type, payload, at_ms) values (?, ?, ?, ?, ?)',
  )
  const states = new Map<number, AuctionState>()
  const rooms = new Map<number, Set<{ ws: WebSocket; identifier: string }>>()

  return startBareCable({
    db,
    who: (token) => tokens.get(token),
    onFrame: (ws, who, frame) => {
      const id = Number((JSON.parse(frame.identifier) as { auction_id: number }).auction_id)
      if (frame.command === 'subscribe') {
        let state = states.get(id)
        if (!state) {
          state = JSON.parse(load.get(id) as string) as AuctionState
          states.set(id, state)
        }
        const room = rooms.get(id) ?? new Set()
        rooms.set(id, room.add({ ws, identifier: frame.identifier }))
        ws.send(JSON.stringify({ identifier: frame.identifier, type: 'confirm_subscription' }))
        ws.send(
          JSON.stringify({
            identifier: frame.identifier,
            message: { type: 'snapshot', seq: state.seq, bidding_player: lotJson(state) },
          }),
        )
        return
      }
      const body = JSON.parse(frame.data ?? '{}') as { player_id: number; bid_amount: number }
      const state = states.get(id) as AuctionState
      const managerId = who.managers.get(id)
      const lot = state.lot
      const refuse = (error: string) =>
        ws.send(
          JSON.stringify({
            identifier: frame.identifier,
            message: { type: 'bid_refused', code: 'BID_REFUSED', error },
          }),
        )
      if (!lot || managerId === undefined || lot.playerId !== body.player_id)
        return refuse('Bidding on this player is closed')
      const next = nextBid(state)
      if (body.bid_amount !== next) return refuse(`The next bid is ${next}`)
      if (lot.bids.at(-1)?.managerId === managerId) return refuse('You already have the highest bid')
      const now = Date.now()
      lot.bids.push({ managerId, amount: body.bid_amount, atMs: now })
      state.seq++
      const message = {
        type: 'bid',
        seq: state.seq,
        player_id: lot.playerId,
        manager_id: managerId,
        amount: body.bid_amount,
        next_bid_amount: nextBid(state),
        ends_at_in_millis: lot.endsAtMs,
        at_in_millis: now,
        server_time_in_millis: now,
      }
      db.transaction(() => {
        save.run(JSON.stringify(state), state.seq, now, id)
        event.run(id, state.seq, 'bid', JSON.stringify(message), now)
      })()
      for (const sub of rooms.get(id) ?? [])
        sub.ws.send(JSON.stringify({ identifier: sub.identifier, message }))
    },
    onClose: (ws) => {
      for (const room of rooms.values()) for (const sub of room) if (sub.ws === ws) room.delete(sub)
    },
  })
}

function nextBid(state: AuctionState): number {
  const lot = state.lot
  const base = state.players.find((p) => p.id === lot?.playerId)?.basePrice ?? 0
  return nextBidAmount(state.config.bands, base, lot?.bids.at(-1)?.amount ?? null)
}

function lotJson(state: AuctionState) {
  return {
    bidding_player: state.lot ? { id: state.lot.playerId } : null,
    next_bid_amount: state.lot ? nextBid(state) : null,
  }
}
