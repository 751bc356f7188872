import { Command } from 'commander'
import type { Api } from '../lib/api'
import type { Answer, Schema } from '../lib/api-types'
import {
  apiOf,
  commandGroup,
  pageFlags,
  pageRange,
  plainOptions,
  runs,
  serverOptions,
  withPages,
} from '../lib/command'
import { CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import type { OptionsOf } from '../lib/options'
import { style } from '../lib/style'
import { formatFields, formatTable, rupees } from '../lib/table'
import { formatInstant } from '../lib/time'

/** A row of GET /api/admin/users. */
export type AdminUser = Schema<'AdminUser'>

type Created = Answer<'/api/admin/users', 'post'>

const listOptions = serverOptions((z) => ({
  role: z.enum(['player', 'admin'], { error: 'expected player or admin' }).optional(),
  q: z.string().min(1).optional(),
  ...pageFlags(z, 500, 50),
}))

const createOptions = serverOptions((z) => ({
  email: z.string().trim().min(1),
  username: z.string().trim().min(1),
  password: z.string().optional(),
  fullName: z.string().trim().min(1).optional(),
  role: z.enum(['player', 'admin'], { error: 'expected player or admin' }).default('player'),
}))

const grantOptions = serverOptions((z) => ({
  note: z
    .string()
    .trim()
    .min(1, 'the note is empty')
    .max(500, 'the note is at most 500 characters')
    .optional(),
}))

/** POST/DELETE /api/admin/users/{id}/contest_access answer the grant. */
type Grant = Schema<'ContestAccessGrant'>

export function usersCommand(io: Io): Command {
  const list = withPages(
    new Command('list')
      .description('List accounts, oldest first.')
      .option('--role <role>', 'only players or only admins (player|admin)')
      .option('--q <text>', 'search usernames and e-mail addresses'),
    'accounts',
    500,
    50,
  )
  runs(io, list, listOptions, runList)

  const show = new Command('show')
    .description('Show one account.')
    .argument('<email|slug>', 'e-mail address or slug')
  runs(io, show, plainOptions, (io, opts, who: string) => runShow(io, who, opts))

  const create = accountCommand(
    io,
    'create',
    'Create an account. Without --password it is invited instead (an activation mail in the outbox).',
    true,
  )
  const invite = accountCommand(
    io,
    'invite',
    'Invite someone: the account waits for them to choose a password from the activation mail.',
    false,
  )

  const grant = new Command('grant-access')
    .description(
      'Let a player create paid and public contests, daily and esports (stands in for a verified mobile and a completed paid contest; the cap on open contests stays). The player is notified.',
    )
    .argument('<email|slug>', 'e-mail address or slug')
    .option('--note <text>', 'why (kept with the grant; granting again replaces it)')
  runs(io, grant, grantOptions, (io, opts, who: string) => runGrant(io, who, opts))

  const revoke = new Command('revoke-access')
    .description('Take back a player’s grant: contests they already made stay.')
    .argument('<email|slug>', 'e-mail address or slug')
  runs(io, revoke, plainOptions, (io, opts, who: string) => runRevoke(io, who, opts))

  return commandGroup(
    'users',
    'list, show, create and invite accounts (admin)',
    [list, show, create, invite, grant, revoke],
    '\nExamples:\n  fanspole users list --role admin\n  fanspole users list --q priya --per-page 20 --json\n  fanspole users show priya@example.com\n  fanspole users create --email sam@example.com --username sam --password secret-pass-1\n  fanspole users invite --email ana@example.com --username ana\n  fanspole users grant-access sam --note "runs the hostel league"\n  fanspole users revoke-access sam\n\nAdmin commands: they use your stored session, else sign in as the default admin (FANSPOLE_ADMIN_EMAIL).\n',
  )
}

/** `create` and `invite`: an account from its flags, created with a password or invited without one. */
function accountCommand(io: Io, name: string, description: string, password: boolean): Command {
  const cmd = new Command(name)
    .description(description)
    .requiredOption('--email <email>', 'e-mail address')
    .requiredOption('--username <name>', 'username')
  if (password) cmd.option('--password <password>', 'password (8 characters or more)')
  cmd.option('--full-name <name>', 'full name').option('--role <role>', 'player or admin', 'player')
  return runs(io, cmd, createOptions, runCreate)
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const query = new URLSearchParams({ page: String(opts.page), per_page: String(opts.perPage) })
  if (opts.role) query.set('role', opts.role)
  if (opts.q) query.set('q', opts.q)
  const answer = await api.get<Answer<'/api/admin/users'>>(`/api/admin/users?${query}`)
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(
    formatTable(
      answer.users,
      [
        { header: 'ID', value: (u) => u.id },
        { header: 'USERNAME', value: (u) => u.username },
        { header: 'EMAIL', value: (u) => u.email },
        { header: 'ROLE', value: (u) => u.role, paint: (t, u) => (u.role === 'admin' ? s.cyan(t) : t) },
        {
          header: 'STATUS',
          value: (u) => u.status,
          paint: (t, u) => (u.status === 'active' ? t : s.yellow(t)),
        },
        {
          header: 'BALANCE',
          value: (u) => rupees(u.unused_balance + u.winning_balance),
          align: 'right',
        },
        { header: 'COINS', value: (u) => u.coin_balance },
      ],
      s,
    ),
  )
  io.out(s.dim(`${pageRange(answer.meta)}\n`))
}

/** Finds one account by e-mail or slug through the admin search (exact match only). */
async function findUser(api: Api, who: string): Promise<AdminUser> {
  const key = who.trim().toLowerCase()
  const query = new URLSearchParams({ q: key, per_page: '500' })
  const { users } = await api.get<{ users: AdminUser[] }>(`/api/admin/users?${query}`)
  const user = users.find((u) => u.email === key || u.slug === key)
  if (!user)
    throw new CliError(`No user with the e-mail address or slug ${JSON.stringify(who)}`, {
      code: 'NOT_FOUND',
    })
  return user
}

async function runShow(io: Io, who: string, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const user = await findUser(apiOf(io, opts, 'admin'), who)
  if (opts.json) return printJson(io, { user })
  const s = style(io.color)
  io.out(
    formatFields(
      [
        ['id', user.id],
        ['username', user.username],
        ['slug', user.slug],
        ['email', `${user.email}${user.email_verified ? '' : s.dim(' (not verified)')}`],
        ['full name', user.full_name],
        ['role', user.role],
        ['status', user.status],
        ['unused', rupees(user.unused_balance)],
        ['winnings', rupees(user.winning_balance)],
        ['coins', user.coin_balance],
        ['joined', formatInstant(user.created_at_in_millis)],
      ],
      s,
    ),
  )
}

async function runCreate(io: Io, opts: OptionsOf<typeof createOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const body = {
    email: opts.email,
    username: opts.username,
    role: opts.role,
    ...(opts.password !== undefined ? { password: opts.password } : {}),
    ...(opts.fullName !== undefined ? { full_name: opts.fullName } : {}),
  }
  const created = await api.post<Created>('/api/admin/users', body)
  if (opts.json) return printJson(io, created)
  const s = style(io.color)
  const { user } = created
  const what = created.invited ? 'Invited' : 'Created'
  io.out(
    `${s.green(what)} ${s.bold(user.username)} <${user.email}> (${user.role}, ${user.status}, id ${user.id})\n`,
  )
  if (created.invited) {
    io.out(`An activation mail is in the outbox; read it with: fanspole outbox --to ${user.email}\n`)
  } else {
    io.out(`A verification mail is in the outbox (fanspole outbox --to ${user.email})\n`)
  }
}

async function runGrant(io: Io, who: string, opts: OptionsOf<typeof grantOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const user = await findUser(api, who)
  const answer = await api.post<{ contest_access_grant: Grant }>(
    `/api/admin/users/${user.id}/contest_access`,
    opts.note === undefined ? {} : { note: opts.note },
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(
    `${s.green('Granted')} ${s.bold(user.username)} paid and public contest creation (daily and esports)\n`,
  )
}

async function runRevoke(io: Io, who: string, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const user = await findUser(api, who)
  const answer = await api.delete<{ contest_access_grant: Grant }>(
    `/api/admin/users/${user.id}/contest_access`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(
    `${s.green('Revoked')} ${s.bold(user.username)}’s contest creation grant; contests already made stay\n`,
  )
}
