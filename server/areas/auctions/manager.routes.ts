import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { notFound } from '../../http/errors'
import { idParam, idParams } from '../../http/ids'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { createRouter, currentUser } from '../../http/router'
import { LeaderboardRowSchema, ManagerPageSchema, ManagerSchema, PlayerScoreSchema } from './schemas'
import { auctionLeaderboard, auctionScores } from './scoring'
import { approveAllManagers } from './seat'
import { managerJson, managersOf, playerCards } from './serialize'
import { stateOf } from './state'
import { visibleAuction, visibleManager } from './visibility'

/** The auction's leaderboard and the manager pages (spec §7, v1 paths with `.json`). */
// Long: a route factory, one short registration per route.
export function auctionManagerRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Auctions'])

  route.get(
    '/api/auctions/{id}/leaderboard',
    {
      summary: 'Managers ranked by the points their squads scored in completed matches',
      auth: true,
      params: idParam,
      ok: json(z.object({ leaderboard: z.array(LeaderboardRowSchema) }), 'Leaderboard'),
      errors: [404],
    },
    async (c) => {
      const me = currentUser(c)
      const row = await visibleAuction(deps.db, c.req.valid('param').id, me.id)
      const managers = await managersOf(deps.db, row.id)
      const state = stateOf(deps, row)
      const board = await auctionLeaderboard(deps, row)
      return c.json(
        {
          leaderboard: board.map((b) => {
            const m = managers.find((x) => x.id === b.manager_id)
            return { ...b, manager: m ? managerJson(m, state) : null }
          }),
        },
        200,
      )
    },
  )

  /** A manager of an auction the caller may see (404 otherwise), with its auction. */
  async function managerOfVisible(managerId: number, userId: number) {
    const { auction } = await visibleManager(deps.db, managerId, userId)
    const manager = (await managersOf(deps.db, auction.id)).find((m) => m.id === managerId)
    if (!manager) throw notFound('Manager')
    return { auction, manager }
  }

  route.get(
    '/api/auction/managers/{id}',
    {
      summary:
        'A manager: franchise, squad with prices, points per completed match (also `…/{id}.json`: API paths ignore a trailing `.json`)',
      auth: true,
      params: idParam,
      ok: json(z.object({ manager: ManagerPageSchema }), 'The manager'),
      errors: [404],
    },
    async (c) => {
      const me = currentUser(c)
      const { auction, manager } = await managerOfVisible(c.req.valid('param').id, me.id)
      const state = stateOf(deps, auction)
      const squad = state.managers.find((m) => m.id === manager.id)?.squad ?? []
      const cards = await playerCards(
        deps.db,
        squad.map((x) => x.playerId),
      )
      const matches = (await auctionScores(deps, auction)).get(manager.id) ?? []
      const board = await auctionLeaderboard(deps, auction)
      return c.json(
        {
          manager: {
            ...managerJson(manager, state),
            auction: { id: auction.id, name: auction.name },
            rank: board.find((b) => b.manager_id === manager.id)?.rank ?? null,
            total_points: board.find((b) => b.manager_id === manager.id)?.points ?? 0,
            players: squad.map((x) => ({ ...cards.get(x.playerId), price: x.price })),
            matches: matches.map(({ player_scores: _, ...m }) => m),
          },
        },
        200,
      )
    },
  )

  route.get(
    '/api/auction/managers/{id}/matches/{match_id}',
    {
      summary:
        'A manager’s points in one match: the squad as it stood at the start, each player’s score (also with `.json`)',
      auth: true,
      params: idParams('id', 'match_id'),
      ok: json(
        z.object({ player_scores: z.array(PlayerScoreSchema), points: z.number(), balanced: z.boolean() }),
        'Scores',
      ),
      errors: [404],
    },
    async (c) => {
      const me = currentUser(c)
      const { id, match_id } = c.req.valid('param')
      const { auction, manager } = await managerOfVisible(id, me.id)
      const match = ((await auctionScores(deps, auction)).get(manager.id) ?? []).find(
        (m) => m.match_id === match_id,
      )
      if (!match) throw notFound('Match')
      const cards = await playerCards(
        deps.db,
        match.player_scores.map((p) => p.player_id),
      )
      return c.json(
        {
          player_scores: match.player_scores.map((p) => ({ ...p, player: cards.get(p.player_id) ?? null })),
          points: match.points,
          balanced: match.balanced,
        },
        200,
      )
    },
  )

  route.post(
    '/api/auctions/{id}/managers/approve_all',
    {
      summary: 'Approve every pending manager (owner)',
      description:
        'Each pending manager is approved as by `…/managers/{manager_id}/approve`, oldest first. The answer lists the managers approved (none when nobody was waiting).',
      auth: true,
      params: idParam,
      ok: json(z.object({ approved: z.array(ManagerSchema) }), 'The managers approved'),
      errors: [403, 404, 409],
    },
    async (c) => {
      const me = currentUser(c)
      const { id } = c.req.valid('param')
      const ids = new Set(await approveAllManagers(deps, me.id, id))
      const row = await visibleAuction(deps.db, id, me.id)
      const state = stateOf(deps, row)
      const managers = (await managersOf(deps.db, id)).filter((m) => ids.has(m.id))
      return c.json({ approved: managers.map((m) => managerJson(m, state)) }, 200)
    },
  )

  return app
}
