import { z } from '@hono/zod-openapi'

/**
 * Record ids, in paths, queries and bodies: whole numbers from 1 to 2^31 − 1, the range of a
 * PostgreSQL `integer` (the id columns). Anything else — `abc`, `-1`, `1.5`, `1e3`,
 * `99999999999999999999` — is one 422 on that field ("must be a whole number from 1 to
 * 2147483647"), before any query runs: a larger number would overflow the column on
 * PostgreSQL instead of finding nothing.
 */
export const MAX_ID = 2_147_483_647

const NOT_AN_ID = `must be a whole number from 1 to ${MAX_ID}`
const idMessage = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : NOT_AN_ID)

function idNumber() {
  return z
    .number({ error: idMessage })
    .int({ error: NOT_AN_ID })
    .min(1, { error: NOT_AN_ID })
    .max(MAX_ID, { error: NOT_AN_ID })
}

/** Digits only: `z.coerce` would also take `0x1f`, `1e3` and the empty string (as 0). */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v)

/**
 * An id anywhere: a path or query parameter, a JSON number in a body, or the numeric string
 * a form sends. A missing value still says "is required".
 */
export function idField() {
  return z.preprocess(digitsToNumber, idNumber()).openapi({ type: 'integer', minimum: 1, maximum: MAX_ID })
}

/** Path parameters that are all ids: `idParams('id', 'manager_id')`. */
export function idParams<K extends string>(...names: K[]) {
  const shape = Object.fromEntries(names.map((name) => [name, idField()]))
  return z.object(shape as Record<K, ReturnType<typeof idField>>)
}

/** `{id}` — the path parameter of nearly every resource. */
export const idParam = idParams('id')
