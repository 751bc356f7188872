import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { mark, runPlanFile } from './child-figures'

export interface LoadPlan {
  load: 'classroom' | 'league_night'
  url: string
  /** Several nodes of one cluster (`npm run bench -- cluster`): connections go round-robin over them. */
  urls?: string[]
  durationMs: number
  /** classroom: the paced rate of bids. */
  bidsPerSecond?: number
  rooms: Array<{
    auctionId: number
    /** Who may bid: manager id and the token of that manager's user. */
    managers: Array<{ managerId: number; token: string }>
    /** Everyone else in the room (classroom watchers), by token. */
    watchers: string[]
  }>
}

interface Client {
  ws: WebSocket
  room: number
  identifier: string
  managerId: number | null
}

interface RoomState {
  playerId: number
  next: number
  high: number | null
  highManager: number | null
  /** amount → when it was sent (by its bidder). */
  sent: Map<number, number>
  /** amount → receipts so far. */
  received: Map<number, number>
  size: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** Connects, subscribes and resolves with the socket and the room's snapshot (sent after the confirm). */
function connect(url: string, token: string, identifier: string) {
  return new Promise<{ ws: WebSocket; snapshot: Record<string, any> }>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/cable?access_token=${token}`, [
      'actioncable-v1-json',
    ])
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), 20_000)
    ws.on('message', function first(data) {
      const frame = JSON.parse(String(data)) as { type?: string; message?: Record<string, any> }
      if (frame.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }))
      if (frame.message?.type === 'snapshot') {
        clearTimeout(timer)
        ws.off('message', first)
        resolve({ ws, snapshot: frame.message })
      }
      if (frame.type === 'reject_subscription' || frame.type === 'disconnect')
        reject(new Error(`refused: ${String(data)}`))
    })
    ws.on('error', reject)
  })
}

export async function runLoad(plan: LoadPlan) {
  const clients: Client[] = []
  const rooms = new Map<number, RoomState>()
  const latencies: number[] = []
  let accepted = 0
  let refused = 0
  let outOfOrder = 0
  // Per client, per lot: the highest amount it has seen (a lower one after it is out of order).
  const seen = new Map<Client, { player: number; amount: number }>()

  const urls = plan.urls ?? [plan.url]
  let connections = 0
  for (const room of plan.rooms) {
    const identifier = JSON.stringify({ channel: 'AuctionChannel', auction_id: room.auctionId })
    const tokens = [
      ...room.managers.map((m) => ({ token: m.token, managerId: m.managerId })),
      ...room.watchers.map((token) => ({ token, managerId: null })),
    ]
    // In batches: the server's connect path is not what is measured.
    let snapshot: Record<string, any> = {}
    for (let i = 0; i < tokens.length; i += 25) {
      const batch = await Promise.all(
        tokens.slice(i, i + 25).map(async (t) => ({
          ...(await connect(urls[connections++ % urls.length] as string, t.token, identifier)),
          managerId: t.managerId,
        })),
      )
      for (const b of batch)
        clients.push({ ws: b.ws, room: room.auctionId, identifier, managerId: b.managerId })
      snapshot = batch.at(-1)?.snapshot ?? snapshot
    }
    rooms.set(room.auctionId, {
      playerId: snapshot.bidding_player?.bidding_player?.id ?? 0,
      next: snapshot.bidding_player?.next_bid_amount ?? 0,
      high: null,
      highManager: null,
      sent: new Map(),
      received: new Map(),
      size: tokens.length,
    })
  }

  let measuring = false
  const onBid: Array<(room: number, amount: number, manager: number) => void> = []
  for (const c of clients) {
    c.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { message?: Record<string, any>; type?: string }
      const m = frame.message
      if (!m) return
      const state = rooms.get(c.room) as RoomState
      if (m.type === 'bid_refused') {
        if (measuring) refused++
        return
      }
      if (m.type !== 'bid') return
      const last = seen.get(c)
      if (last && last.player === m.player_id && m.amount <= last.amount) outOfOrder++
      seen.set(c, { player: m.player_id, amount: m.amount })
      const count = (state.received.get(m.amount) ?? 0) + 1
      state.received.set(m.amount, count)
      if (count === 1) {
        // The first copy of a new high bid: the room's state moves on.
        state.high = m.amount
        state.highManager = m.manager_id
        state.next = m.next_bid_amount
        state.playerId = m.player_id
        if (measuring) accepted++
        for (const f of onBid) f(c.room, m.amount, m.manager_id)
      }
      if (count === state.size) {
        const sentAt = state.sent.get(m.amount)
        if (sentAt !== undefined && measuring) latencies.push(performance.now() - sentAt)
        state.sent.delete(m.amount)
        state.received.delete(m.amount)
      }
    })
  }

  const bidder = (room: number, managerId: number) =>
    clients.find((c) => c.room === room && c.managerId === managerId) as Client
  const send = (c: Client, state: RoomState) => {
    if (!state.sent.has(state.next)) state.sent.set(state.next, performance.now())
    c.ws.send(
      JSON.stringify({
        command: 'message',
        identifier: c.identifier,
        data: JSON.stringify({ action: 'bid', player_id: state.playerId, bid_amount: state.next }),
      }),
    )
  }

  mark('start')
  const started = performance.now()
  measuring = true
  if (plan.load === 'classroom') {
    // One bid every 1/rate s, from the managers in turn (never the current high bidder).
    const room = plan.rooms[0] as LoadPlan['rooms'][number]
    const state = rooms.get(room.auctionId) as RoomState
    const interval = 1000 / (plan.bidsPerSecond ?? 50)
    let turn = 0
    for (let i = 0; performance.now() - started < plan.durationMs; i++) {
      const due = started + i * interval
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      let m = room.managers[turn++ % room.managers.length] as { managerId: number }
      if (m.managerId === state.highManager)
        m = room.managers[turn++ % room.managers.length] as { managerId: number }
      send(bidder(room.auctionId, m.managerId), state)
      // Sequential, as one auctioneer's room is: the next bid waits for this one to land.
      // (Waiting on the event, not spinning: the loader shares the machine's two cores.)
      const amount = state.next
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 1000)
        function done() {
          clearTimeout(timer)
          onBid.splice(onBid.indexOf(landed), 1)
          resolve()
        }
        function landed(_room: number, got: number) {
          if (got >= amount) done()
        }
        onBid.push(landed)
      })
    }
  } else {
    // Every manager outbids as soon as someone else holds the high bid.
    const race = (room: number, _amount: number, manager: number) => {
      if (performance.now() - started > plan.durationMs) return
      const state = rooms.get(room) as RoomState
      const r = plan.rooms.find((x) => x.auctionId === room) as LoadPlan['rooms'][number]
      for (const m of r.managers) if (m.managerId !== manager) send(bidder(room, m.managerId), state)
    }
    onBid.push(race)
    for (const r of plan.rooms) {
      const state = rooms.get(r.auctionId) as RoomState
      send(bidder(r.auctionId, (r.managers[0] as { managerId: number }).managerId), state)
    }
    await new Promise((r) => setTimeout(r, plan.durationMs))
  }
  const elapsed = performance.now() - started
  measuring = false
  mark('end')
  await new Promise((r) => setTimeout(r, 500))
  for (const c of clients) c.ws.close()

  latencies.sort((a, b) => a - b)
  const round = (x: number) => Math.round(x * 100) / 100
  return {
    load: plan.load,
    rooms: plan.rooms.length,
    subscribers: clients.length,
    bids_per_s: round((accepted / elapsed) * 1000),
    accepted,
    refused,
    p50_ms: round(pct(latencies, 50)),
    p99_ms: round(pct(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? 0),
    measured: latencies.length,
    out_of_order: outOfOrder,
  }
}

runPlanFile(runLoad)
