import { Command } from 'commander'
import type { Schema } from '../../lib/api-types'
import { apiOf, commandGroup, runs, serverOptions } from '../../lib/command'
import { type Io, printJson } from '../../lib/io'
import type { OptionsOf } from '../../lib/options'
import { style } from '../../lib/style'

/** `fanspole esports access show|request` (docs/esports.md, "Who may host"). */

/** GET /api/esports/access and POST /api/pubgs/access answer this. */
type EsportsAccess = Schema<'EsportsAccess'>

const KINDS = ['pubg', 'pubg-lite', 'pubg-single-match', 'free-fire', 'call-of-duty'] as const

const showOptions = serverOptions((z) => ({
  kind: z.enum(KINDS, { error: `expected one of ${KINDS.join(', ')}` }).default('pubg'),
}))

const requestOptions = serverOptions((z) => ({
  kind: z.enum(KINDS, { error: `expected one of ${KINDS.join(', ')}` }).default('pubg'),
  message: z.string().trim().min(1, 'the message is empty').optional(),
}))

export function esportsAccessCommand(io: Io): Command {
  const show = new Command('show')
    .description(
      'What hosting an esports room of this kind needs, and which of it you have: free private rooms, then paid or public ones.',
    )
    .option('--kind <kind>', `${KINDS.join(', ')} (default: pubg)`)
  runs(io, show, showOptions, runShow)

  const request = new Command('request')
    .description(
      'Ask the admins to let you host paid or public rooms (at most once a day). They are notified with a link to your profile.',
    )
    .option('--kind <kind>', `${KINDS.join(', ')} (default: pubg)`)
    .option('--message <text>', 'a few words for the admins (up to 500 characters)')
  runs(io, request, requestOptions, runRequest)

  return commandGroup(
    'access',
    'may I host esports rooms: what is met and missing; ask the admins for access',
    [show, request],
    '\nExamples:\n  fanspole esports access show\n  fanspole esports access show --kind free-fire --json\n  fanspole esports access request --message "I run our college scrims every Sunday"\n\nAn admin grants access with: fanspole users grant-access <email|slug>\n',
  )
}

async function runShow(io: Io, opts: OptionsOf<typeof showOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.get<{ esports_access: EsportsAccess }>(
    `/api/esports/access?${new URLSearchParams({ kind: opts.kind })}`,
  )
  if (opts.json) return printJson(io, answer)
  print(io, answer.esports_access)
}

async function runRequest(io: Io, opts: OptionsOf<typeof requestOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<{ esports_access: EsportsAccess }>('/api/pubgs/access', {
    kind: opts.kind,
    ...(opts.message === undefined ? {} : { message: opts.message }),
  })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.green('Asked the admins')} for ${opts.kind} host access; you are notified when they answer.\n`)
  print(io, answer.esports_access)
}

function print(io: Io, a: EsportsAccess) {
  const s = style(io.color)
  const verdict = a.paid_allowed
    ? s.green('You may host paid and public rooms.')
    : a.free_allowed
      ? `${s.green('You may host free private rooms.')} Paid or public rooms need more:`
      : s.yellow('You cannot host yet:')
  io.out(`${verdict}\n`)
  for (const r of a.requirements) io.out(`  ${r.met ? s.green('✓') : s.red('✗')} ${r.message}\n`)
}
