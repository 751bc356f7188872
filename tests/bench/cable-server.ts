/**
 * The connection benchmark's servers, one per process (`node --expose-gc`):
 * `cable-server.ts product <db file>` — the real server (`startServer`) on a prepared database;
 * `cable-server.ts baseline <tokens file>` — a bare `ws` server (baseline-cable.ts) that knows
 * the same tokens from a file, confirms `NotificationsChannel` subscriptions, keeps each user's
 * sockets in a map (what following a stream takes) and sends the same `unread` frame.
 * Answers stdin lines (child-lines.ts): `url`; `mem` — collects garbage, then the process's
 * heap in use, RSS, memory outside the heap, and its CPU time so far (user + system).
 */
import { readFileSync } from 'node:fs'
import type { WebSocket } from 'ws'
import { loadConfig } from '../../server/core/config'
import { startServer } from '../../server/main'
import { startBareCable } from './baseline-cable'
import { answerLines } from './child-lines'

const [kind, file] = process.argv.slice(2) as ['product' | 'baseline', string]

async function product() {
  const config = {
    port: 0,
    dbFile: file,
    logLevel: 'silent',
    autoSimulate: false,
    webDist: '/nonexistent',
  } as const
  return startServer(loadConfig(config, {}), { seedIfEmpty: false })
}

async function baseline() {
  const tokens = new Map<string, number>(JSON.parse(readFileSync(file, 'utf8')) as Array<[string, number]>)
  const streams = new Map<number, Set<WebSocket>>()
  const followed = new Map<WebSocket, number>()
  return startBareCable<number>({
    db: { close() {} },
    who: (token) => tokens.get(token),
    onFrame(ws, userId, frame) {
      if (frame.command !== 'subscribe' || !frame.identifier.includes('"NotificationsChannel"')) return
      let sockets = streams.get(userId)
      if (!sockets) {
        sockets = new Set()
        streams.set(userId, sockets)
      }
      sockets.add(ws)
      followed.set(ws, userId)
      const identifier = JSON.stringify(frame.identifier)
      ws.send(`{"identifier":${identifier},"type":"confirm_subscription"}`)
      ws.send(`{"identifier":${identifier},"message":{"type":"unread","unread_count":0}}`)
    },
    onClose(ws) {
      const userId = followed.get(ws)
      if (userId === undefined) return
      followed.delete(ws)
      const sockets = streams.get(userId)
      sockets?.delete(ws)
      if (sockets?.size === 0) streams.delete(userId)
    },
  })
}

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('cable-server.ts needs node --expose-gc')
const server = kind === 'product' ? await product() : await baseline()
answerLines(
  async (command) => {
    if (command === 'url') return { url: server.url }
    if (command !== 'mem') throw new Error(`unknown command ${command}`)
    // Twice, with a turn between: what was freed late (weak maps, finalizers) goes too.
    gc()
    await new Promise((r) => setImmediate(r))
    gc()
    const m = process.memoryUsage()
    const { user, system } = process.cpuUsage()
    return {
      heap_used: m.heapUsed,
      rss: m.rss,
      external: m.external,
      array_buffers: m.arrayBuffers,
      cpu_us: user + system,
    }
  },
  () => void server.close().then(() => process.exit(0)),
)
