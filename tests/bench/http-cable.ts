/**
 * The cable-busy variant's load, in a process of its own: `subscribers` Action Cable
 * connections following one match (`MatchChannel`), and, while told to (`busy` / `quiet` on
 * stdin), ball events posted to the admin API at a fixed rate, so every ball is broadcast to
 * every subscriber while the HTTP loader measures plain GETs. Prints `ready` once everyone
 * is subscribed, and a JSON line of what the subscribers received when stdin ends.
 */
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import type WebSocket from 'ws'
import { subscribeCable } from './cable-client'

export interface CablePlan {
  url: string
  token: string
  adminToken: string
  matchId: number
  subscribers: number
  eventsPerSecond: number
  /** The match's events in order (lineups first), posted one per tick. */
  events: unknown[]
}

const plan = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as CablePlan
const identifier = JSON.stringify({ channel: 'MatchChannel', match_id: plan.matchId })
let frames = 0
let outOfOrder = 0

function subscribe(): Promise<WebSocket> {
  let lastSeq = 0
  return subscribeCable<{ type: string; seq?: number }>(plan.url, plan.token, identifier, {
    timeoutMs: 30_000,
    onMessage: (m) => {
      if (m.type === 'snapshot') return
      frames++
      if (typeof m.seq === 'number') {
        if (m.seq <= lastSeq) outOfOrder++
        lastSeq = m.seq
      }
    },
  })
}

const sockets: WebSocket[] = []
for (let i = 0; i < plan.subscribers; i += 50)
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, plan.subscribers - i) }, subscribe))))

let busy = false
let posted = 0
let failed = 0
let next = 0
const tick = setInterval(async () => {
  if (!busy || next >= plan.events.length) return
  const event = plan.events[next++]
  const res = await fetch(`${plan.url}/api/admin/matches/${plan.matchId}/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${plan.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events: [event] }),
  })
  await res.arrayBuffer()
  if (res.ok) posted++
  else failed++
}, 1000 / plan.eventsPerSecond)

console.log('ready')
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  busy = line.trim() === 'busy'
  console.log(`ack ${line.trim()}`)
})
lines.on('close', () => {
  clearInterval(tick)
  for (const ws of sockets) ws.terminate()
  console.log(
    JSON.stringify({
      subscribers: sockets.length,
      events_posted: posted,
      events_failed: failed,
      frames,
      out_of_order: outOfOrder,
    }),
  )
  process.exit(0)
})
