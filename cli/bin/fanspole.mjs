#!/usr/bin/env node
// The `fanspole` executable (`npx fanspole …`, `npm start`). The CLI is TypeScript, which
// Node 20 cannot run directly, and a TypeScript loader costs about a second per start; so
// this shim runs a bundle in dist/, rebuilding it with esbuild first when any source is newer.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`error: fanspole needs Node.js 20.19 or newer (this is ${process.version})\n`)
  process.exit(1)
}

// Stack traces point into cli/ and server/ sources when debugging (the bundle has source maps).
if (process.env.FANSPOLE_DEBUG) process.setSourceMapsEnabled(true)

const { ensureCliBuilt } = await import('../build/bundle.mjs')
let entry
try {
  entry = await ensureCliBuilt()
} catch (error) {
  process.stderr.write(`error: ${error.message}\n`)
  process.exit(1)
}
const { main } = await import(entry)
// Exit as soon as the command is done: idle keep-alive sockets must not hold the process.
process.exit(await main(process.argv.slice(2)))
