import fs from 'node:fs'
/** Exit codes of every command: ok, the work failed, the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

/**
 * A failure the user can act on: printed as `error: <message>` without a stack trace (and,
 * with `--json`, as `{error, code, status}` on stdout).
 */
export class CliError extends Error {
  readonly exitCode: number
  /** A follow-up line, e.g. the command that fixes it. */
  readonly hint?: string
  /** Stable, for scripts: the server's error code, or one of the command line's own. */
  readonly code: string
  /** The HTTP status when the server refused; null when the command itself failed. */
  readonly status: number | null = null

  constructor(message: string, options: { exitCode?: number; hint?: string; code?: string } = {}) {
    super(message)
    this.name = 'CliError'
    this.exitCode = options.exitCode ?? EXIT.failed
    this.hint = options.hint
    this.code = options.code ?? 'FAILED'
  }

  /** What a script reads on stdout with `--json`. */
  toJson(): { error: string; code: string; status: number | null; errors?: Record<string, string[]> } {
    return { error: this.message, code: this.code, status: this.status }
  }
}

/** The command line itself is wrong (bad option value, missing confirmation flag …): exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.usage, hint, code: 'USAGE' })
    this.name = 'UsageError'
  }
}

/** An answer from the server other than 2xx, in the API's one error shape. */
export class ApiError extends CliError {
  override readonly status: number
  readonly fields?: Record<string, string[]>
  /** The server's own sentence (the message adds the status, the code and the fields). */
  readonly reason: string

  constructor(
    status: number,
    body: { error?: string; code?: string; errors?: Record<string, string[]> },
    hint?: string,
  ) {
    super(apiMessage(status, body), { hint, code: body.code ?? `HTTP_${status}` })
    this.name = 'ApiError'
    this.status = status
    this.fields = body.errors
    this.reason = body.error ?? 'the server gave no reason'
  }

  override toJson() {
    return {
      error: this.reason,
      code: this.code,
      status: this.status,
      ...(this.fields ? { errors: this.fields } : {}),
    }
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

/** The text of `file`; one that cannot be read is a CliError naming it and why (ENOENT, EACCES …). */
export function readTextFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new CliError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    )
  }
}

/** `required option '--a <x>'` or `required options '--a <x>', '--b <y>'`: the words before "not specified". */
export function missingText(flags: string[]): string {
  return `required option${flags.length > 1 ? 's' : ''} ${flags.join(', ')}`
}
