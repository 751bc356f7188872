import { ProgressBar } from '@inkjs/ui'
import { Box, render, Text } from 'ink'
import type { Io } from '../lib/io'

export interface ProgressState {
  title: string
  step: string
  done: number
  total: number
  /** Set once the work is over: the bar is full and the line says so. */
  finished?: string
}

const percentOf = (s: ProgressState) =>
  s.finished ? 100 : s.total > 0 ? Math.min(100, Math.floor((s.done / s.total) * 100)) : 0

/** A title, a bar and the current step with its count: `users  12/40`. */
export function SeedProgress(props: ProgressState) {
  const percent = percentOf(props)
  return (
    <Box flexDirection="column">
      <Text bold>{props.title}</Text>
      <Box gap={1}>
        <Box width={32}>
          <ProgressBar value={percent} />
        </Box>
        <Text>{`${String(percent).padStart(3)}%`}</Text>
        {props.finished ? (
          <Text color="green">{props.finished}</Text>
        ) : (
          <Text dimColor>{`${props.step}  ${props.done}/${props.total}`}</Text>
        )}
      </Box>
    </Box>
  )
}

export interface ProgressView {
  update(state: ProgressState): void
  close(): Promise<void>
}

/** Mounts the view on the command's terminal; Ctrl-C stays with the command (no raw mode). */
export function mountSeedProgress(io: Io, initial: ProgressState): ProgressView {
  const app = render(<SeedProgress {...initial} />, {
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  })
  return {
    update: (state) => app.rerender(<SeedProgress {...state} />),
    close: async () => {
      app.unmount()
      await app.waitUntilExit()
    },
  }
}
