/** Exit codes of every command: ok, the work failed, the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

/** A failure the user can act on: printed as `error: <message>` without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number
  /** A follow-up line, e.g. the command that fixes it. */
  readonly hint?: string

  constructor(message: string, options: { exitCode?: number; hint?: string } = {}) {
    super(message)
    this.name = 'CliError'
    this.exitCode = options.exitCode ?? EXIT.failed
    this.hint = options.hint
  }
}

/** The command line itself is wrong (bad option value, missing confirmation flag …): exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.usage, hint })
    this.name = 'UsageError'
  }
}

/** An answer from the server other than 2xx, in the API's one error shape. */
export class ApiError extends CliError {
  readonly status: number
  readonly code: string
  readonly fields?: Record<string, string[]>

  constructor(
    status: number,
    body: { error?: string; code?: string; errors?: Record<string, string[]> },
    hint?: string,
  ) {
    super(apiMessage(status, body), { hint })
    this.name = 'ApiError'
    this.status = status
    this.code = body.code ?? `HTTP_${status}`
    this.fields = body.errors
  }
}

function apiMessage(
  status: number,
  body: { error?: string; code?: string; errors?: Record<string, string[]> },
) {
  const head = `${status} ${body.code ?? 'ERROR'}: ${body.error ?? 'the server gave no reason'}`
  const fields = Object.entries(body.errors ?? {})
    .filter(([field]) => field !== 'base')
    .map(([field, messages]) => `  ${field}: ${messages.join(', ')}`)
  return [head, ...fields].join('\n')
}
