import { Command } from 'commander'
import { newPasswordLines } from '../lib/accounts'
import { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { runs } from '../lib/command'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionSchema, type OptionsOf, resolveServer, seedFlag } from '../lib/options'
import { style } from '../lib/style'
import { formatFields } from '../lib/table'
import { formatInstant } from '../lib/time'
import { confirmOrStop } from '../ui/confirm'

const resetOptions = ((z) =>
  z.object({
    seed: seedFlag(z).optional(),
    users: intFlag(z, 'a number of demo users', 0, 500).optional(),
    server: z.string().optional(),
    yes: z.boolean().default(false),
    json: z.boolean().default(false),
  })) satisfies OptionSchema

export function leagueCommand(io: Io): Command {
  const league = new Command('league').summary('reset a running server to a fresh demo league (admin)')
  const reset = new Command('reset')
    .summary('replace the league by a freshly seeded one, without stopping the server')
    .description(
      'Builds a new demo league while the server keeps serving, then swaps it in: everyone is disconnected (they reconnect by themselves), every account and sign-in goes, the configured admin and demo accounts are made anew and the game clock restarts at real speed. Save a snapshot first to come back: fanspole snapshot save NAME.',
    )
    .option('--seed <n>', 'seed of the new league (default: the server’s --seed)')
    .option('--users <n>', 'generated demo users besides the demo player and the admin')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText(
      'after',
      '\nExamples:\n  fanspole league reset\n  fanspole league reset --yes --seed 7 --json\n',
    )
  runs(io, reset, resetOptions, runReset)
  return league.addCommand(reset)
}

async function runReset(io: Io, opts: OptionsOf<typeof resetOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  await confirmOrStop(io, {
    yes: opts.yes,
    json: opts.json,
    refusal: `league reset replaces the whole league on ${server}: every account, sign-in, contest and auction goes`,
    question: `Replace the whole league on ${server} by a fresh one? Every account, sign-in, contest and auction goes.`,
  })
  const api = new Api(io, server, 'admin')
  const body: Record<string, number> = {}
  if (opts.seed !== undefined) body.seed = opts.seed
  if (opts.users !== undefined) body.users = opts.users
  const answer = await api.post<Answer<'/api/admin/league/reset', 'post'>>('/api/admin/league/reset', body)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.bold('A fresh league is running')}; everyone was disconnected and signs in again.\n`)
  io.out(
    formatFields(
      [
        ['seed', answer.seed],
        ['clock', `${formatInstant(answer.clock.now_in_millis)}  ${answer.clock.speed}×`],
        ['users', answer.league.users],
        ['matches', `${answer.league.matches} (${answer.league.upcoming_matches} upcoming)`],
      ],
      s,
    ),
  )
  for (const line of newPasswordLines(answer.new_passwords, s)) io.out(`${line}\n`)
}
