import { createRoute, z } from '@hono/zod-openapi'
import { streamSSE } from 'hono/streaming'
import type { Deps } from '../../core/deps'
import { errors } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
import type { BusMessage } from '../../lib/bus'

/** Records a listener may have waiting before new ones are dropped (and counted). */
export const MAX_WAITING_RECORDS = 1_000

const getLogRoute = createRoute({
  method: 'get',
  path: '/api/admin/log',
  tags: ['Admin'],
  summary: "The server's requests and broadcasts, live (server-sent events)",
  description:
    'A `text/event-stream` of records: `request` (method, path, query, status, ms, the caller; with `bodies=true` the redacted request body of a write and the JSON answer), `broadcast` (stream, channel, message type) and `dropped` (how many records a slow listener missed). Every server process on the database contributes. Records start when the stream opens; nothing is kept.',
  security: bearerSecurity,
  request: {
    query: z.object({
      bodies: z
        .enum(['true', 'false'])
        .default('false')
        .openapi({ description: 'Whether request records carry bodies and answers (redacted)' }),
    }),
  },
  responses: {
    200: {
      description: 'Server-sent events, one record each (`data:` is its JSON)',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errors(401, 403, 422),
  },
})

/** A listener's queue: bounded, so a slow reader drops records (and is told how many) instead of growing memory. */
function boundedQueue(limit: number) {
  const waiting: BusMessage[] = []
  let dropped = 0
  let wake: (() => void) | undefined
  return {
    push(record: BusMessage) {
      if (waiting.length >= limit) dropped++
      else waiting.push(record)
      wake?.()
    },
    /** The next record (a `dropped` one first when some were), or undefined once woken with nothing. */
    async next(): Promise<Record<string, unknown> | undefined> {
      if (waiting.length === 0 && dropped === 0) await new Promise<void>((resolve) => (wake = resolve))
      wake = undefined
      if (dropped > 0) {
        const count = dropped
        dropped = 0
        return { type: 'dropped', count }
      }
      return waiting.shift()
    },
    wake: () => wake?.(),
  }
}

export function requestLogRoutes(deps: Deps) {
  return createRouter().openapi(getLogRoute, (c) => {
    const tap = deps.tap
    const bodies = c.req.valid('query').bodies === 'true'
    return streamSSE(c, async (stream) => {
      if (!tap) return
      const queue = boundedQueue(MAX_WAITING_RECORDS)
      const stop = tap.listen({ bodies }, queue.push)
      let open = true
      stream.onAbort(() => {
        open = false
        stop()
        queue.wake()
      })
      await stream.writeSSE({ data: JSON.stringify({ type: 'listening', bodies }) })
      while (open) {
        const record = await queue.next()
        if (record && open) await stream.writeSSE({ data: JSON.stringify(record) })
      }
    }) as never
  })
}
