import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'kysely'
import { containsText, countRows } from '../../db/query'
import type { Deps } from '../../deps'
import { notFound } from '../../http/errors'
import { idField } from '../../http/ids'
import { PageMetaSchema, pageMeta, pagingQuery, toPage } from '../../http/paging'
import { errors, json } from '../../http/responses'
import { createRouter } from '../../http/router'
import { asSquad, playerBase } from './players'
import { listMatches } from './queries'
import { idParam, MatchSchema, PlayerSchema, SeriesSchema } from './schemas'
import { playerJson } from './serialize'
import { matchesJson, seriesJson } from './service'

export function seriesRoutes(deps: Deps) {
  const app = createRouter()

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/series',
      tags: ['Matches'],
      summary: 'Series (tournaments) with their phases',
      request: {
        query: z.object({
          sport_slug: z.string().optional(),
          series_status: z.enum(['upcoming', 'live', 'completed']).optional(),
        }),
      },
      responses: { 200: json(z.object({ series: z.array(SeriesSchema) }), 'Series'), ...errors(422) },
    }),
    async (c) => {
      const q = c.req.valid('query')
      let sel = deps.db
        .selectFrom('series as se')
        .innerJoin('sports as s', 's.id', 'se.sport_id')
        .select('se.id')
      if (q.sport_slug) sel = sel.where('s.slug', '=', q.sport_slug)
      if (q.series_status) sel = sel.where('se.status', '=', q.series_status)
      const ids = (await sel.execute()).map((r) => r.id)
      return c.json({ series: await seriesJson(deps.db, ids) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/series/{id}',
      tags: ['Matches'],
      summary: 'One series',
      request: { params: idParam },
      responses: { 200: json(z.object({ series: SeriesSchema }), 'The series'), ...errors(404) },
    }),
    async (c) => {
      const [series] = await seriesJson(deps.db, [c.req.valid('param').id])
      if (!series) throw notFound('Series')
      return c.json({ series }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/series/{id}/matches',
      tags: ['Matches'],
      summary: 'The matches of a series',
      request: { params: idParam, query: pagingQuery(50, 200) },
      responses: {
        200: json(z.object({ matches: z.array(MatchSchema), meta: PageMetaSchema }), 'Matches'),
        ...errors(404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const page = toPage(c.req.valid('query'))
      const { rows, total } = await listMatches(deps.db, { series_id: id }, page)
      return c.json(
        { matches: await matchesJson(deps, rows, c.get('user')?.id ?? null), meta: pageMeta(page, total) },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/series/{id}/players',
      tags: ['Matches'],
      summary: 'Every player of the sides in a series (per_page up to 200)',
      request: { params: idParam, query: pagingQuery(200, 200) },
      responses: {
        200: json(z.object({ players: z.array(PlayerSchema), meta: PageMetaSchema }), 'Players'),
        ...errors(404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const page = toPage(c.req.valid('query'))
      const teams = deps.db
        .selectFrom('match_teams as mt')
        .innerJoin('matches as m', 'm.id', 'mt.match_id')
        .select('mt.real_team_id')
        .where('m.series_id', '=', id)
      const base = playerBase(deps).where('p.real_team_id', 'in', teams)
      const total = await countRows(base)
      const rows = await base
        .orderBy('p.value_tenths', 'desc')
        .orderBy('p.id')
        .limit(page.per_page)
        .offset(page.offset)
        .execute()
      return c.json({ players: rows.map((p) => playerJson(asSquad(p))), meta: pageMeta(page, total) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/players',
      tags: ['Matches'],
      summary: 'Search players by name',
      request: {
        query: pagingQuery(20, 100).extend({
          q: z.string().trim().min(2),
          sport_slug: z.string().optional(),
        }),
      },
      responses: {
        200: json(z.object({ players: z.array(PlayerSchema), meta: PageMetaSchema }), 'Players'),
        ...errors(422),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      const page = toPage(q)
      let base = playerBase(deps).where((eb) =>
        eb.or([containsText('p.name', q.q), containsText('p.display_name', q.q)]),
      )
      if (q.sport_slug) base = base.where('s.slug', '=', q.sport_slug)
      const total = await countRows(base)
      const rows = await base
        // lower(): the same order on both databases, whatever PostgreSQL's collation is.
        .orderBy(sql`lower(${sql.ref('p.name')})`)
        .orderBy('p.id')
        .limit(page.per_page)
        .offset(page.offset)
        .execute()
      return c.json({ players: rows.map((p) => playerJson(asSquad(p))), meta: pageMeta(page, total) }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/players/{id}',
      tags: ['Matches'],
      summary: 'One player, with their points in recent matches',
      request: { params: idParam },
      responses: {
        200: json(
          z.object({
            player: PlayerSchema.extend({
              sport_slug: z.string(),
              recent_scores: z.array(
                z.object({
                  match_id: z.number().int(),
                  title: z.string(),
                  event_time_in_millis: z.number().int(),
                  total_score: z.number().int(),
                }),
              ),
            }),
          }),
          'The player',
        ),
        ...errors(404),
      },
    }),
    async (c) => {
      const row = await playerBase(deps).where('p.id', '=', c.req.valid('param').id).executeTakeFirst()
      if (!row) throw notFound('Player')
      const recent = await deps.db
        .selectFrom('player_match_scores as ps')
        .innerJoin('matches as m', 'm.id', 'ps.match_id')
        .select(['ps.match_id', 'm.title', 'm.event_time_ms', 'ps.total_score'])
        .where('ps.player_id', '=', row.id)
        .orderBy('m.event_time_ms', 'desc')
        .limit(10)
        .execute()
      return c.json(
        {
          player: {
            ...playerJson(asSquad(row)),
            sport_slug: row.sport_slug,
            recent_scores: recent.map((r) => ({
              match_id: r.match_id,
              title: r.title,
              event_time_in_millis: Number(r.event_time_ms),
              total_score: r.total_score,
            })),
          },
        },
        200,
      )
    },
  )

  return app
}
