import { randomUUID } from 'node:crypto'
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http'
import type { Deps } from '../core/deps'
import type { AccessCheck } from './access-tokens'
import { changeCount, keptAnswer } from './answer-cache'
import { CALLER_ID, jsonHeaders } from './edge'
import { maintenanceReason } from './maintenance'
import { knownAccess } from './token-cache'

/**
 * Answers a GET whose answer the answer cache (answer-cache.ts) holds in the node request
 * handler itself, before Hono builds a Request, routes and runs its middleware: skipping that
 * machinery takes a hit from about 60 µs of CPU to 31–46 µs (docs/performance.md).
 *
 * It sends exactly what the full path would (tests/api/http/fast-reads.test.ts compares them): the
 * same key (`readKey`: the URL as @hono/node-server builds it, and the viewer), the change count
 * read first, the bearer token checked through the same token cache (so a revoked or expired
 * token is refused on the very next request: it falls through to the full path, which answers
 * 401), the same headers in the same order (`jsonAnswer`). Whenever anything is not the plain
 * case it declines and the request goes on to Hono untouched: other methods, `?fields=` or any
 * percent-encoded query (the full path decodes it), admin routes (their role check runs before
 * the route), a host or URL node-server would rewrite, a repeated Authorization or X-Request-Id
 * header, any error. Middleware added in front of the routes must be mirrored here or make it
 * decline.
 */
export function withFastReads(deps: Deps, listener: RequestListener): RequestListener {
  if (!deps.config.answerCache) return listener
  return (incoming, outgoing) => {
    // The maintenance gate (maintenance.ts) is answered by the full path.
    if (maintenanceReason(deps) !== null) return listener(incoming, outgoing)
    // While an admin listens to the server's log every request goes through Hono, where it is recorded.
    if (deps.tap?.active()) return listener(incoming, outgoing)
    const request = incoming.method === 'GET' ? plainRequest(incoming) : undefined
    if (!request) return listener(incoming, outgoing)
    // All of it synchronously, as a bare node:http handler would (a promise hop or two per
    // request is a measurable part of a hit): the change versions are in memory on both
    // engines (db/table-changes.ts), read before the token and the answer, as the full path does.
    changeCount(deps)
    const check = request.token === undefined ? undefined : knownAccess(deps, request.token)
    if (request.token !== undefined && !check) return listener(incoming, outgoing)
    if (!sendKept(deps, request, check, outgoing)) listener(incoming, outgoing)
  }
}

/** `http.createServer` whose listener tries the fast path first (node-server's `createServer` option). */
export function serverWithFastReads(deps: Deps): typeof createServer {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, withFastReads(deps, listener))) as typeof createServer
}

// As @hono/node-server's buildUrl: only for these does it use `http://host` + target verbatim.
const VALID_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/
const VALID_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/

interface PlainRequest {
  /** The request's URL as node-server builds it (the answer cache's key starts with it). */
  url: string
  /** The bearer token, if the request carries one. */
  token?: string
  givenId?: string
}

/** The parts of a GET the fast path needs, or undefined when it must leave it to the full path. */
function plainRequest(incoming: IncomingMessage): PlainRequest | undefined {
  const target = incoming.url ?? ''
  if (!target.startsWith('/api/') || target.startsWith('/api/admin')) return undefined
  if (!VALID_TARGET.test(target) || DOT_SEGMENT.test(target)) return undefined
  const query = target.indexOf('?')
  if (query !== -1 && (target.includes('fields', query) || target.includes('%', query))) return undefined
  const host = incoming.headers.host
  if (!host || !VALID_HOST.test(host) || (incoming.socket as { encrypted?: boolean }).encrypted)
    return undefined
  // One pass over the raw headers: a repeated header is joined by the full path (and then
  // refused by its pattern) where `incoming.headers` keeps the first, so those decline.
  let authorization: string | undefined
  let givenId: string | undefined
  const raw = incoming.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    if (name.length === 13 && name.toLowerCase() === 'authorization') {
      if (authorization !== undefined) return undefined
      authorization = raw[i + 1]
    } else if (name.length === 12 && name.toLowerCase() === 'x-request-id') {
      if (givenId !== undefined) return undefined
      givenId = raw[i + 1]
    }
  }
  let token: string | undefined
  if (authorization !== undefined) {
    // Anything but a well-formed bearer token is read as signed out by the full path.
    token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1]
    if (!token) return undefined
  }
  return { url: `http://${host}${target}`, token, givenId }
}

/** Sends the kept answer for this viewer; false when there is none to send. */
function sendKept(
  deps: Deps,
  request: PlainRequest,
  check: AccessCheck | undefined,
  outgoing: ServerResponse,
): boolean {
  // A token that is not good (expired, revoked): the full path answers the 401.
  if (check && !check.ok) return false
  const bytes = keptAnswer(deps, `${request.url}\u0000${check ? check.user.id : '-'}`, deps.clock.now())
  if (!bytes) return false
  const { givenId } = request
  const id = givenId !== undefined && CALLER_ID.test(givenId) ? givenId : randomUUID()
  send(outgoing, jsonHeaders(id), bytes)
  return true
}

/** As @hono/node-server sends a Response with a plain header record (responseViaCache). */
function send(outgoing: ServerResponse, headers: Record<string, string>, bytes: Buffer): void {
  const http1 = outgoing as ServerResponse & {
    _contentLength: number | null
    _hasBody: boolean
    _removedContLen: boolean
  }
  if (
    http1._contentLength === null &&
    http1._hasBody &&
    http1.useChunkedEncodingByDefault &&
    !http1._removedContLen &&
    !outgoing.hasHeader('content-length') &&
    !outgoing.hasHeader('transfer-encoding') &&
    !outgoing.hasHeader('trailer')
  ) {
    http1._contentLength = bytes.byteLength
    outgoing.writeHead(200, headers)
  } else outgoing.writeHead(200, { ...headers, 'Content-Length': String(bytes.byteLength) })
  outgoing.end(bytes)
}
