import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import type { AuctionCommand } from '../../domain/auction/engine'
import { idParam } from '../../http/ids'
import { instantField, requireFuture } from '../../http/instants'
import { jsonBody } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter } from '../../http/router'
import { runCommand } from './commands'
import { startAuction } from './lifecycle'
import { type AuctionRow, findAuction } from './queries'
import { AuctionAnswer } from './schemas'
import { auctionJson } from './serialize'
import { scheduleTakeovers } from './takeover'
import { requireOwnedAuction } from './visibility'

/** The owner’s controls: start, pause, resume, complete, close the lot now, and the sealed round. */
// Long: one router, one short declaration per control, all on one page.
export function auctionControlRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])
  const now = () => deps.clock.now()

  // Owner controls.
  const control = (
    path: string,
    summary: string,
    build: (body: Record<string, unknown>) => AuctionCommand | null,
  ) =>
    route.post(
      `/api/auctions/{id}/${path}`,
      {
        summary,
        auth: true,
        params: idParam,
        requestBody: {
          ...jsonBody(z.strictObject({ closes_at_in_millis: instantField().nullable().optional() })),
          required: false,
        },
        ok: AuctionAnswer,
        errors: [403, 404, 409, 422],
      },
      async (c, me) => {
        const { id } = c.req.valid('param')
        await requireOwnedAuction(deps.db, id, me.id)
        const body = (c.req.valid('json') as { closes_at_in_millis?: number | null } | undefined) ?? {}
        requireFuture(now(), { closes_at_in_millis: body.closes_at_in_millis })
        const command = build(body)
        if (command) await runCommand(deps, id, () => command)
        else {
          await startAuction(deps, me.id, id)
          // Whoever is not in the room as it starts is away from the start.
          await scheduleTakeovers(deps, id)
        }
        return c.json(
          { new_auction: await auctionJson(deps, (await findAuction(deps.db, id)) as AuctionRow, me.id) },
          200,
        )
      },
    )
  control('start', 'Start the open round with the approved managers (owner)', () => null)
  control('pause', 'Pause: the lot’s timer freezes (owner)', () => ({ type: 'pause', atMs: now() }))
  control('resume', 'Resume: the lot ends after the time it had left (owner)', () => ({
    type: 'resume',
    atMs: now(),
  }))
  control('complete', 'End the auction (owner): a running lot or sealed round closes first', () => ({
    type: 'complete',
    atMs: now(),
  }))
  control(
    'close_lot',
    'Close the running lot now: sold to its leader, if any, else unsold; the next lot opens (owner)',
    () => ({
      type: 'close_lot',
      atMs: now(),
    }),
  )
  control('secondary_round', 'Start a sealed round of the unsold and released players (owner)', (body) => ({
    type: 'start_sealed',
    atMs: now(),
    closesAtMs: (body.closes_at_in_millis as number | null | undefined) ?? null,
  }))
  control('secondary_round/close', 'Close the sealed round now and assign its players (owner)', () => ({
    type: 'close_sealed',
    atMs: now(),
  }))

  return app
}
