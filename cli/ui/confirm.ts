import { CliError, UsageError } from '../lib/errors'
import type { Io } from '../lib/io'

export interface Confirmation {
  /** `--yes`: the caller confirmed on the command line. */
  yes: boolean
  /** `--json`: a script is reading; nobody is there to answer a question. */
  json?: boolean
  /** What the command destroys, said when it cannot ask: "… ; pass --yes to confirm". */
  refusal: string
  /** The question on a terminal; a function when it needs a look at the server first. */
  question: string | (() => Promise<string>)
}

/**
 * The one gate in front of commands that destroy or replace data (`db reset`, `seed --reset`,
 * `league reset`, `snapshot restore`, `demo --server`, deletes): `--yes` goes straight on; on
 * a terminal the question is asked (default: cancel); anywhere else — a script, a pipe,
 * `--json` — it is a usage error (exit 2) that names the flag, and nothing was changed.
 */
export async function confirmOrStop(io: Io, c: Confirmation): Promise<void> {
  if (c.yes) return
  const canAsk = !c.json && io.interactive && io.stdin.isTTY === true
  if (!canAsk) throw new UsageError(`${c.refusal}; pass --yes to confirm`, 'Run it again with --yes')
  const question = typeof c.question === 'string' ? c.question : await c.question()
  const { confirm } = await import('./prompts')
  if (!(await confirm(io, question))) throw new CliError('Cancelled; nothing was changed')
}
