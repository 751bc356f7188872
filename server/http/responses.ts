import { z } from '@hono/zod-openapi'

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'Email has already been taken' }),
    code: z.string().openapi({ example: 'VALIDATION_FAILED' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .openapi({ example: { email: ['has already been taken'] } }),
    request_id: z.string().optional(),
  })
  .openapi('Error')

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request (for example invalid JSON)',
  401: 'Not signed in, or the token is invalid or expired',
  403: 'Signed in but not allowed',
  404: 'Not found, or not yours',
  409: 'The current state forbids it',
  413: 'Body too large',
  422: 'Invalid input; `errors` holds field messages',
  429: 'Rate limited',
  503: 'The server is swapping its database (snapshot restore, league reset); try again after `Retry-After` seconds',
}

/** OpenAPI entries for the error answers a route can give (all share the one error shape). */
export function errors(...statuses: Array<keyof typeof DESCRIPTIONS>) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: DESCRIPTIONS[s] ?? 'Error', content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  ) as Record<
    number,
    { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }
  >
}

/** An OpenAPI JSON answer. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** An OpenAPI JSON request body (required). */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } }
}

/** `schema | null` for a named schema: `.nullable()` would make the shared component itself nullable in the OpenAPI document (the first use registers it). */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()])
}

/** An OpenAPI JSON request body that may be left out (then the schema's defaults apply). */
export function optionalJsonBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { 'application/json': { schema } } }
}
