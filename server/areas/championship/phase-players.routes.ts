import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../deps'
import { notFound } from '../../http/errors'
import { idField } from '../../http/ids'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { phaseFilters } from '../matches/phase-filters'
import { asSquad, playerBase } from '../matches/players'
import { idParam, PlayerSchema } from '../matches/schemas'
import { playerJson } from '../matches/serialize'
import { selectedIdsFor } from './players'

/**
 * A series phase's players with per-fixture filters, and `selected` for a championship team:
 * it reads the championship's teams, so it lives here, mounted beside the series routes.
 */
export function phasePlayerRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/series_phases/{id}/players',
      tags: ['Matches'],
      summary: 'The players of a series phase, with per-fixture team filters',
      description:
        '`filters` lists the phase’s fixtures; each names the two sides whose players it shows. With `classic_team_id` (spec §7), `selected` marks that championship team’s players: yours as saved, another user’s as it stood at its last lock (404 before its first lock, or for a team of another phase).',
      request: { params: idParam, query: z.object({ classic_team_id: idField().optional() }) },
      responses: {
        200: json(
          z.object({
            players: z.array(PlayerSchema.extend({ selected: z.boolean() })),
            filters: z.array(
              z.object({ id: z.number().int(), text: z.string(), team_ids: z.array(z.number().int()) }),
            ),
          }),
          'Players and filters',
        ),
        ...errors(404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const phase = await deps.db
        .selectFrom('series_phases')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!phase) throw notFound('Phase')
      const selected = await selectedIdsFor(
        deps,
        c.get('user')?.id ?? null,
        id,
        c.req.valid('query').classic_team_id,
      )
      const filters = await phaseFilters(deps, id)
      const teamIds = [...new Set(filters.flatMap((f) => f.team_ids))]
      const rows = teamIds.length
        ? await playerBase(deps)
            .where('p.real_team_id', 'in', teamIds)
            .orderBy('p.value_tenths', 'desc')
            .orderBy('p.id')
            .execute()
        : []
      return c.json(
        {
          players: rows.map((p) => ({ ...playerJson(asSquad(p)), selected: selected.has(p.id) })),
          filters,
        },
        200,
      )
    },
  )

  return app
}
