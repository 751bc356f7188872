/**
 * The HTTP benchmark's loader, run in a process of its own (`tsx http-loader.ts '<json>'`,
 * pinned to its own CPU): `connections` keep-alive sockets, each sending the next GET as soon
 * as the previous answer is complete (a closed loop, no pipelining), for `durationMs`. It
 * speaks HTTP/1.1 on raw sockets because node's http client costs more CPU per request than
 * the servers it measures; it understands Content-Length and chunked answers. Prints one JSON
 * line: requests, req/s, p50/p99 in ms, non-2xx answers and bytes per answer. Before it, the
 * lines `window start` and `window end` mark the measured window as it happens.
 */
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

export interface LoaderPlan {
  url: string
  paths: string[]
  headers: Record<string, string>
  connections: number
  durationMs: number
  warmupMs: number
}

export interface LoaderResult {
  requests: number
  rps: number
  p50_ms: number
  p99_ms: number
  max_ms: number
  bad_status: number
  socket_errors: number
  body_bytes: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** Parses answers off one socket's byte stream; calls `done(status, bodyBytes)` per complete answer. */
class AnswerParser {
  private buf: Buffer = Buffer.alloc(0)
  constructor(private readonly done: (status: number, bodyBytes: number) => void) {}

  push(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk])
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n')
      if (end === -1) return
      const head = this.buf.subarray(0, end).toString('latin1')
      const status = Number(head.slice(9, 12))
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
      if (length) {
        const total = end + 4 + Number(length[1])
        if (this.buf.length < total) return
        this.buf = this.buf.subarray(total)
        this.done(status, Number(length[1]))
        continue
      }
      if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) throw new Error(`answer without a length: ${head}`)
      let at = end + 4
      let body = 0
      for (;;) {
        const lineEnd = this.buf.indexOf('\r\n', at)
        if (lineEnd === -1) return
        const size = Number.parseInt(this.buf.subarray(at, lineEnd).toString('latin1'), 16)
        if (this.buf.length < lineEnd + 2 + size + 2) return
        at = lineEnd + 2 + size + 2
        body += size
        if (size === 0) break
      }
      this.buf = this.buf.subarray(at)
      this.done(status, body)
    }
  }
}

export interface LoaderHooks {
  /** Called as the measured window opens and as it closes (the parent samples server CPU). */
  onWindow?: (edge: 'start' | 'end') => void
}

export async function runHttpLoad(plan: LoaderPlan, hooks: LoaderHooks = {}): Promise<LoaderResult> {
  const { hostname, port } = new URL(plan.url)
  const extra = Object.entries(plan.headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')
  const requests = plan.paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}\r\n`, 'latin1'),
  )
  const latencies: number[] = []
  let badStatus = 0
  let errors = 0
  let bodyBytes = 0
  let measuring = false
  let stopped = false
  let measuredStart = 0
  let next = 0

  const sockets = await Promise.all(
    Array.from(
      { length: plan.connections },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const s = net.connect({ host: hostname, port: Number(port), noDelay: true }, () => resolve(s))
          s.once('error', reject)
        }),
    ),
  )
  const finished = sockets.map(
    (socket) =>
      new Promise<void>((resolve, reject) => {
        let sentAt = 0
        const send = () => {
          if (stopped) {
            socket.end()
            resolve()
            return
          }
          const request = requests[next++ % requests.length] as Buffer
          sentAt = performance.now()
          socket.write(request)
        }
        const parser = new AnswerParser((status, bytes) => {
          if (measuring) {
            latencies.push(performance.now() - sentAt)
            if (status < 200 || status >= 300) badStatus++
            bodyBytes = bytes
          }
          send()
        })
        socket.on('data', (chunk: Buffer) => {
          try {
            parser.push(chunk)
          } catch (error) {
            reject(error)
          }
        })
        // A refused or reset connection is an error of the server under test, not of the loader.
        socket.on('error', () => {
          errors++
          stopped = true
          resolve()
        })
        send()
      }),
  )
  await new Promise((r) => setTimeout(r, plan.warmupMs))
  measuring = true
  measuredStart = performance.now()
  hooks.onWindow?.('start')
  await new Promise((r) => setTimeout(r, plan.durationMs))
  measuring = false
  const elapsed = performance.now() - measuredStart
  hooks.onWindow?.('end')
  stopped = true
  await Promise.all(finished)
  latencies.sort((a, b) => a - b)
  const r2 = (x: number) => Math.round(x * 100) / 100
  return {
    requests: latencies.length,
    rps: Math.round((latencies.length / elapsed) * 1000),
    p50_ms: r2(pct(latencies, 50)),
    p99_ms: r2(pct(latencies, 99)),
    max_ms: r2(latencies.at(-1) ?? 0),
    bad_status: badStatus,
    socket_errors: errors,
    body_bytes: bodyBytes,
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const plan = JSON.parse(process.argv[2] as string) as LoaderPlan
  const result = await runHttpLoad(plan, { onWindow: (edge) => console.log(`window ${edge}`) })
  console.log(JSON.stringify(result))
}
