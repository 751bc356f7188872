import { Command } from 'commander'
import type { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { idArgument } from '../lib/arguments'
import { apiOf, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { type OptionSchema, type OptionsOf, parseOptions, withJson, withServer } from '../lib/options'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'

/** Team-building bots (docs/bots.md): the strategies the server knows. */
export const CONTEST_BOT_STRATEGIES = ['mixed', 'favourite', 'differential', 'captain_by_form'] as const
export const MAX_CONTEST_BOTS = 100

export type SeatedBots = Answer<'/api/contests/{id}/bots', 'post'>

/** `--bots` as a number of bots, 1 to 100, or a usage error naming the flag. */
export function botCount(flag: string, text: string): number {
  const n = Number(text)
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > MAX_CONTEST_BOTS)
    throw new UsageError(
      `${flag}: expected a number of bots from 1 to ${MAX_CONTEST_BOTS}, got ${JSON.stringify(text)}`,
    )
  return n
}

export const strategySchema = (z: Parameters<OptionSchema>[0]) =>
  z.enum(CONTEST_BOT_STRATEGIES, { error: `expected one of ${CONTEST_BOT_STRATEGIES.join(', ')}` })

const botsOptions = serverOptions((z) => ({
  strategy: strategySchema(z).default('mixed'),
  championship: z.boolean().default(false),
}))

/** Seats bots in a contest the caller owns; both `contest bots` and `contest create --bots` use it. */
export async function seatBots(
  api: Api,
  id: number,
  count: number,
  strategy: string,
  championship: boolean,
): Promise<SeatedBots> {
  const path = championship ? `/api/championship/contests/${id}/bots` : `/api/contests/${id}/bots`
  return api.post<SeatedBots>(path, { count, strategy })
}

export function seatedText(id: number, answer: SeatedBots, color: boolean): string {
  const s = style(color)
  const table = formatTable(
    answer.bots,
    [
      { header: 'MEMBER', value: (b) => b.member_id, align: 'right' },
      { header: 'BOT', value: (b) => b.username },
      { header: 'TEAM NAME', value: (b) => b.team_name },
      { header: 'STRATEGY', value: (b) => b.strategy },
    ],
    s,
  )
  return `${s.green('Seated')} ${answer.bots.length} bot${answer.bots.length === 1 ? '' : 's'} in contest ${id} (${answer.members_count}/${answer.members_limit} spots taken).\n${table}`
}

export function botsCommand(io: Io): Command {
  const bots = new Command('bots')
    .description(
      'Seat bots in a contest you own, before it locks: each builds a valid team within budget with a seeded strategy and joins as a player does. A paid contest’s entry fees for them come from your balance. At most the free seats.',
    )
    .argument('<id>', 'contest id')
    .argument('<count>', `how many bots (1–${MAX_CONTEST_BOTS})`)
    .option(
      '--strategy <name>',
      `${CONTEST_BOT_STRATEGIES.join(', ')} (default: mixed, each next bot the next one)`,
    )
    .option('--championship', 'the id is a championship contest')
  withJson(withServer(bots)).action(async (id: string, count: string, raw) => {
    const opts: OptionsOf<typeof botsOptions> = await parseOptions(botsOptions, raw)
    const contestId = idArgument('contest id', id)
    const answer = await seatBots(
      apiOf(io, opts, 'user'),
      contestId,
      botCount('count', count),
      opts.strategy,
      opts.championship,
    )
    if (opts.json) return printJson(io, answer)
    io.out(seatedText(contestId, answer, io.color))
  })
  bots.addHelpText(
    'after',
    '\nExamples:\n  fanspole contest bots 41 3\n  fanspole contest bots 41 5 --strategy differential\n  fanspole contest bots 7 10 --championship\n  fanspole contest create --match 14 --name "Class XI" --size 30 --bots 29\n',
  )
  return bots
}
