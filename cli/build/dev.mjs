// `npm run dev`: the server under `tsx watch` (restarted on every change to cli/, server/,
// seeds/) and the Vite dev server for the web client, which proxies /api, /oauth, /media and
// /cable to it. Ctrl-C stops both; when either exits, the other is stopped too.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT } from './bundle.mjs'

const port = process.env.PORT || '3000'
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name)
const children = [
  // --no-web: Vite serves the client in development, so the server need not build it.
  [
    'server',
    bin('tsx'),
    ['watch', '--clear-screen=false', 'cli/main.ts', 'serve', '--port', port, '--no-web'],
  ],
  ['web', bin('vite'), ['--config', 'web/vite.config.ts']],
].map(([name, command, args]) => {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PORT: port } })
  child.on('exit', (code, signal) => finished(name, code, signal))
  return child
})

let stopping = false
let exitCode = 0

function stopAll(signal) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal)
}

function finished(name, code, signal) {
  if (!stopping) {
    stopping = true
    exitCode = code ?? 1
    process.stderr.write(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest\n`)
    stopAll('SIGTERM')
  }
  if (children.every((child) => child.exitCode !== null || child.signalCode !== null)) process.exit(exitCode)
}

// A terminal's Ctrl-C reaches the whole process group already; forwarding covers `kill -INT <pid>`.
// A second Ctrl-C while stopping kills both at once.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    const force = stopping
    stopping = true
    stopAll(force ? 'SIGKILL' : signal)
  })
}
