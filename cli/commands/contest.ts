import { Command } from 'commander'
import type { Answer } from '../lib/api-types'
import { commandGroup, pageFlags, printPage, runs, runsOnId, serverOptions, withPages } from '../lib/command'
import { type Contest, entrant, type MembersPage, type Prize, SORT_KEYS } from '../lib/contests'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { choiceFlag, intFlag, type OptionsOf, resolveServer, SPORT_SLUGS } from '../lib/options'
import { readerApi } from '../lib/session'
import { type Style, style } from '../lib/style'
import { formatFields, formatTable, rupees } from '../lib/table'
import { formatInstant } from '../lib/time'
import { botsCommand } from './contest-bots'
import { createCommand, editCommand } from './contest-create'
import { activitiesCommand, deleteCommand, joinCommand, membersCommand } from './contest-owner'
import { paintStatus } from './match'

const listOptions = serverOptions((z) => ({
  match: intFlag(z, 'a match id', 1, 2 ** 31 - 1).optional(),
  type: z
    .enum(['upcoming', 'live', 'finished', 'feed'], { error: 'expected upcoming, live, finished or feed' })
    .optional(),
  sport: choiceFlag(z, SPORT_SLUGS).optional(),
  sort: z
    .enum(['prize', 'spots', 'winners', 'fee'], { error: 'expected prize, spots, winners or fee' })
    .default('prize'),
  asc: z.boolean().default(false),
  filter: z
    .string()
    .regex(/^\d+(,\d+)*$/, {
      error: (i) => `expected comma-joined filter ids such as 1,5, got ${JSON.stringify(i.input)}`,
    })
    .optional(),
  ...pageFlags(z, 100),
}))

const showOptions = serverOptions((z) => ({
  code: z.string().trim().min(1).optional(),
}))

const boardOptions = serverOptions((z) => ({
  ...pageFlags(z, 200),
  watch: z.boolean().default(false),
}))

export function contestCommand(io: Io): Command {
  const list = withPages(
    new Command('list')
      .description(
        'List contests. Without --match: open contests of upcoming matches (--type picks live, finished or the newest-first feed). With --match: every contest of that match.',
      )
      .option('--match <id>', 'the contests of one match')
      .option('--type <type>', 'upcoming, live, finished or feed (default: upcoming)')
      .option('--sport <slug>', `only this sport: ${SPORT_SLUGS.join(', ')}`)
      .option('--sort <key>', 'prize, spots, winners or fee (default: prize)')
      .option('--asc', 'ascending (default: descending)')
      .option(
        '--filter <ids>',
        'comma-joined filter ids (1 free … 5 head to head … 9 guaranteed; see /api/contest_filters)',
      ),
    'contests',
    100,
  )
  runs(io, list, listOptions, runList)

  const show = new Command('show')
    .description('Show one contest: entry, prize pool, spots, the prize structure and the rules.')
    .argument('<id>', 'contest id')
    .option('--code <code>', 'the invite code of a private contest you are not in yet')
  runsOnId(io, show, 'contest id', showOptions, runShow)

  const leaderboard = withPages(
    new Command('leaderboard')
      .description('The leaderboard: best rank first once the match has started (joining order before).')
      .argument('<id>', 'contest id'),
    'entries',
    200,
  ).option('--watch', 'follow it live (q to quit); without a terminal, print each update')
  runsOnId(io, leaderboard, 'contest id', boardOptions, runLeaderboard)

  return commandGroup(
    'contest',
    'list contests, show one, follow its leaderboard; create your own, join with a code, run the ones you own',
    [
      list,
      show,
      leaderboard,
      createCommand(io),
      joinCommand(io),
      editCommand(io),
      deleteCommand(io),
      membersCommand(io),
      activitiesCommand(io),
      botsCommand(io),
    ],
    '\nExamples:\n  fanspole contest list --match 14\n  fanspole contest list --sort fee --asc --filter 1,5\n  fanspole contest leaderboard 9 --watch\n  fanspole contest create --match 14 --name "Hostel XI" --fee 50 --size 4\n  fanspole contest join --code K7QX2M9AB3\n  fanspole contest bots 41 3 --strategy differential\n',
  )
}

const spots = (c: Contest) => `${c.members_count}/${c.members_limit}`
const flags = (c: Contest) =>
  [c.guaranteed ? 'G' : '', c.multiple_entries ? `M${c.max_entries}` : ''].join(' ').trim()

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  if (opts.match && opts.type)
    throw new UsageError(
      '--type lists contests across matches; with --match every contest of that match is listed',
    )
  const server = resolveServer(io, opts.server)
  const query = new URLSearchParams({
    page: String(opts.page),
    per_page: String(opts.perPage),
    sort: String(SORT_KEYS[opts.sort]),
    direction: opts.asc ? '1' : '-1',
  })
  if (opts.filter) query.set('filter_ids', opts.filter)
  if (opts.sport) query.set('sport_slug', opts.sport)
  if (!opts.match) query.set('type', opts.type ?? 'upcoming')
  const path = opts.match ? `/api/matches/${opts.match}/contests` : '/api/contests'
  const answer = await readerApi(io, server).get<
    Answer<'/api/contests'> | Answer<'/api/matches/{id}/contests'>
  >(`${path}?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  printPage(
    io,
    answer,
    answer.contests,
    [
      { header: 'ID', value: (c) => c.id },
      { header: 'MATCH', value: (c) => `${c.match_id} ${c.match_title}` },
      { header: 'CONTEST', value: (c) => c.name },
      {
        header: 'STATUS',
        value: (c) => c.contest_status,
        paint: (t, c) => paintStatus(s, c.contest_status, t),
      },
      { header: 'ENTRY', value: (c) => (c.entry_fee === 0 ? 'free' : rupees(c.entry_fee)), align: 'right' },
      { header: 'PRIZE POOL', value: (c) => rupees(c.prize_amount), align: 'right' },
      { header: 'SPOTS', value: spots, align: 'right' },
      { header: 'WINNERS', value: (c) => c.winner_count },
      { header: 'FLAGS', value: flags },
    ],
    s,
    { none: 'No contests.\n', note: ' · G guaranteed, M multi-entry (max)' },
  )
}

async function runShow(io: Io, id: number, opts: OptionsOf<typeof showOptions>): Promise<void> {
  const api = readerApi(io, resolveServer(io, opts.server))
  // A private contest shows itself to members, its owner and whoever has its code.
  const code = opts.code === undefined ? '' : `?invite_code=${encodeURIComponent(opts.code)}`
  const [{ contest }, { prizes }, { info }] = await Promise.all([
    api.get<{ contest: Contest }>(`/api/contests/${id}${code}`),
    api.get<{ prizes: Prize[] }>(`/api/contests/${id}/prizes${code}`),
    api.get<Answer<'/api/contests/{id}/info'>>(`/api/contests/${id}/info${code}`),
  ])
  if (opts.json) return printJson(io, { contest, prizes, info })
  const s = style(io.color)
  io.out(
    formatFields(
      [
        ['id', contest.id],
        [
          'contest',
          `${contest.name} (${contest.kind.replace(/_/g, ' ')}${contest.is_private ? ', private' : ''})`,
        ],
        ...(contest.created_by
          ? [
              [
                'made by',
                contest.is_owner ? `${contest.created_by.username} (you)` : contest.created_by.username,
              ] as const,
            ]
          : []),
        ...(contest.description ? [['about', contest.description] as const] : []),
        [
          'match',
          `${contest.match_id} ${contest.match_title} · ${contest.match_status} · starts ${formatInstant(contest.event_time_in_millis)}`,
        ],
        [
          'status',
          paintStatus(s, contest.contest_status, contest.contest_status) +
            (contest.status_reason ? ` (${contest.status_reason})` : ''),
        ],
        ['entry', contest.entry_fee === 0 ? 'free' : rupees(contest.entry_fee)],
        ['prize pool', `${rupees(contest.prize_amount)} (rake ${info.rake_percent}%)`],
        ['spots', `${spots(contest)} (${contest.spots_left} left)`],
        ['winners', contest.winner_count],
        [
          'entries',
          contest.max_entries > 1 ? `up to ${contest.max_entries} teams per player` : 'one team per player',
        ],
        ['guaranteed', contest.guaranteed ? 'yes' : 'no'],
        ['invite code', contest.invite_code],
        ...(contest.invite_link ? [['link', `${api.server}${contest.invite_link}`] as const] : []),
        ...(contest.joined_count > 0
          ? [['joined', `${contest.joined_count} of your teams`] as [string, string]]
          : []),
      ],
      s,
    ),
  )
  if (prizes.length > 0) {
    io.out(`\n${s.bold('Prizes')}\n`)
    io.out(
      formatTable(
        prizes,
        [
          { header: 'RANK', value: (p) => p.rank_text },
          { header: 'PRIZE', value: (p) => rupees(p.amount), align: 'right' },
        ],
        s,
      ),
    )
  }
  io.out(`\n${s.bold('Rules')}\n${info.rules.map((r) => `  - ${r}\n`).join('')}`)
}

async function runLeaderboard(io: Io, id: number, opts: OptionsOf<typeof boardOptions>): Promise<void> {
  const server = resolveServer(io, opts.server)
  const api = readerApi(io, server)
  const query = `page=${opts.page}&per_page=${opts.perPage}`
  if (opts.watch) {
    if (opts.json)
      throw new UsageError(
        '--watch shows a live view; leave out --json (or read the leaderboard without --watch)',
      )
    const [{ contest }, page] = await Promise.all([
      api.get<{ contest: Contest }>(`/api/contests/${id}`),
      api.get<MembersPage>(`/api/contests/${id}/members?page=1&per_page=10`),
    ])
    const { watchContest } = await import('../ui/contest-watch')
    return watchContest(io, server, api, contest, page)
  }
  const [{ contest }, page] = await Promise.all([
    api.get<{ contest: Contest }>(`/api/contests/${id}`),
    api.get<MembersPage>(`/api/contests/${id}/members?${query}`),
  ])
  if (opts.json) return printJson(io, page)
  const s = style(io.color)
  io.out(
    `${s.bold(`${contest.name} · ${contest.match_title}`)}  ${paintStatus(s, contest.contest_status, contest.contest_status)}\n`,
  )
  if (page.members.length === 0) {
    io.out('No entries yet.\n')
    return
  }
  io.out(boardTable(page, contest, s))
  const { total } = page.meta
  const from = (page.meta.page - 1) * page.meta.per_page + 1
  io.out(s.dim(`${from}–${Math.min(total, from + page.members.length - 1)} of ${total}\n`))
  for (const m of page.current_user_members)
    io.out(
      s.cyan(
        `Your entry ${entrant(m.user.username, m.user_team.team_no)}: rank ${m.rank ?? '-'}, ${m.points} points${m.prize > 0 ? `, won ${rupees(m.prize)}` : ''}\n`,
      ),
    )
}

function boardTable(page: MembersPage, contest: Contest, s: Style): string {
  const settled = contest.contest_status === 'completed'
  const cancelled = contest.contest_status === 'cancelled'
  return formatTable(
    page.members,
    [
      { header: 'RANK', value: (m) => m.rank ?? '-', align: 'right' },
      {
        header: 'ENTRY',
        value: (m) => entrant(m.user.username, m.user_team.team_no),
        paint: (t, m) => (m.is_current_user ? s.cyan(t) : t),
      },
      { header: 'POINTS', value: (m) => m.points },
      ...(settled
        ? [
            {
              header: 'PRIZE',
              value: (m: MembersPage['members'][number]) => rupees(m.prize),
              align: 'right' as const,
            },
          ]
        : []),
      ...(cancelled
        ? [{ header: 'REFUNDED', value: (m: MembersPage['members'][number]) => (m.refunded ? 'yes' : 'no') }]
        : []),
    ],
    s,
  )
}
