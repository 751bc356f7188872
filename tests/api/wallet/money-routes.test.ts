import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../../server/http/idempotency'
import { diffSnapshots, tablesOf, takeSnapshot } from '../../fuzz/snapshot'
import { label, type Operation, openApiDoc, operations } from '../../helpers/openapi'
import { type Kit, type WalkRequest, walkKit } from '../../helpers/walk/kit'
import {
  type MoneyTables,
  mark,
  moneySince,
  moneyTables,
  plausibleRequests,
  RECIPES,
  type Sent,
  send,
} from '../../helpers/walk/walk'

/**
 * Every operation that moves money or creates something paid for honours `Idempotency-Key`
 * (docs/wallet.md, "Idempotency"), and a new one cannot forget to:
 * 1. the operations that /api/openapi.json documents with the header (declared with
 *    `moneyRoute`, server/http/idempotency.ts) are each sent twice with one key — one effect,
 *    the first answer replayed — and once more with another body — 422, nothing changed;
 * 2. the walk sends every operation once with a valid request and watches the ledger and the
 *    rows that hold money: an operation that moved money without declaring the header fails,
 *    named, unless it is listed in UNKEYED with why (and then the same request sent again must
 *    move nothing). An operation the walk cannot get a success from fails too, unless it is
 *    listed in NOT_WALKED with why. Every list entry must name an operation that exists.
 * Runs on SQLite and (api-pg) PostgreSQL. `WALK_DEBUG=1` prints what each operation moved.
 * The recipes (a valid request per operation, each building its own fixture) are in
 * tests/helpers/walk/.
 */

/** Operations the walk does not send, and why. */
const NOT_WALKED: Record<string, string> = {
  'POST /api/admin/league/reset':
    'replaces the whole database with a new league (docs/snapshots.md): the walk’s world would be gone',
  'POST /api/admin/snapshots/{name}/restore': 'replaces the whole database with a snapshot, as above',
  'POST /api/auctions/{id}/secondary_round':
    'needs an open round played to its end; bids move purse credits inside the engine, never the ledger (an auction’s money is its joining charge: join, reject, start)',
  'POST /api/auctions/{id}/secondary_round/close': 'needs a sealed round, as above',
  'POST /api/auctions/{id}/secondary_bids': 'needs a sealed round, as above',
  'POST /api/auctions/{id}/release': 'needs a player bought and a round between rounds, as above',
  'POST /api/auction/tournaments/{id}/bid_player':
    'needs a tournament of four managers with its bidding window open; purse credits only, as above',
  'POST /api/auction/tournaments/{id}/release': 'needs a player won in a tournament window, as above',
  'GET /api/admin/log':
    'the server’s live log: a stream that stays open until its reader leaves, and moves no money (tests/api/admin/server-log.test.ts)',
}

/**
 * Operations that move money without taking an `Idempotency-Key`, and why that is safe. When
 * the walk sees one move money, it sends the same request again: that must move nothing.
 */
const UNKEYED: Record<string, string> = {
  'POST /api/users':
    'sign-up is anonymous, so there is nobody to keep a key for; the referral coins are posted once per new account (ledger key referral:<user id>) and a retry is 422, the e-mail being taken',
  'POST /gateway/{gateway}/{order_id}':
    'the simulated gateway’s own page, pressed anonymously in a browser as a real gateway’s would be: it records one payment per order (pressing again is 409); the money moves at the verify call, which is keyed',
  'POST /api/admin/matches/{id}/start':
    'locks the match: contests that did not fill are cancelled and refunded, each posting keyed in the ledger by contest and member; a second start finds the match live (409 MATCH_STATE)',
  'POST /api/admin/matches/{id}/simulate':
    'plays the match (`instant`: to the end, then settles it); settlement postings are keyed by contest and member, and a second run finds the match played (409 MATCH_STATE)',
  'POST /api/admin/matches/{id}/complete':
    'settles in batches of their own transactions (docs/scoring.md), each posting keyed by contest and member; a second complete finds the match completed (409 MATCH_STATE)',
  'POST /api/admin/matches/{id}/abandon':
    'refunds every entry, each posting keyed by contest and member; a second abandon finds the match abandoned (409 MATCH_STATE)',
  'POST /api/auctions/{id}/start':
    'an engine command under the auction’s row lock, in its own transaction (the engine state each process remembers is checked against the stored seq, docs/architecture.md): managers still pending are declined and their charge refunded, keyed per manager in the ledger; a second start is 409 AUCTION_STATE',
  'POST /api/admin/clock':
    'moves money only through the jobs a jump makes due (locks, settlement), each idempotent and keyed on its own (docs/restarts.md)',
}

let k: Kit
let ops: Operation[]
let money: MoneyTables
const declared = (op: Operation) =>
  (op.op.parameters ?? []).some(
    (p: { in: string; name: string }) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER,
  )

beforeAll(async () => {
  k = await walkKit()
  ops = operations(await openApiDoc(k.api.app))
  money = await moneyTables(k.deps.db)
}, 120_000)
afterAll(() => k.close())

describe('the lists of this test', () => {
  it('name only operations that exist', () => {
    const labels = new Set(ops.map(label))
    const stale = [
      ...Object.keys(RECIPES).map((l) => `recipe ${l}`),
      ...Object.keys(NOT_WALKED).map((l) => `NOT_WALKED ${l}`),
      ...Object.keys(UNKEYED).map((l) => `UNKEYED ${l}`),
    ].filter((entry) => !labels.has(entry.slice(entry.indexOf(' ') + 1)))
    expect(stale).toEqual([])
    const keyedAnyway = ops.filter((op) => declared(op) && label(op) in UNKEYED).map(label)
    expect(keyedAnyway, 'declared money-moving: take them out of UNKEYED').toEqual([])
  })
})

describe('operations declared money-moving', () => {
  it('document Idempotency-Key and honour it: one effect, the first answer replayed, another body refused', async () => {
    const tables = await tablesOf(k.deps.db)
    const snapshot = () => takeSnapshot(k.deps.db, tables)
    const problems: string[] = []
    const keyed = ops.filter(declared)
    expect(keyed.length).toBeGreaterThan(30)
    for (const op of keyed) {
      const name = label(op)
      const recipe = RECIPES[name as keyof typeof RECIPES]
      if (!recipe) {
        problems.push(`${name}: declared money-moving but has no recipe (tests/helpers/walk)`)
        continue
      }
      const req = await recipe(k).catch((error: Error) => error)
      if (req instanceof Error) {
        problems.push(`${name}: its recipe failed: ${req.message}`)
        continue
      }
      const key = { [IDEMPOTENCY_HEADER]: randomUUID() }
      const s0 = await snapshot()
      const first = await send(k, op.method, req, key)
      const s1 = await snapshot()
      const again = await send(k, op.method, req, key)
      const s2 = await snapshot()
      const other = await send(k, op.method, otherBody(req), key)
      const s3 = await snapshot()
      const effect = diffSnapshots(s0, s1).filter((t) => !t.startsWith('idempotency_keys'))
      const found = [
        first.status >= 300 && `the first request answered ${first.status} ${first.text.slice(0, 200)}`,
        effect.length === 0 && 'the first request changed nothing: the recipe proves nothing',
        again.status !== first.status && `the replay answered ${again.status}, the first ${first.status}`,
        again.text !== first.text && 'the replay’s body is not the first answer’s',
        again.headers.get(REPLAYED_HEADER) !== 'true' && `the replay has no ${REPLAYED_HEADER}: true`,
        diffSnapshots(s1, s2).length > 0 && `the replay changed ${diffSnapshots(s1, s2).join(', ')}`,
        (other.status !== 422 || code(other) !== 'IDEMPOTENCY_KEY_REUSED') &&
          `another body with the key answered ${other.status} ${other.text.slice(0, 200)}`,
        diffSnapshots(s2, s3).length > 0 && `another body changed ${diffSnapshots(s2, s3).join(', ')}`,
      ].filter((p): p is string => typeof p === 'string')
      for (const p of found) problems.push(`${name}: ${p}`)
    }
    expect(problems).toEqual([])
    expect((await verifyLedger(k.deps.db)).problems).toEqual([])
  }, 300_000)
})

describe('the walk', () => {
  it('sends every write with a valid request; each one that moved money is declared money-moving', async () => {
    const doc = await openApiDoc(k.api.app)
    const problems: string[] = []
    for (const op of ops) {
      const name = label(op)
      if (name in NOT_WALKED) continue
      const outcome = await walk(doc, op)
      if (op.method !== 'GET' && !outcome.ok)
        problems.push(`${name}: no success (last ${outcome.last}); give it a recipe or list it in NOT_WALKED`)
      if (process.env.WALK_DEBUG && outcome.moved.length > 0) console.info('MOVED', name, outcome.moved)
      if (outcome.moved.length === 0) continue
      if (declared(op)) continue
      if (!(name in UNKEYED)) {
        problems.push(`${name} moved money (${outcome.moved.join('; ')}) without declaring Idempotency-Key`)
        continue
      }
      // An unkeyed mover must be safe to repeat: the same request again moves nothing.
      const before = await mark(k.deps.db, money)
      await send(k, op.method, outcome.request as WalkRequest)
      const again = await moneySince(k.deps.db, money, before)
      if (again.length > 0) problems.push(`${name}: the same request again moved money (${again.join('; ')})`)
    }
    expect(problems).toEqual([])
    expect((await verifyLedger(k.deps.db)).problems).toEqual([])
  }, 300_000)
})

/** Sends an operation's recipe, or plausible requests until one succeeds, watching the money. */
async function walk(doc: unknown, op: Operation) {
  const recipe = RECIPES[label(op) as keyof typeof RECIPES]
  const candidates: Array<() => Promise<WalkRequest[]>> = recipe
    ? [
        async () => {
          try {
            return [await recipe(k)]
          } catch (error) {
            return [{ path: `/recipe-failed/${encodeURIComponent((error as Error).message.slice(0, 300))}` }]
          }
        },
      ]
    : (op.path.startsWith('/api/admin/') ? (['admin'] as const) : (['player', 'admin'] as const)).map(
        (identity) => async () =>
          plausibleRequests(
            k.world,
            doc,
            op,
            identity,
            await k.world.token(identity),
            op.method === 'GET' ? 1 : 6,
          ),
      )
  const moved: string[] = []
  let last = 'nothing sent'
  for (const next of candidates)
    for (const request of await next()) {
      const before = await mark(k.deps.db, money)
      const res: Sent = await send(k, op.method, request)
      moved.push(...(await moneySince(k.deps.db, money, before)))
      last = `${res.status} ${res.text.slice(0, 160)}`
      if (res.status < 400) return { ok: true, moved, last, request }
    }
  return { ok: false, moved, last, request: undefined }
}

function otherBody(req: WalkRequest): WalkRequest {
  const body = req.body !== null && typeof req.body === 'object' ? req.body : {}
  return { ...req, body: { ...body, walk_probe: 1 } }
}

function code(sent: Sent): string | undefined {
  try {
    return (JSON.parse(sent.text) as { code?: string }).code
  } catch {
    return undefined
  }
}
