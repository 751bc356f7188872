import { Command } from 'commander'
import type { Api } from '../lib/api'
import type { Answer, Schema } from '../lib/api-types'
import { runsOnId, runsOnOptionalId, serverOptions } from '../lib/command'
import { entrant } from '../lib/contests'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf, resolveServer } from '../lib/options'
import { player, readerApi } from '../lib/session'
import { style } from '../lib/style'
import { formatTable, rupees } from '../lib/table'
import { formatInstant } from '../lib/time'
import { confirmOrStop } from '../ui/confirm'
import { firstTeam, type OwnedContest, ownedOf } from './contest-create'

const ID = 2 ** 31 - 1

const joinOptions = serverOptions((z) => ({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,32}$/, { error: 'expected the contest’s invite code (letters and digits)' })
    .optional(),
  team: intFlag(z, 'a team id', 1, ID).optional(),
}))

const deleteOptions = serverOptions((z) => ({
  yes: z.boolean().default(false),
  championship: z.boolean().default(false),
}))

const membersOptions = serverOptions((z) => ({
  remove: z
    .string()
    .regex(/^\d+(,\d+)*$/, {
      error: (i) => `expected comma-joined member ids such as 12,15, got ${JSON.stringify(i.input)}`,
    })
    .optional(),
  championship: z.boolean().default(false),
}))

/** What `GET /api/contests/invite_code/{code}` tells about the contest behind a code. */
type CodeLookup = Answer<'/api/contests/invite_code/{code}'>['contest']

/** GET /api/contests/{id} or /api/championship/contests/{id}. */
type OneContest = Answer<'/api/contests/{id}'> | Answer<'/api/championship/contests/{id}'>

/** An entry of a daily contest (its user team) or of a championship contest (its classic team). */
type MemberRow = Schema<'ContestMember'> | Schema<'ChampionshipContestMember'>

export function joinCommand(io: Io): Command {
  const join = new Command('join')
    .description(
      'Join a contest with your team, paying its entry fee. A private contest needs its invite code (--code; the id can then be left out).',
    )
    .argument('[id]', 'contest id (not needed with --code)')
    .option('--code <code>', 'the invite code a friend shared')
    .option('--team <id>', 'your team (default: your first team for the match not yet in this contest)')
  runsOnOptionalId(io, join, 'contest id', joinOptions, runJoin)
  join.addHelpText(
    'after',
    '\nExamples:\n  fanspole contest join --code K7QX2M9AB3\n  fanspole contest join 41 --team 208\n',
  )
  return join
}

export function deleteCommand(io: Io): Command {
  const del = new Command('delete')
    .description(
      'Delete a contest you own before it locks: it is cancelled and every member’s entry fee is refunded to their wallet.',
    )
    .argument('<id>', 'contest id')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--championship', 'the id is a championship contest')
  runsOnId(io, del, 'contest id', deleteOptions, runDelete)
  return del
}

export function membersCommand(io: Io): Command {
  const members = new Command('members')
    .description(
      'The entries of a contest with their member ids. As its owner, before it locks, --remove takes entries out (each refunded; not your own).',
    )
    .argument('<id>', 'contest id')
    .option('--remove <member ids>', 'comma-joined member ids to remove')
    .option('--championship', 'the id is a championship contest')
  runsOnId(io, members, 'contest id', membersOptions, runMembers)
  members.addHelpText(
    'after',
    '\nExamples:\n  fanspole contest members 41\n  fanspole contest members 41 --remove 310,312\n',
  )
  return members
}

const activitiesOptions = serverOptions((z) => ({
  code: z.string().trim().min(1).optional(),
  championship: z.boolean().default(false),
  perPage: intFlag(z, 'a page size', 1, 100).default(30),
}))

export function activitiesCommand(io: Io): Command {
  const activities = new Command('activities')
    .description(
      'What happened to a contest, newest first: created, joined, edited, removed, locked, cancelled, deleted, prizes.',
    )
    .argument('<id>', 'contest id')
    .option('--code <code>', 'the invite code of a private contest you are not in')
    .option('--championship', 'the id is a championship contest')
    .option('--per-page <n>', 'how many (at most 100)', '30')
  runsOnId(io, activities, 'contest id', activitiesOptions, runActivities)
  return activities
}

async function runActivities(io: Io, id: number, opts: OptionsOf<typeof activitiesOptions>): Promise<void> {
  const base = opts.championship ? `/api/championship/contests/${id}` : `/api/contests/${id}`
  const query = new URLSearchParams({ per_page: String(opts.perPage) })
  if (opts.code !== undefined) query.set('invite_code', opts.code)
  const answer = await readerApi(io, resolveServer(io, opts.server)).get<
    Answer<'/api/contests/{id}/activities'> | Answer<'/api/championship/contests/{id}/activities'>
  >(`${base}/activities?${query}`)
  if (opts.json) return printJson(io, answer)
  if (answer.activities.length === 0) return io.out('Nothing yet.\n')
  io.out(
    formatTable(
      answer.activities,
      [
        { header: 'WHEN', value: (a) => formatInstant(a.created_at_in_millis) },
        { header: 'WHAT', value: (a) => a.kind.replace(/_/g, ' ') },
        { header: '', value: (a) => a.body },
      ],
      style(io.color),
    ),
  )
}

const isChampionship = (type: string) => type.startsWith('championship')

async function runJoin(io: Io, id: number | undefined, opts: OptionsOf<typeof joinOptions>): Promise<void> {
  if (id === undefined && opts.code === undefined)
    throw new UsageError('give the contest id, or --code <invite code>')
  const api = player(io, opts.server)
  let target: { id: number; championship: boolean; matchId: number | null }
  if (opts.code !== undefined) {
    const { contest } = await api.get<{ contest: CodeLookup }>(
      `/api/contests/invite_code/${encodeURIComponent(opts.code)}`,
    )
    if (id !== undefined && id !== contest.id)
      throw new CliError(`The code ${opts.code} belongs to contest ${contest.id}, not ${id}`, {
        code: 'WRONG_CODE',
      })
    target = { id: contest.id, championship: isChampionship(contest.contest_type), matchId: contest.match_id }
  } else {
    const { contest } = await api.get<Answer<'/api/contests/{id}'>>(`/api/contests/${id}`)
    target = { id: contest.id, championship: false, matchId: contest.match_id }
  }
  const code = opts.code === undefined ? {} : { invite_code: opts.code }
  let answer:
    | Answer<'/api/contests/{id}/join', 'post'>
    | Answer<'/api/championship/contests/{id}/join', 'post'>
  if (target.championship) {
    if (opts.team !== undefined)
      throw new UsageError(
        '--team is for match contests; a championship contest enters your classic team of its phase',
      )
    answer = await api.post(`/api/championship/contests/${target.id}/join`, code)
  } else {
    const team = opts.team ?? (await firstTeam(api, target.matchId as number, target.id))
    answer = await api.post(`/api/contests/${target.id}/join`, { team_id: team, ...code })
  }
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const c = answer.contest
  io.out(
    `${s.green('Joined')} "${c.name}" (entry ${s.bold(answer.member_id.toString())}): paid ${c.entry_fee === 0 ? 'nothing' : rupees(c.entry_fee)} · ${c.members_count}/${c.members_limit} spots taken\n`,
  )
}

async function runDelete(io: Io, id: number, opts: OptionsOf<typeof deleteOptions>): Promise<void> {
  const api = player(io, opts.server)
  const path = opts.championship ? `/api/championship/contests/${id}` : `/api/contests/${id}`
  await confirmOrStop(io, {
    yes: opts.yes,
    json: opts.json,
    refusal: `contest delete cancels contest ${id} and refunds every member`,
    question: async () => {
      const { contest } = await api.get<OneContest>(path)
      return `Delete "${contest.name}" and refund its ${contest.members_count} member${contest.members_count === 1 ? '' : 's'}?`
    },
  })
  const answer = await api.request<
    Answer<'/api/contests/{id}', 'delete'> | Answer<'/api/championship/contests/{id}', 'delete'>
  >('DELETE', path)
  if (opts.json) return printJson(io, answer)
  const contest = ownedOf(answer)
  const s = style(io.color)
  io.out(
    `${s.green('Deleted')} contest ${contest.id}, "${contest.name}": ${contest.contest_status}; every entry fee was refunded.\n`,
  )
}

async function runMembers(io: Io, id: number, opts: OptionsOf<typeof membersOptions>): Promise<void> {
  const api = player(io, opts.server)
  const base = opts.championship ? `/api/championship/contests/${id}` : `/api/contests/${id}`
  let removed: unknown = null
  if (opts.remove !== undefined) {
    const ids = [...new Set(opts.remove.split(',').map(Number))]
    removed = await api.post(`${base}/update_members`, { remove_member_ids: ids })
  }
  const page = await allMembers(api, base, opts.championship)
  if (opts.json) return printJson(io, removed === null ? page : { removed, ...page })
  const s = style(io.color)
  if (opts.remove !== undefined)
    io.out(
      `${s.green('Removed')} ${opts.remove.split(',').length} entr${opts.remove.includes(',') ? 'ies' : 'y'}; each was refunded.\n`,
    )
  io.out(`${s.bold(page.contest.name)}  ${page.contest.members_count}/${page.contest.members_limit}\n`)
  if (page.members.length === 0) return io.out('No entries.\n')
  io.out(
    formatTable(
      page.members,
      [
        { header: 'MEMBER', value: (m) => m.id, align: 'right' },
        {
          header: 'ENTRY',
          value: (m) => entrant(m.user.username, 'user_team' in m ? m.user_team.team_no : undefined),
        },
        {
          header: 'TEAM',
          value: (m) => ('user_team' in m ? m.user_team : m.classic_team).id,
          align: 'right',
        },
        { header: 'RANK', value: (m) => m.rank ?? '-', align: 'right' },
        { header: 'REFUNDED', value: (m) => (m.refunded ? 'yes' : 'no') },
      ],
      s,
    ),
  )
}

/**
 * Every entry (pages of 200): an owner's contest has at most 500 members. A championship
 * contest lists its members on its own page (`GET /api/championship/contests/{id}`).
 */
async function allMembers(api: Api, base: string, championship: boolean) {
  const list = championship ? base : `${base}/members`
  const members: MemberRow[] = []
  let contest: OwnedContest | undefined
  for (let page = 1; ; page++) {
    const answer = await api.get<
      Answer<'/api/contests/{id}/members'> | Answer<'/api/championship/contests/{id}'>
    >(`${list}?page=${page}&per_page=200`)
    members.push(...answer.members)
    if ('contest' in answer) contest ??= answer.contest
    if (answer.members.length === 0 || members.length >= answer.meta.total) break
  }
  contest ??= (await api.get<OneContest>(base)).contest
  return { contest, members }
}
