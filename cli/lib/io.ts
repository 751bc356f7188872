import type { Readable, Writable } from 'node:stream'
import { watchPipeReader } from './pipe-reader'

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
  /**
   * Resolves when whoever reads stdout went away (EPIPE: `fanspole … --watch | head`). From
   * then on output is dropped, a watch stops, and the command exits 0 without a word.
   */
  stdoutClosed: Promise<void>
  isStdoutClosed(): boolean
  /** Something was written to stdout (a `--json` command that failed after its document). */
  hasWrittenStdout(): boolean
  /**
   * For a command that may sit idle while it follows something (`--watch`, a chat): from now
   * on, also notice the reader of stdout going away without a write (`| head -1`); answers the
   * function that stops looking. Only the process's own Io has it.
   */
  followReader?: () => () => void
  /** `--as <username>`: an admin acting as this player for the whole command (cli/main.ts). */
  actAs?: string | undefined
}

export interface IoStreams {
  stdout: Io['stdout']
  stderr: Io['stderr']
  stdin?: Io['stdin']
  env?: NodeJS.ProcessEnv
}

/** Write errors that mean the reader is gone: a closed pipe, a destroyed stream, a hung-up terminal. */
const GONE = ['EPIPE', 'ERR_STREAM_DESTROYED', 'EIO']

export function createIo(streams: IoStreams): Io {
  const env = streams.env ?? process.env
  const tty = streams.stdout.isTTY === true
  let closed = false
  let written = false
  let markClosed = () => {}
  const stdoutClosed = new Promise<void>((resolve) => {
    markClosed = resolve
  })
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // A closed reader is how a pipeline says "enough", EIO how a terminal that hung up does
    // (the demo then still winds down: SIGHUP); anything else is a real failure.
    if (!GONE.includes(error.code ?? '')) throw error
    closed = true
    markClosed()
  })
  // The same for stderr: a note written after the terminal closed must not end the wind-down.
  streams.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (!GONE.includes(error.code ?? '')) throw error
  })
  return {
    stdout: streams.stdout,
    stderr: streams.stderr,
    stdin: streams.stdin ?? process.stdin,
    env,
    interactive: tty,
    color: tty && !env.NO_COLOR,
    out: (text) => {
      written = true
      if (!closed) streams.stdout.write(text)
    },
    err: (text) => {
      streams.stderr.write(text)
    },
    stdoutClosed,
    isStdoutClosed: () => closed,
    hasWrittenStdout: () => written,
  }
}

export function processIo(): Io {
  const io = createIo({
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
  })
  // An idle watch learns that its reader went away from the pipe itself (pipe-reader.ts).
  io.followReader = () =>
    watchPipeReader(1, () =>
      process.stdout.emit(
        'error',
        Object.assign(new Error('the reader of stdout went away'), { code: 'EPIPE' }),
      ),
    )
  return io
}

/** Prints one JSON document (the only thing a `--json` command writes to stdout). */
export function printJson(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`)
}
