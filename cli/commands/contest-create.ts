import { Command } from 'commander'
import type { Api } from '../lib/api'
import type { Answer, Schema } from '../lib/api-types'
import { runsOnId, serverJson } from '../lib/command'
import {
  type Bill,
  CREATABLE_GAMES,
  type DraftPrize,
  multipleChoice,
  PRIZE_OPTION_KEYS,
  prizeChoice,
  type Verified,
} from '../lib/contest-draft'
import { ApiError, CliError, missingText, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import {
  intFlag,
  type OptionSchema,
  type OptionsOf,
  parseOptions,
  withJson,
  withServer,
} from '../lib/options'
import { player } from '../lib/session'
import { type Style, style } from '../lib/style'
import { formatFields, formatTable, rupees } from '../lib/table'
import {
  CONTEST_BOT_STRATEGIES,
  MAX_CONTEST_BOTS,
  type SeatedBots,
  seatBots,
  seatedText,
  strategySchema,
} from './contest-bots'

/** A contest made by a player, daily or championship, as create/edit/delete answer it. */
export type OwnedContest = Schema<'Contest'> | Schema<'ChampionshipContest'>

/** The contest of a create, edit or delete answer: `contest` for a daily one, `championship_contest` else. */
export const ownedOf = (answer: { contest?: OwnedContest; championship_contest?: OwnedContest }) =>
  (answer.contest ?? answer.championship_contest) as OwnedContest

const ID = 2 ** 31 - 1

/** The flags a draft shares between `create` and `edit` (all optional for an edit). */
const draftFlags = (z: Parameters<OptionSchema>[0]) => ({
  name: z.string().trim().min(1).optional(),
  description: z.string().optional(),
  fee: intFlag(z, 'an entry fee in whole rupees', 0, 10_000).optional(),
  size: intFlag(z, 'a number of members', 2, 500).optional(),
  multiple: z.union([z.boolean(), z.string()]).optional(),
  guaranteed: z.boolean().optional(),
  public: z.boolean().optional(),
  prize: z.enum(PRIZE_OPTION_KEYS, { error: `expected one of ${PRIZE_OPTION_KEYS.join(', ')}` }).optional(),
  savedPrize: intFlag(z, 'a saved prize id', 1, ID).optional(),
  prizes: z.string().optional(),
  dryRun: z.boolean().default(false),
  ...serverJson(z),
})

const createOptions = ((z) =>
  z.object({
    ...draftFlags(z),
    game: z
      .enum(CREATABLE_GAMES, { error: `expected one of ${CREATABLE_GAMES.join(', ')}` })
      .default('single-match'),
    match: intFlag(z, 'a match id', 1, ID).optional(),
    phase: intFlag(z, 'a series phase id', 1, ID).optional(),
    team: intFlag(z, 'a team id', 1, ID).optional(),
    bots: intFlag(z, 'a number of bots', 1, MAX_CONTEST_BOTS).optional(),
    botStrategy: strategySchema(z).optional(),
  })) satisfies OptionSchema

const editOptions = ((z) =>
  z.object({
    ...draftFlags(z),
    private: z.boolean().optional(),
    championship: z.boolean().default(false),
  })) satisfies OptionSchema

/** The draft options of `create` and `edit`, with their help. */
export function withDraftOptions(cmd: Command, edit: boolean): Command {
  return cmd
    .option('--name <text>', 'the contest’s name (3 to 60 characters)')
    .option('--description <text>', 'a few words for the members (up to 500 characters)')
    .option(
      '--fee <rupees>',
      `entry fee in whole rupees, 0 to 10000${edit ? '' : ' (default: 0, free, private, at most 100 members)'}`,
    )
    .option('--size <n>', 'members limit, 2 to 500')
    .option(
      '--multiple [n]',
      'players may join with several teams (up to n, 2 to 11; alone: the most allowed)',
    )
    .option(
      '--guaranteed',
      'runs even when not full at the start (with at least 2 members; prizes shrink to the pool collected)',
    )
    .option(
      '--public',
      'listed for everyone (needs paid-contest access) (default: private, joined with the code)',
    )
    .option(
      '--prize <option>',
      `a generated prize table: ${PRIZE_OPTION_KEYS.join(', ')}${edit ? '' : ' (default: winner_takes_all)'}`,
    )
    .option('--saved-prize <id>', 'one of your saved prize tables (fanspole prizes list)')
    .option('--prizes <ranges>', 'your own table in percent of the pool, e.g. "1:50,2-3:25"')
    .option('--dry-run', 'show the bill and the prize table the server would use; change nothing')
}

export function createCommand(io: Io): Command {
  const create = new Command('create')
    .description(
      'Create a contest and join it with your team, paying the entry fee like any member. A private contest (the default) gets an invite code to share: friends join with `fanspole contest join --code <code>`.',
    )
    .option('--game <kind>', `${CREATABLE_GAMES.join(', ')} (default: single-match)`)
    .option('--match <id>', 'the match (match games)')
    .option('--phase <id>', 'the series phase (championship; your classic team there enters)')
    .option('--team <id>', 'your team for the match (default: your first team for it)')
    .option(
      '--bots <n>',
      `then seat n bots in it (1–${MAX_CONTEST_BOTS}, at most the free seats; you pay their fees)`,
    )
    .option('--bot-strategy <name>', `${CONTEST_BOT_STRATEGIES.join(', ')} (default: mixed)`)
  withJson(withServer(withDraftOptions(create, false))).action(async (raw) =>
    runCreate(io, await parseOptions(createOptions, raw)),
  )
  create.addHelpText(
    'after',
    '\nExamples:\n  fanspole contest create --match 14 --name "Hostel XI" --fee 50 --size 4 --prizes "1:70,2:30"\n  fanspole contest create --match 14 --name "Office" --size 10 --prize top_3 --dry-run\n  fanspole contest create --game championship --phase 3 --name "Season long" --fee 100 --size 20 --saved-prize 2\n',
  )
  return create
}

export function editCommand(io: Io): Command {
  const edit = new Command('edit')
    .description(
      'Change a contest you own, before it locks. Until someone else joins anything but the game and match may change; after that only the name, the description or a larger --size.',
    )
    .argument('<id>', 'contest id')
  // --no-guaranteed after --guaranteed: left out, the flag stays unset (no change).
  withDraftOptions(edit, true)
    .option('--no-guaranteed', 'cancel and refund it when not full at the start')
    .option('--private', 'only members and people with the code see it')
    .option('--championship', 'the id is a championship contest')
  runsOnId(io, edit, 'contest id', editOptions, runEdit)
  edit.addHelpText(
    'after',
    '\nExamples:\n  fanspole contest edit 41 --name "Hostel XI finals" --size 6\n  fanspole contest edit 41 --fee 25 --prize top_3 --dry-run\n',
  )
  return edit
}

type DraftOptions = OptionsOf<typeof createOptions> | OptionsOf<typeof editOptions>

/** The API body of the flags given (an edit sends only what changes). */
function draftBody(opts: DraftOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(opts.name !== undefined ? { name: opts.name } : {}),
    ...(opts.description !== undefined ? { description: opts.description } : {}),
    ...(opts.fee !== undefined ? { entry_fee: opts.fee } : {}),
    ...(opts.size !== undefined ? { members_limit: opts.size } : {}),
    ...multipleChoice(opts.multiple),
    ...(opts.guaranteed !== undefined ? { guaranteed: opts.guaranteed } : {}),
    ...prizeChoice(opts),
  }
  if (opts.public) body.is_private = false
  if ('private' in opts && opts.private) {
    if (opts.public) throw new UsageError('give --public or --private, not both')
    body.is_private = true
  }
  return body
}

async function runCreate(io: Io, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const championship = opts.game === 'championship'
  // Every missing option told at once, not one per run.
  const missing = [
    ...((championship ? opts.phase === undefined : opts.match === undefined)
      ? [championship ? "'--phase <id>' (with --game championship)" : "'--match <id>'"]
      : []),
    ...(!opts.dryRun && opts.name === undefined ? ["'--name <text>'"] : []),
    ...(!opts.dryRun && opts.size === undefined ? ["'--size <n>' (2 to 500 members)"] : []),
  ]
  if (missing.length > 0) throw new UsageError(`${missingText(missing)} not specified`)
  if (championship ? opts.match !== undefined || opts.team !== undefined : opts.phase !== undefined)
    throw new UsageError(
      championship
        ? '--match and --team are for match games; a championship contest enters your classic team of --phase'
        : '--phase is for --game championship',
    )
  const api = player(io, opts.server)
  const body: Record<string, unknown> = {
    game: opts.game,
    ...(championship ? { phase_id: opts.phase } : { match_id: opts.match }),
    entry_fee: 0,
    multiple_entries: false,
    guaranteed: false,
    is_private: true,
    ...draftBody(opts),
  }
  if (opts.botStrategy !== undefined && opts.bots === undefined)
    throw new UsageError('--bot-strategy goes with --bots <n>')
  if (opts.dryRun && opts.bots !== undefined)
    throw new UsageError('--bots seats bots in the contest once it exists: leave out --dry-run')
  if (opts.dryRun) {
    if (opts.team !== undefined) body.team_id = opts.team
    const verified = await api.post<Verified>('/api/contests/verify', body)
    if (opts.json) return printJson(io, verified)
    return io.out(verifiedText(verified, style(io.color)))
  }
  if (!championship) body.team_id = opts.team ?? (await firstTeam(api, opts.match as number))
  const answer = await api.post<Answer<'/api/contests', 'post'>>('/api/contests', body)
  const contest = ownedOf(answer)
  const bots = opts.bots === undefined ? null : await botsAfterCreate(api, contest, opts, championship)
  if (opts.json) return printJson(io, bots ? { ...answer, bots: bots.bots } : answer)
  io.out(createdText(contest, api.server, style(io.color)))
  if (bots) io.out(seatedText(contest.id, bots, io.color))
}

/** `--bots`: the contest exists by now, so a refusal says so rather than reading as a failed create. */
async function botsAfterCreate(
  api: Api,
  contest: OwnedContest,
  opts: OptionsOf<typeof createOptions>,
  championship: boolean,
): Promise<SeatedBots> {
  try {
    return await seatBots(api, contest.id, opts.bots as number, opts.botStrategy ?? 'mixed', championship)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    throw new CliError(`Created contest ${contest.id}, but no bots were seated: ${error.message}`, {
      code: error.code,
      hint: `Try again with: fanspole contest bots ${contest.id} <n>${championship ? ' --championship' : ''}`,
    })
  }
}

/** The player's first team for the match (lowest team number), the team they most likely mean. */
export async function firstTeam(api: Api, matchId: number, contestId?: number): Promise<number> {
  const query = contestId === undefined ? '' : `?contest_id=${contestId}`
  const { user_teams } = await api.get<{
    user_teams: Array<{ id: number; team_no: number; joined?: boolean }>
  }>(`/api/matches/${matchId}/user_teams${query}`)
  const free = user_teams.filter((t) => !t.joined).sort((a, b) => a.team_no - b.team_no)
  const team = free[0]
  if (!team)
    throw new CliError(
      user_teams.length === 0
        ? `You have no team for match ${matchId}`
        : `Every team of yours for match ${matchId} has joined this contest already`,
      {
        code: 'NO_TEAM',
        hint: `Create one first: fanspole team create --match ${matchId} (or on the web: /matches/${matchId}/create-team), or pass --team with one of yours`,
      },
    )
  return team.id
}

async function runEdit(io: Io, id: number, opts: OptionsOf<typeof editOptions>): Promise<void> {
  const body = draftBody(opts)
  if (Object.keys(body).length === 0)
    throw new UsageError('nothing to change: give --name, --description, --fee, --size, … (see --help)')
  const api = player(io, opts.server)
  const path = opts.championship ? `/api/championship/contests/${id}` : `/api/contests/${id}`
  if (opts.dryRun) {
    const verified = await api.post<Verified>(`${path}/verify`, body)
    if (opts.json) return printJson(io, verified)
    return io.out(verifiedText(verified, style(io.color)))
  }
  const answer = await api.put<
    Answer<'/api/contests/{id}', 'put'> | Answer<'/api/championship/contests/{id}', 'put'>
  >(path, body)
  if (opts.json) return printJson(io, answer)
  const contest = ownedOf(answer)
  const s = style(io.color)
  io.out(
    `${s.green('Saved')} contest ${contest.id}, "${contest.name}"\n${contestFields(contest, api.server, s)}`,
  )
}

/** The code of a contest: daily ones carry it, championship ones only in their invite link. */
export function inviteCodeOf(c: OwnedContest): string | null {
  if ('invite_code' in c && c.invite_code) return c.invite_code
  return c.invite_link ? new URLSearchParams(c.invite_link.split('?')[1] ?? '').get('code') : null
}

export function contestFields(c: OwnedContest, server: string, s: Style): string {
  return formatFields(
    [
      ['id', c.id],
      ['contest', `${c.name}${c.is_private ? ' (private)' : ''}`],
      'match_id' in c
        ? ['match', `${c.match_id} ${c.match_title}`.trim()]
        : ['phase', `${c.phase_id} ${c.phase_name}`.trim()],
      ['status', c.contest_status],
      ['entry', c.entry_fee === 0 ? 'free' : rupees(c.entry_fee)],
      ['prize pool', rupees(c.prize_amount)],
      ['spots', `${c.members_count}/${c.members_limit}`],
      ['winners', c.winner_count],
      ['guaranteed', c.guaranteed ? 'yes' : 'no'],
      ['description', c.description || null],
      ['invite code', inviteCodeOf(c)],
      ['link', c.invite_link ? `${server}${c.invite_link}` : null],
    ],
    s,
  )
}

function createdText(c: OwnedContest, server: string, s: Style): string {
  const code = inviteCodeOf(c)
  const share = code
    ? `\nShare the code ${s.bold(code)}: friends join with\n  fanspole contest join --code ${code}\n`
    : ''
  return `${s.green('Created')} contest ${c.id}, "${c.name}"; you are in.\n${contestFields(c, server, s)}${share}`
}

function billFields(bill: Bill, s: Style): string {
  return formatFields(
    [
      ['entry', bill.entry_fee === 0 ? 'free' : rupees(bill.entry_fee)],
      ['members', bill.members_limit],
      ['prize pool', `${rupees(bill.prize_pool)} (rake ${bill.rake_percent}%, ${rupees(bill.rake)})`],
      ['you pay', rupees(bill.you_pay)],
      ['balance after', rupees(bill.balance_after ?? 0)],
    ],
    s,
  )
}

export function prizeTable(prizes: readonly DraftPrize[], s: Style): string {
  return formatTable(
    prizes,
    [
      { header: 'RANK', value: (p) => p.rank_text },
      { header: 'PERCENT', value: (p) => `${p.percent}%`, align: 'right' },
      { header: 'PRIZE', value: (p) => rupees(p.amount), align: 'right' },
    ],
    s,
  )
}

/** A verify answer: the bill, the prize table, and whether the player may create it. */
function verifiedText(v: Verified, s: Style): string {
  const access = v.access.allowed
    ? s.green('You may create this contest.\n')
    : `${s.red('You may not create this contest yet:')}\n${v.access.missing.map((m) => `  - ${m.message}\n`).join('')}`
  return `${billFields(v.bill, s)}\n${s.bold(`Prizes (${v.winners} winner${v.winners === 1 ? '' : 's'})`)}\n${prizeTable(v.prizes, s)}\n${access}${s.dim('Nothing was created (--dry-run).\n')}`
}
