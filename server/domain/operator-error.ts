/**
 * A refusal meant for whoever started the process, not for an API client: the database is
 * in use by another command, a server on a network would keep a password from the README.
 * The command line prints it as `error: <message>` with the hint and exits 1 (cli/main.ts),
 * with `code` in `--json` output; it is never an HTTP answer (a route that can meet one maps
 * it to an AppError).
 */
export class OperatorError extends Error {
  readonly code: string
  readonly hint?: string

  constructor(message: string, options: { code: string; hint?: string }) {
    super(message)
    this.name = 'OperatorError'
    this.code = options.code
    this.hint = options.hint
  }
}
