/**
 * A benchmark child driven one step at a time: the parent writes a command line on its stdin
 * and reads the answer, the next JSON line on its stdout (other lines are progress, passed
 * through). The child's stderr is the parent's. Used where a run has several steps that the
 * parent interleaves between children (connect on one, then measure the memory of another).
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface LineChild {
  /** Sends `command` and resolves with the JSON of the next `{`-line; rejects if the child exits. */
  ask<T = Record<string, number>>(command: string): Promise<T>
  /** Closes its stdin (its cue to stop) and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Starts `node args…` under a shell that first raises the open-file limit to the hard limit:
 * ten thousand sockets need ten thousand descriptors in the server and in the loader.
 */
export function spawnLineChild(args: string[], name: string): LineChild {
  const quoted = [process.execPath, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')
  const child = spawn('/bin/sh', ['-c', `ulimit -n "$(ulimit -Hn)"; exec ${quoted}`], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const waiting: Array<{ resolve: (v: unknown) => void; reject: (e: Error) => void }> = []
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      for (const w of waiting.splice(0)) w.reject(new Error(`${name} exited with ${code}`))
      resolve()
    }),
  )
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return void console.log(`  ${name}: ${line}`)
    const answer = JSON.parse(line) as { error?: string }
    const w = waiting.shift()
    if (answer.error !== undefined) w?.reject(new Error(`${name}: ${answer.error}`))
    else w?.resolve(answer)
  })
  return {
    ask<T>(command: string) {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ resolve: resolve as (v: unknown) => void, reject })
        child.stdin.write(`${command}\n`)
      })
    },
    async stop() {
      child.stdin.end()
      await exited
    },
  }
}

/**
 * The child's end: answers each stdin line with `handle(line)`'s JSON on one stdout line, one
 * command at a time; stdin's end calls `stop`.
 */
export function answerLines(handle: (command: string) => Promise<unknown>, stop: () => void): void {
  let chain = Promise.resolve()
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    chain = chain.then(async () => {
      const answer = await handle(line.trim()).catch((error: Error) => ({
        error: error.stack ?? String(error),
      }))
      process.stdout.write(`${JSON.stringify(answer)}\n`)
    })
  })
  lines.on('close', () => void chain.then(stop))
}
