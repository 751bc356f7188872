/**
 * The connection benchmark's clients, in a process of their own (`cable-loader.ts <url> <tokens
 * file>`), driven from stdin (child-lines.ts):
 * `connect N` — opens N `/cable` sockets at once (one synchronous loop, socket i signed in with
 * token i), and answers when every one was welcomed or failed: welcome latency from the socket's
 * creation, p50/p95/p99/max; `subscribe` — every open socket subscribes to NotificationsChannel,
 * answered once all are confirmed; `close` — closes them all and waits until each has closed.
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { answerLines } from './child-lines'

const [url, tokensFile] = process.argv.slice(2) as [string, string]
const tokens = (JSON.parse(readFileSync(tokensFile, 'utf8')) as Array<[string, number]>).map(([t]) => t)
const IDENTIFIER = JSON.stringify({ channel: 'NotificationsChannel' })
const SUBSCRIBE = JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER })
const TIMEOUT_MS = 120_000

let sockets: WebSocket[] = []
/** Called with each socket's next frame of interest (welcome, confirm/reject). */
const awaiting = new Map<WebSocket, (type: string) => void>()

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const ms = (x: number) => Math.round(x * 10) / 10

function open(n: number) {
  const latencies: number[] = []
  let failed = 0
  let firstError = ''
  return new Promise<Record<string, number | string>>((resolve) => {
    let pending = n
    const started = performance.now()
    const settle = () => {
      if (--pending > 0) return
      latencies.sort((a, b) => a - b)
      resolve({
        welcomed: latencies.length,
        failed,
        first_error: firstError,
        p50_ms: ms(pct(latencies, 50)),
        p95_ms: ms(pct(latencies, 95)),
        p99_ms: ms(pct(latencies, 99)),
        max_ms: ms(latencies.at(-1) ?? 0),
        all_ms: ms(performance.now() - started),
      })
    }
    for (let i = 0; i < n; i++) {
      const at = performance.now()
      const ws = new WebSocket(
        `${url.replace(/^http/, 'ws')}/cable?access_token=${tokens[i % tokens.length]}`,
        ['actioncable-v1-json'],
        { perMessageDeflate: false, handshakeTimeout: TIMEOUT_MS },
      )
      let done = false
      const finish = (ok: boolean, error?: string) => {
        if (done) return
        done = true
        if (ok) latencies.push(performance.now() - at)
        else {
          failed++
          firstError ||= error ?? 'closed before welcome'
        }
        settle()
      }
      awaiting.set(ws, (type) => {
        if (type === 'welcome') finish(true)
      })
      ws.on('message', (data) => {
        const text = String(data)
        if (text.startsWith('{"type":"ping"')) return
        const type = /"type":"(\w+)"/.exec(text)?.[1] ?? ''
        awaiting.get(ws)?.(type)
      })
      ws.on('error', (error) => finish(false, String(error)))
      ws.on('close', () => finish(false))
      sockets.push(ws)
    }
  })
}

function subscribe() {
  const live = sockets.filter((ws) => ws.readyState === WebSocket.OPEN)
  return new Promise<Record<string, number>>((resolve) => {
    let pending = live.length
    let confirmed = 0
    const started = performance.now()
    for (const ws of live) {
      let done = false
      awaiting.set(ws, (type) => {
        if (done || (type !== 'confirm_subscription' && type !== 'reject_subscription')) return
        done = true
        if (type === 'confirm_subscription') confirmed++
        if (--pending === 0)
          resolve({ confirmed, refused: live.length - confirmed, all_ms: ms(performance.now() - started) })
      })
      ws.send(SUBSCRIBE)
    }
  })
}

async function closeAll() {
  const closing = sockets.map(
    (ws) =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve()
        ws.once('close', () => resolve())
        ws.close()
      }),
  )
  await Promise.all(closing)
  const closed = sockets.length
  sockets = []
  awaiting.clear()
  return { closed }
}

answerLines(
  async (command) => {
    const [name, arg] = command.split(' ')
    if (name === 'connect') return open(Number(arg))
    if (name === 'subscribe') return subscribe()
    if (name === 'close') return closeAll()
    throw new Error(`unknown command ${command}`)
  },
  () => process.exit(0),
)
