import { z } from '@hono/zod-openapi'

const PointValue = z.union([z.number(), z.string(), z.null()])
/** A point system as data: its rules by section, points per format (or position) column. */
export const PointSystemSchema = z
  .object({
    sport: z.string(),
    name: z.string(),
    formats: z.array(z.string()),
    multipliers: z.object({ captain: z.number(), vice_captain: z.number() }),
    sections: z.array(
      z.object({
        title: z.string(),
        rules: z.array(
          z.object({ id: z.string(), label: z.string(), points: z.record(z.string(), PointValue) }),
        ),
      }),
    ),
    notes: z.array(z.string()),
  })
  .openapi('PointSystem')

export const SportSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind: z.enum(['team', 'racing', 'battle_royale']),
    team_size: z.number().int(),
    point_system: z.string(),
  })
  .openapi('Sport')
