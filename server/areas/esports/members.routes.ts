import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { isEsportsContestId } from '../../domain/esports/rules'
import { codeLookupLimit } from '../../http/code-lookup'
import { invalid, notFound } from '../../http/errors'
import { requestDeps } from '../../http/idempotency'
import { idField, idParam, MAX_ID } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppEnv, type AuthUser, createRouter, currentUser } from '../../http/router'
import { visibleContest } from '../contests'
import {
  IN_GAME_NAME_MAX,
  joinEsportsContest,
  leaveEsportsContest,
  type MembersType,
  membersTypeOf,
  SQUAD_NAME_MAX,
  SQUAD_NAME_MIN,
} from './members.service'
import { EsportsMemberSchema, EsportsSquadSchema, squadJson, squadsJson } from './members.views'
import { squadContestId } from './queries'
import {
  handOverCaptaincy,
  inviteToSquad,
  removeFromSquad,
  renameSquad,
  reorderMembers,
  updateMember,
} from './squads.service'

const tags = ['Esports']
const blank = 'can’t be blank'
const squadName = z
  .string()
  .trim()
  .min(SQUAD_NAME_MIN, `must be ${SQUAD_NAME_MIN} to ${SQUAD_NAME_MAX} characters`)
  .max(SQUAD_NAME_MAX, `must be ${SQUAD_NAME_MIN} to ${SQUAD_NAME_MAX} characters`)
const code = z.string().trim().min(1, blank).max(40)

const JoinBody = z
  .strictObject({
    squad_name: squadName.optional().openapi({ description: 'A new squad (you its captain); solo: ignored' }),
    squad_invite_code: code.optional().openapi({ description: 'Join that squad instead' }),
    invite_code: code
      .optional()
      .openapi({ description: 'A private contest’s invite code (not needed with a squad’s invite code)' }),
  })
  .superRefine((v, ctx) => {
    if (v.squad_name !== undefined && v.squad_invite_code !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['squad_invite_code'],
        message: 'give a new squad’s name or a squad’s invite code, not both',
      })
  })

const SquadsAnswer = z.object({
  squads: z.array(EsportsSquadSchema),
  my_squad_id: z.number().int().nullable(),
})
const SquadAnswer = z.object({ squad: EsportsSquadSchema })
const MEMBERS_TYPES = ['pubg', 'free_fire', 'call_of_duty'] as const satisfies readonly MembersType[]
const userIdBody = z.strictObject({ user_id: idField() })

/** Joining, leaving, squads and their captains' edits (docs/esports.md, "Members and squads"). */
// Long: a route factory, one short registration per route.
export function esportsMemberRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, tags, deps)

  async function squadsOf(contestId: number, caller: { id: number; role: string }) {
    const contest = await visibleContest(deps.db, 'esports_contest', contestId, caller)
    return squadsJson(deps.db, contest, caller)
  }

  async function oneSquad(squadId: number, caller: { id: number; role: string }, db: Deps['db'] = deps.db) {
    const squad = await squadContestId(db, squadId)
    const contest =
      squad &&
      (await visibleContest(db, 'esports_contest', Number(squad.contest_id), caller).catch(() => undefined))
    if (!contest) throw notFound('Squad')
    return { squad: await squadJson(db, contest, caller, squadId) }
  }

  /** A captain's change to squad `{id}`: the answer is the squad as it now is (in the request's transaction). */
  const squadChange =
    <B>(change: (d: Deps, me: AuthUser, id: number, body: B) => Promise<unknown>) =>
    async (c: Context<AppEnv, string, { out: { param: { id: number }; json: B } }>, me: AuthUser) => {
      const { id } = c.req.valid('param')
      const d = requestDeps(c, deps)
      await change(d, me, id, c.req.valid('json'))
      return c.json(await oneSquad(id, me, d.db), 200)
    }

  // GET /api/contests/{id}/members is the daily contests' leaderboard (contests/routes.ts,
  // mounted after this area): for an esports id this handler answers first, with or without
  // `?type=`; any other id falls through to the daily route.
  app.get('/api/contests/:id/members', async (c, next) => {
    const raw = c.req.param('id')
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0
    if (id > MAX_ID || !isEsportsContestId(id)) return next()
    const caller = currentUser(c)
    const type = c.req.query('type')
    if (type !== undefined && !(MEMBERS_TYPES as readonly string[]).includes(type))
      throw invalid({ type: [`must be one of ${MEMBERS_TYPES.join(', ')}`] })
    const contest = await visibleContest(deps.db, 'esports_contest', id, caller)
    if (type !== undefined && membersTypeOf(contest) !== type) throw notFound('Contest')
    const { squads } = await squadsJson(deps.db, contest, caller)
    return c.json({ members: squads.flatMap((s) => s.members) }, 200)
  })

  route.money.post(
    '/api/esports/contests/{id}/join',
    {
      tags,
      summary: 'Join an esports contest: a new squad, or a squad by its invite code',
      description:
        'Needs a verified game account for the contest’s game at `min_level` or above (403 naming what is missing). One membership per player (409 ALREADY_JOINED); the room full or the squad full: 409 CONTEST_FULL; after the lock: 409 CONTEST_CLOSED; a wrong squad code: 404. A private contest needs its `invite_code` unless you join by a squad’s code (404 otherwise). The entry fee is charged at once (409 INSUFFICIENT_BALANCE).',
      auth: true,
      middleware: [codeLookupLimit(deps, { body: 'invite_code' }, { body: 'squad_invite_code' })],
      params: idParam,
      body: JoinBody,
      responses: {
        201: json(z.object({ esports_member: EsportsMemberSchema, squad: EsportsSquadSchema }), 'Joined'),
      },
      errors: [403, 404, 409, 422, 429],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const d = requestDeps(c, deps)
      const { memberId, squadId } = await joinEsportsContest(d, me, id, c.req.valid('json'))
      const { squad } = await oneSquad(squadId, me, d.db)
      const member = squad.members.find((m) => m.id === memberId)
      if (!member) throw notFound('Member')
      return c.json({ esports_member: member, squad }, 201)
    },
  )

  route.money.delete(
    '/api/esports/contests/{id}/membership',
    {
      tags,
      summary: 'Leave an esports contest before the lock (entry fee refunded)',
      description:
        'The captaincy passes to the next member by position; a squad left empty is deleted and its slot frees. Not a member: 404; after the lock: 409.',
      auth: true,
      params: idParam,
      ok: json(
        z.object({ membership: z.object({ contest_id: z.number().int(), left: z.literal(true) }) }),
        'Left',
      ),
      errors: [404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      await leaveEsportsContest(requestDeps(c, deps), me, id)
      return c.json({ membership: { contest_id: id, left: true as const } }, 200)
    },
  )

  route.get(
    '/api/esports/contests/{id}/squads',
    {
      summary: 'Every squad of an esports contest with its members',
      description:
        'By slot; members by position. `invite_code` only on your own squad; another squad’s members’ `character_id` is null until the lock (the host and admins see all).',
      auth: true,
      params: idParam,
      ok: json(SquadsAnswer, 'Squads'),
      errors: [404, 422],
    },
    async (c) => c.json(await squadsOf(c.req.valid('param').id, currentUser(c)), 200),
  )

  route.get(
    '/api/squad_teams',
    {
      summary: 'Every squad of an esports contest (as GET /api/esports/contests/{id}/squads)',
      auth: true,
      query: z.object({ contest_id: idField() }),
      ok: json(SquadsAnswer, 'Squads'),
      errors: [404, 422],
    },
    async (c) => c.json(await squadsOf(c.req.valid('query').contest_id, currentUser(c)), 200),
  )

  const captainOnly =
    'Only the squad’s captain (other members: 403; not in the squad: 404); after the lock: 409.'

  route.put(
    '/api/squad_teams/{id}',
    {
      summary: 'Rename a squad (its captain)',
      description: `${SQUAD_NAME_MIN}–${SQUAD_NAME_MAX} characters, unique in the contest ignoring case (422). ${captainOnly}`,
      auth: true,
      params: idParam,
      body: z.strictObject({ name: squadName }),
      ok: json(SquadAnswer, 'Renamed'),
      errors: [403, 404, 409, 422],
    },
    squadChange((d, me, id, body) => renameSquad(d, me, id, body.name)),
  )

  route.put(
    '/api/squad_teams/{id}/captain',
    {
      summary: 'Hand the captaincy to another member of the squad',
      description: `The new captain must be in the squad (404). ${captainOnly}`,
      auth: true,
      params: idParam,
      body: userIdBody,
      ok: json(SquadAnswer, 'Handed over'),
      errors: [403, 404, 409, 422],
    },
    squadChange((d, me, id, body) => handOverCaptaincy(d, me, id, body.user_id)),
  )

  route.post(
    '/api/squad_teams/{id}/invite',
    {
      summary: 'Invite a player to the squad by username (a notification with the invite link)',
      description: `Unknown username: 404; already in the contest or the squad full: 409. ${captainOnly}`,
      auth: true,
      params: idParam,
      body: z.strictObject({ username: z.string().trim().min(1, blank).max(60) }),
      ok: json(
        z.object({
          invitation: z.object({
            user: z.object({ id: z.number().int(), slug: z.string(), username: z.string() }),
            url: z.string().openapi({ description: '/contests/{id}/squads?invite=CODE' }),
          }),
        }),
        'Invited',
      ),
      errors: [403, 404, 409, 422],
    },
    async (c, me) => {
      const { id } = c.req.valid('param')
      const invitation = await inviteToSquad(deps, me, id, c.req.valid('json').username)
      return c.json({ invitation }, 200)
    },
  )

  route.money.post(
    '/api/squad_teams/{id}/remove',
    {
      tags,
      summary: 'Remove a member from the squad (their entry fee refunded)',
      description: `Not yourself (422: leave the contest instead); not in the squad: 404. ${captainOnly}`,
      auth: true,
      params: idParam,
      body: userIdBody,
      ok: json(SquadAnswer, 'Removed'),
      errors: [403, 404, 409, 422],
    },
    squadChange((d, me, id, body) => removeFromSquad(d, me, id, body.user_id)),
  )

  for (const type of MEMBERS_TYPES) {
    route.put(
      `/api/${type}_members/{id}`,
      {
        summary: `Edit a member of a ${type.replace(/_/g, ' ')} squad`,
        description:
          '`in_game_name`: only the member themself; `position`: only the captain (the member at that position swaps). The path’s game must be the contest’s (404). After the lock: 409.',
        auth: true,
        params: idParam,
        body: z
          .strictObject({
            in_game_name: z.string().trim().min(1, blank).max(IN_GAME_NAME_MAX).optional(),
            position: z.number().int().min(1).max(4).optional(),
          })
          .refine((v) => v.in_game_name !== undefined || v.position !== undefined, {
            message: 'give in_game_name or position',
            path: ['in_game_name'],
          }),
        ok: json(z.object({ esports_member: EsportsMemberSchema }), 'Changed'),
        errors: [403, 404, 409, 422],
      },
      async (c, me) => {
        const { id } = c.req.valid('param')
        const { squadId } = await updateMember(deps, me, type, id, c.req.valid('json'))
        const { squad } = await oneSquad(squadId, me)
        const member = squad.members.find((m) => m.id === id)
        if (!member) throw notFound('Member')
        return c.json({ esports_member: member }, 200)
      },
    )

    route.post(
      `/api/${type}_members/update_members`,
      {
        summary: `Set every position of a ${type.replace(/_/g, ' ')} squad at once (its captain)`,
        description:
          '`members` lists each member of the squad once (422 `members`), positions 1..members_count each once (422 `members.i.position`). The squad’s game must be the path’s (404). After the lock: 409.',
        auth: true,
        body: z.strictObject({
          squad_id: idField(),
          members: z
            .array(z.strictObject({ id: idField(), position: z.number().int().min(1).max(4) }))
            .min(1)
            .max(4),
        }),
        ok: json(SquadAnswer, 'Reordered'),
        errors: [403, 404, 409, 422],
      },
      async (c, me) => {
        const body = c.req.valid('json')
        await reorderMembers(deps, me, type, body.squad_id, body.members)
        return c.json(await oneSquad(body.squad_id, me), 200)
      },
    )
  }

  return app
}
