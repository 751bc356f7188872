import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWebBuilt } from '../../../web/build'

const dist = path.resolve(import.meta.dirname, '../../../web/dist')
const KB = 1024

/**
 * What a first visit may cost, gzipped (docs/performance.md, "Delivery"): the entry with every
 * chunk it imports statically (all of it loads before anything renders), and a cold /contests
 * (that plus the contests feature's chunks). Brotli, which browsers get, is 10–15% smaller.
 */
const BUDGET = { entryJsGz: 150 * KB, contestsJsGz: 180 * KB, contestsCssGz: 20 * KB }
/** The module the router loads for /contests (features/contests/routes.ts). */
const CONTESTS_PAGE = 'src/features/contests/pages.ts'

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}
let manifest: Record<string, ManifestChunk>

beforeAll(async () => {
  await ensureWebBuilt()
  manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'))
}, 300_000)

const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length

/** The chunks that load with `keys`: each with everything it imports statically. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest (did the page move?)`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return seen
}

function cost(keys: Set<string>) {
  const css = new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipped(file), 0)
  return { jsGz: sum([...keys].map((key) => manifest[key]?.file ?? '')), cssGz: sum(css) }
}

describe('the web bundle', () => {
  it('keeps the entry and what it imports under the first-load budget', () => {
    const entry = cost(closure(['index.html']))
    expect(entry.jsGz, `entry JS ${Math.round(entry.jsGz / KB)} KB gzipped`).toBeLessThan(BUDGET.entryJsGz)
  })

  it('keeps a cold /contests under budget', () => {
    const visit = cost(closure(['index.html', CONTESTS_PAGE]))
    expect(visit.jsGz, `JS ${Math.round(visit.jsGz / KB)} KB gzipped`).toBeLessThan(BUDGET.contestsJsGz)
    expect(visit.cssGz, `CSS ${Math.round(visit.cssGz / KB)} KB gzipped`).toBeLessThan(BUDGET.contestsCssGz)
  })

  it('puts react, the router and the query client in one vendor chunk the entry imports', () => {
    const vendor = Object.entries(manifest).filter(([, chunk]) => /\/vendor-[\w-]+\.js$/.test(chunk.file))
    expect(vendor).toHaveLength(1)
    expect(manifest['index.html']?.imports).toContain(vendor[0]?.[0])
    const text = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8')
    // Strings minification keeps: react's element tag, react-dom's root marker, the router's
    // version stamp, the query client's provider error.
    const markers = [
      'react.transitional.element',
      '__reactContainer',
      '__reactRouterVersion',
      'No QueryClient set',
    ]
    const chunks = Object.values(manifest).map((chunk) => chunk.file)
    for (const marker of markers) {
      const holders = chunks.filter((file) => text(file).includes(marker))
      expect(holders, marker).toEqual([vendor[0]?.[1].file])
    }
  })

  it('ships a brotli and a gzip copy of every script, style sheet and the page', () => {
    const files = [
      'index.html',
      ...fs
        .readdirSync(path.join(dist, 'assets'))
        .filter((f) => /\.(?:js|css)$/.test(f))
        .map((f) => `assets/${f}`),
    ]
    for (const file of files) {
      const size = fs.statSync(path.join(dist, file)).size
      if (size < 512) continue
      for (const suffix of ['.br', '.gz'])
        expect(fs.existsSync(path.join(dist, file + suffix)), file + suffix).toBe(true)
    }
  })
})
