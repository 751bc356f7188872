import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerProcessOptions } from './server-process'

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts')

export interface ChildServer {
  url: string
  port: number
  pid: number
  /** Every line the process wrote on stdout so far: server logs and its start line, in order. */
  lines: string[]
  /** `kill -9`: no shutdown code runs, nothing is flushed but what the database already has. */
  crash(): Promise<void>
  /** Ctrl-C: the server's own clean shutdown. */
  stop(): Promise<void>
}

/**
 * Starts `tests/helpers/server-process.ts` in a child process and waits until it listens.
 * Tests restart "the server" by crashing one child and spawning another on the same database.
 */
export async function spawnServer(options: ServerProcessOptions): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FANSPOLE_AUTO_SIMULATE: undefined },
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const lines: string[] = []
  const started = await new Promise<{ port: number; url: string; pid: number }>((resolve, reject) => {
    let partial = ''
    child.stdout?.on('data', (chunk) => {
      const parts = (partial + String(chunk)).split('\n')
      partial = parts.pop() ?? ''
      for (const line of parts) {
        lines.push(line)
        if (line.startsWith('{')) resolve(JSON.parse(line))
      }
    })
    void exited.then((code) => reject(new Error(`server process exited with ${code}: ${stderr}`)))
  })
  // A child that dies on its own after it listened shows up later as ECONNREFUSED in some test:
  // say here why it went (its exit and the end of its stderr), so the failure can be read.
  let told = false
  child.once('exit', (code, sig) => {
    if (!told)
      console.error(
        `server process ${started.pid} (port ${started.port}) exited by itself: code ${code}, signal ${sig}\n${stderr.slice(-4000)}`,
      )
  })
  const end = (name: NodeJS.Signals) => {
    told = true
    return signal(child, exited, name)
  }
  return { ...started, lines, crash: () => end('SIGKILL'), stop: () => end('SIGINT') }
}

async function signal(child: ChildProcess, exited: Promise<unknown>, name: NodeJS.Signals) {
  if (child.exitCode === null && child.signalCode === null) child.kill(name)
  await exited
}
