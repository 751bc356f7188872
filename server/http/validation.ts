import type { Context } from 'hono'
import { z } from 'zod'
import { AppError, type FieldErrors, summarise } from './errors'

/**
 * zod issues → field messages in the house style ("is required", "is too short (minimum is
 * 8 characters)"). Paths are joined with dots; issues about the whole body go under "base".
 */
export function fieldErrors(error: z.core.$ZodError, notAnObject?: string): FieldErrors {
  // Field names come from the caller (an unknown key may be `constructor` or `__proto__`),
  // so they are collected in a Map, never looked up on a plain object.
  const out = new Map<string, string[]>()
  const add = (path: PropertyKey[], message: string) => {
    const key = path.length === 0 ? 'base' : path.map(String).join('.')
    const list = out.get(key) ?? []
    if (!list.includes(message)) list.push(message)
    out.set(key, list)
  }
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'is not a known field')
      continue
    }
    if (
      notAnObject &&
      issue.path.length === 0 &&
      issue.code === 'invalid_type' &&
      issue.expected === 'object'
    ) {
      add([], notAnObject)
      continue
    }
    add(issue.path, issue.message)
  }
  // fromEntries defines own properties, so even a `__proto__` field is an ordinary key.
  return Object.fromEntries(out)
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

export function validationError(error: z.core.$ZodError, notAnObject?: string): AppError {
  const fields = fieldErrors(error, notAnObject)
  return new AppError('VALIDATION_FAILED', summarise(fields), fields)
}

/** A body of `null`, a list, a string or a number where an object belongs. */
export const NOT_AN_OBJECT = 'The request body must be a JSON object'

/** The defaultHook of every router: a failed parse becomes the one 422 shape. */
export function validationHook(
  result: { success: boolean; error?: unknown; target?: string },
  _c: Context,
): undefined {
  if (!result.success) {
    const isBody = result.target === 'json' || result.target === 'form'
    throw validationError(result.error as z.core.$ZodError, isBody ? NOT_AN_OBJECT : undefined)
  }
  return undefined
}
