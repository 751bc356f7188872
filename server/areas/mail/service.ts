import type { Executor } from '../../db/tx'

export interface MailMessage {
  to: string
  subject: string
  body: string
  channel?: 'email' | 'sms'
}

/**
 * The local outbox: mails and one-time passwords land here instead of a real mailbox or
 * phone. Admins read it with `GET /api/admin/outbox?to=` or `fanspole outbox`.
 */
export async function sendMail(db: Executor, message: MailMessage, nowMs: number): Promise<void> {
  await db
    .insertInto('outbox_messages')
    .values({
      to_address: message.to.toLowerCase(),
      channel: message.channel ?? 'email',
      subject: message.subject,
      body: message.body,
      created_at_ms: nowMs,
    })
    .execute()
}

export async function listOutbox(db: Executor, filter: { to?: string; limit: number }) {
  let q = db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(filter.limit)
  if (filter.to) q = q.where('to_address', '=', filter.to.toLowerCase())
  const rows = await q.execute()
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    channel: r.channel,
    subject: r.subject,
    body: r.body,
    created_at_in_millis: Number(r.created_at_ms),
  }))
}
