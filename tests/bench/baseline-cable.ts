import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

/** A frame a client sends a baseline: a subscribe, or a perform with its JSON data. */
export interface ClientFrame {
  command: string
  identifier: string
  data?: string
}

export interface BareCableOptions<W> {
  /** The baseline's database, closed with the server. */
  db: { close(): void }
  /** Who an access token is (undefined: the connection is closed). */
  who: (token: string) => W | undefined
  onFrame: (ws: WebSocket, who: W, frame: ClientFrame) => void
  onClose: (ws: WebSocket) => void
  /** HTTP requests other than the upgrade (default: 404 for all). */
  onRequest?: (req: IncomingMessage, res: ServerResponse) => void
}

/**
 * What both baselines stand on: an HTTP server (404 unless the baseline answers requests) on a free local port with a bare `ws`
 * server at `/cable` speaking Action Cable's JSON frames. A known token's connection gets a
 * welcome, then each frame it sends, parsed; `close()` ends sockets, servers and database.
 */
export async function startBareCable<W>(options: BareCableOptions<W>) {
  const http: Server = createServer(options.onRequest ?? ((_req, res) => res.writeHead(404).end()))
  const wss = new WebSocketServer({
    server: http,
    path: '/cable',
    perMessageDeflate: false,
    handleProtocols: () => 'actioncable-v1-json',
  })
  wss.on('connection', (ws, req) => {
    const token = new URL(req.url ?? '', 'http://x').searchParams.get('access_token') ?? ''
    const who = options.who(token)
    if (who === undefined) return ws.close()
    ws.send(JSON.stringify({ type: 'welcome' }))
    ws.on('message', (data) => options.onFrame(ws, who, JSON.parse(String(data)) as ClientFrame))
    ws.on('close', () => options.onClose(ws))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      for (const ws of wss.clients) ws.terminate()
      await new Promise((r) => wss.close(r))
      await new Promise((r) => http.close(r))
      options.db.close()
    },
  }
}
