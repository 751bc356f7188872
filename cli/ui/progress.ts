import type { Io } from '../lib/io'
import type { ProgressState, ProgressView } from './seed-progress'

export interface Progress {
  /** The `onProgress(step, done, total)` callback of the seeder and of startServer. */
  update(step: string, done: number, total: number): void
  /** Marks the work done (or failed) and releases the terminal. */
  finish(message?: string): Promise<void>
}

/**
 * Progress of long work. On a terminal an Ink bar (Ink is loaded on the first update, so a
 * start that has nothing to seed never pays for it); otherwise one plain line per step, on
 * stderr when stdout must stay a single JSON document. `stderr`: always on stderr (a bar when
 * stderr is a terminal), for a report whose stdout is the result (`fanspole sim stats > out.txt`).
 */
export function createProgress(
  io: Io,
  title: string,
  options: { json?: boolean; quiet?: boolean; stderr?: boolean } = {},
) {
  if (options.quiet) return { update: () => {}, finish: async () => {} } satisfies Progress
  if (options.stderr)
    return io.stderr.isTTY === true
      ? inkProgress({ ...io, stdout: io.stderr, interactive: true }, title)
      : lineProgress(io.err, title)
  if (io.interactive && !options.json) return inkProgress(io, title)
  return lineProgress(options.json ? io.err : io.out, title)
}

function lineProgress(write: (text: string) => void, title: string): Progress {
  let lastStep: string | undefined
  return {
    update(step, done, total) {
      if (lastStep === undefined) write(`${title}\n`)
      if (step === lastStep) return
      lastStep = step
      write(`  ${step} (${done}/${total})\n`)
    },
    async finish(message) {
      if (lastStep !== undefined && message) write(`  ${message}\n`)
    },
  }
}

function inkProgress(io: Io, title: string): Progress {
  let state: ProgressState | undefined
  let view: Promise<ProgressView> | undefined
  return {
    update(step, done, total) {
      state = { title, step, done, total }
      const current = state
      view ??= import('./seed-progress').then((ui) => ui.mountSeedProgress(io, current))
      // A failed import surfaces in finish(), which awaits the same promise.
      view.then((v) => state && v.update(state)).catch(() => {})
    },
    async finish(message) {
      if (!view || !state) return
      const v = await view
      v.update({ ...state, finished: message ?? 'done' })
      await v.close()
    },
  }
}
