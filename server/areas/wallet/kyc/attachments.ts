import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Selectable } from 'kysely'
import type { Config } from '../../../core/config'
import type { Deps } from '../../../core/deps'
import { rowWhere } from '../../../db/query'
import type { AttachmentsTable } from '../../../db/schema'
import { type Executor, withTx } from '../../../db/tx'
import { IMAGE_EXTENSIONS, MAX_ATTACHMENT_BYTES, sniffImageType } from '../../../domain/kyc-rules'
import { AppError, invalid, notFound } from '../../../http/errors'

/**
 * Uploaded images (PAN photos). On SQLite (one process) on local disk, next to the database:
 * `<db dir>/attachments/<user id>/<sha-256>.<ext>`; an in-memory database gets a temporary
 * directory of its own. On PostgreSQL in the database itself (`attachment_files`, bytea, by the
 * same relative path), so that every server process on the database serves every upload
 * without a shared disk (images are at most MAX_ATTACHMENT_BYTES); files a PostgreSQL server
 * wrote to `<data dir>/attachments/<database>/…` before that are still read from there.
 * Files are named by content, so the same picture uploaded twice is stored once; deleting is
 * soft (the row is marked, the file stays) so a restore always works.
 */

type AttachmentRow = Selectable<AttachmentsTable>

const tempDirs = new WeakMap<Config, string>()

export function attachmentsDir(config: Config): string {
  const ephemeral = config.databaseUrl ? config.onScratchDatabase === true : config.dbFile === ':memory:'
  if (!ephemeral) {
    const dir = path.join(path.dirname(path.resolve(config.dbFile)), 'attachments')
    // PostgreSQL: the data folder is shared by every database of that server, one folder each.
    return config.databaseUrl
      ? path.join(dir, new URL(config.databaseUrl).pathname.slice(1) || 'postgres')
      : dir
  }
  let dir = tempDirs.get(config)
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-attachments-'))
    tempDirs.set(config, dir)
  }
  return dir
}

/** A server on an in-memory database stops: its uploads go with it (a file database keeps them). */
export function releaseAttachments(config: Config): void {
  const dir = tempDirs.get(config)
  if (!dir) return
  tempDirs.delete(config)
  fs.rmSync(dir, { recursive: true, force: true })
}

export function attachmentJson(row: AttachmentRow) {
  return {
    id: row.id,
    attachment_id: row.id,
    url: `/api/attachments/${row.id}/file`,
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size,
    deleted: row.deleted_at_ms !== null,
    created_at_in_millis: Number(row.created_at_ms),
  }
}

/** The user's own attachment, not deleted; undefined for anyone else's. */
export function findOwnAttachment(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at_ms', 'is', null)
    .executeTakeFirst()
}

/** 413, with the field named so a form can show it under the file input. */
export function attachmentTooLarge(): AppError {
  const message = `is too large (maximum is ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB)`
  return new AppError('PAYLOAD_TOO_LARGE', `The file ${message}`, { file: [message] })
}

/** Checks size and type (by the file's bytes, not its header), writes it, records it. */
export async function saveAttachment(deps: Deps, userId: number, file: File): Promise<AttachmentRow> {
  if (file.size > MAX_ATTACHMENT_BYTES) throw attachmentTooLarge()
  if (file.size === 0) throw invalid({ file: ['is empty'] })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = sniffImageType(bytes)
  if (!type) throw invalid({ file: ['must be a PNG, JPEG or WebP image'] })
  const digest = createHash('sha256').update(bytes).digest('hex')
  const relative = path.join(String(userId), `${digest}.${IMAGE_EXTENSIONS[type]}`)
  const inDatabase = deps.dbHandle.kind === 'postgres'
  if (!inDatabase) {
    const absolute = path.join(attachmentsDir(deps.config), relative)
    fs.mkdirSync(path.dirname(absolute), { recursive: true })
    if (!fs.existsSync(absolute)) fs.writeFileSync(absolute, bytes)
  }
  return withTx(deps, async (tx) => {
    if (inDatabase)
      await tx
        .insertInto('attachment_files')
        .values({ storage_path: relative, bytes })
        .onConflict((oc) => oc.column('storage_path').doNothing())
        .execute()
    return tx
      .insertInto('attachments')
      .values({
        user_id: userId,
        file_name: cleanFileName(file.name, IMAGE_EXTENSIONS[type]),
        content_type: type,
        size: bytes.length,
        storage_path: relative,
        created_at_ms: deps.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

function cleanFileName(name: string, ext: string): string {
  const base = path
    .basename(name || '')
    .replace(/[^\w.\- ]+/g, '_')
    .trim()
    .slice(0, 120)
  return base || `upload.${ext}`
}

/** Soft delete (`deleted: true`) or restore; only the owner's, else 404. Repeating either is harmless. */
export async function setAttachmentDeleted(
  deps: Deps,
  userId: number,
  id: number,
  deleted: boolean,
): Promise<AttachmentRow> {
  return withTx(deps, async (tx) => {
    const row = await rowWhere(tx, 'attachments', { id, user_id: userId })
    if (!row) throw notFound('Attachment')
    if ((row.deleted_at_ms !== null) === deleted) return row
    return tx
      .updateTable('attachments')
      .set({ deleted_at_ms: deleted ? deps.clock.now() : null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** The bytes of an attachment for its owner (while not deleted) or an admin (reviewing a PAN). */
export async function readAttachment(deps: Deps, viewer: { id: number; role: string }, id: number) {
  const row = await deps.db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst()
  const visible =
    row && (viewer.role === 'admin' || (row.user_id === viewer.id && row.deleted_at_ms === null))
  if (!row || !visible) throw notFound('Attachment')
  if (deps.dbHandle.kind === 'postgres') {
    const stored = await deps.db
      .selectFrom('attachment_files')
      .select('bytes')
      .where('storage_path', '=', row.storage_path)
      .executeTakeFirst()
    if (stored) return { row, bytes: Buffer.from(stored.bytes) }
  }
  const file = path.join(attachmentsDir(deps.config), row.storage_path)
  if (!fs.existsSync(file)) throw notFound('Attachment file')
  return { row, bytes: fs.readFileSync(file) }
}
