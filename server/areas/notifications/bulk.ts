import type BetterSqlite3 from 'better-sqlite3'
import { perConnection } from '../../db/prepared'
import type { AfterCommit } from '../../db/tx'
import type { Bus } from '../../lib/bus'
import { type NewNotification, notificationStream, serializeNotification } from './service'

/**
 * Many notifications in the caller's SQLite transaction (a settlement's "You won …" and
 * "You reached level …", hundreds of thousands): the rows go in through one prepared statement
 * in user order (index entries and foreign-key probes land next to each other, stable within a
 * user, so each user's rows keep the caller's order), and the pushes are built after the commit
 * in one job. A stream nobody follows only has its `seq` moved on (a returning client sees the
 * gap and refetches): most winners are not looking. The caller's items stay small (`messageOf`
 * builds each message when it is needed, twice for the few who listen): 100k messages held until
 * the commit would be 100k objects for the garbage collector to carry.
 */
export function notifyMany<T>(
  raw: { sqlite: BetterSqlite3.Database; bus: Bus },
  after: AfterCommit,
  items: T[],
  to: { userOf: (item: T) => number; messageOf: (item: T) => NewNotification },
  nowMs: number,
): void {
  if (items.length === 0) return
  const insert = statementsFor(raw.sqlite).insert
  const sorted = [...items].sort((a, b) => to.userOf(a) - to.userOf(b))
  const ids = new Float64Array(sorted.length)
  sorted.forEach((item, i) => {
    const n = to.messageOf(item)
    const data = JSON.stringify(n.data ?? {})
    ids[i] = Number(insert.run(to.userOf(item), n.kind, n.body, data, nowMs).lastInsertRowid)
  })
  after.run(() =>
    sorted.forEach((item, i) => {
      const userId = to.userOf(item)
      const stream = notificationStream(userId)
      if (raw.bus.subscriberCount(stream) === 0) {
        raw.bus.publish(stream, UNHEARD)
        return
      }
      const n = to.messageOf(item)
      const notification = serializeNotification({
        id: ids[i] as number,
        user_id: userId,
        kind: n.kind,
        body: n.body,
        data: JSON.stringify(n.data ?? {}),
        read_at_ms: null,
        created_at_ms: nowMs,
      })
      raw.bus.publish(stream, { type: 'notification', notification })
    }),
  )
}

const UNHEARD = { type: 'notification' }

const statementsFor = perConnection((sqlite: BetterSqlite3.Database) => ({
  insert: sqlite.prepare(
    'insert into notifications (user_id, kind, body, data, created_at_ms) values (?, ?, ?, ?, ?)',
  ),
}))
