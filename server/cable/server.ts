import { upgradeWebSocket, type WebSocketLike } from '@hono/node-server'
import type { Context, MiddlewareHandler } from 'hono'
import type { WSEvents } from 'hono/ws'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Deps } from '../core/deps'
import { AppError } from '../http/errors'
import { maintenanceReason } from '../http/maintenance'
import type { AppEnv } from '../http/router'
import { Connection, type ConnectionHost } from './connection'
import { frames, selectProtocol } from './protocol'
import { accessTokenFrom, originAllowed } from './request'
import { StreamHub } from './streams'
import type { CableServer, ChannelDefinition } from './types'

/** How long shutdown waits for clients to answer the close handshake before dropping them. */
const CLOSE_GRACE_MS = 1000

/**
 * The Action Cable-compatible endpoint: ws does the upgrade (with our subprotocol choice and
 * frame cap), node-server's `upgradeWebSocket` hands us the socket with the Hono request
 * still in reach (cookies, query, headers), and each socket becomes a `Connection`.
 */
export function createCableServer(deps: Deps, channels: ChannelDefinition[]): CableServer {
  const { cable } = deps.config
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
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
  }
  const pinger = startPinger(deps, welcomed)

  const upgrade = upgradeWebSocket((c) =>
    socketEvents(host, accessTokenFrom(c), (opened) => {
      connections.add(opened)
      void opened.done.then(() => connections.delete(opened))
      if (shutdown) opened.disconnect('server_restart', true)
      // While the database is swapped, a client that reconnects at once is told again.
      else if (maintenanceReason(deps) !== null) opened.disconnect('maintenance', true)
    }),
  )

  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    refuseNonCable(c, deps)
    return upgrade(c, next)
  }

  return {
    wss,
    handler,
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

/** One socket's events: it becomes a `Connection` when it opens, which then gets its frames. */
function socketEvents(
  host: ConnectionHost,
  token: string | null,
  opened: (connection: Connection) => void,
): WSEvents<WebSocketLike> {
  let connection: Connection | undefined
  return {
    onOpen(_event, ws) {
      connection = new Connection(ws.raw as unknown as WebSocket, host, token)
      opened(connection)
    },
    onMessage(event) {
      connection?.receive(event.data)
    },
    onClose() {
      connection?.handleClose()
    },
    onError(event) {
      // ws reports protocol violations here (e.g. a frame over maxPayload, closed with 1009).
      const error = (event as ErrorEvent).error
      host.deps.log.debug('cable socket error', { user: connection?.user?.id, error: String(error) })
    },
  }
}

/** Like Rails: anything but a WebSocket upgrade, or a refused origin, is a plain 404. */
function refuseNonCable(c: Context<AppEnv>, deps: Deps): void {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
    throw new AppError('NOT_FOUND', '/cable only accepts WebSocket (Action Cable) connections')
  const origin = c.req.header('origin')
  if (!originAllowed(origin, deps.config.cable.allowedOrigins)) {
    deps.log.info('cable origin refused', { origin })
    throw new AppError('NOT_FOUND', '/cable does not accept connections from this origin')
  }
}
