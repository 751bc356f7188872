/**
 * The two ends of a benchmark child: the parent runs a loader in a child process and reads its
 * figures, the loader prints them. A loader's last line on stdout is its figures as one JSON
 * document; everything before it is free for progress lines and marks, and stderr is the parent's.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Runs `command args…` and resolves with the JSON of its last stdout line; rejects when it exits non-zero. */
export function childFigures<T = Record<string, number | string>>(
  command: string,
  args: string[],
  name: string,
  onMark?: (mark: string) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    let told = 0
    child.stdout.on('data', (d) => {
      out += String(d)
      if (!onMark) return
      // Complete lines not looked at yet: a mark tells the parent where the measured part is.
      const end = out.lastIndexOf('\n') + 1
      for (const line of out.slice(told, end).split('\n'))
        if (line.startsWith(MARK)) onMark(line.slice(MARK.length))
        // The HTTP loader's own marks (http-loader.ts, read line by line by http.ts too).
        else if (line === 'window start' || line === 'window end') onMark(line.slice('window '.length))
      told = Math.max(told, end)
    })
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) as string))
        : reject(new Error(`${name} exited with ${code}`)),
    )
  })
}

const MARK = 'mark:'

/**
 * A loader tells its parent, as it happens, where the measured part of its run starts and ends
 * (`mark('start')`, `mark('end')`): the parent's own figures (CPU, event-loop delay) then cover
 * just that part, not the connecting and subscribing before it.
 */
export function mark(name: 'start' | 'end'): void {
  process.stdout.write(`${MARK}${name}\n`)
}

/** A loader's entry: started with a plan file, runs it and prints its figures (exit 0), or the error's stack (exit 1). */
export function runPlanFile<P>(run: (plan: P) => Promise<unknown>): void {
  if (!process.argv[2]) return
  const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as P
  run(plan)
    .then((figures) => {
      process.stdout.write(`${JSON.stringify(figures)}\n`)
      process.exit(0)
    })
    .catch((error) => {
      process.stderr.write(`${(error as Error).stack}\n`)
      process.exit(1)
    })
}
