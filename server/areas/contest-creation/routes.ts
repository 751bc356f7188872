import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { gameKind } from '../../domain/game-kinds'
import { codeLookupLimit } from '../../http/code-lookup'
import { notFound } from '../../http/errors'
import { moneyRoute, requestDeps } from '../../http/idempotency'
import { toPage } from '../../http/paging'
import { errors, json, jsonBody, orNull } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppContext, bearerSecurity, createRouter, currentUser } from '../../http/router'
import { PointSystemSchema } from '../catalog'
import { ChampionshipContestSchema, championshipContestView } from '../championship-contests'
import { ContestSchema, contestsJson, requireContest } from '../contests'
import { createContest, verifyDraft } from './create'
import { rulesOf } from './rules'
import { DraftBody, VerifyAnswer } from './schemas'
import { contestByInviteCode } from './service'

const viewerOf = (c: AppContext) => {
  const u = c.get('user')
  return u ? { id: u.id, slug: u.slug } : null
}

/** The contest JSON of either kind, as the caller sees it. */
export async function anyContestJson(
  deps: Deps,
  c: AppContext,
  type: 'contest' | 'championship_contest',
  id: number,
) {
  if (type === 'contest') {
    const [json] = await contestsJson(deps, [await requireContest(deps.db, id)], viewerOf(c))
    return { contest: json as z.infer<typeof ContestSchema> }
  }
  const view = await championshipContestView(
    deps,
    id,
    toPage({ page: 1, per_page: 1 }),
    c.get('user')?.id ?? null,
  )
  return { championship_contest: view.contest }
}

const CreatedAnswer = z.object({
  contest: ContestSchema.optional().openapi({ description: 'Match kinds' }),
  championship_contest: ChampionshipContestSchema.optional().openapi({ description: 'championship' }),
  member_id: z.number().int().openapi({ description: 'The creator’s entry' }),
})

const getContestsInviteCodeByCodeRoute = (deps: Deps) =>
  createRoute({
    method: 'get',
    path: '/api/contests/invite_code/{code}',
    tags: ['Contest creation'],
    summary: 'The contest an invite code opens',
    description:
      'Any contest’s code (daily or championship; case does not matter). A wrong code is 404; lookups are rate limited per player and address (429).',
    middleware: [codeLookupLimit(deps, { param: 'code' })],
    request: { params: z.object({ code: z.string().max(40) }) },
    responses: {
      200: json(
        z.object({
          contest: z.object({
            id: z.number().int(),
            contest_type: z.enum(['contest', 'championship_contest']),
            match_id: z.number().int().nullable(),
            phase_id: z.number().int().nullable(),
            name: z.string(),
            entry_fee: z.number(),
            members_limit: z.number().int(),
            members_count: z.number().int(),
            is_private: z.boolean(),
            contest_status: z.string(),
          }),
        }),
        'The contest',
      ),
      ...errors(404, 429),
    },
  })

const postContestsRoute = (deps: Deps) =>
  moneyRoute(deps, {
    method: 'post',
    path: '/api/contests',
    tags: ['Contest creation'],
    summary: 'Create a contest (a player’s own; docs/contest-creation.md)',
    description:
      'In one transaction: the access check (403 naming the first missing requirement), the contest with a fresh invite code, the `created` activity, and the creator joining with `team_id` (championship: their classic team of the phase) and paying like any member — too little balance is 409 and nothing is created. `game`: single-match, football-single-match, f1-single-match or championship. Prize table: `prize_option`, `prize_structure_id` or `prize_ranges` (one of them; winner takes all by default).',
    security: bearerSecurity,
    request: { body: jsonBody(DraftBody) },
    responses: { 201: json(CreatedAnswer, 'Created'), ...errors(401, 403, 404, 409, 422) },
  })

// Long: a route factory, one short registration per route.
export function contestCreationRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Contest creation'])

  app.openapi(postContestsRoute(deps), async (c) => {
    const me = currentUser(c)
    const d = requestDeps(c, deps)
    const made = await createContest(d, me.id, c.req.valid('json'))
    return c.json({ ...(await anyContestJson(d, c, made.type, made.id)), member_id: made.member_id }, 201)
  })

  route.post(
    '/api/contests/verify',
    {
      summary: 'The bill and prize table of a draft, without creating anything',
      description:
        'Same body as creating (team_id optional). 422 with field messages for what is wrong; `access` says whether the caller may create it and what is missing.',
      auth: true,
      body: DraftBody,
      ok: json(VerifyAnswer, 'The bill'),
      errors: [422],
    },
    async (c) => c.json(await verifyDraft(deps, currentUser(c).id, c.req.valid('json')), 200),
  )

  app.openapi(getContestsInviteCodeByCodeRoute(deps), async (c) =>
    c.json({ contest: await contestByInviteCode(deps, c.req.valid('param').code) }, 200),
  )

  route.get(
    '/api/contests/rules/{slug}',
    {
      summary: 'The rules page of a game kind',
      description:
        'Built from what the server enforces: the team validator’s size, budget and position limits, the scorer’s point system, the creation limits, rake and prize options (for a sample of 10 members), refunds and access. Unknown slug: 404.',
      params: z.object({ slug: z.string().max(40) }),
      ok: json(
        z.object({
          rules: z.object({
            slug: z.string(),
            name: z.string(),
            available: z.boolean(),
            description: z.string(),
            team_rules: z
              .object({
                sport: z.string(),
                team_size: z.number().int(),
                budget_credits: z.number(),
                roles: z.array(
                  z.object({
                    key: z.string(),
                    min: z.number().int(),
                    max: z.number().int().nullable(),
                    note: z.string().nullable(),
                  }),
                ),
                per_team_cap: z.number().int().nullable(),
                captain_multiplier: z.number(),
                vice_captain_multiplier: z.number(),
              })
              .nullable(),
            point_system: orNull(PointSystemSchema),
            championship: z
              .object({
                free_transfers_per_match: z.number().int(),
                paid_transfer_fees: z.array(z.number()),
              })
              .nullable(),
            creation: z.object({
              members_min: z.number().int(),
              members_max: z.number().int(),
              entry_fee_max: z.number(),
              free_members_max: z.number().int(),
              max_entries_per_user: z.number().int(),
              open_contests_max: z.number().int(),
              rake_percent: z.number(),
              sample_members: z.number().int(),
              prize_options: z.array(
                z.object({
                  key: z.string(),
                  label: z.string(),
                  winners: z.number().int(),
                  prizes: z.array(
                    z.object({
                      rank_text: z.string(),
                      from: z.number().int(),
                      to: z.number().int(),
                      percent: z.number(),
                    }),
                  ),
                }),
              ),
            }),
            refunds: z.array(z.string()),
            access: z.array(z.string()),
          }),
        }),
        'Rules',
      ),
      errors: [404],
    },
    (c) => {
      const kind = gameKind(c.req.valid('param').slug)
      if (!kind) throw notFound('Game kind')
      return c.json({ rules: rulesOf(kind) }, 200)
    },
  )

  return app
}
