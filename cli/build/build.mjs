// `npm run build`: the CLI bundle (dist/cli.mjs), then the web client (web/dist).
// web/build.ts is TypeScript; tsx's loader imports it, which works on a fresh clone.
import { tsImport } from 'tsx/esm/api'
import { buildCli } from './bundle.mjs'

const log = (line) => process.stdout.write(`${line}\n`)

try {
  const cliMs = await buildCli()
  log(`Built the CLI bundle (dist/cli.mjs) in ${cliMs} ms`)
  const { ensureWebBuilt } = await tsImport('../../web/build.ts', import.meta.url)
  await ensureWebBuilt({ force: true, onLog: log })
} catch (error) {
  process.stderr.write(`error: ${error.message}\n`)
  process.exit(1)
}
