import { Command } from 'commander'
import { type NewPasswordsAnswer, newPasswordLines } from '../lib/accounts'
import { Api } from '../lib/api'
import type { Schema } from '../lib/api-types'
import { apiOf, plainOptions, printTable, serverOptions } from '../lib/command'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionsOf, parseOptions, resolveServer, withJson, withServer } from '../lib/options'
import { style } from '../lib/style'
import { formatInstant } from '../lib/time'
import { confirmOrStop } from '../ui/confirm'

type ClockState = Schema<'ClockState'>

/** A row of GET /api/admin/snapshots. */
type Snapshot = Schema<'Snapshot'>

const restoreOptions = serverOptions((z) => ({
  yes: z.boolean().default(false),
}))

const saveOptions = serverOptions((z) => ({
  replace: z.boolean().default(false),
}))

const EXAMPLES = `
Examples:
  fanspole snapshot save before-class
  fanspole snapshot list
  fanspole snapshot restore before-class     # asks first; everyone is disconnected and reconnects
  fanspole snapshot restore before-class --yes
  fanspole snapshot save before-class --replace --json
`

export function snapshotCommand(io: Io): Command {
  const snapshot = new Command('snapshot')
    .summary('save, list and restore copies of a running server’s database (admin)')
    .description(
      'Copies of the whole league, taken and put back while the server runs: a class can rerun from the same point. Restoring disconnects everyone (they reconnect by themselves) and puts the game clock back to when the copy was saved.',
    )
    .addHelpText('after', EXAMPLES)

  const save = new Command('save')
    .summary('save the running database under NAME')
    .argument('<name>', 'letters, digits, ".", "_" or "-"')
    .option('--replace', 'overwrite a snapshot of that name')
  withServer(save)
  withJson(save)
  save.action(async (name: string, raw) => runSave(io, name, await parseOptions(saveOptions, raw)))

  const restore = new Command('restore')
    .summary('put the running server back to snapshot NAME')
    .argument('<name>', 'a name from `fanspole snapshot list`')
    .option('-y, --yes', 'do not ask for confirmation')
  withServer(restore)
  withJson(restore)
  restore.action(async (name: string, raw) => runRestore(io, name, await parseOptions(restoreOptions, raw)))

  const list = new Command('list').summary('the saved snapshots, oldest first')
  withServer(list)
  withJson(list)
  list.action(async (raw) => runList(io, await parseOptions(plainOptions, raw)))

  return snapshot.addCommand(save).addCommand(restore).addCommand(list)
}

async function runSave(io: Io, name: string, opts: OptionsOf<typeof saveOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const answer = await api.post<{ snapshot: Snapshot }>('/api/admin/snapshots', {
    name,
    replace: opts.replace,
  })
  if (opts.json) return printJson(io, answer)
  const s = answer.snapshot
  io.out(
    `Saved snapshot ${style(io.color).bold(s.name)} (${formatSize(s.size_bytes)})${clockNote(s.clock)}\n`,
  )
}

async function runRestore(io: Io, name: string, opts: OptionsOf<typeof restoreOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  await confirmOrStop(io, {
    yes: opts.yes,
    json: opts.json,
    refusal: `snapshot restore puts ${server} back to snapshot ${name}: everything done since it was saved goes`,
    question: `Put ${server} back to snapshot ${name}? Everything done since it was saved goes, and everyone is disconnected.`,
  })
  const api = new Api(io, server, 'admin')
  const answer = await api.post<{ snapshot: string; clock: ClockState; new_passwords?: NewPasswordsAnswer }>(
    `/api/admin/snapshots/${encodeURIComponent(name)}/restore`,
  )
  await signedInAfterRestore(io, api, server)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(
    `Restored snapshot ${s.bold(answer.snapshot)}; everyone was disconnected and reconnects${clockNote(answer.clock)}\n`,
  )
  for (const line of newPasswordLines(answer.new_passwords, s)) io.out(`${line}\n`)
}

/**
 * A sign-in made after the snapshot was saved is gone with the restore (tokens are data). The
 * CLI's session is checked at once: the configured admin signs in again by itself (a note on
 * stderr); otherwise it says what to run, so that the next command does not just say
 * "Not signed in".
 */
async function signedInAfterRestore(io: Io, api: Api, server: string): Promise<void> {
  try {
    await api.get('/api/me')
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    io.err(
      `note: the CLI's session on ${server} did not survive the restore (it was made after the snapshot was saved) and the configured admin could not sign in again: ${error.message}\n  Sign in again: fanspole login --server ${server}\n`,
    )
  }
}

async function runList(io: Io, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const answer = await api.get<{ snapshots: Snapshot[] }>('/api/admin/snapshots')
  if (opts.json) return printJson(io, answer)
  printTable(
    io,
    answer.snapshots,
    'No snapshots yet. Save one: fanspole snapshot save NAME\n',
    [
      { header: 'NAME', value: (r) => r.name },
      { header: 'SIZE', value: (r) => formatSize(r.size_bytes), align: 'right' },
      { header: 'SAVED', value: (r) => formatInstant(r.created_at_in_millis) },
      { header: 'GAME CLOCK', value: (r) => (r.clock ? formatInstant(r.clock.now_in_millis) : null) },
    ],
    style(io.color),
  )
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const clockNote = (clock: Snapshot['clock']) =>
  clock ? `; game clock ${formatInstant(clock.now_in_millis)}${clock.paused ? ' (paused)' : ''}` : ''
