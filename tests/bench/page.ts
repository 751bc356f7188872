import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { loadConfig } from '../../server/core/config'
import { type RunningServer, startServer } from '../../server/main'
import { ensureWebBuilt } from '../../web/build'
import { CHROMIUM, CLOSED_NETWORK_ARGS } from '../e2e/browser'
import { copyDatabase } from './http-seed'
import type { BenchOptions } from './run'

const webDist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist')

/** What "the page is there" means on /contests: the first upcoming match card. */
const MAIN_CONTENT = '[data-testid="upcoming-matches"] > *'

/** Network conditions (Chromium's emulation): loopback as it is, and a good mobile link. */
const NETWORKS = {
  loopback: undefined,
  '4g': { offline: false, latency: 40, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (5e6 / 8) | 0 },
} as const
type Network = keyof typeof NETWORKS

interface Visit {
  bytes: number
  requests: number
  byType: Record<string, number>
  /** Bytes per URL path, for `--verbose`. */
  byUrl: Record<string, number>
  mainContentMs: number
  fcpMs: number
}

/**
 * One cold visit: a fresh browser context (no cookies, no storage) with the HTTP cache off, so
 * every byte comes over the wire. Bytes are what Chromium counts as received per request
 * (headers and encoded body, `Network.loadingFinished`); the time is from navigation start to
 * the first match card in the DOM (a MutationObserver in the page), and first contentful paint.
 */
async function coldVisit(browser: Browser, url: string, network: Network): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const conditions = NETWORKS[network]
    if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions)
    const types = new Map<string, string>()
    const urls = new Map<string, string>()
    const byType: Record<string, number> = {}
    const byUrl: Record<string, number> = {}
    let bytes = 0
    let requests = 0
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type.toLowerCase())
      urls.set(e.requestId, new URL(e.response.url).pathname)
    })
    cdp.on('Network.loadingFinished', (e) => {
      const type = types.get(e.requestId) ?? 'other'
      byType[type] = (byType[type] ?? 0) + e.encodedDataLength
      byUrl[urls.get(e.requestId) ?? '?'] = e.encodedDataLength
      bytes += e.encodedDataLength
      requests++
    })
    // A string, not a function: tsx wraps functions in helpers the page does not have.
    await page.addInitScript(`
      new MutationObserver((_m, observer) => {
        if (!document.querySelector(${JSON.stringify(MAIN_CONTENT)})) return
        window.__mainMs = performance.now()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })`)
    await page.goto(`${url}/contests`)
    await page.waitForSelector(MAIN_CONTENT, { timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    const times = await page.evaluate(() => ({
      main: (window as unknown as { __mainMs: number }).__mainMs,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }))
    return { bytes, requests, byType, byUrl, mainContentMs: times.main, fcpMs: times.fcp }
  } finally {
    await context.close()
  }
}

/** A copy of the build without its .br/.gz files: what the server sent before (every file as it is). */
function uncompressedCopy(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (src) => !/\.(?:br|gz)$/.test(src) })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

/** The seeded demo league once, then the same database under each variant's server. */
async function startVariants(
  dir: string,
  dists: Record<string, string>,
): Promise<Record<string, RunningServer>> {
  const config = (dbFile: string, dist: string) =>
    loadConfig({ port: 0, dbFile, logLevel: 'silent', autoSimulate: false, webDist: dist }, {})
  const seedFile = path.join(dir, 'seed.sqlite')
  await (await startServer(config(seedFile, webDist), { seedIfEmpty: true })).close()
  const servers: Record<string, RunningServer> = {}
  for (const [name, dist] of Object.entries(dists)) {
    const dbFile = path.join(dir, `${name}.sqlite`)
    copyDatabase(seedFile, dbFile)
    servers[name] = await startServer(config(dbFile, dist), { seedIfEmpty: false })
  }
  return servers
}

/**
 * `npm run bench -- page [--rounds n] [--before-dist dir]`: a cold `/contests` in Chromium, the
 * product as built now ("after": precompressed, cached) against "before": by default the same
 * build with its compressed copies removed (served as the server used to, uncompressed), or
 * another build given by `--before-dist` (e.g. one made from an older commit). Rounds alternate
 * which variant goes first; per network, one line per variant with the medians.
 */
export async function pageBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const rounds = Number(options.rounds ?? 5)
  await ensureWebBuilt({ onLog: (line) => console.log(line) })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-page-bench-'))
  const beforeDist =
    typeof options['before-dist'] === 'string' ? options['before-dist'] : path.join(dir, 'before')
  if (beforeDist.startsWith(dir)) uncompressedCopy(webDist, beforeDist)
  const servers = await startVariants(dir, { before: beforeDist, after: webDist })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CLOSED_NETWORK_ARGS })
  const figures: Record<string, unknown> = {}
  try {
    for (const network of Object.keys(NETWORKS) as Network[]) {
      const visits: Record<string, Visit[]> = { before: [], after: [] }
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before']
        for (const name of order)
          visits[name]?.push(await coldVisit(browser, servers[name]?.url ?? '', network))
      }
      for (const [name, runs] of Object.entries(visits)) {
        const line = {
          network,
          variant: name,
          kb: Math.round(median(runs.map((v) => v.bytes)) / 1024),
          requests: median(runs.map((v) => v.requests)),
          main_content_ms: Math.round(median(runs.map((v) => v.mainContentMs))),
          fcp_ms: Math.round(median(runs.map((v) => v.fcpMs))),
          kb_by_type: Object.fromEntries(
            Object.entries(runs[0]?.byType ?? {}).map(([type, b]) => [type, Math.round(b / 1024)]),
          ),
        }
        console.log(JSON.stringify(line))
        if (options.verbose) console.log(JSON.stringify(runs[0]?.byUrl))
        figures[`${network}_${name}`] = line
      }
    }
  } finally {
    await browser.close()
    for (const server of Object.values(servers)) await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return figures
}
