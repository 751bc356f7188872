import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { idParam } from '../../http/ids'
import { PageMetaSchema, pageMeta, toPage } from '../../http/paging'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppEnv, createRouter, currentAdmin, currentUser } from '../../http/router'
import {
  AdminGameAccountSchema,
  AdminListQuery,
  CreateGameAccountRequest,
  GameAccountSchema,
  MineQuery,
  PublicGameAccountSchema,
  RejectGameAccountRequest,
  SearchQuery,
  UpdateGameAccountRequest,
} from './accounts.schemas'
import {
  adminGameAccounts,
  createGameAccount,
  gameAccountJson,
  myGameAccounts,
  reviewGameAccount,
  searchGameAccounts,
  updateGameAccount,
} from './accounts.service'

const oneAccount = (description: string) => json(z.object({ game_account: GameAccountSchema }), description)
const oneAdminAccount = json(z.object({ game_account: AdminGameAccountSchema }), 'Reviewed')

/** Game accounts (docs/esports.md, "Game accounts"): mine, search, and the admins' review queue. */
// Long: a route factory, one short registration per route.
export function gameAccountRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Esports'])
  /** An admin's verdict on game account `{id}`; the answer is the account as reviewed. */
  const reviewed = async (
    c: Context<AppEnv, string, { out: { param: { id: number } } }>,
    verdict: Parameters<typeof reviewGameAccount>[3],
  ) => {
    const admin = currentAdmin(c)
    const game_account = await reviewGameAccount(deps, admin.id, c.req.valid('param').id, verdict)
    return c.json({ game_account }, 200)
  }

  route.get(
    '/api/game_accounts',
    {
      summary: 'My game accounts',
      description:
        'All of mine (PUBG, Free Fire, Call of Duty order). With `contest_id`: only the one for that esports contest’s game (PUBG Lite and PUBG single match use the PUBG account); a contest I cannot see → 404.',
      auth: true,
      query: MineQuery,
      ok: json(z.object({ game_accounts: z.array(GameAccountSchema) }), 'My accounts'),
      errors: [404, 422],
    },
    async (c, me) => {
      const { contest_id } = c.req.valid('query')
      return c.json({ game_accounts: await myGameAccounts(deps, me, contest_id) }, 200)
    },
  )

  route.post(
    '/api/game_accounts',
    {
      summary: 'Add my account for a game',
      description:
        'One per game (a second → 409). `character_id` is unique per game (422 on `character_id`). The account starts `pending` until an admin verifies it.',
      auth: true,
      body: CreateGameAccountRequest,
      responses: { 201: oneAccount('Added, pending review') },
      errors: [409, 422],
    },
    async (c, me) => {
      const row = await createGameAccount(deps, me.id, c.req.valid('json'))
      return c.json({ game_account: gameAccountJson(row) }, 201)
    },
  )

  route.get(
    '/api/game_accounts/search',
    {
      summary: 'Find players by their verified game accounts',
      description:
        'Verified accounts only, by part of the in-game name or the username (any case), name order. Shows the game, in-game name, level and the player — never the character id.',
      auth: true,
      query: SearchQuery,
      ok: json(
        z.object({ game_accounts: z.array(PublicGameAccountSchema), meta: PageMetaSchema }),
        'Matching accounts',
      ),
      errors: [422],
    },
    async (c) => {
      currentUser(c)
      const q = c.req.valid('query')
      const page = toPage(q)
      const found = await searchGameAccounts(deps.db, { slug: q.slug, search: q.search }, page)
      return c.json({ game_accounts: found.game_accounts, meta: pageMeta(page, found.total) }, 200)
    },
  )

  route.put(
    '/api/game_accounts/{id}',
    {
      summary: 'Edit my game account',
      description:
        'Any of `in_game_name`, `character_id`, `game_level`. A rejected account goes back to pending on any change; a verified one when its character id or level changes (a new in-game name alone keeps it verified). Someone else’s account → 404.',
      auth: true,
      params: idParam,
      body: UpdateGameAccountRequest,
      ok: oneAccount('Updated'),
      errors: [404, 422],
    },
    async (c, me) => {
      const row = await updateGameAccount(deps, me.id, c.req.valid('param').id, c.req.valid('json'))
      return c.json({ game_account: gameAccountJson(row) }, 200)
    },
  )

  route.get(
    '/api/admin/game_accounts',
    {
      tags: ['Admin'],
      summary: 'Game accounts to review',
      description:
        '`status=pending` (the default) oldest first; `verified`, `rejected` and `all` newest first.',
      auth: true,
      query: AdminListQuery,
      ok: json(
        z.object({ game_accounts: z.array(AdminGameAccountSchema), meta: PageMetaSchema }),
        'Game accounts',
      ),
      errors: [403, 422],
    },
    async (c) => {
      currentAdmin(c)
      const q = c.req.valid('query')
      const page = toPage(q)
      const found = await adminGameAccounts(deps.db, q.status, page)
      return c.json({ game_accounts: found.game_accounts, meta: pageMeta(page, found.total) }, 200)
    },
  )

  route.post(
    '/api/admin/game_accounts/{id}/verify',
    {
      tags: ['Admin'],
      summary: 'Verify a pending game account',
      description: 'The owner is notified (a link to their settings). Not pending → 409.',
      auth: true,
      params: idParam,
      ok: oneAdminAccount,
      errors: [403, 404, 409, 422],
    },
    async (c) => reviewed(c, { verify: true }),
  )

  route.post(
    '/api/admin/game_accounts/{id}/reject',
    {
      tags: ['Admin'],
      summary: 'Reject a pending game account, with a reason',
      description: 'The reason (3–300 characters) is shown to the owner, who is notified. Not pending → 409.',
      auth: true,
      params: idParam,
      body: RejectGameAccountRequest,
      ok: oneAdminAccount,
      errors: [403, 404, 409, 422],
    },
    async (c) => reviewed(c, { verify: false, reason: c.req.valid('json').reason }),
  )

  return app
}
