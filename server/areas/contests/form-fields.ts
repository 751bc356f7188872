import { z } from '@hono/zod-openapi'

/**
 * Fields that arrive as JSON or as a form (forms send strings: "500", "true"), so each takes
 * both: the contest draft (contest-creation) and the esports contest's form use them.
 */
const TRUE = new Set(['true', '1', 'on', 'yes'])
const FALSE = new Set(['false', '0', 'off', 'no', ''])

export const boolField = () =>
  z
    .preprocess((v) => {
      if (typeof v !== 'string') return v
      const s = v.trim().toLowerCase()
      return TRUE.has(s) ? true : FALSE.has(s) ? false : v
    }, z.boolean())
    .openapi({ type: 'boolean' })

export const intField = (min: number, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v),
      z.number().int().min(min).max(max),
    )
    .openapi({ type: 'integer', minimum: min, maximum: max })
