import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app'
import { withFastReads } from '../../../server/http/fast-reads'
import { whileUnchanged as unchangedWhile } from '../../helpers/changes'
import type { TestWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { leagueWorld, upcomingMatch } from '../../helpers/league'

/**
 * The node-level fast path for cached reads (server/http/fast-reads.ts) against the full Hono
 * path, both on real sockets over one database: the same bytes on the wire (but the Date
 * header), and a token that stops being good is refused on the very next request.
 */
let world: TestWorld
let api: ReturnType<typeof client>
let fast: Server
let full: Server
/** Requests the fast path passed on to Hono. */
let passedOn: number
beforeEach(async () => {
  world = await leagueWorld(42)
  api = client(world.deps)
  const hono = getRequestListener(createApp(world.deps).fetch)
  const counting: RequestListener = (req, res) => {
    passedOn++
    return hono(req, res)
  }
  passedOn = 0
  fast = createServer(withFastReads(world.deps, counting))
  full = createServer(hono)
  await Promise.all([fast, full].map((s) => new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok))))
})
afterEach(async () => {
  await Promise.all([fast, full].map((s) => new Promise((ok) => s.close(ok))))
  await world.close()
})

/** Sends `head` (request line and headers) as written, and answers the raw reply without its Date line. */
function raw(server: Server, head: string[]): Promise<string> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      text += chunk
    })
    socket.on('end', () => resolve(text.replace(/^Date: .*\r\n/m, '')))
    socket.on('error', reject)
    // The same Host on both servers: it is part of the cache key, as node-server builds URLs.
    socket.write(`${[...head, 'Host: localhost', 'Connection: close'].join('\r\n')}\r\n\r\n`)
  })
}

const status = (reply: string) => Number(reply.slice(9, 12))
const body = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))

const whileUnchanged = <T>(step: () => Promise<T>) => unchangedWhile(world.deps, step)

describe('the fast path for cached reads', () => {
  it('sends the same bytes as the full path, for a viewer and signed out', async () => {
    const player = await api.player()
    const match = await upcomingMatch(world.deps)
    const reads = [
      ['GET /api/me HTTP/1.1', `Authorization: Bearer ${player.token}`, 'X-Request-Id: fixed-id-1'],
      [`GET /api/matches/${match.id} HTTP/1.1`, 'X-Request-Id: fixed-id-2'],
      [
        `GET /api/matches/${match.id} HTTP/1.1`,
        `authorization: bearer  ${player.token}`,
        'x-request-id: id-3',
      ],
      ['GET /api/contests?per_page=5 HTTP/1.1', 'X-Request-Id: fixed-id-4'],
    ]
    for (const head of reads) {
      const { kept, viaFull, fullAgain, before } = await whileUnchanged(async () => {
        // Counted per attempt: an attempt the change mark spoiled may rightly have passed on.
        passedOn = 0
        await raw(full, head) // fills the cache
        const before = passedOn
        const kept = await raw(fast, head)
        return { kept, viaFull: passedOn - before, fullAgain: await raw(full, head), before }
      })
      expect(status(kept), head[0]).toBe(200)
      expect(viaFull, `${head[0]} answered before Hono`).toBe(0)
      expect(kept).toBe(fullAgain)
      expect(before).toBe(0)
    }
  })

  it('gives each answer its own request id unless the caller sent a plain one', async () => {
    const player = await api.player()
    const head = ['GET /api/me HTTP/1.1', `Authorization: Bearer ${player.token}`]
    await raw(full, head)
    const a = await raw(fast, head)
    const b = await raw(fast, [...head, 'X-Request-Id: not plain!'])
    const id = (reply: string) => /^x-request-id: (.*)$/m.exec(reply)?.[1]
    expect(id(a)).toMatch(/^[0-9a-f-]{36}$/)
    expect(id(b)).toMatch(/^[0-9a-f-]{36}$/)
    expect(id(a)).not.toBe(id(b))
    expect(a.replace(/^x-request-id: .*$/m, '')).toBe(b.replace(/^x-request-id: .*$/m, ''))
  })

  it('refuses a revoked token on the very next request', async () => {
    const player = await api.player()
    const head = ['GET /api/me HTTP/1.1', `Authorization: Bearer ${player.token}`]
    await raw(full, head)
    expect(status(await raw(fast, head))).toBe(200)
    await sql`update oauth_access_tokens set revoked_at_ms = ${1} where user_id = ${player.id}`.execute(
      world.deps.db,
    )
    const refused = await raw(fast, head)
    expect(status(refused)).toBe(401)
    expect(body(refused).error).toMatch(/revoked/)
  })

  it('refuses an expired token on the very next request, with nothing committed', async () => {
    const player = await api.player()
    const head = ['GET /api/me HTTP/1.1', `Authorization: Bearer ${player.token}`]
    await raw(full, head)
    expect(status(await raw(fast, head))).toBe(200)
    world.wall.advance(world.deps.config.accessTokenTtlMs + 1000)
    expect(status(await raw(fast, head))).toBe(401)
  })

  it('leaves to the full path what it does not answer exactly', async () => {
    const player = await api.player()
    const match = await upcomingMatch(world.deps)
    const auth = `Authorization: Bearer ${player.token}`
    const passes = [
      [`GET /api/matches/${match.id}?fields=id HTTP/1.1`],
      [`GET /api/matches/${match.id}?%66ields=id HTTP/1.1`],
      ['GET /api/me HTTP/1.1', auth, auth],
      ['GET /api/me HTTP/1.1', 'Authorization: Basic abc'],
      ['HEAD /api/me HTTP/1.1', auth],
    ]
    for (const head of passes) {
      await raw(full, head)
      const before = passedOn
      const viaFast = await raw(fast, head)
      expect(passedOn, head.join(' | ')).toBe(before + 1)
      expect(status(viaFast)).toBe(status(await raw(full, head)))
    }
    const fields = await raw(fast, [`GET /api/matches/${match.id}?fields=id HTTP/1.1`])
    expect(Object.keys(body(fields).match)).toEqual(['id'])
  })
})
