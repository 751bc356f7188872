import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text the browser downloads; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/
/** Below this a compressed copy saves less than the extra header lines cost. */
const MIN_BYTES = 512

/** Every file below a directory (relative paths), skipping dot directories such as `.vite`. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.join(prefix, entry.name)
      if (entry.name.startsWith('.')) return []
      return entry.isDirectory() ? filesBelow(dir, relative) : [relative]
    }),
  )
  return nested.flat()
}

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every text file of
 * a finished build, so the server picks one by `Accept-Encoding` without compressing per
 * request. A copy is kept only when it is smaller than the file. Runs after the bundle and the
 * public files are written (`closeBundle`); the zlib work runs on libuv's thread pool.
 */
export async function compressBuild(outDir: string): Promise<number> {
  const files = (await filesBelow(outDir)).filter((file) => COMPRESSIBLE.test(file))
  let written = 0
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(outDir, file)
      const raw = await fs.readFile(full)
      if (raw.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(raw, { level: 9 }),
      ])
      for (const [copy, suffix] of [
        [br, '.br'],
        [gz, '.gz'],
      ] as const) {
        if (copy.length >= raw.length) continue
        await fs.writeFile(`${full}${suffix}`, copy)
        written++
      }
    }),
  )
  return written
}

/** The Vite side of {@link compressBuild}: compresses the build's output directory when it is done. */
export function compressAssets(): Plugin {
  let outDir = ''
  return {
    name: 'fanspole:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await compressBuild(outDir)
    },
  }
}
