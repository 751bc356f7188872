import type { Db } from '../db/tx'
import {
  type AccessCheck,
  type AccessRow,
  checkAccess,
  lookUpAccess,
  lookUpAccessMany,
} from '../http/access-tokens'
import { hashSecret } from '../lib/secrets'

/** Tokens looked up by one query at most (the SQL's parameter list stays modest). */
export const TOKENS_PER_QUERY = 500

type Lookup = { one: typeof lookUpAccess; many: typeof lookUpAccessMany }

interface Waiting {
  hash: string
  resolve: (row: AccessRow) => void
  reject: (error: unknown) => void
}

/**
 * Who the tokens of /cable connects belong to, asked of the database together: connects that
 * arrive in one turn of the event loop (a room of clients connecting at once, or reconnecting
 * after a restart) are answered by one query per `TOKENS_PER_QUERY`, not one each. A lone
 * connect runs the ordinary compiled lookup. Nothing is kept between turns: a revoked token is
 * refused on its next connect, in every process. (The database is read when the batch runs: a
 * restore that swaps it is seen.)
 */
export function tokenBatcher(
  deps: { readonly db: Db; readonly clock: { wallNow(): number } },
  lookup: Lookup = { one: lookUpAccess, many: lookUpAccessMany },
) {
  let waiting: Waiting[] = []

  const flush = () => {
    const batch = waiting
    waiting = []
    for (let i = 0; i < batch.length; i += TOKENS_PER_QUERY) void answer(batch.slice(i, i + TOKENS_PER_QUERY))
  }

  const answer = async (batch: Waiting[]) => {
    try {
      if (batch.length === 1) {
        const only = batch[0] as Waiting
        only.resolve(await lookup.one(deps.db, only.hash))
        return
      }
      const rows = await lookup.many(deps.db, [...new Set(batch.map((w) => w.hash))])
      for (const w of batch) w.resolve(rows.get(w.hash) as AccessRow)
    } catch (error) {
      for (const w of batch) w.reject(error)
    }
  }

  return (token: string): Promise<AccessCheck> => {
    if (waiting.length === 0) setImmediate(flush)
    return new Promise<AccessRow>((resolve, reject) => {
      waiting.push({ hash: hashSecret(token), resolve, reject })
    }).then((row) => checkAccess(row, deps.clock.wallNow()))
  }
}

export type TokenBatcher = ReturnType<typeof tokenBatcher>
