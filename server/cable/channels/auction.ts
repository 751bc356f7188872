import {
  auctionJson,
  auctionStream,
  biddingPlayerJson,
  managerArrived,
  managerJson,
  managerLeft,
  managerOf,
  managerStream,
  managersOf,
  managerView,
  refusedBid,
  roomStream,
  runCommand,
  stateOf,
  tournamentJson,
  violationCode,
  visibleAuction,
} from '../../areas/auctions'
import { AppError } from '../../http/errors'
import type { ChannelContext, ChannelDefinition } from '../types'

/**
 * An auction's live room. Identifier `{"channel":"AuctionChannel","auction_id":3}`. On
 * subscribe: `{type:'snapshot', seq, auction, bidding_player, managers}`; then every engine
 * event with the auction's `seq` (messages with a seq at or below the snapshot's are already in
 * it): `lot_opened`, `bid`, `lot_closed`, `manager_updated`, `round_changed`, `paused` (`remaining_millis`),
 * `resumed`, `sealed_bid` (who, never how much), `sealed_assigned`, `released`, `completed`,
 * and, on its own stream (its own seq), `managers_changed` in the waiting room. A manager also gets their own sealed bids.
 * Action `bid` `{player_id, bid_amount}` bids like `POST …/bid_player`; a refusal comes back
 * to the bidder only as `{type:'bid_refused', code, error}`.
 */
/** A subscription's manager id, once found (a manager's id never changes; their standing is in the state). */
const managerIds = new WeakMap<ChannelContext, number>()
/** Subscriptions that count as their manager being in the room (see takeover.ts). */
const present = new WeakMap<ChannelContext, number>()

/** The manager leaves the room with their subscription (a bot may take over after a while). */
async function left(ctx: ChannelContext, auctionId: unknown) {
  const managerId = present.get(ctx)
  if (managerId === undefined) return
  present.delete(ctx)
  await managerLeft(ctx.deps, Number(auctionId), managerId)
}

/**
 * Enters the room of the auction named by the `param` of the identifier, if the caller may see
 * it and `accepts` it (else the subscription is rejected and null answered): its streams are
 * followed before anything is read — nothing published in between is lost, the seq sorts it
 * out — and a manager also follows their own and is marked present.
 */
async function enterRoom(
  ctx: ChannelContext,
  param: string,
  accepts: (row: NonNullable<Awaited<ReturnType<typeof visibleAuction>>>) => boolean,
): Promise<number | null> {
  const id = Number(ctx.params[param])
  const row =
    Number.isInteger(id) && id > 0
      ? await visibleAuction(ctx.deps.db, id, ctx.user.id).catch(() => null)
      : null
  if (!row || !accepts(row)) {
    ctx.reject()
    return null
  }
  ctx.streamFrom(auctionStream(id))
  ctx.streamFrom(roomStream(id))
  const mine = await managerOf(ctx.deps.db, id, ctx.user.id)
  if (mine) {
    ctx.streamFrom(managerStream(id, mine.id))
    managerIds.set(ctx, mine.id)
    present.set(ctx, mine.id)
    await managerArrived(ctx.deps, id, mine.id)
  }
  return id
}

export const AuctionChannel: ChannelDefinition = {
  name: 'AuctionChannel',
  async subscribed(ctx) {
    const id = await enterRoom(ctx, 'auction_id', () => true)
    if (id === null) return
    const fresh = await visibleAuction(ctx.deps.db, id, ctx.user.id)
    const state = stateOf(ctx.deps, fresh)
    ctx.transmit({
      type: 'snapshot',
      seq: state.seq,
      auction: await auctionJson(ctx.deps, fresh, ctx.user.id),
      bidding_player: await biddingPlayerJson(ctx.deps, fresh, ctx.user.id),
      managers: (await managersOf(ctx.deps.db, id)).map((m) => managerJson(m, state)),
    })
  },
  unsubscribed: (ctx) => left(ctx, ctx.params.auction_id),
  actions: {
    async bid(ctx, data) {
      const id = Number(ctx.params.auction_id)
      const playerId = Number(data.player_id)
      const amount = Number(data.bid_amount)
      const refuse = (code: string, error: string) =>
        ctx.transmit({ type: 'bid_refused', code, error, player_id: playerId })
      if (!Number.isInteger(playerId) || !Number.isInteger(amount) || amount <= 0)
        return refuse('VALIDATION_FAILED', 'player_id and bid_amount must be whole numbers')
      let managerId = managerIds.get(ctx)
      if (managerId === undefined) {
        const mine = await managerOf(ctx.deps.db, id, ctx.user.id)
        if (!mine) return refuse('BID_REFUSED', 'You are not an approved manager here')
        managerId = mine.id
        managerIds.set(ctx, managerId)
      }
      // Only approved managers are in the engine's state: it refuses anyone else.
      const command = { type: 'bid' as const, managerId, playerId, amount, atMs: ctx.deps.clock.now() }
      const refused = await refusedBid(ctx.deps, id, command)
      if (refused) return refuse(violationCode(refused), refused.message)
      try {
        await runCommand(ctx.deps, id, () => ({ ...command, atMs: ctx.deps.clock.now() }))
      } catch (error) {
        if (error instanceof AppError) return refuse(error.code, error.message)
        throw error
      }
    },
  },
}

/**
 * An auction tournament's room. Identifier `{"channel":"AuctionTournamentChannel","tournament_id":3}`.
 * On subscribe `{type:'snapshot', seq, tournament, manager}` (the caller's bid block and
 * active bids); then the same engine events as AuctionChannel — windows open and close as
 * `round_changed`, purchases as `sealed_assigned`, bids as `sealed_bid` without amounts (the
 * bidder's own come with them).
 */
export const AuctionTournamentChannel: ChannelDefinition = {
  name: 'AuctionTournamentChannel',
  async subscribed(ctx) {
    const id = await enterRoom(ctx, 'tournament_id', (row) => row.kind === 'tournament')
    if (id === null) return
    const fresh = await visibleAuction(ctx.deps.db, id, ctx.user.id)
    ctx.transmit({
      type: 'snapshot',
      seq: stateOf(ctx.deps, fresh).seq,
      tournament: await tournamentJson(ctx.deps, fresh, ctx.user.id),
      manager: await managerView(ctx.deps, fresh, ctx.user.id),
    })
  },
  unsubscribed: (ctx) => left(ctx, ctx.params.tournament_id),
}
