import fc from 'fast-check'
import { verifyLedger } from '../../server/areas/ledger/verify'
import { ERROR_STATUS } from '../../server/http/errors'
import { codeInputs, label, type Operation, openApiDoc, operations } from '../helpers/openapi'
import { type CaseContext, type Category, caseArbitrary, categoriesFor, type FuzzCase } from './cases'
import { diffSnapshots, type Snapshot, tablesOf, takeSnapshot } from './snapshot'
import type { FuzzWorld, Identity } from './world'

/**
 * The API fuzzer: for every operation of /api/openapi.json (read from the app under test, so
 * new operations are covered as they are declared), for each identity and each category of
 * hostile input, `runs` requests drawn by fast-check from a seed derived from the base seed
 * and the operation, so adding an operation never changes another's requests. Every answer
 * is checked:
 * - no status of 500 or above;
 * - every 4xx is the one error shape (`error`, a known `code` whose status it is,
 *   `request_id` equal to the X-Request-Id header, `errors` of field messages on 422);
 * - a refused write (any method but GET answered 4xx) changed no table (row counts, and the
 *   rows of the smaller tables), and the ledger still verifies after each operation.
 */

export interface Problem {
  operation: string
  identity: Identity
  category: Category
  reason: string
  request: string
  response: string
  /** fast-check's seed and path for this property: `fc.check(…, { seed, path })` replays it. */
  replay: string
}

export interface FuzzOptions {
  seed: number
  /** Requests per operation × identity × category. */
  runs: number
  identities?: Identity[]
  /** Only the operations this accepts (the planted-bug test fuzzes its own). */
  only?: (op: Operation) => boolean
  /** Called after each operation (progress). */
  onOperation?: (op: Operation, requests: number) => void
}

export interface FuzzReport {
  operations: number
  requests: number
  problems: Problem[]
  /** How many answers had each status: a fuzzer that only ever meets 401 and 422 tests little. */
  statuses: Record<number, number>
}

const MAX_PROBLEMS_PER_OPERATION = 5
const PLAUSIBLE_WEIGHT = 2

/**
 * Refusals made before any handler runs, where row counts are enough: the body could not be
 * read (400, 413, 415) or sign-in is missing on a route that declares it (the router checks
 * that first). Everything else gets the full check.
 */
function refusedBeforeHandler(op: Operation, status: number): boolean {
  return status === 400 || status === 413 || status === 415 || (status === 401 && op.secured)
}

/**
 * Writes a refusal may make by design, so they are not "changes": a wrong OTP counts as an
 * attempt (docs/wallet.md), a failed sign-in counts towards the sign-in limits
 * (docs/decisions.md, "Sign-in limits"), a wrong code towards the code-lookup limits
 * (`countsCodes`: every operation that takes a code, server/http/code-lookup.ts), every
 * anonymous form post counts towards its per-address limit (docs/social.md, "Other"), and a
 * request with an Idempotency-Key keeps its answer, refusal included, for the retry
 * (docs/wallet.md, "Idempotency-Key").
 */
function allowedChanges(op: Operation, c: FuzzCase, countsCodes: boolean): Set<string> {
  const allowed = new Set<string>()
  if (op.path === '/api/mobile_numbers/verify_otp') allowed.add('mobile_otps')
  if (
    countsCodes ||
    [
      '/oauth/token',
      '/post_login',
      '/api/users/forget_password',
      '/api/waitlist',
      '/api/feedbacks',
      '/api/traffic_sources',
    ].includes(op.path)
  )
    allowed.add('rate_limit_counters')
  if (Object.keys(c.headers).some((h) => h.toLowerCase() === 'idempotency-key'))
    allowed.add('idempotency_keys')
  return allowed
}

export async function fuzzApi(
  target: FuzzWorld,
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  options: FuzzOptions,
): Promise<FuzzReport> {
  const doc = await openApiDoc(app)
  const ops = operations(doc).filter(options.only ?? (() => true))
  const ctx: CaseContext = { doc, knownIds: target.knownIds, pathValues: target.pathValues }
  const identities = options.identities ?? (['anon', 'player', 'admin'] as const)
  const tables = await tablesOf(target.deps.db)
  let baseline: Snapshot = await takeSnapshot(target.deps.db, tables)
  const problems: Problem[] = []
  const statuses: Record<number, number> = {}
  let requests = 0

  for (const op of ops) {
    const countsCodes = codeInputs(doc, op).length > 0
    const found: Problem[] = []
    let sent = 0
    let wrote = false
    for (const identity of identities) {
      const token = await target.token(identity)
      for (const category of categoriesFor(op)) {
        const seed = deriveSeed(options.seed, `${label(op)} ${identity} ${category}`)
        let last: { request: string; response: string; reasons: string[] } | null = null
        const property = fc.asyncProperty(caseArbitrary(op, identity, category, ctx), async (c) => {
          const outcome = await send(app, c, token)
          sent++
          statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1
          const reasons = checkAnswer(op, outcome)
          // A read that counts towards its rate limit writes a counter: the next write's baseline.
          if (c.method === 'GET' && countsCodes) baseline = await takeSnapshot(target.deps.db, tables)
          if (c.method !== 'GET') {
            const digests = !refusedBeforeHandler(op, outcome.status)
            const after = await takeSnapshot(target.deps.db, tables, { digests })
            if (outcome.status < 400) wrote = true
            else {
              const allowed = allowedChanges(op, c, countsCodes)
              const changed = diffSnapshots(baseline, after).filter(
                (t) => !allowed.has(t.split(/[ :]/)[0] as string),
              )
              if (changed.length > 0) reasons.push(`a refused write changed ${changed.join(', ')}`)
            }
            // Counts-only snapshots keep the last digests: nothing could have changed them.
            baseline = digests ? after : { counts: after.counts, digests: baseline.digests }
          }
          last = {
            request: describeCase(c),
            response: `${outcome.status} ${outcome.text.slice(0, 300)}`,
            reasons,
          }
          return reasons.length === 0
        })
        // Plausible requests reach the handlers, where the deeper bugs live: more of them.
        const numRuns = category === 'plausible' ? options.runs * PLAUSIBLE_WEIGHT : options.runs
        const details = await fc.check(property, { seed, numRuns, endOnFailure: true })
        if (details.failed && found.length < MAX_PROBLEMS_PER_OPERATION) {
          const failure = last as { request: string; response: string; reasons: string[] } | null
          found.push({
            operation: label(op),
            identity,
            category,
            reason: failure?.reasons.join('; ') ?? String(details.errorInstance),
            request: failure?.request ?? JSON.stringify(details.counterexample),
            response: failure?.response ?? '',
            replay: `seed ${details.seed}, path "${details.counterexamplePath}"`,
          })
        }
      }
    }
    // Refused writes are covered by the snapshots (ledger tables included); a write that went
    // through may have posted money, so the ledger must still verify after it.
    const ledger = wrote ? await verifyLedger(target.deps.db) : { ok: true, problems: [] }
    if (!ledger.ok)
      found.push({
        operation: label(op),
        identity: 'admin',
        category: 'plausible',
        reason: `the ledger no longer verifies: ${JSON.stringify(ledger.problems).slice(0, 300)}`,
        request: '',
        response: '',
        replay: `base seed ${options.seed}`,
      })
    problems.push(...found)
    requests += sent
    options.onOperation?.(op, sent)
  }
  return { operations: ops.length, requests, problems, statuses }
}

interface Outcome {
  status: number
  text: string
  headers: Headers
}

async function send(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  c: FuzzCase,
  token: string | undefined,
): Promise<Outcome> {
  const headers: Record<string, string> = { 'x-fanspole-client': 'web', ...c.headers }
  if (token) headers.authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (Array.isArray(c.body)) {
    const form = new FormData()
    for (const [k, v] of c.body) form.append(k, v)
    body = form
  } else body = c.body
  const res = await app.request(c.path, { method: c.method, headers, body })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/** What is wrong with an answer (nothing, for a success or a well-formed refusal). */
export function checkAnswer(op: Operation, outcome: Outcome): string[] {
  const { status } = outcome
  if (status >= 500) return [`answered ${status}`]
  if (status < 400) return []
  // The simulated gateway's pages answer people with HTML, not scripts.
  const type = outcome.headers.get('content-type') ?? ''
  if (op.path.startsWith('/gateway/') && type.startsWith('text/html')) return []
  let body: Record<string, unknown>
  try {
    body = JSON.parse(outcome.text)
  } catch {
    return [`a ${status} whose body is not JSON (${type})`]
  }
  const reasons: string[] = []
  if (typeof body.error !== 'string' || body.error === '') reasons.push('no `error` message')
  const code = body.code as keyof typeof ERROR_STATUS
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_STATUS, code))
    reasons.push(`unknown code ${String(code)}`)
  else if (ERROR_STATUS[code] !== status)
    reasons.push(`code ${code} is ${ERROR_STATUS[code]}, answered ${status}`)
  if (typeof body.request_id !== 'string' || body.request_id !== outcome.headers.get('x-request-id'))
    reasons.push('no `request_id` matching X-Request-Id')
  if (status === 422) {
    const errors = body.errors as Record<string, unknown> | undefined
    const wellFormed =
      errors !== null &&
      typeof errors === 'object' &&
      Object.keys(errors).length > 0 &&
      Object.values(errors).every((m) => Array.isArray(m) && m.every((s) => typeof s === 'string'))
    if (!wellFormed) reasons.push('a 422 without field messages in `errors`')
  }
  return reasons
}

function describeCase(c: FuzzCase): string {
  const body = Array.isArray(c.body) ? `multipart ${JSON.stringify(c.body)}` : (c.body ?? '')
  return `${c.identity} ${c.method} ${c.path.slice(0, 300)} ${JSON.stringify(c.headers)} ${body.slice(0, 300)}`
}

/** A 32-bit seed from the base seed and a name (FNV-1a), so each property has its own stream. */
export function deriveSeed(base: number, name: string): number {
  let h = 0x811c9dc5 ^ base
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h | 0
}

/** A readable report of the problems, with how to replay the run. */
export function formatProblems(report: FuzzReport, seed: number): string {
  const lines = report.problems.map(
    (p) =>
      `• ${p.operation} as ${p.identity} [${p.category}]: ${p.reason}\n    request:  ${p.request}\n    response: ${p.response}\n    replay:   ${p.replay}`,
  )
  return `${report.problems.length} problem(s) in ${report.requests} requests over ${report.operations} operations (FUZZ_SEED=${seed}):\n${lines.join('\n')}`
}
