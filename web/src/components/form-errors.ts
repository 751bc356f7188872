import { ApiError, type FieldErrors } from '../lib/api'

/** The 422 field messages of a failed call, or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError && error.status === 422 ? error.fields : {}
}

/**
 * The message a form shows above its fields: a 422 whose fields the form does not render
 * (so the person would otherwise see nothing), or `null` when every message has a place.
 */
export function unplacedError(error: unknown, shownFields: string[]): string | null {
  if (!(error instanceof ApiError) || !error.isValidation) return null
  const missing = Object.keys(error.fields).filter((field) => !shownFields.includes(field))
  if (missing.length === 0) return null
  return missing.map((field) => `${field.replace(/_/g, ' ')} ${error.fields[field]?.join(', ')}`).join('; ')
}
