import { z } from '@hono/zod-openapi'
import type { HonoRequest, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Deps } from '../../../core/deps'
import { MAX_ATTACHMENT_BYTES } from '../../../domain/kyc-rules'
import { invalid } from '../../../http/errors'
import { readForm } from '../../../http/middleware'
import { json } from '../../../http/responses'
import { routesOn } from '../../../http/route'
import { type AppEnv, createRouter, currentUser } from '../../../http/router'
import {
  attachmentJson,
  attachmentTooLarge,
  readAttachment,
  saveAttachment,
  setAttachmentDeleted,
} from './attachments'
import { AttachmentSchema, idParam } from './kyc.schemas'

/**
 * Documented as a plain OpenAPI schema, not a zod one: the route reads the form itself, so a
 * wrong body gets the 422 on `file` rather than the router's 415.
 */
const UploadForm = {
  type: 'object' as const,
  required: ['file'],
  properties: {
    file: { type: 'string' as const, format: 'binary', description: 'PNG, JPEG or WebP, ≤ 2 MB' },
  },
}

export const UPLOAD_PATH = '/api/attachments'
/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/**
 * The upload's own body limit, in place of the API's 1 MiB one: a body that cannot hold an
 * acceptable file is refused before it is read, with the same 413 as a file found too large.
 */
export function uploadBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw attachmentTooLarge()
    },
  })
}

const AttachmentAnswer = (description: string) =>
  json(z.object({ attachment: AttachmentSchema }), description)

/** Image uploads (PAN photos): multipart form data with one `file`, stored on local disk. */
// Long: a route factory, one short registration per route.
export function attachmentRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Attachments'])

  route.post(
    UPLOAD_PATH,
    {
      summary: 'Upload an image',
      description: `Multipart form data with one field, \`file\`: a PNG, JPEG or WebP image (recognised by its bytes, not its name or header) of at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB (a larger file is 413); anything else is 422.`,
      auth: true,
      requestBody: { content: { 'multipart/form-data': { schema: UploadForm } } },
      responses: { 201: AttachmentAnswer('Stored') },
      errors: [400, 413, 422],
    },
    async (c, me) => {
      const file = await uploadedFile(c.req)
      return c.json({ attachment: attachmentJson(await saveAttachment(deps, me.id, file)) }, 201)
    },
  )

  // Deleting and restoring flip one flag: the same route both ways.
  const flips = [
    { method: 'delete', path: '/api/attachments/{id}', deleted: true, answer: 'Deleted' },
    { method: 'post', path: '/api/attachments/{id}/restore', deleted: false, answer: 'Restored' },
  ] as const
  for (const flip of flips)
    route[flip.method](
      flip.path,
      {
        summary: flip.deleted
          ? 'Delete one of your uploads (it can be restored)'
          : 'Restore one of your deleted uploads',
        auth: true,
        params: idParam,
        ok: AttachmentAnswer(flip.answer),
        errors: [404],
      },
      async (c, me) => {
        const row = await setAttachmentDeleted(deps, me.id, c.req.valid('param').id, flip.deleted)
        return c.json({ attachment: attachmentJson(row) }, 200)
      },
    )

  route.get(
    '/api/attachments/{id}/file',
    {
      summary: 'The image itself (yours, or any for an admin reviewing a PAN)',
      auth: true,
      params: idParam,
      ok: {
        description: 'The image',
        content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      errors: [404],
    },
    async (c) => {
      const { row, bytes } = await readAttachment(deps, currentUser(c), c.req.valid('param').id)
      c.header('Content-Type', row.content_type)
      c.header('Cache-Control', 'private, max-age=3600')
      c.header('X-Content-Type-Options', 'nosniff')
      return c.body(new Uint8Array(bytes), 200)
    },
  )

  return app
}

/** The one `file` field of a multipart body; anything else in the form is refused like an unknown JSON key. */
async function uploadedFile(request: HonoRequest): Promise<File> {
  const type = request.header('content-type') ?? ''
  if (!type.startsWith('multipart/form-data'))
    throw invalid({ file: ['is required (send multipart/form-data with a file field)'] })
  const form = await readForm(request.raw)
  // Part names come from the caller: a Map, so `__proto__` is reported like any other name.
  const fields = new Map<string, string[]>()
  for (const key of new Set(form.keys())) if (key !== 'file') fields.set(key, ['is not a known field'])
  const files = form.getAll('file')
  const file = files[0]
  if (!(file instanceof File)) fields.set('file', [file === undefined ? 'is required' : 'must be a file'])
  else if (files.length > 1) fields.set('file', ['must be a single file'])
  if (fields.size > 0) throw invalid(Object.fromEntries(fields))
  return file as File
}
