import WebSocket from 'ws'

/**
 * A raw Action Cable connection (the `ws` client speaking `actioncable-v1-json`), kept as
 * simple as the wire: every frame except pings is recorded in arrival order, so a step can
 * look for one that arrived earlier (while an HTTP step ran) or wait for the next one, and a
 * failure can show exactly what was received.
 */
export interface Frame {
  seq: number
  data: Record<string, unknown>
  consumed: boolean
}

/** Told every frame sent and received (pings aside) and when a socket opens, closes or is refused: the trace. */
export interface CableObserver {
  frame(direction: 'in' | 'out', user: string, data: Record<string, unknown>): void
  socket(user: string, event: 'open' | 'close' | 'refused', detail?: string): void
}

export const CABLE_PROTOCOLS = ['actioncable-v1-json', 'actioncable-unsupported']

export class CableClient {
  readonly frames: Frame[] = []
  closed: { code: number; reason: string } | null = null
  private readonly changed = new Set<() => void>()
  private nextSeq = 0

  private constructor(
    readonly label: string,
    private readonly socket: WebSocket,
    private readonly observer?: CableObserver,
  ) {
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return
      let data: unknown
      try {
        data = JSON.parse(raw.toString())
      } catch {
        data = { unparsable: raw.toString() }
      }
      if (data === null || typeof data !== 'object') data = { value: data }
      if ((data as { type?: unknown }).type === 'ping') return
      this.observer?.frame('in', this.label, data as Record<string, unknown>)
      this.frames.push({ seq: this.nextSeq++, data: data as Record<string, unknown>, consumed: false })
      this.notify()
    })
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() }
      this.observer?.socket(
        this.label,
        'close',
        `code ${code}${reason.length ? `, ${reason.toString()}` : ''}`,
      )
      this.notify()
    })
    socket.on('error', () => {
      // A refused or broken socket ends in 'close'; the failure is reported from there.
    })
  }

  /** Opens a socket; resolves once the upgrade succeeded (authentication comes after, on the wire). */
  static open(url: string, label: string, timeoutMs = 5000, observer?: CableObserver): Promise<CableClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, CABLE_PROTOCOLS, { handshakeTimeout: timeoutMs })
      const client = new CableClient(label, socket, observer)
      const fail = (why: string) => {
        observer?.socket(label, 'refused', why)
        reject(new Error(`cannot open /cable for ${label}: ${why}`))
      }
      socket.once('open', () => {
        observer?.socket(label, 'open', new URL(url).pathname + new URL(url).search)
        resolve(client)
      })
      socket.once('unexpected-response', (_req, res) => {
        fail(`HTTP ${res.statusCode} instead of a websocket upgrade`)
        res.resume()
        socket.terminate()
      })
      socket.once('error', (error) => fail(error.message))
    })
  }

  get protocol(): string {
    return this.socket.protocol
  }

  send(command: Record<string, unknown>): void {
    if (this.socket.readyState !== WebSocket.OPEN) return
    this.observer?.frame('out', this.label, command)
    this.socket.send(JSON.stringify(command))
  }

  /**
   * Re-runs `check` on every new frame and on close until it answers something other than
   * undefined, or `timeoutMs` passes (then undefined).
   */
  waitUntil<T>(check: () => T | undefined, timeoutMs: number, signal?: AbortSignal): Promise<T | undefined> {
    const first = check()
    if (first !== undefined) return Promise.resolve(first)
    return new Promise((resolve) => {
      const done = (value: T | undefined) => {
        clearTimeout(timer)
        this.changed.delete(onChange)
        signal?.removeEventListener('abort', onAbort)
        resolve(value)
      }
      const onChange = () => {
        const value = check()
        if (value !== undefined) done(value)
      }
      const onAbort = () => done(undefined)
      const timer = setTimeout(() => done(undefined), timeoutMs)
      this.changed.add(onChange)
      signal?.addEventListener('abort', onAbort)
    })
  }

  close(): Promise<void> {
    if (this.closed || this.socket.readyState === WebSocket.CLOSED) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.socket.terminate()
        resolve()
      }, 1000)
      this.socket.once('close', () => {
        clearTimeout(timer)
        resolve()
      })
      this.socket.close(1000)
    })
  }

  private notify(): void {
    for (const listener of [...this.changed]) listener()
  }
}
