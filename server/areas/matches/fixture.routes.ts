import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { errors, json, jsonBody } from '../../http/responses'
import { bearerSecurity, createRouter } from '../../http/router'
import { createFixture } from './fixture'
import { MatchSchema } from './schemas'
import { matchesJson, requireMatch } from './service'

const FixtureBody = z.strictObject({
  sport_slug: z.string().min(1).max(40).default('cricket'),
  like_match_id: z.number().int().positive().optional(),
  format: z.string().min(1).max(20).optional(),
  // Up to 30 days ahead; at least a minute, so that it is upcoming when the answer arrives.
  starts_in_minutes: z.number().int().min(1).max(43_200).default(180),
  title: z.string().trim().min(1).max(120).optional(),
  contests: z.boolean().default(true),
})

const postAdminMatchesRoute = (deps: Deps) =>
  moneyRoute(deps, {
    method: 'post',
    path: '/api/admin/matches',
    tags: ['Admin'],
    summary: 'Create a fresh upcoming match (a fixture) with squads and contests',
    description:
      'Copies the two sides, series, venue and whole squad of an existing match of the sport (`like_match_id`, else the newest with two sides and a squad, of `format` when given) into a new upcoming match starting `starts_in_minutes` from the game clock (default 180), outside every championship phase, with the standard contest spread unless `contests: false`. It starts (locks) on the clock like any match. 404 when there is no match to copy.',
    security: bearerSecurity,
    request: { body: jsonBody(FixtureBody) },
    responses: {
      201: json(
        z.object({
          match: MatchSchema,
          contests: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
        }),
        'Created',
      ),
      ...errors(401, 403, 404, 422),
    },
  })

/** `POST /api/admin/matches`: an admin fixture for scenarios and classes (docs/scenarios.md). */
export function matchFixtureRoutes(deps: Deps) {
  const app = createRouter()
  // The fixture comes with the house's paid contests: a retry must not make a second one.
  app.openapi(postAdminMatchesRoute(deps), async (c) => {
    const d = requestDeps(c, deps)
    const result = await createFixture(d, c.req.valid('json'))
    const [match] = await matchesJson(d, [await requireMatch(d.db, result.matchId)], null)
    return c.json({ match: match as z.infer<typeof MatchSchema>, contests: result.contests }, 201)
  })
  return app
}
