import fc from 'fast-check'
import type { Kysely } from 'kysely'
import { caseArbitrary } from '../../fuzz/cases'
import type { FuzzWorld } from '../../fuzz/world'
import { label, type OpenApiDoc, type Operation } from '../openapi'
import type { Kit, WalkRequest } from './kit'
import { adminRecipes } from './recipes-admin'
import { auctionRecipes } from './recipes-auctions'
import { contestRecipes } from './recipes-contests'
import { esportsRecipes } from './recipes-esports'
import { socialRecipes } from './recipes-social'
import { walletRecipes } from './recipes-wallet'

/**
 * The money walk: every operation of /api/openapi.json sent once with a valid request — a
 * recipe's, or for the operations without one, plausible requests drawn from the schema until
 * one is answered below 400 — while the ledger and the rows that hold money are watched.
 */

/** A valid request per operation (`METHOD /path` as the OpenAPI document names it). */
export const RECIPES = {
  ...contestRecipes,
  ...esportsRecipes,
  ...auctionRecipes,
  ...walletRecipes,
  ...adminRecipes,
  ...socialRecipes,
}

export interface Sent {
  status: number
  text: string
  headers: Headers
}

export async function send(
  k: Kit,
  method: string,
  req: WalkRequest,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const h: Record<string, string> = { 'x-fanspole-client': 'web', ...headers }
  if (req.token) h.authorization = `Bearer ${req.token}`
  let body: BodyInit | undefined
  if (req.form) body = req.form
  else if (req.raw !== undefined) {
    body = req.raw
    h['content-type'] = req.contentType ?? 'application/json'
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body)
    h['content-type'] = 'application/json'
  }
  const res = await k.api.app.request(req.path, { method, headers: h, body })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/**
 * Where money shows: new ledger transactions, and new rows with a positive amount in any table
 * with a money column (`…_paise`, `…_coins`, `charges`, `amount`): a contest with an entry fee,
 * a seat paid for, a deposit order, an auction with a joining charge. Found by introspection,
 * so a table added later is watched too.
 */
const MONEY_COLUMN = /(_paise|_coins|^charges|^amount|^reward_amount)$/

export interface MoneyTables {
  tables: Array<{ name: string; columns: string[] }>
}

export async function moneyTables(db: Kysely<any>): Promise<MoneyTables> {
  const all = await db.introspection.getTables()
  return {
    tables: all
      .filter((t) => !t.isView && !t.name.startsWith('ledger_') && t.columns.some((c) => c.name === 'id'))
      .map((t) => ({
        name: t.name,
        columns: t.columns.map((c) => c.name).filter((c) => MONEY_COLUMN.test(c)),
      }))
      .filter((t) => t.columns.length > 0),
  }
}

export type Mark = Map<string, number>

const maxId = async (db: Kysely<any>, table: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((e) => e.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  )

export async function mark(db: Kysely<any>, m: MoneyTables): Promise<Mark> {
  const out: Mark = new Map([['ledger_transactions', await maxId(db, 'ledger_transactions')]])
  for (const t of m.tables) out.set(t.name, await maxId(db, t.name))
  return out
}

/** What moved money since `before`: e.g. `ledger: contest_entry`, `contests.entry_fee_paise = 5000`. */
export async function moneySince(db: Kysely<any>, m: MoneyTables, before: Mark): Promise<string[]> {
  const out: string[] = []
  const posted = await db
    .selectFrom('ledger_transactions')
    .select('kind')
    .where('id', '>', before.get('ledger_transactions') ?? 0)
    .execute()
  if (posted.length > 0) out.push(`ledger: ${[...new Set(posted.map((r) => r.kind))].join(', ')}`)
  for (const t of m.tables) {
    const rows = await db
      .selectFrom(t.name)
      .selectAll()
      .where('id', '>', before.get(t.name) ?? 0)
      .execute()
    for (const col of t.columns) {
      const paid = rows.find((r) => Number(r[col]) > 0)
      if (paid) out.push(`new ${t.name} row with ${col} = ${paid[col]}`)
    }
  }
  return out
}

/** Plausible requests for an operation without a recipe (the fuzzer's, without its keys). */
export function plausibleRequests(
  world: FuzzWorld,
  doc: OpenApiDoc,
  op: Operation,
  identity: 'player' | 'admin',
  token: string | undefined,
  runs: number,
): WalkRequest[] {
  const ctx = { doc, knownIds: world.knownIds, pathValues: world.pathValues }
  return fc
    .sample(caseArbitrary(op, identity, 'plausible', ctx), { seed: 20261126, numRuns: runs })
    .filter((c) => typeof c.body !== 'object')
    .map((c) => ({
      token,
      path: c.path,
      raw: c.body as string | undefined,
      contentType: c.headers['content-type'],
    }))
}

export { label }
