import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { MiddlewareHandler } from 'hono'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Deps } from '../core/deps'
import { AppError } from '../http/errors'
import { maintenanceReason } from '../http/maintenance'
import type { AppEnv } from '../http/router'
import { Connection, type ConnectionHost } from './connection'
import { frames, selectProtocol } from './protocol'
import { accessTokenFrom, upgradeRefusal } from './request'
import { StreamHub } from './streams'
import { tokenBatcher } from './token-batch'
import type { CableServer, ChannelDefinition } from './types'

/** How long shutdown waits for clients to answer the close handshake before dropping them. */
const CLOSE_GRACE_MS = 1000

/**
 * The Action Cable-compatible endpoint. The HTTP server's `upgrade` event comes straight here:
 * the checks (path, origin) read the raw request, ws does the handshake (with our subprotocol
 * choice and frame cap), and each socket becomes a `Connection` holding the socket and the
 * token it came with, nothing more. (node-server's `upgradeWebSocket` ran every upgrade
 * through the Hono app and kept its request, context and response alive for as long as the
 * socket lived: about 10 KB per connection, two thirds of it; docs/performance.md.)
 */
export function createCableServer(deps: Deps, channels: ChannelDefinition[]): CableServer {
  const { cable } = deps.config
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    handleProtocols: selectProtocol,
    maxPayload: cable.maxPayloadBytes,
  })
  const hub = new StreamHub(deps.bus)
  const connections = new Set<Connection>()
  const welcomed = new Set<Connection>()
  let shutdown: Promise<void> | undefined

  const host: ConnectionHost = {
    deps,
    hub,
    channels: channelRegistry(channels),
    onWelcome: (connection) => welcomed.add(connection),
    onClose: (connection) => welcomed.delete(connection),
    onDone: (connection) => connections.delete(connection),
    resolveToken: tokenBatcher(deps),
  }
  const pinger = startPinger(deps, welcomed)

  const accept = (ws: WebSocket, token: string | null) => {
    const opened = new Connection(ws, host, token)
    connections.add(opened)
    if (shutdown) opened.disconnect('server_restart', true)
    // While the database is swapped, a client that reconnects at once is told again.
    else if (maintenanceReason(deps) !== null) opened.disconnect('maintenance', true)
  }

  return {
    handler: plainRequestRefused,
    upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const refusal = upgradeRefusal(request, cable.allowedOrigins)
      if (refusal !== null) {
        deps.log.info('cable upgrade refused', { url: request.url?.slice(0, 200), refusal })
        return refuseUpgrade(socket)
      }
      const token = accessTokenFrom(request)
      wss.handleUpgrade(request, socket, head, (ws) => accept(ws, token))
    },
    connectionCount: () => welcomed.size,
    disconnectUser(userId, reconnect) {
      for (const connection of welcomed)
        if (connection.user?.id === userId) connection.disconnect('remote', reconnect)
    },
    disconnectAll(reason, reconnect) {
      for (const connection of connections) connection.disconnect(reason, reconnect)
    },
    shutdown() {
      shutdown ??= (async () => {
        clearInterval(pinger)
        for (const connection of connections) connection.disconnect('server_restart', true)
        await settleWithin(
          [...connections].map((c) => c.done),
          CLOSE_GRACE_MS,
        )
        for (const connection of connections) connection.terminate()
        await Promise.all([...connections].map((c) => c.done))
        hub.close()
        wss.close()
      })()
      return shutdown
    },
  }
}

/** Like Rails: a plain GET of /cable (no WebSocket upgrade) is a 404 in the API's error shape. */
const plainRequestRefused: MiddlewareHandler<AppEnv> = async () => {
  throw new AppError('NOT_FOUND', '/cable only accepts WebSocket (Action Cable) connections')
}

/** A refused upgrade (not /cable, not WebSocket, an origin not on the list) is a bare 404, never a socket. */
function refuseUpgrade(socket: Duplex): void {
  socket.on('error', () => {})
  if (socket.writable) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  else socket.destroy()
}

async function settleWithin(promises: Promise<void>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    Promise.all(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ])
  clearTimeout(timer)
}

function channelRegistry(channels: ChannelDefinition[]): Map<string, ChannelDefinition> {
  const registry = new Map<string, ChannelDefinition>()
  for (const channel of channels) {
    if (registry.has(channel.name)) throw new Error(`Two cable channels are named ${channel.name}`)
    registry.set(channel.name, channel)
  }
  return registry
}

/** One timer for everyone (as Rails): each welcomed socket gets the same ping at the same moment. */
function startPinger(deps: Deps, welcomed: Set<Connection>): NodeJS.Timeout {
  const pinger = setInterval(() => {
    if (welcomed.size === 0) return
    const frame = frames.ping(deps.clock.wallNow() / 1000)
    for (const connection of welcomed) connection.send(frame)
  }, deps.config.cable.pingIntervalMs)
  pinger.unref()
  return pinger
}
