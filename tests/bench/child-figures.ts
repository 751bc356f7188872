/**
 * The two ends of a benchmark child: the parent runs a loader in a child process and reads its
 * figures, the loader prints them. A loader's last line on stdout is its figures as one JSON
 * document; everything before it is free for progress lines, and stderr is the parent's.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * Runs `command args…` and resolves with the JSON of its last stdout line; rejects when it exits
 * non-zero. `onLine` hears every line as it comes (`window start` / `window end` marks).
 */
export function childFigures<T = Record<string, number | string>>(
  command: string,
  args: string[],
  name: string,
  onLine?: (line: string) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    let seen = 0
    child.stdout.on('data', (d) => {
      out += String(d)
      if (!onLine) return
      const lines = out.split('\n')
      for (; seen < lines.length - 1; seen++) onLine(lines[seen] as string)
    })
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) as string))
        : reject(new Error(`${name} exited with ${code}`)),
    )
  })
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
