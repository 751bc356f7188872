import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { data, http } from '../../lib/client'
import { serverNow, serverTimeQuery } from '../../lib/server-time'
import { useChannel } from '../../lib/use-channel'
import { type Auction, asLot, auctionQuery, type Lot, type Manager, managersQuery } from './api'
import { applyLotEvent, applyManagerUpdate, type EngineEvent, needsCard, replay } from './lot-state'

/**
 * The events of each auction seen lately, so a lot fetched while events kept coming is
 * replayed up to date (see `replay`). Module-wide because the query function needs it and
 * the query outlives any one component.
 */
const recent = new Map<number, EngineEvent[]>()
const KEEP_EVENTS = 200

export const lotQuery = (id: number) =>
  queryOptions({
    queryKey: ['auction', id, 'lot'],
    queryFn: async ({ client }) => {
      const lot = asLot(
        await data(http.GET('/api/auctions/{id}/bidding_player', { params: { path: { id } } })),
      )
      syncClock(client, lot.server_time_in_millis)
      return replay(lot, recent.get(id) ?? [])
    },
    staleTime: 5_000,
  })

type Message =
  | EngineEvent
  | {
      type: 'snapshot'
      seq: number
      auction: Auction
      bidding_player: Lot
      managers: Manager[]
    }
  | { type: 'managers_changed'; manager_id: number }
  | { type: 'bid_refused'; code: string; error: string }

/** Keeps the newer of two lots (by the auction's event number). */
function newer(current: Lot | undefined, incoming: Lot): Lot {
  return current && current.seq > incoming.seq ? current : incoming
}

/** Puts a lot from an HTTP answer (a bid's, say) into the cache unless the cache is already ahead. */
export function storeLot(client: QueryClient, id: number, lot: Lot): void {
  const fresh = replay(lot, recent.get(id) ?? [])
  client.setQueryData<Lot>(lotQuery(id).queryKey, (current) => newer(current, fresh))
}

/**
 * Follows an auction over /cable (AuctionChannel) while its pages are open: the snapshot on
 * subscribe, then each engine event in `seq` order. Bids, lot changes and purses are folded
 * into the cached lot and managers; the auction, its players and sales are refetched when an
 * event changes them; a skipped `seq` (or a reconnect) refetches everything. On a fast clock
 * bots bid dozens of times a second, so events are applied in batches: one render per
 * FLUSH_MS at most, not one per event.
 */
export function useAuctionLive(id: number, enabled: boolean) {
  const client = useQueryClient()
  const lot = useQuery({ ...lotQuery(id), enabled })
  const batch = useMemo(() => eventBatch((events) => applyEvents(client, id, events)), [client, id])
  useEffect(() => batch.cancel, [batch])
  const connected = useChannel(enabled ? { channel: 'AuctionChannel', auction_id: id } : null, {
    connected: (first) => {
      if (!first) refresh(client, id, 'all')
    },
    received: (data) => {
      const m = data as Message
      switch (m.type) {
        case 'bid_refused':
          return
        case 'managers_changed':
          refresh(client, id, ['managers'], true)
          return
        case 'snapshot':
          client.setQueryData(auctionQuery(id).queryKey, m.auction)
          client.setQueryData(managersQuery(id).queryKey, m.managers)
          storeLot(client, id, m.bidding_player)
          syncClock(client, m.bidding_player.server_time_in_millis)
          return
      }
      // A manager's own sealed bid comes on their own stream, without the auction's seq.
      if (typeof m.seq !== 'number') {
        refresh(client, id, ['secondary-bids'])
        return
      }
      remember(id, m)
      batch.push(m)
    },
  })
  // After a `lot_opened` the lot needs its player's card: one fetch (repeated if it lost a race).
  const incomplete = needsCard(lot.data)
  const { isFetching, refetch } = lot
  useEffect(() => {
    if (incomplete && !isFetching) void refetch()
  }, [incomplete, isFetching, refetch])
  return { connected, lot }
}

const FLUSH_MS = 60

/** Collects events and hands them over together, at most every FLUSH_MS. */
function eventBatch(flush: (events: EngineEvent[]) => void) {
  let queued: EngineEvent[] = []
  let timer: number | null = null
  return {
    push(e: EngineEvent) {
      queued.push(e)
      timer ??= window.setTimeout(() => {
        timer = null
        const events = queued
        queued = []
        flush(events)
      }, FLUSH_MS)
    },
    cancel() {
      if (timer !== null) window.clearTimeout(timer)
      timer = null
      queued = []
    },
  }
}

/**
 * Refetches parts of an auction (or `'all'` of it) and, with `auction`, the auction itself.
 * A running fetch is left to finish rather than restarted, so a fast stream of events
 * cannot starve it.
 */
function refresh(client: QueryClient, id: number, parts: string[] | 'all', auction = false): void {
  const keys = parts === 'all' ? [['auction', id]] : parts.map((part) => ['auction', id, part])
  for (const queryKey of keys) void client.invalidateQueries({ queryKey }, { cancelRefetch: false })
  if (auction)
    void client.invalidateQueries(
      { queryKey: auctionQuery(id).queryKey, exact: true },
      { cancelRefetch: false },
    )
}

function remember(id: number, e: EngineEvent): void {
  const list = recent.get(id) ?? []
  list.push(e)
  if (list.length > KEEP_EVENTS) list.splice(0, list.length - KEEP_EVENTS)
  recent.set(id, list)
}

/** What each kind of event makes stale beyond the lot and the purses (folded in directly). */
const STALE: Partial<Record<EngineEvent['type'], { parts: string[]; auction?: boolean }>> = {
  manager_updated: { parts: ['franchises'] },
  lot_closed: { parts: ['players', 'bids'], auction: true },
  sealed_assigned: { parts: ['players', 'bids'], auction: true },
  released: { parts: ['players', 'bids'], auction: true },
  round_changed: { parts: ['secondary-bids', 'players'], auction: true },
  paused: { parts: [], auction: true },
  resumed: { parts: [], auction: true },
  completed: { parts: ['players'], auction: true },
  // The refetch brings the new player's card and the bidder's new limit (max_bid_amount).
  lot_opened: { parts: ['lot'] },
}

function applyEvents(client: QueryClient, id: number, events: EngineEvent[]): void {
  const last = events.at(-1)
  if (!last) return
  syncClock(client, last.server_time_in_millis)
  let gap = false
  client.setQueryData<Lot>(lotQuery(id).queryKey, (lot) => {
    if (!lot) return lot
    let out = lot
    for (const e of events) {
      if (e.seq <= out.seq) continue
      if (e.seq > out.seq + 1) {
        gap = true
        break
      }
      out = applyLotEvent(out, e)
    }
    return out
  })
  if (gap) {
    refresh(client, id, 'all')
    return
  }
  const purse = client.getQueryData(auctionQuery(id).queryKey)?.purse
  const updates = events.filter((e) => e.type === 'manager_updated')
  if (purse !== undefined && updates.length > 0)
    client.setQueryData<Manager[]>(managersQuery(id).queryKey, (list) =>
      list ? updates.reduce((out, e) => applyManagerUpdate(out, e, purse), list) : list,
    )
  const parts = new Set<string>()
  let auction = false
  for (const e of events) {
    const stale = STALE[e.type]
    for (const part of stale?.parts ?? []) parts.add(part)
    auction ||= Boolean(stale?.auction)
  }
  if (parts.size > 0 || auction) refresh(client, id, [...parts], auction)
}

/**
 * The countdowns read the server's game clock, which an admin may speed up, pause or jump.
 * Every message carries the server's time; when it strays from our reading of that clock
 * the clock is read again (at most every few seconds, so a fast clock cannot flood it).
 */
const DRIFT_MS = 1500
const SYNC_EVERY_MS = 3000
let lastSyncMs = 0

function syncClock(client: QueryClient, serverTimeMs: number): void {
  if (Math.abs(serverNow() - serverTimeMs) >= DRIFT_MS) resyncClock(client)
}

/**
 * Reads the server's clock again (throttled). Also for a countdown that ran out with no
 * news from the server: the clock may have been paused, and then no message says so.
 */
export function resyncClock(client: QueryClient): void {
  if (Date.now() - lastSyncMs < SYNC_EVERY_MS) return
  lastSyncMs = Date.now()
  void client.fetchQuery({ ...serverTimeQuery, staleTime: 0 })
}
