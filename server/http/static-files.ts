import fs from 'node:fs'
import path from 'node:path'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'

/** Hashed file names never change content: a year, and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else may be kept, but is checked (ETag / Last-Modified) before each use. */
export const REVALIDATE = 'no-cache'

/** Content codings the build writes beside each text file (`web/compress-assets.ts`), best first. */
const CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const
type Coding = (typeof CODINGS)[number]['coding']

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/

/**
 * The codings an `Accept-Encoding` header allows, by RFC 9110 §12.5.3: `q=0` refuses one,
 * `*` stands for every coding not named; an absent header allows none (identity only).
 */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const accepted = new Set<Coding>()
  if (!header) return accepted
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  for (const { coding } of CODINGS) {
    const weight =
      weights.get(coding) ?? (coding === 'br' ? undefined : weights.get('x-gzip')) ?? weights.get('*')
    if (weight !== undefined && weight > 0) accepted.add(coding)
  }
  return accepted
}

interface Variant {
  file: string
  stat: fs.Stats
  coding?: Coding
}

function fileStat(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file)
    return stat.isFile() ? stat : undefined
  } catch {
    return undefined
  }
}

/** The file itself or its precompressed copy, whichever the request accepts and is best. */
function pickVariant(file: string, type: string, acceptEncoding: string | undefined): Variant | undefined {
  const stat = fileStat(file)
  if (!stat) return undefined
  if (!COMPRESSIBLE_TYPE.test(type)) return { file, stat }
  const accepted = acceptedCodings(acceptEncoding)
  for (const { coding, suffix } of CODINGS) {
    if (!accepted.has(coding)) continue
    const copy = fileStat(file + suffix)
    if (copy) return { file: file + suffix, stat: copy, coding }
  }
  return { file, stat }
}

/**
 * The file below `root` a URL path names, or undefined when it names none: no dot segments or
 * dot files (the build's `.vite` manifest stays private), no backslashes or NULs, nothing outside.
 */
export function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (/[\\\0]|(?:^|\/)\./.test(decoded)) return undefined
  const file = path.join(root, decoded)
  return file.startsWith(root + path.sep) ? file : undefined
}

/** The ETag of one variant: size and modification time, as most servers make it, plus the coding. */
function etagOf(variant: Variant): string {
  const { size, mtimeMs } = variant.stat
  return `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}${variant.coding ? `-${variant.coding}` : ''}"`
}

/** True when the client's copy is the current one (If-None-Match wins over If-Modified-Since). */
function isFresh(c: Context, etag: string, mtime: Date): boolean {
  const ifNoneMatch = c.req.header('If-None-Match')
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag)
  }
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '')
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since
}

/**
 * Answers with a static file: its precompressed copy when the browser accepts one
 * (`Content-Encoding`, `Vary: Accept-Encoding`), an ETag and Last-Modified, and 304 when the
 * browser's copy is current. Null when there is no such file, so the caller decides what a miss is.
 */
export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | null> {
  const type = getMimeType(file) ?? 'application/octet-stream'
  const variant = pickVariant(file, type, c.req.header('Accept-Encoding'))
  if (!variant) return null
  const etag = etagOf(variant)
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': variant.stat.mtime.toUTCString(),
  }
  // Every answer for a file that has variants says so, or a shared cache could hand one
  // browser's coding to another.
  if (COMPRESSIBLE_TYPE.test(type)) headers.Vary = 'Accept-Encoding'
  if (isFresh(c, etag, variant.stat.mtime)) return c.body(null, 304, headers)
  headers['Content-Type'] = type
  headers['Content-Length'] = String(variant.stat.size)
  if (variant.coding) headers['Content-Encoding'] = variant.coding
  // Built text files are small (the largest is tens of KB compressed): one read, no stream.
  const body = await fs.promises.readFile(variant.file)
  return c.body(body, 200, headers)
}
