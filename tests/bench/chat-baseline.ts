import BetterSqlite3 from 'better-sqlite3'
import type { WebSocket } from 'ws'
import { displayTime } from '../../server/areas/groups/views'
import { startBareCable } from './baseline-cable'

/**
 * The chat benchmark's baseline: a bare `ws` server speaking the same Action Cable JSON frames
 * for GroupChannel only — subscribe (a member check) and `speak` (second load) — and a bare
 * `node:http` answer to `POST /api/groups/{uuid}/messages` with a bearer token (first load).
 * A send runs the same SQL as the real message service (docs/groups.md, "Performance"): the
 * group and membership reads, the retry and sending-rate reads, the insert, `last_message_id`,
 * the sender's read marker, the message JSON read, the caught-up members and their grouped
 * notification upsert — through raw prepared statements in one BEGIN IMMEDIATE transaction on
 * the same WAL database with the same `synchronous = FULL`; then one frame per message, encoded
 * once, to the group's sockets. No Hono, no Kysely, no bus, no channel framework: the floor the
 * real path is compared with.
 */
export async function startChatBaseline(dbFile: string, tokens: Map<string, number>) {
  const db = new BetterSqlite3(dbFile)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  const q = {
    group: db.prepare('select * from groups where uuid = ?'),
    member: db.prepare(
      'select role, is_muted from group_members where group_id = ? and user_id = ? and removed_at_ms is null',
    ),
    retry: db.prepare(
      'select id from group_messages where group_id = ? and user_id = ? and identifier_key = ?',
    ),
    recent: db.prepare(
      'select created_at_ms from group_messages where user_id = ? and created_at_ms > ? order by created_at_ms desc limit ?',
    ),
    insert: db.prepare(
      `insert into group_messages (group_id, user_id, identifier_key, message, message_type, card_id, created_at_ms)
       values (?, ?, ?, ?, ?, null, ?) returning id`,
    ),
    last: db.prepare('update groups set last_message_id = ? where id = ?'),
    read: db.prepare('update group_members set last_read_message_id = ? where group_id = ? and user_id = ?'),
    json: db.prepare(
      `select m.id, g.uuid, m.message, m.message_type, m.identifier_key, m.card_id, m.created_at_ms,
         u.slug, u.username, coalesce(u.image_url, av.url) as image_url
       from group_messages as m inner join groups as g on g.id = m.group_id
       inner join users as u on u.id = m.user_id left join avatars as av on av.id = u.avatar_id
       where m.id in (?) order by m.id`,
    ),
    caughtUp: db.prepare(
      `select user_id from group_members where group_id = ? and removed_at_ms is null and is_muted = 0
       and user_id != ? and last_read_message_id >= ? order by user_id`,
    ),
  }
  // The notification statements take one bound id per member: prepared once per list length.
  const byLength = new Map<string, BetterSqlite3.Statement>()
  const listed = (kind: 'open' | 'update' | 'insert', n: number) => {
    const key = `${kind}:${n}`
    let statement = byLength.get(key)
    if (!statement) {
      const marks = Array.from({ length: n }, () => '?').join(', ')
      const sql =
        kind === 'open'
          ? `select id, user_id from notifications where user_id in (${marks}) and group_key = ? and read_at_ms is null`
          : kind === 'update'
            ? `update notifications set kind = ?, body = ?, data = ?, created_at_ms = ? where id in (${marks}) returning *`
            : `insert into notifications (kind, body, data, created_at_ms, user_id, group_key) values ${Array.from(
                { length: n },
                () => '(?, ?, ?, ?, ?, ?)',
              ).join(', ')} returning *`
      statement = db.prepare(sql)
      byLength.set(key, statement)
    }
    return statement
  }
  const rooms = new Map<string, { seq: number; sockets: Set<{ ws: WebSocket; identifier: string }> }>()

  const sendTx = db.transaction((uuid: string, userId: number, key: string, text: string, type: string) => {
    const group = q.group.get(uuid) as
      | { id: number; uuid: string; kind: string; name: string; last_message_id: number | null }
      | undefined
    if (!group) return null
    if (!q.member.get(group.id, userId)) return null
    if (q.retry.get(group.id, userId, key)) return null
    const now = Date.now()
    if (q.recent.all(userId, now - 10_000, 20).length >= 20) return null
    const { id } = q.insert.get(group.id, userId, key, text, type, now) as { id: number }
    q.last.run(id, group.id)
    q.read.run(id, group.id, userId)
    const r = q.json.get(id) as Record<string, any>
    const json = {
      id: r.id,
      group_uuid_id: r.uuid,
      message: r.message,
      message_type: r.message_type,
      identifier_key: r.identifier_key,
      card_id: r.card_id,
      display_time: displayTime(Number(r.created_at_ms)),
      created_at_in_millis: Number(r.created_at_ms),
      user: { slug: r.slug, username: r.username, image_url: r.image_url },
    }
    const ids = (
      q.caughtUp.all(group.id, userId, group.last_message_id ?? 0) as Array<{ user_id: number }>
    ).map((m) => m.user_id)
    if (ids.length > 0) {
      const where = group.kind === 'one_to_one' ? '' : ` in ${group.name}`
      const values = [
        'group_message',
        `${r.username}${where}: ${text.length > 80 ? `${text.slice(0, 80)}..` : text}`,
        JSON.stringify({ group_uuid_id: uuid, message_id: id, path: `/groups/${uuid}` }),
        now,
      ]
      const groupKey = `group:${uuid}`
      const open = listed('open', ids.length).all(...ids, groupKey) as Array<{ id: number; user_id: number }>
      const newest = new Map<number, number>()
      for (const row of open) newest.set(row.user_id, Math.max(newest.get(row.user_id) ?? 0, row.id))
      if (newest.size > 0) listed('update', newest.size).all(...values, ...newest.values())
      const fresh = ids.filter((u) => !newest.has(u))
      if (fresh.length > 0)
        listed('insert', fresh.length).all(...fresh.flatMap((u) => [...values, u, groupKey]))
    }
    return json
  })
  const send = (uuid: string, userId: number, key: string, text: string, type: string) =>
    sendTx.immediate(uuid, userId, key, text, type)

  /** One frame per message and identifier, encoded once, to the group's sockets. */
  const publish = (uuid: string, json: Record<string, unknown> | null) => {
    const room = rooms.get(uuid)
    if (!json || !room) return
    room.seq++
    const bytes = JSON.stringify({ type: 'message', message: json, seq: room.seq })
    const frames = new Map<string, Buffer>()
    for (const sub of room.sockets) {
      let out = frames.get(sub.identifier)
      if (!out) {
        out = Buffer.from(`{"identifier":${JSON.stringify(sub.identifier)},"message":${bytes}}`)
        frames.set(sub.identifier, out)
      }
      sub.ws.send(out, { binary: false })
    }
  }

  return startBareCable({
    db,
    who: (token) => tokens.get(token),
    onFrame: (ws, userId, frame) => {
      const uuid = String((JSON.parse(frame.identifier) as { group_uuid_id: string }).group_uuid_id)
      if (frame.command === 'subscribe') {
        const group = q.group.get(uuid) as { id: number } | undefined
        if (!group || !q.member.get(group.id, userId))
          return ws.send(JSON.stringify({ identifier: frame.identifier, type: 'reject_subscription' }))
        let room = rooms.get(uuid)
        if (!room) {
          room = { seq: 0, sockets: new Set() }
          rooms.set(uuid, room)
        }
        room.sockets.add({ ws, identifier: frame.identifier })
        ws.send(
          JSON.stringify({
            identifier: frame.identifier,
            message: { type: 'snapshot', seq: room.seq, group_uuid_id: uuid },
          }),
        )
        ws.send(JSON.stringify({ identifier: frame.identifier, type: 'confirm_subscription' }))
        return
      }
      const body = JSON.parse(frame.data ?? '{}') as {
        identifier_key: string
        message: string
        message_type?: string
      }
      publish(
        uuid,
        send(uuid, userId, body.identifier_key, body.message, body.message_type ?? 'text_message'),
      )
    },
    onRequest: (req, res) => {
      const uuid = /^\/api\/groups\/([^/]+)\/messages$/.exec(req.url ?? '')?.[1]
      const userId = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (req.method !== 'POST' || !uuid || userId === undefined) return res.writeHead(404).end()
      let text = ''
      req.on('data', (chunk) => {
        text += String(chunk)
      })
      req.on('end', () => {
        const body = JSON.parse(text) as { identifier_key: string; message: string; message_type?: string }
        const json = send(
          uuid,
          userId,
          body.identifier_key,
          body.message,
          body.message_type ?? 'text_message',
        )
        // As the real server: the fan-out starts before the answer.
        publish(uuid, json)
        res.writeHead(json ? 201 : 422, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: json }))
      })
    },
    onClose: (ws) => {
      for (const room of rooms.values())
        for (const sub of room.sockets) if (sub.ws === ws) room.sockets.delete(sub)
    },
  })
}
