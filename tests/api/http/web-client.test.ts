import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { acceptedCodings } from '../../../server/http/static-files'
import { compressBuild } from '../../../web/compress-assets'
import { apiWorld } from '../../helpers/world'

// A built client in miniature: text big enough to be compressed, a tiny file that is not, a
// binary file, and the build manifest that must stay private.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-dist-'))
const html = `<!doctype html><html><head><title>Fanspole</title>${'<meta name="x" content="padding">'.repeat(40)}</head><body><div id="root"></div></body></html>`
const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}]`
fs.mkdirSync(path.join(dist, 'assets'))
fs.mkdirSync(path.join(dist, '.vite'))
fs.writeFileSync(path.join(dist, 'index.html'), html)
fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), js)
fs.writeFileSync(path.join(dist, 'assets', 'tiny-Ab12Cd34.js'), 'export const a = 1')
fs.writeFileSync(path.join(dist, 'assets', 'logo-Ab12Cd34.png'), Buffer.alloc(4096, 7))
fs.writeFileSync(
  path.join(dist, 'manifest.webmanifest'),
  JSON.stringify({ name: 'Fanspole', pad: 'x'.repeat(900) }),
)
fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret":true}')
await compressBuild(dist)
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const ctx = apiWorld({ per: 'file', config: { webDist: dist } })
const get = (p: string, headers: Record<string, string> = {}) => ctx.api.app.request(p, { headers })
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }

describe('the web client, precompressed', () => {
  it('writes brotli and gzip copies of text at build time, and none of tiny or binary files', () => {
    for (const file of ['index.html', 'assets/index-Ab12Cd34.js', 'manifest.webmanifest']) {
      const raw = fs.readFileSync(path.join(dist, file))
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${file}.br`)))).toEqual(raw)
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, `${file}.gz`)))).toEqual(raw)
    }
    for (const file of ['assets/tiny-Ab12Cd34.js', 'assets/logo-Ab12Cd34.png', '.vite/manifest.json'])
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), file).toBe(false)
  })

  it('sends a hashed asset as brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', BROWSER)
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(body.length).toBeLessThan(js.length / 3)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(js)
  })

  it('falls back to gzip, then to the file itself, by Accept-Encoding and its q-values', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip, deflate' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js)
    const refused = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0.5' })
    expect(refused.headers.get('content-encoding')).toBe('gzip')
    for (const headers of [
      {} as Record<string, string>,
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const plain = await get('/assets/index-Ab12Cd34.js', headers)
      expect(plain.headers.get('content-encoding'), JSON.stringify(headers)).toBeNull()
      // The plain answer varies too, so a shared cache never hands it to a browser that accepts br.
      expect(plain.headers.get('vary')).toContain('Accept-Encoding')
      expect(await plain.text()).toBe(js)
      expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(js)))
    }
  })

  it('sends files without a compressed copy as they are', async () => {
    const tiny = await get('/assets/tiny-Ab12Cd34.js', BROWSER)
    expect(tiny.headers.get('content-encoding')).toBeNull()
    expect(await tiny.text()).toBe('export const a = 1')
    const png = await get('/assets/logo-Ab12Cd34.png', BROWSER)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('content-encoding')).toBeNull()
    expect(png.headers.get('vary')).toBeNull()
  })

  it('answers a missing or escaping asset path with 404, never the client page', async () => {
    for (const p of ['/assets/index-deadbeef.js', '/assets/..%2Findex.html', '/assets/%2e%2e%2findex.html']) {
      const res = await get(p, BROWSER)
      expect(res.status, p).toBe(404)
      expect(res.headers.get('content-encoding')).toBeNull()
    }
  })

  it('revalidates the page and the SPA fallback: no-cache, ETag, Last-Modified, 304 when current', async () => {
    for (const p of ['/', '/index.html', '/contests', '/contests/12/leaderboard']) {
      const res = await get(p, BROWSER)
      expect(res.status, p).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-encoding')).toBe('br')
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('last-modified')).toMatch(/GMT$/)
      expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html)
      const etag = res.headers.get('etag') ?? ''
      expect(etag).toMatch(/^"[^"]+"$/)
      const again = await get(p, { ...BROWSER, 'If-None-Match': etag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
    }
  })

  it('gives each coding its own ETag, so a 304 never confirms a copy in another coding', async () => {
    const br = await get('/contests', BROWSER)
    const plain = await get('/contests')
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'))
    const mixed = await get('/contests', { 'If-None-Match': br.headers.get('etag') ?? '' })
    expect(mixed.status).toBe(200)
    expect(await mixed.text()).toBe(html)
  })

  it('answers If-Modified-Since with 304 when the file is not newer', async () => {
    const first = await get('/manifest.webmanifest', BROWSER)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(first.headers.get('content-encoding')).toBe('br')
    const since = first.headers.get('last-modified') ?? ''
    expect((await get('/manifest.webmanifest', { ...BROWSER, 'If-Modified-Since': since })).status).toBe(304)
    const earlier = new Date(Date.parse(since) - 60_000).toUTCString()
    expect((await get('/manifest.webmanifest', { ...BROWSER, 'If-Modified-Since': earlier })).status).toBe(
      200,
    )
  })

  it('keeps the build manifest private and the API out of the fallback', async () => {
    const res = await get('/.vite/manifest.json')
    expect(await res.text()).toBe(html)
    const api = await get('/api/no/such/thing', BROWSER)
    expect(api.status).toBe(404)
    expect((await api.json()).code).toBe('ROUTE_NOT_FOUND')
  })
})

describe('acceptedCodings', () => {
  it('reads names, q-values and the wildcard', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'gzip'])
    expect([...acceptedCodings('*')].sort()).toEqual(['br', 'gzip'])
    expect([...acceptedCodings('*;q=0.1, br;q=0')]).toEqual(['gzip'])
    expect([...acceptedCodings('GZIP;Q=0.5')]).toEqual(['gzip'])
    expect([...acceptedCodings('identity')]).toEqual([])
    expect([...acceptedCodings(undefined)]).toEqual([])
  })
})
