// The CLI bundle: cli/main.ts → dist/cli.mjs (+ lazily loaded chunks beside it), rebuilt
// whenever a source is newer. Plain JavaScript so that the bin can run it on a fresh clone
// without a TypeScript loader.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const DIST = path.join(ROOT, 'dist')
export const ENTRY = path.join(DIST, 'cli.mjs')
const INPUTS = path.join(DIST, 'cli.inputs.json')
const SOURCE_DIRS = ['cli', 'server', 'seeds'].map((d) => path.join(ROOT, d))
const CHUNK = /^cli-chunk-.*\.mjs(\.map)?$/
// Chunks of older builds may still be loading in a running process; keep them a while.
const STALE_CHUNK_MS = 60 * 60 * 1000

function newestIn(dir, newest = 0) {
  let entries
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return newest
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = newestIn(full, newest)
    else newest = Math.max(newest, fs.statSync(full).mtimeMs)
  }
  return newest
}

/**
 * Fresh when dist/cli.mjs exists and nothing it was built from changed since: no file under
 * cli/, server/ or seeds/ is newer (a new file counts too), and every recorded input outside
 * them (web/build.ts, package.json) still exists and is older.
 */
export function isFresh() {
  let builtMs
  let inputs
  try {
    builtMs = fs.statSync(ENTRY).mtimeMs
    inputs = JSON.parse(fs.readFileSync(INPUTS, 'utf8'))
  } catch {
    return false
  }
  for (const dir of SOURCE_DIRS) if (newestIn(dir) > builtMs) return false
  for (const input of inputs) {
    try {
      if (fs.statSync(path.join(ROOT, input)).mtimeMs > builtMs) return false
    } catch {
      return false
    }
  }
  return true
}

/**
 * Bundled source keeps its own `import.meta.url` (web/build.ts finds web/ from it, for
 * instance): every output file lands directly in dist/, so the original location is the
 * same relative URL from any of them.
 */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const text = await fs.promises.readFile(args.path, 'utf8')
      if (!text.includes('import.meta.')) return undefined
      const rel = path.relative(DIST, args.path).split(path.sep).join('/')
      const dir = path.posix.dirname(rel)
      const contents = text
        .replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(rel)}, import.meta.url).href`)
        .replace(
          /\bimport\.meta\.filename\b/g,
          `decodeURIComponent(new URL(${JSON.stringify(rel)}, import.meta.url).pathname)`,
        )
        .replace(
          /\bimport\.meta\.dirname\b/g,
          `decodeURIComponent(new URL(${JSON.stringify(`${dir}/`)}, import.meta.url).pathname).slice(0, -1)`,
        )
      return { contents, loader: path.extname(args.path).slice(1) === 'tsx' ? 'tsx' : 'ts' }
    })
  },
}

/**
 * Packages stay in node_modules (loaded from there at run time), but for zod and the packages
 * built on it, which go into the bundle as one copy: zod is ~100 small files, and resolving and
 * compiling them one by one cost a command that validates its options 60–75 ms of its start
 * against ~25 ms bundled. Everything that imports zod comes along, so the server and the CLI
 * share the one copy (two copies would not know each other's schemas).
 */
const IN_BUNDLE = /^(zod|@hono\/zod-openapi|@hono\/zod-validator|@asteasolutions\/zod-to-openapi)(\/|$)/
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (IN_BUNDLE.test(args.path)) return undefined
      return { path: args.path, external: true }
    })
  },
}

function writeAtomically(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, contents)
  fs.renameSync(tmp, file)
}

/** Builds the bundle. Returns the build time in ms; throws with esbuild's messages on errors. */
export async function buildCli() {
  const started = Date.now()
  const esbuild = await import('esbuild')
  let result
  try {
    result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: { cli: path.join(ROOT, 'cli', 'main.ts') },
      outdir: DIST,
      bundle: true,
      // Dynamic imports become chunks, so `fanspole --help` loads neither the server nor Ink.
      splitting: true,
      chunkNames: 'cli-chunk-[hash]',
      outExtension: { '.js': '.mjs' },
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      loader: { '.json': 'json' },
      sourcemap: true,
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [externalPackages, sourceLocation],
    })
  } catch (error) {
    const messages = await esbuild.formatMessages(error.errors ?? [], {
      kind: 'error',
      color: process.stderr.isTTY,
    })
    throw new Error(`could not build the fanspole CLI:\n${messages.join('\n') || error.message}`)
  }
  fs.mkdirSync(DIST, { recursive: true })
  // Chunks first (content-hashed names), the entry last: a concurrent start sees either the
  // old entry with its old chunks or the new entry with its new ones.
  const files = result.outputFiles.sort(
    (a, b) => Number(a.path.startsWith(ENTRY)) - Number(b.path.startsWith(ENTRY)),
  )
  for (const file of files) writeAtomically(file.path, file.contents)
  const outside = Object.keys(result.metafile.inputs)
    .map((input) => path.relative(ROOT, path.resolve(ROOT, input)).split(path.sep).join('/'))
    .filter(
      (input) => !input.startsWith('cli/') && !input.startsWith('server/') && !input.startsWith('seeds/'),
    )
  writeAtomically(INPUTS, `${JSON.stringify([...new Set([...outside, 'package.json'])].sort(), null, 2)}\n`)
  // Stamp the entry with the start of the build: a file edited during it is newer.
  const at = new Date(started)
  fs.utimesSync(ENTRY, at, at)
  removeStaleChunks(new Set(files.map((f) => path.basename(f.path))))
  return Date.now() - started
}

function removeStaleChunks(current) {
  for (const name of fs.readdirSync(DIST)) {
    if (!CHUNK.test(name) || current.has(name)) continue
    const full = path.join(DIST, name)
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > STALE_CHUNK_MS) fs.rmSync(full, { force: true })
    } catch {
      // Another build removed it first.
    }
  }
}

/** The bundle's URL, rebuilt first when stale. */
export async function ensureCliBuilt() {
  if (!isFresh()) await buildCli()
  return new URL(`file://${ENTRY}`).href
}
