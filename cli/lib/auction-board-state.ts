import type { Schema } from './api-types'
import type { AuctionJson, LotJson } from './auctions'
import type { FeedState } from './cable'

// The live auction board's state: what `auction watch` keeps and the board draws.

/** A franchise of the auction (GET …/managers). */
export type ManagerRow = Schema<'AuctionManager'>

export interface AuctionBoardState {
  auction: AuctionJson
  lot: LotJson
  managers: ManagerRow[]
  /** Server time minus local time when the lot was read: countdowns follow the server clock. */
  offsetMs: number
  log: string[]
  connection: FeedState
}

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
