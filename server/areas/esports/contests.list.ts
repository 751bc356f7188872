import type { ExpressionBuilder } from 'kysely'
import type { Database, EsportsContestsTable } from '../../db/schema'
import type { Executor } from '../../db/tx'
import type { EsportsKind } from '../../domain/esports/rules'
import { contestsJson } from './contests.views'
import { type Caller, type EsportsContestRow, isAdmin } from './core'

export type ListStatus = 'open' | 'locked' | 'completed' | 'cancelled' | 'active' | 'all'

export interface ListQuery {
  game?: string
  kind?: string
  status?: ListStatus
  mine?: boolean
  offset: number
  per_page: number
}

/** Public contests plus the private ones the caller hosts or joined (admins: every one). */
export async function listEsportsContests(db: Executor, caller: Caller | null, q: ListQuery) {
  const me = caller?.id ?? 0
  const base = () => {
    let query = db.selectFrom('esports_contests as c')
    if (q.game) query = query.where('c.game', '=', q.game as EsportsContestRow['game'])
    if (q.kind) query = query.where('c.kind', '=', q.kind as EsportsKind)
    const status = q.status ?? 'active'
    if (status === 'active') query = query.where('c.status', 'in', ['open', 'locked'])
    else if (status !== 'all') query = query.where('c.status', '=', status)
    const joined = (eb: ExpressionBuilder<Database & { c: EsportsContestsTable }, 'c'>) =>
      eb(
        'c.id',
        'in',
        eb
          .selectFrom('esports_members as m')
          .select('m.contest_id')
          .where('m.user_id', '=', me)
          .where('m.refunded', '=', 0),
      )
    if (q.mine) query = query.where((eb) => eb.or([eb('c.host_id', '=', me), joined(eb)]))
    else if (!(caller && isAdmin(caller)))
      query = query.where((eb) => eb.or([eb('c.is_private', '=', 0), eb('c.host_id', '=', me), joined(eb)]))
    return query
  }
  const [rows, total] = await Promise.all([
    base()
      .selectAll('c')
      .orderBy('c.starts_at_ms', 'asc')
      .orderBy('c.id', 'asc')
      .limit(q.per_page)
      .offset(q.offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { contests: await contestsJson(db, rows, caller), total: Number(total.n) }
}
