import type { Deps } from '../../core/deps'
import { type CommandResult, runCommand } from './commands'

// The two moves of a sealed round that live auctions and tournaments share.

/** Places (or replaces) a manager's sealed bid on a player; hidden until the round closes. */
export function placeSealedBid(
  deps: Deps,
  auctionId: number,
  managerId: number,
  bid: { player_id: number; bid_amount: number },
): Promise<CommandResult> {
  return runCommand(deps, auctionId, () => ({
    type: 'sealed_bid',
    managerId,
    playerId: bid.player_id,
    amount: bid.bid_amount,
    atMs: deps.clock.now(),
  }))
}

/** Releases one of a manager's players back to the pool, the price back to the purse. */
export function releasePlayer(
  deps: Deps,
  auctionId: number,
  managerId: number,
  playerId: number,
): Promise<CommandResult> {
  return runCommand(deps, auctionId, () => ({ type: 'release', managerId, playerId, atMs: deps.clock.now() }))
}
