import { Command } from 'commander'
import type { Answer } from '../lib/api-types'
import {
  commandGroup,
  pagedOptions,
  pageFlags,
  plainOptions,
  runs,
  serverOptions,
  withPages,
} from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf } from '../lib/options'
import { player } from '../lib/session'
import { type PageMeta, type PublicUser, pageLine, reader, slugArgument, usersTable } from '../lib/social'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'
import { socialPostCommands } from './social-posts'

const pageOptions = pagedOptions(100)

const limitOptions = serverOptions((z) => ({
  limit: intFlag(z, 'a number of users', 1, 50).default(10),
}))

const searchOptions = serverOptions((z) => ({ all: z.boolean().default(false), ...pageFlags(z, 50) }))

const rateOptions = serverOptions((z) => ({
  review: z.string().max(1000, 'at most 1000 characters').optional(),
}))

const boardOptions = pagedOptions(200)

const EXAMPLES = `
Examples:
  fanspole social suggestions
  fanspole social follow asha_k
  fanspole social followers              # mine; or: fanspole social followers asha_k
  fanspole social search asha
  fanspole social feed
  fanspole social post "What a chase! @asha_k called it" --contest 12
  fanspole social comment 31 "Agreed" --reply-to 88
  fanspole social like post 31
  fanspole social rate asha_k 5 --review "Fair and friendly"
  fanspole social leaderboard weekly

Every command acts as the player signed in with \`fanspole login\`; --json prints the API's answer.
`

export function socialCommand(io: Io): Command {
  return commandGroup(
    'social',
    'follow people, read your feed, post, comment, like, rate, leaderboards',
    [...followCommands(io), ...socialPostCommands(io), ...ratingCommands(io)],
    EXAMPLES,
  )
}

/** `follow`, `unfollow`, `followers`, `followings`, `suggestions` and `search`: whom to read. */
function followCommands(io: Io): Command[] {
  const follows = (['follow', 'unfollow'] as const).map((action) =>
    runs(
      io,
      new Command(action)
        .description(
          action === 'follow'
            ? 'Follow a player: their posts join your feed. Following someone already followed changes nothing.'
            : 'Stop following a player. Unfollowing someone not followed changes nothing.',
        )
        .argument('<user>', 'username or slug (from suggestions or search)'),
      plainOptions,
      (io, opts, user: string) => runFollow(io, action, slugArgument(user), opts),
    ),
  )
  const lists = (['followers', 'followings'] as const).map((side) =>
    runs(
      io,
      withPages(
        new Command(side)
          .description(
            side === 'followers'
              ? 'Who follows a player (you, without <user>), newest first.'
              : 'Whom a player (you, without <user>) follows, newest first.',
          )
          .argument('[user]', 'username or slug (default: you)'),
        'users',
        100,
      ),
      pageOptions,
      (io, opts, user: string | undefined) =>
        runList(io, side, user === undefined ? undefined : slugArgument(user), opts),
    ),
  )
  const suggestions = new Command('suggestions')
    .description('People to follow: the most followed players you do not follow yet.')
    .option('--limit <n>', 'how many (at most 50)', '10')
  const search = new Command('search')
    .description(
      'Find players by username or name (any case; exact matches first). --all also finds open contests and series.',
    )
    .argument('<query>', '1–100 characters')
    .option('--all', 'players, contests and series (the web’s /discover/search)')
    .option('--page <n>', 'page number (players only)', '1')
    .option('--per-page <n>', 'results per page (at most 50)', '20')
  return [
    ...follows,
    ...lists,
    runs(io, suggestions, limitOptions, runSuggestions),
    runs(io, search, searchOptions, (io, opts, q: string) => runSearch(io, q, opts)),
  ]
}

/** `rate` and `leaderboard`: stars for a player, and the boards. */
function ratingCommands(io: Io): Command[] {
  const rate = new Command('rate')
    .description('Rate a player 1–5, with an optional review. Rating them again replaces your rating.')
    .argument('<user>', 'username or slug')
    .argument('<stars>', '1 to 5')
    .option('--review <text>', 'a few words (up to 1000 characters)')
  const board = withPages(
    new Command('leaderboard')
      .description(
        'Without an id: the boards (weekly, all-time, one per series). With an id: its rows, your own row always shown.',
      )
      .argument('[id]', 'weekly, all-time or series-<id>'),
    'rows',
    200,
  )
  return [
    runs(io, rate, rateOptions, (io, opts, user: string, stars: string) =>
      runRate(io, slugArgument(user), starsArgument(stars), opts),
    ),
    runs(io, board, boardOptions, (io, opts, id: string | undefined) => runBoard(io, id, opts)),
  ]
}

function starsArgument(text: string): number {
  if (!/^[1-5]$/.test(text.trim()))
    throw new UsageError(`<stars>: expected a whole number from 1 to 5, got ${JSON.stringify(text)}`)
  return Number(text)
}

const who = (u: PublicUser) => `${u.username}${u.full_name ? ` (${u.full_name})` : ''}`

async function runFollow(
  io: Io,
  action: 'follow' | 'unfollow',
  slug: string,
  opts: OptionsOf<typeof plainOptions>,
): Promise<void> {
  const answer = await player(io, opts.server).post<{ user: PublicUser }>(
    `/api/users/${encodeURIComponent(slug)}/${action}`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const u = answer.user
  const verb = u.is_current_user_following ? s.green('Following') : 'Not following'
  io.out(`${verb} ${s.bold(who(u))} · ${u.follower_count} followers, follows ${u.following_count}\n`)
}

async function mySlug(io: Io, server: string | undefined): Promise<string> {
  const me = await player(io, server).get<{ user: { slug: string } }>('/api/me')
  return me.user.slug
}

async function runList(
  io: Io,
  side: 'followers' | 'followings',
  user: string | undefined,
  opts: OptionsOf<typeof pageOptions>,
): Promise<void> {
  const slug = user ?? (await mySlug(io, opts.server))
  const query = new URLSearchParams({ page: String(opts.page), per_page: String(opts.perPage) })
  // Signed in, each row says whether I follow them; the lists themselves are public.
  const answer = await reader(io, opts.server).get<{ users: PublicUser[]; meta: PageMeta }>(
    `/api/users/${encodeURIComponent(slug)}/${side}?${query}`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.users.length === 0) {
    io.out(
      side === 'followers'
        ? `Nobody follows ${slug} yet\n`
        : `${slug} follows nobody yet${user === undefined ? ': try fanspole social suggestions' : ''}\n`,
    )
    return
  }
  io.out(usersTable(answer.users, s))
  io.out(pageLine(answer.meta, `fanspole social ${side}${user ? ` ${slug}` : ''}`, s))
}

async function runSuggestions(io: Io, opts: OptionsOf<typeof limitOptions>): Promise<void> {
  const answer = await player(io, opts.server).get<{ users: PublicUser[] }>(
    `/api/users/suggestions?order=followers&per_page=${opts.limit}`,
  )
  if (opts.json) return printJson(io, answer)
  if (answer.users.length === 0) {
    io.out('No suggestions: you follow everyone there is to follow\n')
    return
  }
  const s = style(io.color)
  io.out(usersTable(answer.users, s))
  io.out(s.dim('Follow one: fanspole social follow <user>\n'))
}

async function runSearch(io: Io, q: string, opts: OptionsOf<typeof searchOptions>): Promise<void> {
  const api = reader(io, opts.server)
  const s = style(io.color)
  if (opts.all) {
    const query = new URLSearchParams({ q, per_page: String(opts.perPage) })
    const answer = await api.get<Answer<'/api/discover/search'>>(`/api/discover/search?${query}`)
    if (opts.json) return printJson(io, answer)
    const sections: string[] = []
    if (answer.users.length > 0)
      sections.push(
        `${s.bold('Players')}\n${formatTable(
          answer.users,
          [
            { header: 'USER', value: (u) => u.slug },
            { header: 'NAME', value: (u) => u.full_name },
          ],
          s,
        )}`,
      )
    if (answer.contests.length > 0)
      sections.push(
        `${s.bold('Contests')}\n${formatTable(
          answer.contests,
          [
            { header: 'ID', value: (c) => c.id },
            { header: 'CONTEST', value: (c) => c.name },
            { header: 'STATUS', value: (c) => c.status },
            { header: 'MEMBERS', value: (c) => c.members_count },
          ],
          s,
        )}`,
      )
    if (answer.series.length > 0)
      sections.push(
        `${s.bold('Series')}\n${formatTable(
          answer.series,
          [
            { header: 'ID', value: (x) => x.id },
            { header: 'SERIES', value: (x) => x.name },
            { header: 'SHORT', value: (x) => x.short_name },
            { header: 'STATUS', value: (x) => x.status },
          ],
          s,
        )}`,
      )
    io.out(sections.length > 0 ? sections.join('\n') : `Nothing matches ${JSON.stringify(q)}\n`)
    return
  }
  const query = new URLSearchParams({ q, page: String(opts.page), per_page: String(opts.perPage) })
  const answer = await api.get<{ users: PublicUser[]; meta: PageMeta }>(`/api/users/search?${query}`)
  if (opts.json) return printJson(io, answer)
  if (answer.users.length === 0) {
    io.out(`No players match ${JSON.stringify(q)}\n`)
    return
  }
  io.out(usersTable(answer.users, s))
  io.out(pageLine(answer.meta, `fanspole social search ${JSON.stringify(q)}`, s))
}

async function runRate(
  io: Io,
  slug: string,
  stars: number,
  opts: OptionsOf<typeof rateOptions>,
): Promise<void> {
  const api = player(io, opts.server)
  const answer = await api.post<{ rating: { rating: number; review: string | null } }>(
    `/api/users/${encodeURIComponent(slug)}/ratings`,
    { rating: stars, ...(opts.review === undefined ? {} : { review: opts.review }) },
  )
  const { user } = await api.get<{ user: PublicUser }>(`/api/users/${encodeURIComponent(slug)}`)
  if (opts.json) return printJson(io, { ...answer, user })
  const s = style(io.color)
  io.out(`${s.green('Rated')} ${s.bold(user.username)} ${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}\n`)
  io.out(
    `Average ${user.average_rating === null ? '-' : user.average_rating.toFixed(1)} from ${user.ratings_count} rating${user.ratings_count === 1 ? '' : 's'}\n`,
  )
}

async function runBoard(io: Io, id: string | undefined, opts: OptionsOf<typeof boardOptions>): Promise<void> {
  const api = reader(io, opts.server)
  const s = style(io.color)
  if (id === undefined) {
    const answer = await api.get<Answer<'/api/leaderboards'>>('/api/leaderboards')
    if (opts.json) return printJson(io, answer)
    io.out(
      formatTable(
        answer.leaderboards,
        [
          { header: 'ID', value: (b) => b.id },
          { header: 'BOARD', value: (b) => b.name },
        ],
        s,
      ),
    )
    io.out(s.dim('Open one: fanspole social leaderboard <id>\n'))
    return
  }
  const query = new URLSearchParams({ page: String(opts.page), per_page: String(opts.perPage) })
  const answer = await api.get<Answer<'/api/leaderboards/{id}'>>(
    `/api/leaderboards/${encodeURIComponent(id)}?${query}`,
  )
  if (opts.json) return printJson(io, answer)
  const mine = answer.current_user_row
  const onPage = mine !== null && answer.rows.some((r) => r.user.id === mine.user.id)
  // My row is always shown: under the page, after a gap, when it is not on it.
  const rows = mine !== null && !onPage ? [...answer.rows, null, mine] : answer.rows
  io.out(`${s.bold(answer.leaderboard.name)}\n`)
  io.out(
    formatTable(
      rows,
      [
        { header: 'RANK', value: (r) => (r === null ? '…' : r.rank), align: 'right' },
        { header: 'PLAYER', value: (r) => (r === null ? '' : r.user.username) },
        { header: 'TEAM', value: (r) => (r === null ? '' : r.user.team_name) },
        { header: 'SCORE', value: (r) => (r === null ? '' : r.score), align: 'right' },
        {
          header: '',
          value: (r) => (r !== null && mine !== null && r.user.id === mine.user.id ? '← you' : ''),
          paint: (t) => s.green(t),
        },
      ],
      s,
    ),
  )
  io.out(pageLine(answer.meta, `fanspole social leaderboard ${id}`, s))
}
