import WebSocket from 'ws'

/** Where a live feed stands; the views show it in their footer. */
export type FeedState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'reconnecting'; attempt: number; why: string }
  | { kind: 'rejected' }
  | { kind: 'failed'; why: string }
  | { kind: 'closed' }

export interface FeedOptions {
  /** The server's base URL (`http://127.0.0.1:3000`). */
  server: string
  /** A valid access token; asked for again before every reconnect (it may have been refreshed). */
  token: () => Promise<string>
  /** The channel identifier, e.g. `{ channel: 'MatchChannel', match_id: 7 }`. */
  identifier: Record<string, unknown>
  onMessage(message: Record<string, unknown>): void
  onState(state: FeedState): void
  /** Waits between reconnects, the last one repeating (default 0.5 s, 1 s, 2 s, then 4 s). */
  retryMs?: number[]
}

export interface LiveFeed {
  close(): Promise<void>
}

const PROTOCOLS = ['actioncable-v1-json', 'actioncable-unsupported']

/**
 * One Action Cable subscription that survives the connection: a dropped socket (a server
 * restart, a network blip, a `server_restart` disconnect) reconnects with backoff and
 * subscribes again, and the channel's snapshot then brings the view up to date. A rejected
 * subscription or a refused token ends it.
 */
// Long: a connection state machine (connect, subscribe, drop, back off, reconnect, end) over one socket
// and its retry counter, kept in one closure so every transition sees the same state.
export function openFeed(options: FeedOptions): LiveFeed {
  const identifier = JSON.stringify(options.identifier)
  const retry = options.retryMs ?? [500, 1000, 2000, 4000]
  let socket: WebSocket | undefined
  let stopped = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined
  let refusedOnce = false

  const url = new URL('/cable', options.server)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'

  const finish = (state: FeedState) => {
    stopped = true
    options.onState(state)
    socket?.close(1000)
  }

  const schedule = (why: string) => {
    if (stopped) return
    attempt++
    options.onState({ kind: 'reconnecting', attempt, why })
    timer = setTimeout(connect, retry[Math.min(attempt - 1, retry.length - 1)])
  }

  async function connect() {
    if (stopped) return
    let token: string
    try {
      token = await options.token()
    } catch (error) {
      return schedule((error as Error).message)
    }
    if (stopped) return
    const ws = new WebSocket(url, PROTOCOLS, { headers: { authorization: `Bearer ${token}` } })
    socket = ws
    let reason = 'the connection closed'
    ws.on('message', (raw) => {
      let frame: Record<string, unknown>
      try {
        frame = JSON.parse(raw.toString())
      } catch {
        return
      }
      if (frame.type === 'welcome') {
        ws.send(JSON.stringify({ command: 'subscribe', identifier }))
      } else if (frame.type === 'confirm_subscription' && frame.identifier === identifier) {
        attempt = 0
        refusedOnce = false
        options.onState({ kind: 'live' })
      } else if (frame.type === 'reject_subscription' && frame.identifier === identifier) {
        finish({ kind: 'rejected' })
      } else if (frame.type === 'disconnect') {
        // A refused token may just have expired: one more try with a fresh one.
        if (frame.reason === 'unauthorized') {
          if (refusedOnce) return finish({ kind: 'failed', why: 'the server refused the access token' })
          refusedOnce = true
        }
        reason = `the server disconnected (${String(frame.reason)})`
      } else if (frame.identifier === identifier && frame.message && typeof frame.message === 'object') {
        options.onMessage(frame.message as Record<string, unknown>)
      }
    })
    ws.on('error', (error) => {
      reason = error.message
    })
    ws.on('close', () => {
      if (socket === ws) socket = undefined
      schedule(reason)
    })
  }

  options.onState({ kind: 'connecting' })
  void connect()
  return {
    close: () => {
      stopped = true
      clearTimeout(timer)
      const open = socket
      if (!open || open.readyState === WebSocket.CLOSED) {
        options.onState({ kind: 'closed' })
        return Promise.resolve()
      }
      return new Promise<void>((resolve) => {
        const hard = setTimeout(() => open.terminate(), 1000)
        open.once('close', () => {
          clearTimeout(hard)
          options.onState({ kind: 'closed' })
          resolve()
        })
        open.close(1000)
      })
    },
  }
}
