import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const webRoot = path.dirname(fileURLToPath(import.meta.url))
const projectRoot = path.dirname(webRoot)
const distDir = path.join(webRoot, 'dist')
const distIndex = path.join(distDir, 'index.html')

/** Everything the bundle is made from: when any of it is newer than dist/index.html, rebuild. */
const SOURCES = [
  path.join(webRoot, 'src'),
  path.join(webRoot, 'public'),
  path.join(webRoot, 'index.html'),
  path.join(webRoot, 'vite.config.ts'),
  path.join(webRoot, 'compress-assets.ts'),
  path.join(projectRoot, 'server', 'domain'),
]

export interface EnsureWebBuiltOptions {
  /** Build even when web/dist is up to date. */
  force?: boolean
  /** Receives progress and warning lines (the build is silent otherwise). */
  onLog?: (line: string) => void
}

/** Newest modification time (ms) of a file or of any file below a directory; 0 when missing. */
export function newestMtimeMs(target: string): number {
  let stat: fs.Stats
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry.name)))
  }
  return newest
}

/** True when web/dist/index.html is missing or older than any source of the bundle. */
export function webBuildIsStale(): boolean {
  const built = newestMtimeMs(distIndex)
  if (built === 0) return true
  return SOURCES.some((source) => newestMtimeMs(source) > built)
}

// One build at a time per process: the CLI and the tests may both ask at once.
let running: Promise<{ built: boolean; ms: number }> | undefined

/**
 * Builds the web client with Vite when it is missing or stale. The build goes to a fresh
 * directory that replaces web/dist when complete, so a server already serving the old
 * bundle never sees a half-written one.
 */
export function ensureWebBuilt(options: EnsureWebBuiltOptions = {}): Promise<{ built: boolean; ms: number }> {
  running ??= run(options).finally(() => {
    running = undefined
  })
  return running
}

async function run(options: EnsureWebBuiltOptions): Promise<{ built: boolean; ms: number }> {
  const started = performance.now()
  if (!options.force && !webBuildIsStale()) return { built: false, ms: 0 }
  const log = options.onLog ?? (() => {})
  log('Building the web client…')
  const { build, createLogger } = await import('vite')
  const logger = createLogger('warn', { allowClearScreen: false })
  logger.warn = (msg) => log(`warning: ${msg}`)
  logger.warnOnce = logger.warn
  logger.error = (msg) => log(`error: ${msg}`)
  // Same file system as web/dist (so the swap is a rename) and ignored by git.
  const tmpDir = path.join(projectRoot, 'node_modules', '.cache', 'fanspole-web', `build-${process.pid}`)
  // Vite makes a development bundle (React's dev runtime, unminified JSX) whenever NODE_ENV
  // is already set to anything but production, as it is under vitest; this bundle is always
  // the production one.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      customLogger: logger,
      build: { outDir: tmpDir, emptyOutDir: true },
    })
    swapInto(tmpDir, distDir)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    fs.rmSync(tmpDir, { recursive: true, force: true })
  }
  const ms = Math.round(performance.now() - started)
  log(`Built the web client in ${ms} ms`)
  return { built: true, ms }
}

/**
 * Puts the fresh build in place of web/dist. Another process (the CLI and a test run, say)
 * may be swapping at the same moment; both builds are the same, so a lost race is retried
 * rather than reported.
 */
function swapInto(fresh: string, target: string): void {
  const old = `${target}-old-${process.pid}`
  for (let attempt = 1; ; attempt++) {
    try {
      fs.renameSync(target, old)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    try {
      fs.renameSync(fresh, target)
      break
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (attempt >= 5 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error
    }
  }
  fs.rmSync(old, { recursive: true, force: true })
}
