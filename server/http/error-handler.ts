import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from '../lib/log'
import { AppError, type ErrorCode } from './errors'
import type { AppEnv } from './router'

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
}

/** Turns anything thrown into the one error shape. A 500 never shows internals. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message))
      return new AppError('MALFORMED_JSON', 'Malformed JSON in request body')
    if (error.status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large')
    if (error.status === 415)
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON (application/json)')
    const code = BY_STATUS[error.status]
    if (code) return new AppError(code, error.message || code)
  }
  return new AppError('INTERNAL', 'Something went wrong on our side')
}

export function errorHandler(log: Logger) {
  return (error: unknown, c: Context<AppEnv>) => {
    const appError = toAppError(error)
    const requestId = c.get('requestId')
    if (appError.status >= 500) {
      log.error('request failed', {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
    }
    const response = c.json(appError.body(requestId), appError.status)
    for (const [name, value] of Object.entries(appError.headers ?? {})) response.headers.set(name, value)
    response.headers.set('X-Request-Id', requestId)
    return response
  }
}
