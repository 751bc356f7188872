import type { Context, MiddlewareHandler } from 'hono'
import type { Deps } from '../core/deps'
import { AppError } from './errors'
import { bodyText, clientAddress } from './rate-limit'
import type { AppEnv } from './router'
import { beginAttempt, keyPart, type ThrottleBuckets } from './throttle'

/** Where a route takes its code: a path parameter, a query parameter or a JSON body field. */
export type CodeField = { param: string } | { query: string } | { body: string }

/**
 * The one limiter for every request that takes a guessable code — contest and esports invite
 * codes, squad codes, group invites, gang codes, auction and tournament join codes, referral
 * codes (docs/errors.md, RATE_LIMITED). A wrong code must not be findable by trying, and a
 * classroom typing one right code must not be held up: so only requests that carry the code
 * and do not succeed count (server/http/throttle.ts), per player (`codeLookupPerUser`: full →
 * their lookups wait) and per address (`codeLookupPerAddress`: over it, wrong codes from there
 * wait, and so do players who missed there; a signed-in player with no misses is still
 * served). Anonymous lookups count per address only.
 *
 * An attempt is counted before the handler runs and taken back when the answer is a success
 * (below 400), so of many simultaneous guesses exactly the limit reach the handler. Declared
 * as route middleware after sign-in (router.ts puts `signedIn` first), so a caller without a
 * token gets 401 uncounted, and before `idempotency(deps)`: its counts are written through
 * `deps.db`, outside the request's own transaction (on SQLite the outer handle must not be
 * used inside one), and a wrong code stays counted whatever becomes of that transaction. `tests/api/http/code-lookup-limits.test.ts` finds every operation with
 * a code in `/api/openapi.json` and fails when one answers its wrong codes without a 429.
 */
export function codeLookupLimit(deps: Deps, ...fields: CodeField[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await carriesCode(c, fields))) return next()
    const attempt = await beginAttempt(
      deps,
      codeBuckets(deps, c),
      'Too many wrong codes; wait a while and try again',
    )
    try {
      await next()
    } catch (error) {
      // A refusal of the handler's own (404, 422, 409): over the address limit it is a 429.
      // Anything else is a bug and stays what it is, for the log.
      throw (error instanceof AppError && attempt.failed()) || error
    }
    // A success, or a refusal that says nothing of the code (a reused Idempotency-Key, turned
    // into its answer by the error handler inside): not a guess.
    if (c.res.status < 400 || (c.error instanceof AppError && NOT_ABOUT_THE_CODE.has(c.error.code)))
      return attempt.succeeded()
    const refusal = attempt.failed()
    if (refusal) throw refusal
  }
}

const NOT_ABOUT_THE_CODE = new Set<string>(['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'])

async function carriesCode(c: Context<AppEnv>, fields: CodeField[]): Promise<boolean> {
  for (const field of fields) {
    const code =
      'param' in field
        ? c.req.param(field.param)
        : 'query' in field
          ? c.req.query(field.query)
          : await bodyText(c, field.body)
    if (code?.trim()) return true
  }
  return false
}

function codeBuckets(deps: Deps, c: Context<AppEnv>): ThrottleBuckets {
  const { codeLookupPerUser, codeLookupPerAddress } = deps.config.rateLimits
  const address = {
    key: `codes:address:${keyPart(clientAddress(c, deps.config.trustProxy))}`,
    rule: codeLookupPerAddress,
  }
  const userId = c.get('user')?.id
  if (userId === undefined) return { subjects: [], address }
  const user = { key: `codes:user:${userId}`, rule: codeLookupPerUser }
  return { subjects: [user], address, clean: user }
}
