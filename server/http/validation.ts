import type { Context } from 'hono'
import { z } from 'zod'
import { AppError, type FieldErrors, summarise } from './errors'

/**
 * zod issues → field messages in the house style ("is required", "is too short (minimum is
 * 8 characters)"). Paths are joined with dots; issues about the whole body go under "base".
 */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = {}
  const add = (path: PropertyKey[], message: string) => {
    const key = path.length === 0 ? 'base' : path.map(String).join('.')
    const list = out[key] ?? []
    if (!list.includes(message)) list.push(message)
    out[key] = list
  }
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'is not a known field')
      continue
    }
    add(issue.path, issue.message)
  }
  return out
}

/**
 * House-style messages for every zod issue, installed as zod's global error map: the map
 * sees the raw issue (including the input, which zod 4 leaves out of the final issues), so
 * a missing value says "is required" and a wrong one says what it must be. A message set
 * on a schema check (e.g. a regex rule) still wins.
 */
function describe(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'is required'
        : `must be ${article(issue.expected)}`
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? "can't be blank"
          : `is too short (minimum is ${issue.minimum} characters)`
      if (issue.origin === 'array')
        return `must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
      return `must be greater than ${issue.inclusive ? 'or equal to ' : ''}${issue.minimum}`
    case 'too_big':
      if (issue.origin === 'string') return `is too long (maximum is ${issue.maximum} characters)`
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`
      return `must be less than ${issue.inclusive ? 'or equal to ' : ''}${issue.maximum}`
    case 'invalid_format':
      return issue.format === 'email' ? 'is not a valid e-mail address' : 'has an invalid format'
    case 'invalid_value':
      return issue.input === undefined
        ? 'is required'
        : `must be one of: ${issue.values.map(String).join(', ')}`
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'unrecognized_keys':
      return 'is not a known field'
    default:
      return 'is invalid'
  }
}

z.config({ customError: (issue) => describe(issue) })

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

export function validationError(error: z.core.$ZodError): AppError {
  const fields = fieldErrors(error)
  return new AppError('VALIDATION_FAILED', summarise(fields), fields)
}

/** The defaultHook of every router: a failed parse becomes the one 422 shape. */
export function validationHook(result: { success: boolean; error?: unknown }, _c: Context): undefined {
  if (!result.success) throw validationError(result.error as z.core.$ZodError)
  return undefined
}

/**
 * A positive integer id in a body: a JSON number, or the numeric string a form sends.
 * Unlike `z.coerce`, a missing value still says "is required" (coercion would turn it into NaN).
 */
export function idField() {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number().int().positive(),
  )
}
