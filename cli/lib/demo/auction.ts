import type { Answer } from '../api-types'
import type { AuctionJson, LotJson } from '../auctions'
import type { DemoClient } from './client'
import { isRefusal } from './client'
import type { DemoAuction, DemoState } from './types'

/** Game time the waiting room stays open: time for the instructor to join with the code. */
export const WAITING_ROOM_MS = 20 * 60_000
export const AUCTION_BOTS = 6

/**
 * Lots are timed on the game clock, like everything else: at 20× a 15 s lot would be gone in
 * under a second. Six real seconds a lot, within the API's 15–120 s range.
 */
export function lotSeconds(speed: number): number {
  return Math.min(120, Math.max(15, Math.round(6 * speed)))
}

/** A match auction owned by the admin, six seeded bots seated, opening on the game clock. */
export async function openAuction(
  admin: DemoClient,
  state: DemoState,
  matchId: number,
): Promise<DemoAuction> {
  const number = state.auctions.length + 1
  const startsAtMs = state.clock.now_in_millis + WAITING_ROOM_MS
  const { new_auction: made } = await admin.post<{ new_auction: AuctionJson }>('/api/auctions', {
    name: `Demo Auction ${number}`,
    match_id: matchId,
    purse: 2000,
    squad_min: 3,
    squad_max: 5,
    balanced: false,
    lot_seconds: lotSeconds(state.clock.speed),
    starts_at_in_millis: startsAtMs,
  })
  const seated = await admin.post<Answer<'/api/auctions/{id}/bots', 'post'>>(
    `/api/auctions/${made.id}/bots`,
    { count: AUCTION_BOTS, strategy: 'mixed' },
  )
  const auction: DemoAuction = {
    id: made.id,
    code: made.code ?? '',
    name: made.name,
    matchId,
    startsAtMs,
    status: made.status,
    phase: made.phase,
    sold: 0,
    players: made.players_count,
    spent: 0,
    onTheBlock: null,
    pending: [],
    approved: [],
  }
  state.auctions.push(auction)
  state.steps.push(
    `auction ${auction.id} ${seated.bots.map((b) => `${b.franchise_name}:${b.strategy}`).join(',')}`,
  )
  return auction
}

/**
 * One look at the auction and the owner's next move: open it when its time has come, and
 * close it once the open round has sold what it could (no sealed rounds in a demo: they
 * wait on hours of clock that a class does not have).
 */
export async function advanceAuction(
  admin: DemoClient,
  state: DemoState,
  auction: DemoAuction,
): Promise<void> {
  const { new_auction: a } = await admin.get<{ new_auction: AuctionJson }>(`/api/auctions/${auction.id}`)
  auction.status = a.status
  auction.phase = a.phase
  auction.sold = a.sold_count
  auction.players = a.players_count
  try {
    // Whoever joins with the printed code is welcome: approved at once, and again right
    // before the start (which declines anyone still pending).
    if (a.phase === 'waiting') await approveJoiners(admin, state, auction)
    if (a.phase === 'waiting' && state.clock.now_in_millis >= auction.startsAtMs) {
      await admin.post(`/api/auctions/${auction.id}/start`)
      state.steps.push(`auction ${auction.id} started`)
    } else if (a.phase === 'between') {
      await admin.post(`/api/auctions/${auction.id}/complete`)
      state.steps.push(`auction ${auction.id} completed: ${a.sold_count}/${a.players_count} sold`)
    }
  } catch (error) {
    // The clock or a person moved the auction first: the next look sees where it is.
    if (!isRefusal(error)) throw error
  }
  if (a.phase !== 'open') {
    auction.onTheBlock = null
  } else {
    const lot = await admin.get<LotJson>(`/api/auctions/${auction.id}/bidding_player`)
    const top = lot.player_bids[0]
    auction.onTheBlock = lot.bidding_player
      ? `${lot.bidding_player.display_name}${top ? ` — ${top.amount} by ${top.franchise_name}` : ''}`
      : null
  }
  const { managers } = await admin.get<Answer<'/api/auctions/{id}/managers'>>(
    `/api/auctions/${auction.id}/managers`,
  )
  auction.spent = managers.reduce((sum, m) => sum + m.spent, 0)
  const people = managers.filter((m) => !m.is_bot)
  auction.pending = people.filter((m) => m.status === 'pending').map((m) => m.user.username)
  auction.approved = people.filter((m) => m.status === 'approved').map((m) => m.user.username)
}

/** Approves every pending manager of the auction (the people who joined with its code). */
async function approveJoiners(admin: DemoClient, state: DemoState, auction: DemoAuction): Promise<void> {
  const { approved } = await admin.post<Answer<'/api/auctions/{id}/managers/approve_all', 'post'>>(
    `/api/auctions/${auction.id}/managers/approve_all`,
  )
  // Not in the step log: who joins is up to people, and the log must replay from the seed.
  if (approved.length > 0)
    state.note = `approved ${approved.map((m) => m.user.username).join(', ')} in auction ${auction.id}`
}

/** Ctrl-C: an auction still open is paused (its lot keeps its time), so nothing sells unseen. */
export async function pauseAuction(admin: DemoClient, auction: DemoAuction): Promise<string> {
  if (auction.phase === 'open') {
    try {
      await admin.post(`/api/auctions/${auction.id}/pause`)
      return `auction ${auction.id} paused at ${auction.sold}/${auction.players} sold (fanspole auction resume ${auction.id})`
    } catch (error) {
      if (!isRefusal(error)) throw error
    }
  }
  return `auction ${auction.id} ${auction.phase}: ${auction.sold}/${auction.players} sold`
}
