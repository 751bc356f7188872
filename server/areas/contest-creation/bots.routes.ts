import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { idParam } from '../../http/ids'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter, currentUser } from '../../http/router'
import { FANTASY_BOT_STRATEGIES } from '../../sim/fantasy-bots'
import { type ContestKind, seatContestBots } from '../bots'

/** The most bots one call seats (a contest has at most 500 seats; several calls fill more). */
export const MAX_BOTS_PER_CALL = 100

const BotsBody = z.strictObject({
  count: z.number().int().min(1).max(MAX_BOTS_PER_CALL),
  strategy: z.enum([...FANTASY_BOT_STRATEGIES, 'mixed']).default('mixed'),
})

const SeatedBot = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    team_name: z.string(),
    strategy: z.enum(FANTASY_BOT_STRATEGIES),
    team_id: z.number().int(),
    member_id: z.number().int(),
  })
  .openapi('SeatedBot')

const Answer = z.object({
  bots: z.array(SeatedBot),
  members_count: z.number().int(),
  members_limit: z.number().int(),
})

/** POST …/bots on daily (`/api/contests/{id}`) and championship contests (docs/bots.md). */
export function contestBotRoutes(deps: Deps) {
  const app = createRouter()
  const kinds: Array<[ContestKind, string, string]> = [
    ['contest', '/api/contests/{id}/bots', 'Contest creation'],
    ['championship_contest', '/api/championship/contests/{id}/bots', 'Championship'],
  ]
  for (const [type, path, tag] of kinds)
    app.openapi(
      moneyRoute(deps, {
        method: 'post',
        path,
        tags: [tag],
        summary: 'Seat bots in my contest (owner)',
        description: `Owner only (an admin also for a league contest nobody owns; anyone else who can see it: 403). Each bot is an account of its own that builds a valid ${type === 'contest' ? 'team for the match' : 'classic team for the phase'} within budget with a seeded strategy — \`favourite\`, \`differential\`, \`captain_by_form\`, or \`mixed\` (the default: each next bot the next one) — and joins as a player does. A paid contest's entry fees are staked by the owner (a league contest's by the house) and paid into the pool through the ledger. Before the start and while open (409 otherwise); at most the free seats: none free is 409 CONTEST_FULL, more than are free 422; the owner's balance must cover the fees (409 INSUFFICIENT_BALANCE). All or nothing.`,
        security: bearerSecurity,
        request: { params: idParam, body: jsonBody(BotsBody) },
        responses: { 201: json(Answer, 'The bots seated'), ...errors(401, 403, 404, 409, 422) },
      }),
      async (c) => {
        const me = currentUser(c)
        const body = c.req.valid('json')
        const answer = await seatContestBots(requestDeps(c, deps), me, {
          type,
          contestId: c.req.valid('param').id,
          count: body.count,
          strategy: body.strategy,
        })
        return c.json(answer, 201)
      },
    )
  return app
}
