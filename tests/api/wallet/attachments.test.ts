import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
import { attachmentsDir } from '../../../server/areas/wallet/kyc/attachments'

import { signedInUser, startCableServer } from '../../helpers/cable'
import { TEST_DIALECT } from '../../helpers/db'
import { JPEG_BYTES, PNG_1X1, upload, WEBP_BYTES } from '../../helpers/kyc'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ attachments: true })

const MB = 1024 * 1024
/** A PNG signature padded to `size` bytes. */
const pngOfSize = (size: number) => Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.alloc(size - 8, 7)])

async function fetchFile(id: number, token?: string) {
  const res = await ctx.api.app.request(`/api/attachments/${id}/file`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  }
}

/** Where an upload is kept: on disk next to SQLite; in the database on PostgreSQL (every node). */
async function storedBytes(storagePath: string): Promise<Buffer> {
  if (ctx.world.deps.dbHandle.kind === 'sqlite')
    return fs.readFileSync(path.join(attachmentsDir(ctx.world.deps.config), storagePath))
  const row = await ctx.world.deps.db
    .selectFrom('attachment_files')
    .select('bytes')
    .where('storage_path', '=', storagePath)
    .executeTakeFirstOrThrow()
  return Buffer.from(row.bytes)
}

describe('POST /api/attachments', () => {
  it('stores an image (disk on SQLite, database on PostgreSQL) and answers its id, type and size', async () => {
    const p = await ctx.api.player()
    const r = await upload(ctx.api, p.token, PNG_1X1, { name: 'my pan.png' })
    expect(r.status).toBe(201)
    expect(r.body.attachment).toMatchObject({
      attachment_id: r.body.attachment.id,
      url: `/api/attachments/${r.body.attachment.id}/file`,
      file_name: 'my pan.png',
      content_type: 'image/png',
      size: PNG_1X1.length,
      deleted: false,
    })
    const row = await ctx.world.deps.db.selectFrom('attachments').selectAll().executeTakeFirstOrThrow()
    expect((await storedBytes(row.storage_path)).equals(PNG_1X1)).toBe(true)
    const file = await fetchFile(row.id, p.token)
    expect(file).toMatchObject({ status: 200, type: 'image/png' })
    expect(file.bytes.equals(PNG_1X1)).toBe(true)
  })

  it('knows the type by the bytes, not the name or the header: JPEG and WebP too', async () => {
    const p = await ctx.api.player()
    const jpeg = await upload(ctx.api, p.token, JPEG_BYTES, { name: 'photo.png', type: 'image/png' })
    expect(jpeg.body.attachment.content_type).toBe('image/jpeg')
    const webp = await upload(ctx.api, p.token, WEBP_BYTES, {
      name: 'photo',
      type: 'application/octet-stream',
    })
    expect(webp.status).toBe(201)
    expect(webp.body.attachment.content_type).toBe('image/webp')
  })

  it('refuses a file that is not an image, whatever its header says, with 422', async () => {
    const p = await ctx.api.player()
    const text = await upload(ctx.api, p.token, Buffer.from('just some text pretending'), {
      type: 'image/png',
    })
    expect(text.status).toBe(422)
    expect(text.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { file: ['must be a PNG, JPEG or WebP image'] },
    })
    const gif = await upload(ctx.api, p.token, Buffer.from('GIF89a\x01\x00\x01\x00'), { type: 'image/gif' })
    expect(gif.status).toBe(422)
    const empty = await upload(ctx.api, p.token, Buffer.alloc(0))
    expect(empty.body.errors.file).toEqual(['is empty'])
    expect(await ctx.world.deps.db.selectFrom('attachments').selectAll().execute()).toEqual([])
  })

  it('accepts exactly 2 MB (above the API’s 1 MiB body limit) and refuses more with 413', async () => {
    const p = await ctx.api.player()
    const max = await upload(ctx.api, p.token, pngOfSize(2 * MB))
    expect(max.status).toBe(201)
    expect(max.body.attachment.size).toBe(2 * MB)
    const over = await upload(ctx.api, p.token, pngOfSize(2 * MB + 1))
    expect(over.status).toBe(413)
    expect(over.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The file is too large (maximum is 2 MB)',
      errors: { file: ['is too large (maximum is 2 MB)'] },
    })
    // A body far over the limit is refused before it is read, with the same answer.
    for (const size of [3 * MB, 5 * MB]) {
      const huge = await upload(ctx.api, p.token, pngOfSize(size))
      expect(huge.status).toBe(413)
      expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE')
      expect(huge.body.errors.file).toEqual(['is too large (maximum is 2 MB)'])
    }
    expect(await ctx.world.deps.db.selectFrom('attachments').selectAll().execute()).toHaveLength(1)
  })

  it('answers 400 to a multipart body that cannot be read, and names a `__proto__` part as unknown', async () => {
    const p = await ctx.api.player()
    const noBoundary = await ctx.api.call('POST', '/api/attachments', {
      token: p.token,
      raw: 'file=x',
      headers: { 'content-type': 'multipart/form-data' },
    })
    expect(noBoundary.status).toBe(400)
    expect(noBoundary.body.code).toBe('BAD_REQUEST')
    const extra = JSON.parse('{"__proto__":"x","constructor":"y"}')
    const proto = await upload(ctx.api, p.token, PNG_1X1, { extra })
    expect(proto.status).toBe(422)
    expect(Object.entries(proto.body.errors)).toEqual([
      ['__proto__', ['is not a known field']],
      ['constructor', ['is not a known field']],
    ])
  })

  it('wants multipart form data with exactly one file field', async () => {
    const p = await ctx.api.player()
    const json = await ctx.api.post('/api/attachments', { file: 'aGVsbG8=' }, p.token)
    expect(json.status).toBe(422)
    expect(json.body.errors.file).toEqual(['is required (send multipart/form-data with a file field)'])
    const wrongField = await upload(ctx.api, p.token, PNG_1X1, { field: 'image' })
    expect(wrongField.body.errors).toEqual({ image: ['is not a known field'], file: ['is required'] })
    const extra = await upload(ctx.api, p.token, PNG_1X1, { extra: { kind: 'pan' } })
    expect(extra.body.errors).toEqual({ kind: ['is not a known field'] })
    const form = new FormData()
    form.append('file', new File([PNG_1X1], 'a.png'))
    form.append('file', new File([PNG_1X1], 'b.png'))
    const two = await ctx.api.app.request('/api/attachments', {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}` },
      body: form,
    })
    expect(two.status).toBe(422)
  })

  it('needs a signed-in user', async () => {
    const r = await upload(ctx.api, undefined, PNG_1X1)
    expect(r.status).toBe(401)
  })
})

describe('DELETE /api/attachments/{id} and POST …/restore', () => {
  it('soft-deletes and restores your own upload', async () => {
    const p = await ctx.api.player()
    const { id } = (await upload(ctx.api, p.token, PNG_1X1)).body.attachment
    const del = await ctx.api.call('DELETE', `/api/attachments/${id}.json`, { token: p.token })
    expect(del.status).toBe(200)
    expect(del.body.attachment).toMatchObject({ id, deleted: true })
    expect((await fetchFile(id, p.token)).status).toBe(404)
    const row = await ctx.world.deps.db.selectFrom('attachments').selectAll().executeTakeFirstOrThrow()
    expect(row.deleted_at_ms).not.toBeNull()
    expect((await storedBytes(row.storage_path)).equals(PNG_1X1)).toBe(true)
    const restored = await ctx.api.post(`/api/attachments/${id}/restore.json`, undefined, p.token)
    expect(restored.status).toBe(200)
    expect(restored.body.attachment).toMatchObject({ id, deleted: false })
    expect((await fetchFile(id, p.token)).status).toBe(200)
  })

  it('answers 404 for someone else’s upload or one that does not exist, changing nothing', async () => {
    const owner = await ctx.api.player()
    const other = await ctx.api.player()
    const { id } = (await upload(ctx.api, owner.token, PNG_1X1)).body.attachment
    expect((await ctx.api.call('DELETE', `/api/attachments/${id}`, { token: other.token })).status).toBe(404)
    expect((await ctx.api.post(`/api/attachments/${id}/restore`, undefined, other.token)).status).toBe(404)
    expect((await fetchFile(id, other.token)).status).toBe(404)
    expect((await ctx.api.call('DELETE', '/api/attachments/999', { token: owner.token })).status).toBe(404)
    const row = await ctx.world.deps.db.selectFrom('attachments').selectAll().executeTakeFirstOrThrow()
    expect(row.deleted_at_ms).toBeNull()
  })

  it('needs a signed-in user', async () => {
    const p = await ctx.api.player()
    const { id } = (await upload(ctx.api, p.token, PNG_1X1)).body.attachment
    expect((await ctx.api.call('DELETE', `/api/attachments/${id}`)).status).toBe(401)
    expect((await ctx.api.post(`/api/attachments/${id}/restore`)).status).toBe(401)
    expect((await fetchFile(id)).status).toBe(401)
  })
})

// PostgreSQL keeps uploads in the (scratch) database itself, dropped with it.
describe.skipIf(TEST_DIALECT === 'postgres')('uploads of a server on an in-memory database', () => {
  it('are stored in a temporary folder that goes when the server stops', async () => {
    const server = await startCableServer()
    try {
      const player = await signedInUser(server)
      const form = new FormData()
      form.append('file', new File([new Uint8Array(PNG_1X1)], 'pan.png', { type: 'image/png' }))
      const res = await fetch(`${server.url}/api/attachments.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.token}`, 'x-fanspole-client': 'web' },
        body: form,
      })
      expect(res.status).toBe(201)
      const dir = attachmentsDir(server.deps.config)
      expect(fs.readdirSync(dir, { recursive: true }).length).toBeGreaterThan(0)
      await server.close()
      expect(fs.existsSync(dir)).toBe(false)
    } finally {
      await server.close()
    }
  })
})
