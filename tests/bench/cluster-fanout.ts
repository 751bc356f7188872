import { performance } from 'node:perf_hooks'
import type WebSocket from 'ws'
import { subscribeCable } from './cable-client'
import { mark, runPlanFile } from './child-figures'

export interface FanoutPlan {
  urls: string[]
  token: string
  adminToken: string
  matchId: number
  subscribers: number
  eventsPerSecond: number
  durationMs: number
  /** The match's events in order (lineups first), posted one per tick. */
  events: unknown[]
}

const TAIL_SEQ = /"seq":(\d+)\}\}$/
const TYPE = /"message":\{"type":"(\w+)"/
const EVENT_SEQ = /"event":\{[^{}]*?"seq":(\d+)/

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

export async function runFanout(plan: FanoutPlan) {
  const identifier = JSON.stringify({ channel: 'MatchChannel', match_id: plan.matchId })
  let measuring = false
  let delivered = 0
  let outOfOrder = 0
  let lastReceipt = 0
  /** Every receipt of an `event` message: its seq and when it arrived. */
  const receipts: Array<[number, number]> = []

  const subscribe = (url: string) => {
    let lastSeq = 0
    const count = (type: string, seq: number | undefined, eventSeq: number | undefined) => {
      delivered++
      lastReceipt = performance.now()
      if (typeof seq === 'number') {
        if (seq <= lastSeq) outOfOrder++
        lastSeq = seq
      }
      if (type === 'event' && eventSeq !== undefined) receipts.push([eventSeq, lastReceipt])
    }
    /**
     * The loader reads 100,000 frames a second at this size: a data frame whose stream seq
     * ends it (`…,"seq":N}}`, as the bus writes it) is counted from a scan of the text, not
     * a parse of a whole scoreboard summary. Anything else is parsed.
     */
    const fast = (text: string) => {
      const tail = TAIL_SEQ.exec(text)
      const type = TYPE.exec(text)
      if (!tail || !type) return false
      const eventSeq = type[1] === 'event' ? EVENT_SEQ.exec(text) : null
      if (type[1] === 'event' && !eventSeq) return false
      count(type[1] as string, Number(tail[1]), eventSeq ? Number(eventSeq[1]) : undefined)
      return true
    }
    type Message = { type: string; seq?: number; event?: { seq: number } }
    return subscribeCable<Message>(url, plan.token, identifier, {
      timeoutMs: 60_000,
      // Pings are most of what an idle socket gets; skip them without parsing.
      scan: (text) => text.startsWith('{"type":"ping"') || (measuring && fast(text)),
      onMessage: (m) => {
        if (m.type === 'snapshot' || !measuring) return
        count(m.type, m.seq, m.event?.seq)
      },
    })
  }

  const sockets: WebSocket[] = []
  for (let i = 0; i < plan.subscribers; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, plan.subscribers - i) }, (_, k) =>
          subscribe(plan.urls[(i + k) % plan.urls.length] as string),
        ),
      )),
    )

  // Sequential posts at the planned rate: each ball's seq comes back in its answer.
  const sentAt = new Map<number, number>()
  let posted = 0
  let failed = 0
  let firstFailure = ''
  measuring = true
  mark('start')
  const started = performance.now()
  const interval = 1000 / plan.eventsPerSecond
  for (let i = 0; i < plan.events.length && performance.now() - started < plan.durationMs; i++) {
    const wait = started + i * interval - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const url = plan.urls[i % plan.urls.length] as string
    const at = performance.now()
    const res = await fetch(`${url}/api/admin/matches/${plan.matchId}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plan.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: [plan.events[i]] }),
    })
    const text = await res.text()
    let body: { last_seq?: number } = {}
    try {
      body = JSON.parse(text)
    } catch {
      // A failure answered in plain text: counted below, its text kept.
    }
    if (res.ok && typeof body.last_seq === 'number') {
      posted++
      sentAt.set(body.last_seq, at)
    } else {
      failed++
      firstFailure ||= `${res.status} ${text.slice(0, 200)}`
    }
  }
  const sending = performance.now() - started
  // Let the last balls reach everyone (or not: what is missing counts as lost).
  const expected = posted * sockets.length
  const settleBy = performance.now() + 10_000
  while (receipts.length < expected && performance.now() < settleBy)
    await new Promise((r) => setTimeout(r, 50))
  measuring = false
  mark('end')
  // Messages per second while they were arriving: from the first post to the last receipt.
  const elapsed = Math.max(lastReceipt, started + sending) - started
  for (const ws of sockets) ws.terminate()

  const latencies = receipts
    .map(([seq, at]) => at - (sentAt.get(seq) ?? Number.NaN))
    .filter((x) => Number.isFinite(x))
    .sort((a, b) => a - b)
  const round = (x: number) => Math.round(x * 100) / 100
  return {
    subscribers: sockets.length,
    events_posted: posted,
    events_failed: failed,
    events_per_s: round((posted / sending) * 1000),
    delivered,
    delivered_per_s: round((delivered / elapsed) * 1000),
    event_receipts: receipts.length,
    event_receipts_expected: expected,
    p50_ms: round(pct(latencies, 50)),
    p99_ms: round(pct(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? 0),
    out_of_order: outOfOrder,
    first_failure: firstFailure || null,
  }
}

runPlanFile(runFanout)
