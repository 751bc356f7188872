/**
 * The chat benchmark's loader, in a process of its own (`tsx chat-loader.ts plan.json`) so its
 * sockets and timers do not share a CPU queue with the server it measures. Every member
 * connects to /cable and subscribes to GroupChannel; then members take turns sending messages
 * over HTTP at a fixed rate, and each message's latency is from its POST to its arrival at the
 * last subscriber. Prints one JSON line.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type WebSocket from 'ws'
import { subscribeCable } from './cable-client'
import { mark } from './child-figures'

export type ChatPlan = OneGroupPlan | ManyGroupsPlan

/** Second load: many small groups, every group chatting at once, one message in flight each. */
export interface ManyGroupsPlan {
  load: 'many_groups'
  url: string
  /** Each group's members' tokens. */
  groups: Array<{ uuid: string; tokens: string[] }>
  /** Prefix of this run's identifier keys (a key already stored would be answered as a retry). */
  run: string
  warmupMs: number
  durationMs: number
}

export interface OneGroupPlan {
  load: 'one_big_group'
  url: string
  uuid: string
  /** Every member's access token (each subscribes; they take turns sending). */
  tokens: string[]
  messagesPerSecond: number
  /** Prefix of this run's identifier keys (a key already stored would be answered as a retry). */
  run: string
  /** Sent at the same rate first and not counted: JIT, the first send's notifications for everyone. */
  warmupMs: number
  durationMs: number
  /** A file for one line of timings per message (`--dump`). */
  dump?: string
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

const KEY = /"identifier_key":"([^"]+)"/
const SEQ = /"seq":(\d+)\}\}$/

/**
 * Connects and subscribes. Once confirmed, a `message` frame is read for its key and seq only
 * (two regular expressions, not a JSON.parse of each of 25,000 frames a second) and UTF-8 is
 * not validated: the loader shares the machine with the server it measures, and its own CPU
 * would otherwise show up as latency. Both servers' frames are read the same way.
 */
function subscribe(
  url: string,
  token: string,
  identifier: string,
  onMessage: (seq: number, key: string) => void,
) {
  return subscribeCable(url, token, identifier, {
    timeoutMs: 30_000,
    socket: { perMessageDeflate: false, skipUTF8Validation: true },
    scan: (text, confirmed) => {
      if (!confirmed) return false
      if (!text.includes('"type":"message"')) return true
      const key = KEY.exec(text)?.[1]
      const seq = SEQ.exec(text)?.[1]
      if (key !== undefined && seq !== undefined) onMessage(Number(seq), key)
      return true
    },
  })
}

async function oneBigGroup(plan: OneGroupPlan) {
  const measuredKey = `${plan.run}-bench-`
  const identifier = JSON.stringify({ channel: 'GroupChannel', group_uuid_id: plan.uuid })
  const sent = new Map<string, number>()
  const received = new Map<string, number>()
  const latencies: number[] = []
  const firstAt = new Map<string, number>()
  const lastAt = new Map<string, number>()
  const answered = new Map<string, number>()
  let lastSeq = new Map<WebSocket, number>()
  let outOfOrder = 0
  const sockets: WebSocket[] = []
  for (let i = 0; i < plan.tokens.length; i += 50)
    sockets.push(
      ...(await Promise.all(
        plan.tokens.slice(i, i + 50).map((token) => {
          let ws: WebSocket | undefined
          return subscribe(plan.url, token, identifier, (seq, key) => {
            const previous = ws ? (lastSeq.get(ws) ?? 0) : 0
            if (ws && seq <= previous) outOfOrder++
            if (ws) lastSeq.set(ws, seq)
            const n = (received.get(key) ?? 0) + 1
            received.set(key, n)
            const at = sent.get(key)
            if (n === 1) firstAt.set(key, performance.now())
            if (n === plan.tokens.length && at !== undefined && key.startsWith(measuredKey)) {
              latencies.push(performance.now() - at)
              lastAt.set(key, performance.now())
            }
          }).then((s) => {
            ws = s
            return s
          })
        }),
      )),
    )
  lastSeq = new Map()
  const interval = 1000 / plan.messagesPerSecond
  let cpu0 = process.cpuUsage()
  const begin = performance.now()
  let start = begin
  let n = 0
  let warm = 0
  let failures = 0
  const posts: Promise<void>[] = []
  while (performance.now() - begin < plan.warmupMs + plan.durationMs) {
    const warming = performance.now() - begin < plan.warmupMs
    if (!warming && warm === 0) {
      warm = n
      mark('start')
      start = performance.now()
      cpu0 = process.cpuUsage()
    }
    const key = warming ? `${plan.run}-warm-${n}` : `${measuredKey}${n}`
    const token = plan.tokens[n % plan.tokens.length] as string
    sent.set(key, performance.now())
    posts.push(
      fetch(`${plan.url}/api/groups/${plan.uuid}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ identifier_key: key, message: `message ${n}`, message_type: 'text_message' }),
      }).then(async (res) => {
        await res.arrayBuffer()
        answered.set(key, performance.now())
        if (res.status !== 201 && !warming) failures++
      }),
    )
    n++
    const due = start + n * interval
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
  }
  await Promise.all(posts)
  const deadline = performance.now() + 5000
  const counted = n - warm
  while (latencies.length < counted - failures && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20))
  const elapsed = (performance.now() - start) / 1000
  mark('end')
  for (const ws of sockets) ws.terminate()
  const cpu = process.cpuUsage(cpu0)
  if (plan.dump) {
    // One line per message: key, sent (epoch ms), then POST answered, first and last receipt (ms after sending).
    const o = performance.timeOrigin
    const rows = [...sent.entries()].map(([k, t]) =>
      [k, o + t, (answered.get(k) ?? NaN) - t, (firstAt.get(k) ?? NaN) - t, (lastAt.get(k) ?? NaN) - t]
        .map((x) => (typeof x === 'number' ? Math.round(x * 10) / 10 : x))
        .join(' '),
    )
    writeFileSync(plan.dump, rows.join('\n'))
  }
  const sorted = latencies.sort((a, b) => a - b)
  const phase = (m: Map<string, number>) =>
    [...m.entries()]
      .filter(([k]) => k.startsWith(measuredKey))
      .map(([k, t]) => t - (sent.get(k) ?? t))
      .sort((a, b) => a - b)
  const posted = phase(answered)
  const first = phase(firstAt)
  const round = (x: number) => Math.round(x * 10) / 10
  console.log(
    JSON.stringify({
      subscribers: sockets.length,
      warmup_messages: warm,
      messages: counted,
      failures,
      delivered_to_all: sorted.length,
      messages_per_s: round(counted / elapsed),
      p50_ms: round(pct(sorted, 50)),
      p95_ms: round(pct(sorted, 95)),
      p99_ms: round(pct(sorted, 99)),
      max_ms: round(sorted.at(-1) ?? 0),
      // Where the time goes: the POST's answer (the send path, ends after the fan-out started)
      // and the first subscriber's receipt (send path + one socket write + one read here).
      post_answer_p50_ms: round(pct(posted, 50)),
      post_answer_p99_ms: round(pct(posted, 99)),
      first_receipt_p50_ms: round(pct(first, 50)),
      first_receipt_p99_ms: round(pct(first, 99)),
      loader_cpu_pct: Math.round(((cpu.user + cpu.system) / 1000 / (elapsed * 1000)) * 100),
      out_of_order: outOfOrder,
    }),
  )
}

/**
 * Every group keeps one message in flight: a member `speak`s over its socket, and when the
 * message has reached all the group's subscribers the next member speaks. Throughput is the
 * `message` frames received per second after the warm-up, over every socket.
 */
async function manyGroups(plan: ManyGroupsPlan) {
  let delivered = 0
  let outOfOrder = 0
  let counting = false
  const latencies: number[] = []
  const groups = plan.groups.map((g) => ({
    ...g,
    identifier: JSON.stringify({ channel: 'GroupChannel', group_uuid_id: g.uuid }),
    sockets: [] as WebSocket[],
    n: 0,
    got: 0,
    sentAt: 0,
  }))
  let stopping = false
  const speak = (group: (typeof groups)[number]) => {
    if (stopping) return
    group.got = 0
    group.sentAt = performance.now()
    const ws = group.sockets[group.n % group.sockets.length] as WebSocket
    const data = {
      action: 'speak',
      identifier_key: `${plan.run}-${group.n++}`,
      message: `message ${group.n}`,
      message_type: 'text_message',
    }
    ws.send(JSON.stringify({ command: 'message', identifier: group.identifier, data: JSON.stringify(data) }))
  }
  const all = groups.flatMap((group) => group.tokens.map((token) => ({ group, token })))
  for (let i = 0; i < all.length; i += 50)
    await Promise.all(
      all.slice(i, i + 50).map(async ({ group, token }) => {
        let last = 0
        const ws = await subscribe(plan.url, token, group.identifier, (seq) => {
          if (seq <= last) outOfOrder++
          last = seq
          if (counting) delivered++
          if (++group.got === group.sockets.length) {
            if (counting) latencies.push(performance.now() - group.sentAt)
            speak(group)
          }
        })
        group.sockets.push(ws)
      }),
    )
  for (const group of groups) speak(group)
  await new Promise((r) => setTimeout(r, plan.warmupMs))
  const cpu0 = process.cpuUsage()
  mark('start')
  counting = true
  const start = performance.now()
  await new Promise((r) => setTimeout(r, plan.durationMs))
  counting = false
  mark('end')
  const seconds = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpu0)
  stopping = true
  const count = delivered
  const sockets = groups.reduce((n, g) => n + g.sockets.length, 0)
  for (const group of groups) for (const ws of group.sockets) ws.terminate()
  const sorted = latencies.sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      subscribers: sockets,
      delivered_per_s: Math.round(count / seconds),
      messages_per_s: Math.round(sorted.length / seconds),
      p50_ms: Math.round(pct(sorted, 50) * 10) / 10,
      p99_ms: Math.round(pct(sorted, 99) * 10) / 10,
      loader_cpu_pct: Math.round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100),
      out_of_order: outOfOrder,
    }),
  )
}

const plan = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as ChatPlan
if (plan.load === 'many_groups') await manyGroups(plan)
else await oneBigGroup(plan)
