/**
 * The chat benchmark's loader, in a process of its own (`tsx chat-loader.ts plan.json`) so its
 * sockets and timers do not share a CPU queue with the server it measures. Every member
 * connects to /cable and subscribes to GroupChannel; then members take turns sending messages
 * over HTTP at a fixed rate, and each message's latency is from its POST to its arrival at the
 * last subscriber. Prints one JSON line.
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'

export interface ChatPlan {
  url: string
  uuid: string
  /** Every member's access token (each subscribes; they take turns sending). */
  tokens: string[]
  messagesPerSecond: number
  durationMs: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

function subscribe(url: string, token: string, identifier: string, onMessage: (m: any) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/cable?access_token=${token}`, [
      'actioncable-v1-json',
    ])
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), 30_000)
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type?: string; message?: any }
      if (frame.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }))
      else if (frame.type === 'confirm_subscription') {
        clearTimeout(timer)
        resolve(ws)
      } else if (frame.type === 'reject_subscription') reject(new Error('subscription rejected'))
      else if (frame.message?.type === 'message') onMessage(frame.message)
    })
    ws.on('error', reject)
  })
}

async function main() {
  const plan = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as ChatPlan
  const identifier = JSON.stringify({ channel: 'GroupChannel', group_uuid_id: plan.uuid })
  const sent = new Map<string, number>()
  const received = new Map<string, number>()
  const latencies: number[] = []
  let lastSeq = new Map<WebSocket, number>()
  let outOfOrder = 0
  const sockets: WebSocket[] = []
  for (let i = 0; i < plan.tokens.length; i += 50)
    sockets.push(
      ...(await Promise.all(
        plan.tokens.slice(i, i + 50).map((token) => {
          let ws: WebSocket | undefined
          return subscribe(plan.url, token, identifier, (m) => {
            const key = m.message.identifier_key as string
            const previous = ws ? (lastSeq.get(ws) ?? 0) : 0
            if (ws && m.seq <= previous) outOfOrder++
            if (ws) lastSeq.set(ws, m.seq)
            const n = (received.get(key) ?? 0) + 1
            received.set(key, n)
            const at = sent.get(key)
            if (n === plan.tokens.length && at !== undefined) latencies.push(performance.now() - at)
          }).then((s) => {
            ws = s
            return s
          })
        }),
      )),
    )
  lastSeq = new Map()
  const interval = 1000 / plan.messagesPerSecond
  const start = performance.now()
  let n = 0
  let failures = 0
  const posts: Promise<void>[] = []
  while (performance.now() - start < plan.durationMs) {
    const key = `bench-${n}`
    const token = plan.tokens[n % plan.tokens.length] as string
    sent.set(key, performance.now())
    posts.push(
      fetch(`${plan.url}/api/groups/${plan.uuid}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ identifier_key: key, message: `message ${n}`, message_type: 'text_message' }),
      }).then(async (res) => {
        await res.arrayBuffer()
        if (res.status !== 201) failures++
      }),
    )
    n++
    const due = start + n * interval
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
  }
  await Promise.all(posts)
  const deadline = performance.now() + 5000
  while (latencies.length < n - failures && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20))
  const elapsed = (performance.now() - start) / 1000
  for (const ws of sockets) ws.terminate()
  const sorted = latencies.sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      subscribers: sockets.length,
      messages: n,
      failures,
      delivered_to_all: sorted.length,
      messages_per_s: Math.round((n / elapsed) * 10) / 10,
      p50_ms: Math.round(pct(sorted, 50) * 10) / 10,
      p99_ms: Math.round(pct(sorted, 99) * 10) / 10,
      max_ms: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      out_of_order: outOfOrder,
    }),
  )
}

await main()
