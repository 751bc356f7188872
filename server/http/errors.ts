/**
 * One error class, one body shape. Every failure a client can see is an AppError with a
 * stable code; the status comes from the code table, so a code never changes meaning.
 *
 *   { "error": "<message a person can read>", "code": "<STABLE_CODE>",
 *     "errors": { "<field>": ["…"] }, "request_id": "…" }
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  INVALID_CREDENTIALS: 401,
  // OAuth 2.0 token endpoint codes (RFC 6749 §5.2) keep their standard spelling.
  invalid_client: 401,
  invalid_grant: 401,
  invalid_request: 422,
  unsupported_grant_type: 422,
  FORBIDDEN: 403,
  NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_BALANCE: 409,
  IDEMPOTENCY_CONFLICT: 409,
  CLOCK_BACKWARDS: 409,
  ALREADY_ACTIVE: 409,
  EVENT_LOCKED: 409,
  CONTEST_FULL: 409,
  CONTEST_CLOSED: 409,
  ALREADY_JOINED: 409,
  ENTRY_LIMIT: 409,
  TEAM_LIMIT: 409,
  // Championship (docs/championship.md): one classic team per user per series phase.
  CLASSIC_TEAM_EXISTS: 409,
  MATCH_STATE: 409,
  AUCTION_STATE: 409,
  BID_REFUSED: 409,
  COLOR_TAKEN: 409,
  REDEMPTION_LIMIT: 409,
  // Deposits and Idempotency-Key (docs/wallet.md).
  PAYMENT_REPLAYED: 409,
  ORDER_CLOSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  // Rewards (docs/wallet.md).
  ALREADY_CLAIMED: 409,
  ALREADY_REFERRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_SIGNATURE: 422,
  AMOUNT_MISMATCH: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // A snapshot restore or league reset is swapping the database (docs/snapshots.md).
  MAINTENANCE: 503,
  // A restore or league reset while other server processes share the database (docs/snapshots.md).
  DATABASE_IN_USE: 409,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS
export type FieldErrors = Record<string, string[]>

export interface ErrorBody {
  error: string
  code: ErrorCode
  errors?: FieldErrors
  request_id?: string
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: (typeof ERROR_STATUS)[ErrorCode]
  readonly fields?: FieldErrors
  readonly headers?: Record<string, string>

  constructor(code: ErrorCode, message: string, fields?: FieldErrors, headers?: Record<string, string>) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.status = ERROR_STATUS[code]
    this.fields = fields
    this.headers = headers
  }

  body(requestId?: string): ErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.fields ? { errors: this.fields } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    }
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`)
export const forbidden = (message = 'You are not allowed to do that') => new AppError('FORBIDDEN', message)
export const unauthorized = (message = 'Sign in to continue') => new AppError('UNAUTHORIZED', message)
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, message)

/** A 422 with messages for one or more fields: `invalid({ email: ['has already been taken'] })`. */
export function invalid(fields: FieldErrors, message?: string): AppError {
  return new AppError('VALIDATION_FAILED', message ?? summarise(fields), fields)
}

export function summarise(fields: FieldErrors): string {
  const parts = Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((m) => (field === 'base' ? m : `${humanise(field)} ${m}`)),
  )
  return parts.length > 0 ? parts.join(', ') : 'Validation failed'
}

function humanise(field: string): string {
  const last = field.split('.').at(-1) ?? field
  // A name the caller made up (`__proto__`, `a b`) is quoted as sent, not prettified.
  if (!/^([A-Za-z][A-Za-z0-9_]*|\d+)$/.test(last)) return `"${last}"`
  const words = last.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
