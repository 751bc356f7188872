import type { Readable, Writable } from 'node:stream'

/**
 * Where a command reads and writes. `main()` uses the process streams; tests pass in-memory
 * ones, so every command runs in-process with its output captured.
 */
export interface Io {
  stdout: Writable & { isTTY?: boolean; columns?: number }
  stderr: Writable & { isTTY?: boolean }
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown }
  env: NodeJS.ProcessEnv
  /** A person is watching stdout: Ink views and prompts are allowed. */
  interactive: boolean
  /** ANSI colours on stdout (a TTY, and NO_COLOR unset). */
  color: boolean
  out(text: string): void
  err(text: string): void
}

export interface IoStreams {
  stdout: Io['stdout']
  stderr: Io['stderr']
  stdin?: Io['stdin']
  env?: NodeJS.ProcessEnv
}

export function createIo(streams: IoStreams): Io {
  const env = streams.env ?? process.env
  const tty = streams.stdout.isTTY === true
  return {
    stdout: streams.stdout,
    stderr: streams.stderr,
    stdin: streams.stdin ?? process.stdin,
    env,
    interactive: tty,
    color: tty && !env.NO_COLOR,
    out: (text) => {
      streams.stdout.write(text)
    },
    err: (text) => {
      streams.stderr.write(text)
    },
  }
}

export function processIo(): Io {
  return createIo({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env })
}

/** Prints one JSON document (the only thing a `--json` command writes to stdout). */
export function printJson(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`)
}
