import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { loadConfig } from '../../server/core/config'
import { type RunningServer, startServer } from '../../server/main'
import { ensureWebBuilt } from '../../web/build'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SHOTS_DIR = '/tmp/fanspole-shots'

// Without the background-networking flags Chromium keeps dialling out on a closed network.
export const CLOSED_NETWORK_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export const CHROMIUM_ARGS = ['--headless', ...CLOSED_NETWORK_ARGS]

export interface E2eWorld {
  server: RunningServer
  browser: BrowserContext
  page: Page
  /** Console errors and uncaught page errors seen so far (a clean run has none). */
  problems: string[]
  shot(name: string, options?: { fullPage?: boolean }): Promise<void>
  close(): Promise<void>
}

/**
 * The real thing: the production web bundle, a listening server on a fresh SQLite file,
 * and Debian's Chromium driven by playwright-core (which never downloads a browser).
 */
export async function startE2eWorld(options: { league?: boolean } = {}): Promise<E2eWorld> {
  await ensureWebBuilt()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspole-e2e-'))
  // With the demo league (matches, contests, a few demo players), matches play only when a
  // test says so: nothing simulates by itself when it locks.
  const server = await startServer(
    loadConfig(
      { port: 0, dbFile: path.join(dir, 'e2e.sqlite'), logLevel: 'silent', autoSimulate: false },
      {},
    ),
    { seedIfEmpty: options.league ?? false, seedUsers: 4 },
  )
  // playwright-core wants the profile directory here, not as --user-data-dir.
  const browser = await chromium.launchPersistentContext(path.join(dir, 'chromium-profile'), {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  })
  const page = browser.pages()[0] ?? (await browser.newPage())
  page.setDefaultTimeout(10_000)
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    // Chromium logs every 4xx answer as a console error; the tests provoke 401 and 422 on purpose.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(`console: ${message.text()}`)
  })
  fs.mkdirSync(SHOTS_DIR, { recursive: true })
  return {
    server,
    browser,
    page,
    problems,
    async shot(name, options = {}) {
      const width = page.viewportSize()?.width ?? 0
      await page.screenshot({
        path: path.join(SHOTS_DIR, `${name}-${width}.png`),
        fullPage: options.fullPage ?? true,
      })
    },
    async close() {
      await browser.close()
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Another browser (its own profile, cookies and storage) against the same server: a second
 * person at another laptop. Its console errors land in the world's `problems` too.
 */
export async function secondBrowser(
  world: E2eWorld,
  name: string,
  options: { timezoneId?: string } = {},
): Promise<{ browser: BrowserContext; page: Page }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fanspole-e2e-${name}-`))
  const browser = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    baseURL: world.server.url,
    viewport: { width: 412, height: 915 },
    locale: 'en-IN',
    // Another zone, for a person reading the same data elsewhere (times follow the browser).
    timezoneId: options.timezoneId ?? 'Asia/Kolkata',
  })
  const page = browser.pages()[0] ?? (await browser.newPage())
  page.setDefaultTimeout(10_000)
  page.on('pageerror', (error) => world.problems.push(`${name} page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      world.problems.push(`${name} console: ${message.text()}`)
  })
  // Chromium may still be writing its caches as the context closes (ENOTEMPTY): retry, and a
  // profile left behind in the temp dir is not a failed test.
  browser.on('close', () => {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    } catch {}
  })
  return { browser, page }
}

/** Signs a user up through the API (not the UI) and returns a bearer token: for the "other" players. */
export async function apiUser(server: RunningServer, username: string) {
  const headers = { 'content-type': 'application/json', 'x-fanspole-client': 'web' }
  const password = 'other-player-pass'
  const email = `${username}@example.test`
  const created = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, username, password, full_name: 'Rohit Verma' }),
  })
  if (created.status !== 201) throw new Error(`sign-up of ${username} failed: ${created.status}`)
  const tokens = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ grant_type: 'password', email, password }),
  })
  const { access_token } = (await tokens.json()) as { access_token: string }
  return {
    username,
    post: (apiPath: string, body?: unknown) =>
      fetch(`${server.url}${apiPath}`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${access_token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  }
}
