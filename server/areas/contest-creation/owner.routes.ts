import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { codeLookupLimit } from '../../http/code-lookup'
import { requestDeps } from '../../http/idempotency'
import { idField, idParam } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppContext, type AppEnv, createRouter, currentUser } from '../../http/router'
import { ChampionshipContestSchema } from '../championship-contests'
import { ContestSchema, type ContestType } from '../contests'
import { editContest, verifyEdit } from './owner'
import { deleteOwnedContest, refundStatus, removeMembers } from './removal'
import { anyContestJson } from './routes'
import { EditBody, VerifyAnswer } from './schemas'
import { visibleActivities } from './service'

const ActivitySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum([
      'created',
      'joined',
      'edited',
      'member_removed',
      'locked',
      'cancelled',
      'deleted',
      'prizes',
    ]),
    body: z.string(),
    user: z.object({ slug: z.string(), username: z.string() }).nullable(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('ContestActivity')

const RemoveBody = z.strictObject({
  remove_member_ids: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v),
      z.array(idField()).min(1).max(500),
    )
    .openapi({
      type: 'array',
      items: { type: 'integer' },
      description: 'Member (entry) ids; a form may send them comma-joined',
    }),
  fields: z.string().max(2000).optional(),
})

interface OwnedKind {
  type: ContestType
  base: string
  tag: string
  Answer: z.ZodType
}

const KINDS: OwnedKind[] = [
  {
    type: 'contest',
    base: '/api/contests/{id}',
    tag: 'Contest creation',
    Answer: z.object({ contest: ContestSchema }),
  },
  {
    type: 'championship_contest',
    base: '/api/championship/contests/{id}',
    tag: 'Championship',
    Answer: z.object({ championship_contest: ChampionshipContestSchema }),
  },
]

const answer = (deps: Deps, c: AppContext, type: ContestType, id: number) =>
  anyContestJson(requestDeps(c, deps), c, type, id)

type OnContest = Context<AppEnv, string, { out: { param: { id: number } } }>

/** The owner's change to contest `{id}`, in the request's transaction; the answer is the contest after it. */
const ownerChange =
  <C extends OnContest>(
    deps: Deps,
    type: ContestType,
    change: (d: Deps, id: number, ownerId: number, c: C) => Promise<unknown>,
  ) =>
  async (c: C) => {
    const { id } = c.req.valid('param')
    await change(requestDeps(c, deps), id, currentUser(c).id, c)
    return c.json(await answer(deps, c, type, id), 200)
  }

/** The owner edits a contest of one kind, or asks what an edit would cost. */
function editRoutes(deps: Deps, kind: OwnedKind) {
  const { type, base, tag, Answer } = kind
  const app = createRouter()
  const route = routesOn(app, [tag], deps)
  route.money.put(
    base,
    {
      summary: 'Edit my contest',
      description:
        'Owner only (others: 404). Before anyone else joined: anything but the game and the match/phase (a fee change charges or refunds the owner’s entries the difference). After: only name, description or a larger members_limit (the prize amounts are worked out again from the percent table) — anything else is 409. After the start: 409.',
      auth: true,
      params: idParam,
      body: EditBody,
      ok: json(Answer, 'The contest'),
      errors: [403, 404, 409, 422],
    },
    ownerChange(deps, type, (d, id, ownerId, c) => editContest(d, type, id, ownerId, c.req.valid('json'))),
  )

  route.post(
    `${base}/verify`,
    {
      summary: 'The bill and prize table an edit of my contest would give',
      auth: true,
      params: idParam,
      body: EditBody,
      ok: json(VerifyAnswer, 'The bill'),
      errors: [404, 409, 422],
    },
    async (c) =>
      c.json(
        await verifyEdit(deps, type, c.req.valid('param').id, currentUser(c).id, c.req.valid('json')),
        200,
      ),
  )

  return app
}

/** The owner deletes a contest of one kind, or removes members from it: refunded. */
function removalRoutes(deps: Deps, kind: OwnedKind) {
  const { type, base, tag, Answer } = kind
  const app = createRouter()
  const route = routesOn(app, [tag], deps)
  route.money.delete(
    base,
    {
      summary: 'Delete my contest before the start: every member refunded',
      description:
        'Owner only (others: 404). Cancels the contest and refunds every entry to unused balance in one transaction; members are notified (`contest_deleted`). After the start: 409.',
      auth: true,
      params: idParam,
      ok: json(Answer, 'The cancelled contest'),
      errors: [404, 409],
    },
    ownerChange(deps, type, (d, id, ownerId) => deleteOwnedContest(d, type, id, ownerId)),
  )

  route.money.post(
    `${base}/update_members`,
    {
      summary: 'Remove members from my contest before the start (refunded)',
      description:
        'Owner only (others: 404). Each removed entry’s fee goes back to its player’s unused balance; they are notified (`contest_member_removed`) and may not join again. Not the owner’s own entries (422). After the start: 409.',
      auth: true,
      params: idParam,
      body: RemoveBody,
      ok: json(Answer, 'The contest'),
      errors: [404, 409, 422],
    },
    ownerChange(deps, type, (d, id, ownerId, c) =>
      removeMembers(d, type, id, ownerId, c.req.valid('json').remove_member_ids),
    ),
  )

  return app
}

/** What happened to a contest of one kind, newest first. */
function activityRoutes(deps: Deps, kind: OwnedKind) {
  const { type, base, tag } = kind
  const app = createRouter()
  const route = routesOn(app, [tag])
  route.get(
    `${base}/activities`,
    {
      summary: 'What happened to the contest, newest first',
      description:
        'Created, joined, edited, member removed, locked, cancelled, deleted, prizes. Live: each is published on the ContestChannel as `{type: "activity", activity}` (docs/channels.md). Private contests: as GET of the contest (`invite_code`).',
      middleware: [codeLookupLimit(deps, { query: 'invite_code' })],
      params: idParam,
      query: pagingQuery(30, 100).extend({ invite_code: z.string().max(40).optional() }),
      ok: json(z.object({ activities: z.array(ActivitySchema), meta: PageMetaSchema }), 'Activities'),
      errors: [404, 422, 429],
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const q = c.req.valid('query')
      const u = c.get('user')
      const viewer = u ? { id: u.id, role: u.role } : null
      const page = toPage(q)
      const found = await visibleActivities(deps, type, id, viewer, q.invite_code, page)
      return c.json(
        {
          activities: found.activities as z.infer<typeof ActivitySchema>[],
          meta: pageMeta(page, found.total),
        },
        200,
      )
    },
  )
  return app
}

/** Owner controls, refunds and activities of daily (`/api/contests/{id}`) and championship contests. */
export function contestOwnerRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Contest creation'])
  for (const kind of KINDS)
    app
      .route('/', editRoutes(deps, kind))
      .route('/', removalRoutes(deps, kind))
      .route('/', activityRoutes(deps, kind))

  route.get(
    '/api/contests/{id}/refund_status',
    {
      summary: 'My refunds in a contest',
      description:
        'The caller’s entries: refunded because the contest was cancelled or deleted, or removed by the owner. 404 when the caller never had an entry.',
      auth: true,
      params: idParam,
      ok: json(
        z.object({
          refund_status: z.object({
            refunded: z.boolean(),
            amount: z.number(),
            reason: z.string().nullable(),
            refunded_at_in_millis: z.number().int().nullable(),
            entries: z.array(
              z.object({ member_id: z.number().int(), refunded: z.boolean(), amount: z.number() }),
            ),
          }),
        }),
        'Refund status',
      ),
      errors: [404],
    },
    async (c) =>
      c.json({ refund_status: await refundStatus(deps, c.req.valid('param').id, currentUser(c)) }, 200),
  )

  return app
}
