import type { SecondaryBid } from './api'

/**
 * My sealed bids as this browser last saw them, per auction and round. The server shows a
 * manager's sealed bids only while the round runs (GET secondary_bids is empty after the
 * close), so the "my sealed bids" page keeps them here to show how each one ended.
 */
export interface RememberedBid {
  round: number
  player_id: number
  bid_amount: number
  name: string
}

const key = (auctionId: number) => `auction_sealed_bids_${auctionId}`

export function rememberedBids(auctionId: number): RememberedBid[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key(auctionId)) ?? '[]') as unknown
    return Array.isArray(parsed) ? (parsed as RememberedBid[]) : []
  } catch {
    return []
  }
}

/** Records the round's bids as the server has them now (they replace what was kept for that round). */
export function rememberBids(auctionId: number, round: number, bids: SecondaryBid[]): void {
  if (bids.length === 0) return
  const others = rememberedBids(auctionId).filter((b) => b.round !== round)
  const mine = bids.map((b) => ({
    round,
    player_id: b.player_id,
    bid_amount: b.bid_amount,
    name: b.player?.display_name ?? `Player ${b.player_id}`,
  }))
  localStorage.setItem(key(auctionId), JSON.stringify([...others, ...mine]))
}
