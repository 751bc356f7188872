import { sql } from 'kysely'
import pg from 'pg'
import type { Outgoing, Tx } from '../db/types'
import type { BusHandler, BusMessage } from './bus'
import {
  BUS_CHANNEL,
  CATCH_UP_ROWS,
  compare,
  INLINE_LIMIT,
  type Incoming,
  type PostgresBus,
  type PostgresBusOptions,
  PRUNE_EVERY_MS,
  RECONNECT_MAX_MS,
  RETENTION_MS,
} from './pg-bus-protocol'

/**
 * The bus shared by every server process on one PostgreSQL (docs/architecture.md, "Several
 * processes"). Publishing writes the message in the publisher's transaction: the stream's
 * row in `bus_streams` is bumped (`seq`, under its row lock, so the database's commit order
 * is the stream's order), the body goes to `bus_messages`, and `pg_notify` carries
 * `seq prev stream\nbody` (the body left out when too big). Every process LISTENs on one
 * dedicated connection and delivers to its own subscribers, per stream in seq order, once:
 * a notification whose `prev` is not the last seq delivered means something was missed
 * (the connection dropped), and the missing rows are read from the table first. After a
 * reconnect every stream with subscribers here is caught up from the table; rows that are
 * gone (older than the retention window) become a `refetch` message that clients treat as a
 * gap. The publishing process delivers its own message right after the commit when it is the
 * next one in line, so a single process is as quick as before.
 */
// Long: one closure over the LISTEN connection and the per-stream delivery state that every part shares.
export function createPostgresBus(options: PostgresBusOptions): PostgresBus {
  const { db, log } = options
  const onHandlerError = options.onHandlerError ?? (() => {})
  const retentionMs = options.retentionMs ?? RETENTION_MS
  const handlers = new Map<string, Set<BusHandler>>()
  /** Per stream, the last seq this process delivered or saw go by, with none missed before it. */
  const lasts = new Map<string, number>()
  /** Per subscribed stream without a `last`: the stream's seq when it was first followed here. */
  const floors = new Map<string, number>()
  /** Streams being filled from the table; what arrives meanwhile waits here, in order. */
  const filling = new Map<string, Incoming[]>()
  let client: pg.Client | undefined
  let backendPid: number | undefined
  const dead = new WeakSet<pg.Client>()
  let closed = false
  let connectionCount = 0
  let retryMs = 50
  let pending: Outgoing[] = []
  let flushing: Promise<void> = Promise.resolve()
  let flushQueued = false
  let lastPrune = options.wallNow()

  const deliver = (stream: string, message: BusMessage) => {
    const set = handlers.get(stream)
    if (!set) return
    for (const handler of [...set]) {
      try {
        handler(message, stream)
      } catch (error) {
        onHandlerError(error)
      }
    }
  }

  const messageOf = (body: string, seq: number): BusMessage =>
    ({ ...(JSON.parse(body) as object), seq }) as BusMessage

  const accept = (stream: string, incoming: Incoming) => {
    const queue = filling.get(stream)
    if (queue) {
      queue.push(incoming)
      return
    }
    const last = lasts.get(stream)
    if (last !== undefined && incoming.seq <= last) return
    const inLine = last !== undefined && incoming.prev === last
    if (!handlers.has(stream)) {
      // Nobody here follows it: only the count is kept, so a later subscriber can spot a gap.
      if (last === undefined || inLine) lasts.set(stream, incoming.seq)
      else lasts.delete(stream)
      return
    }
    if (incoming.local) {
      // Early delivery only when nothing can come before it; otherwise its notification will.
      if (!inLine) return
      lasts.set(stream, incoming.seq)
      deliver(stream, { ...incoming.local, seq: incoming.seq })
      return
    }
    if ((last === undefined || inLine) && incoming.body !== null) {
      lasts.set(stream, incoming.seq)
      deliver(stream, messageOf(incoming.body, incoming.seq))
      return
    }
    void fill(stream, last ?? incoming.prev, incoming)
  }

  /**
   * Delivers the stream's messages after `from` from the table: up to `until`'s seq (which is
   * delivered last), or, without it, up to the stream's current seq (a reconnect).
   */
  const fill = async (stream: string, from: number, until?: Incoming) => {
    filling.set(stream, [])
    try {
      const rows = await db
        .selectFrom('bus_messages')
        .select(['seq', 'prev', 'body'])
        .where('stream', '=', stream)
        .where('seq', '>', from)
        .$if(until !== undefined, (q) => q.where('seq', '<=', until?.seq ?? 0))
        .orderBy('seq')
        .limit(CATCH_UP_ROWS)
        .execute()
      const head = until
        ? until.seq
        : Number(
            (await db.selectFrom('bus_streams').select('seq').where('stream', '=', stream).executeTakeFirst())
              ?.seq ?? from,
          )
      const complete = rows.length < CATCH_UP_ROWS && (rows.at(-1)?.seq ?? from) >= head
      if (!complete) {
        // Gone (pruned) or too many: one message that makes every client refetch.
        lasts.set(stream, head)
        deliver(stream, { type: 'refetch', seq: head })
      } else {
        for (const row of rows) {
          if (row.seq <= (lasts.get(stream) ?? from)) continue
          lasts.set(stream, row.seq)
          deliver(stream, messageOf(row.body, row.seq))
        }
        if (!lasts.has(stream)) lasts.set(stream, from)
      }
    } catch (error) {
      log.error('bus: reading missed messages failed', { stream, error: String(error) })
      const head = until?.seq ?? from
      lasts.set(stream, head)
      if (head > from) deliver(stream, { type: 'refetch', seq: head })
    } finally {
      const waiting = filling.get(stream) ?? []
      filling.delete(stream)
      // Big bodies that came in meanwhile are read together, in one query.
      const lastWaiting = waiting.at(-1)
      const last = lasts.get(stream)
      if (lastWaiting && last !== undefined && handlers.has(stream) && waiting.some((w) => w.body === null))
        void fill(stream, last, lastWaiting)
      else for (const incoming of waiting) accept(stream, incoming)
    }
  }

  const onNotification = (payload: string | undefined) => {
    if (!payload) return
    const newline = payload.indexOf('\n')
    const header = newline < 0 ? payload : payload.slice(0, newline)
    const first = header.indexOf(' ')
    const second = header.indexOf(' ', first + 1)
    const stream = header.slice(second + 1)
    const body = newline < 0 ? '' : payload.slice(newline + 1)
    accept(stream, {
      seq: Number(header.slice(0, first)),
      prev: Number(header.slice(first + 1, second)),
      body: body === '' ? null : body,
    })
  }

  const currentSeq = async (stream: string): Promise<number> =>
    Number(
      (await db.selectFrom('bus_streams').select('seq').where('stream', '=', stream).executeTakeFirst())
        ?.seq ?? 0,
    )

  const noteFloor = async (stream: string) => {
    try {
      const seq = await currentSeq(stream)
      if (!lasts.has(stream) && handlers.has(stream)) floors.set(stream, seq)
    } catch {
      // Without a floor a reconnect cannot catch this stream up; its next message still arrives.
    }
  }

  /** After a reconnect: every stream followed here is caught up from the table. */
  const catchUp = () => {
    for (const stream of [...lasts.keys()]) if (!handlers.has(stream)) lasts.delete(stream)
    for (const stream of handlers.keys()) {
      if (filling.has(stream)) continue
      const from = lasts.get(stream) ?? floors.get(stream)
      if (from === undefined) void noteFloor(stream)
      else void fill(stream, from)
    }
  }

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url, keepAlive: true })
    next.on('notification', (n) => {
      if (n.channel === BUS_CHANNEL) onNotification(n.payload)
    })
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    next.on('end', () => dead.add(next))
    await next.connect()
    await next.query(`listen ${BUS_CHANNEL}`)
    const pid = (await next.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    // Lost between LISTEN and here: nobody would notice it, so start over.
    if (dead.has(next)) throw new Error('the LISTEN connection ended while starting')
    client = next
    backendPid = pid
    retryMs = 50
    if (++connectionCount > 1) {
      log.info('bus: listening again', { connection: connectionCount })
      catchUp()
    }
  }

  const lost = (which: pg.Client) => {
    if (client !== which) return
    client = undefined
    if (closed) return
    log.warn('bus: LISTEN connection lost, reconnecting')
    reconnect()
  }

  const reconnect = () => {
    setTimeout(() => {
      if (closed) return
      connect().catch((error) => {
        log.warn('bus: reconnect failed', { error: String(error) })
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS)
        reconnect()
      })
    }, retryMs).unref?.()
  }

  const stage = async (tx: Tx, messages: Outgoing[]): Promise<() => void> => {
    // Streams locked in name order (a stable sort keeps each stream's own order): two
    // transactions publishing to the same streams never wait on each other in a cycle.
    const sorted = messages
      .map((m, i) => ({ m, i }))
      .sort((a, b) => compare(a.m.stream, b.m.stream) || a.i - b.i)
    const at = options.wallNow()
    const staged: Array<{ stream: string; incoming: Incoming }> = []
    for (const { m } of sorted) {
      const { seq: own, ...rest } = m.message
      const body = JSON.stringify(rest)
      const inline = Buffer.byteLength(body) + Buffer.byteLength(m.stream) + 60 < INLINE_LIMIT ? body : ''
      // A stream whose source numbers its own messages (an auction's engine seq) keeps those
      // numbers when they are higher; any other message gets the next one.
      const ownSeq = typeof own === 'number' ? own : null
      const { rows } = await sql<{ seq: number; prev: number }>`
        with s as (
          insert into bus_streams as b (stream, seq, prev)
          values (${m.stream}, greatest(1, ${ownSeq}::bigint), 0)
          on conflict (stream) do update set prev = b.seq, seq = greatest(b.seq + 1, ${ownSeq}::bigint)
          returning b.seq, b.prev
        ), m as (
          insert into bus_messages (stream, seq, prev, body, at_ms)
          select ${m.stream}, seq, prev, ${body}, ${at}::bigint from s
          returning seq, prev
        )
        select seq, prev, pg_notify(${BUS_CHANNEL},
          seq::text || ' ' || prev::text || ' ' || ${m.stream}::text || chr(10) || ${inline}::text) as sent
        from m`.execute(tx)
      const row = rows[0] as { seq: number; prev: number }
      staged.push({
        stream: m.stream,
        incoming: { seq: Number(row.seq), prev: Number(row.prev), body, local: rest as Outgoing['message'] },
      })
    }
    return () => {
      for (const { stream, incoming } of staged) accept(stream, incoming)
      maybePrune()
    }
  }

  const prune = async () => {
    lastPrune = options.wallNow()
    await db
      .deleteFrom('bus_messages')
      .where('at_ms', '<', options.wallNow() - retentionMs)
      .execute()
  }

  const maybePrune = () => {
    if (options.wallNow() - lastPrune < PRUNE_EVERY_MS) return
    lastPrune = options.wallNow()
    prune().catch((error) => log.warn('bus: pruning failed', { error: String(error) }))
  }

  /** Publishes made outside a transaction go out together in one, in publish order. */
  const flush = async () => {
    flushQueued = false
    const batch = pending
    pending = []
    if (batch.length === 0) return
    try {
      const after = await db.transaction().execute((tx) => stage(tx, batch))
      after()
    } catch (error) {
      // Nothing was numbered: subscribers see nothing of it, as if it was never sent.
      log.error('bus: publish failed', { messages: batch.length, error: String(error) })
    }
  }

  const ready = connect()
  ready.catch(() => {})

  return {
    ready,
    publish(stream, message) {
      pending.push({ stream, message })
      if (flushQueued) return
      flushQueued = true
      flushing = flushing.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(flush)
    },
    publishLocal(stream, message) {
      // No seq: this stream's seqs are the database's, the same on every process, and this
      // message exists on this process only (see Bus.publishLocal).
      const { seq: _ignored, ...rest } = message
      deliver(stream, rest as BusMessage)
    },
    subscribe(stream, handler) {
      let set = handlers.get(stream)
      if (!set) {
        set = new Set()
        handlers.set(stream, set)
        if (!lasts.has(stream)) void noteFloor(stream)
      }
      set.add(handler)
      return () => {
        const current = handlers.get(stream)
        if (!current) return
        current.delete(handler)
        if (current.size === 0) {
          handlers.delete(stream)
          floors.delete(stream)
        }
      }
    },
    subscriberCount: (stream) => handlers.get(stream)?.size ?? 0,
    activeStreams: (prefix) => [...handlers.keys()].filter((s) => s.startsWith(prefix)),
    async lastSeq(stream) {
      const known = lasts.get(stream)
      if (known !== undefined) return known
      const seq = await currentSeq(stream)
      if (!lasts.has(stream) && handlers.has(stream) && !floors.has(stream)) floors.set(stream, seq)
      return seq
    },
    stage,
    listenerPid: () => (client ? backendPid : undefined),
    connections: () => connectionCount,
    prune,
    async close() {
      await flushing
      closed = true
      const current = client
      client = undefined
      await current?.end().catch(() => {})
    },
  }
}
