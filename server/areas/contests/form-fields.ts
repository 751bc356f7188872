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
    .openapi({
      anyOf: [
        { type: 'boolean' },
        { type: 'string', description: 'as a form sends it: true, 1, on, yes or false, 0, off, no, empty' },
      ],
    })

const WHOLE = /^\s*-?\d{1,9}\s*$/

/** A whole number, or its digits in a string (a form's field): the document says both. */
export const intField = (min: number, max: number, number = z.number().int().min(min).max(max)) =>
  z
    .preprocess((v) => (typeof v === 'string' && WHOLE.test(v) ? Number(v) : v), number)
    .openapi({
      anyOf: [
        { type: 'integer', minimum: min, maximum: max },
        { type: 'string', pattern: WHOLE.source, description: 'the same number, as a form sends it' },
      ],
    })

/** Rupees as a number or a numeric string; the services turn them into paise and check them. */
export const rupeesField = () =>
  z
    .union([z.number(), z.string().max(20)], {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number of rupees'),
    })
    .openapi({ description: 'Rupees' })

/** 1 to 100 items, as a JSON array or (from a form) as its JSON text. */
export const jsonListField = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v) as unknown
    } catch {
      return v
    }
  }, z.array(item).min(1).max(100))
