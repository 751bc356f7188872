import type { ReactElement } from 'react'
import { type FeedState, openFeed } from './cable'
import { CliError } from './errors'
import type { Io } from './io'
import { createStore, type Store } from './live-store'
import { cableTokens } from './session'

export interface WatchContext<S> {
  store: Store<S>
  /** A line for the plain (not a terminal) output; ignored by the Ink view. */
  print(line: string): void
  /** The plain output ends here (the match or contest is over); the Ink view stays until q. */
  finish(): void
}

/** The state of a watch carries its connection (shown by the view), kept up to date by runWatch. */
export interface WatchSpec<S extends { connection: FeedState }> {
  initial: S
  identifier: Record<string, unknown>
  reduce(state: S, message: Record<string, unknown>): S
  /** After the message was folded in: side effects (a refetch) and plain-output lines. */
  onMessage?(message: Record<string, unknown>, ctx: WatchContext<S>): void | Promise<void>
  /** The Ink view (loaded only on a terminal). */
  view(store: Store<S>): Promise<ReactElement>
}

/**
 * Follows one channel until the user quits (on a terminal: an Ink view, q to quit) or, when
 * stdout is not a terminal, prints a line per update and returns when the thing watched is
 * over. The feed reconnects by itself; a refused subscription is an error (exit 1).
 */
export async function runWatch<S extends { connection: FeedState }>(
  io: Io,
  server: string,
  spec: WatchSpec<S>,
): Promise<void> {
  const store = createStore(spec.initial)
  let finish = () => {}
  const finished = new Promise<void>((resolve) => {
    finish = resolve
  })
  let stopped: FeedState | undefined
  const ctx: WatchContext<S> = {
    store,
    print: (line) => {
      if (!io.interactive) io.out(`${line}\n`)
    },
    finish: () => finish(),
  }
  // Messages are handled one at a time, so a refetch never lands after a newer message.
  let queue = Promise.resolve()
  const feed = openFeed({
    server,
    token: cableTokens(io, server),
    identifier: spec.identifier,
    onMessage: (message) => {
      queue = queue.then(async () => {
        store.set((state) => spec.reduce(state, message))
        try {
          await spec.onMessage?.(message, ctx)
        } catch (error) {
          ctx.print(`(could not refresh: ${(error as Error).message})`)
        }
      })
    },
    onState: (connection) => {
      store.set((state) => ({ ...state, connection }))
      if (connection.kind === 'rejected' || connection.kind === 'failed') {
        stopped = connection
        finish()
      } else if (connection.kind === 'reconnecting') ctx.print(`reconnecting: ${connection.why}`)
    },
  })
  try {
    if (io.interactive) {
      const { render } = await import('ink')
      const app = render(await spec.view(store), {
        stdout: io.stdout as NodeJS.WriteStream,
        stderr: io.stderr as NodeJS.WriteStream,
        stdin: io.stdin as NodeJS.ReadStream,
        patchConsole: false,
      })
      await app.waitUntilExit()
    } else {
      await untilOverOrUnread(io, finished)
      await queue
    }
  } finally {
    await feed.close()
  }
  if (stopped && !io.interactive && !io.isStdoutClosed())
    throw new CliError(
      stopped.kind === 'rejected'
        ? `The server refused the subscription to ${String(spec.identifier.channel)}`
        : `The live feed stopped: ${stopped.kind === 'failed' ? stopped.why : 'unknown'}`,
    )
}

/**
 * Until the thing watched is over, or until the reader of stdout goes away (`| head`), also
 * while nothing is written (pipe-reader.ts).
 */
async function untilOverOrUnread(io: Io, finished: Promise<void>): Promise<void> {
  const stopFollowing = io.followReader?.() ?? (() => {})
  try {
    await Promise.race([finished, io.stdoutClosed])
  } finally {
    stopFollowing()
  }
}
