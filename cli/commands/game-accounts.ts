import { Command } from 'commander'
import type { Schema } from '../lib/api-types'
import { idArgument } from '../lib/arguments'
import { apiOf, commandGroup, plainOptions, runs, runsOnId, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionSchema, type OptionsOf } from '../lib/options'
import { style } from '../lib/style'
import { formatTable } from '../lib/table'
import { formatInstant } from '../lib/time'

/** GameAccount of the API (docs/esports.md, "Game accounts"); the admin list adds the owner. */
type GameAccount = Schema<'GameAccount'> & { user?: Schema<'AdminGameAccount'>['user'] }

const GAMES = ['pubg', 'free-fire', 'call-of-duty'] as const
const STATUSES = ['pending', 'verified', 'rejected', 'all'] as const

const listOptions = serverOptions((z) => ({
  status: z.enum(STATUSES, { error: 'expected pending, verified, rejected or all' }).default('pending'),
  limit: intFlag(z, 'a number of rows', 1, 200).default(100),
}))

const rejectOptions = serverOptions((z) => ({
  reason: z.string().trim().min(3, 'give a reason of 3 to 300 characters').max(300, 'at most 300 characters'),
}))

const level = (z: Parameters<OptionSchema>[0]) => intFlag(z, 'a level', 1, 100)

const addOptions = serverOptions((z) => ({
  game: z.enum(GAMES, { error: 'expected pubg, free-fire or call-of-duty' }),
  name: z.string(),
  id: z.string(),
  level: level(z),
}))

const editOptions = serverOptions((z) => ({
  name: z.string().optional(),
  id: z.string().optional(),
  level: level(z).optional(),
}))

export function gameAccountsCommand(io: Io): Command {
  const mine = new Command('mine').description('List my game accounts and their review status.')
  runs(io, mine, plainOptions, runMine)

  const add = new Command('add')
    .description('Add my account for a game (one per game); it waits for an admin to verify it.')
    .requiredOption('--game <game>', 'pubg, free-fire or call-of-duty (PUBG Lite uses the pubg account)')
    .requiredOption('--name <in-game name>', 'the name shown in the game, 2–24 characters')
    .requiredOption('--id <character id>', 'the game’s numeric player id, 5–20 digits')
    .requiredOption('--level <n>', 'the account’s level in the game, 1–100')
  runs(io, add, addOptions, runAdd)

  const edit = new Command('edit')
    .description(
      'Change my account. A rejected account goes back to pending; a verified one too when its id or level changes.',
    )
    .argument('<id>', 'the account id (from `fanspole game-accounts mine`)')
    .option('--name <in-game name>', 'a new in-game name')
    .option('--id <character id>', 'a new character id')
    .option('--level <n>', 'a new level')
  runsOnId(io, edit, '<id>', editOptions, runEdit)

  const list = new Command('list')
    .description('List game accounts for review (admin): pending oldest first, the others newest first.')
    .option('--status <status>', 'pending, verified, rejected or all (default: pending)')
    .option('--limit <n>', 'how many (at most 200)', '100')
  runs(io, list, listOptions, runList)

  const verify = new Command('verify')
    .description('Verify a pending game account (admin); the owner is notified.')
    .argument('<id>', 'the account id (from `fanspole game-accounts list`)')
  runsOnId(io, verify, '<id>', plainOptions, (io, id, opts) => runReview(io, id, opts, null))

  const reject = new Command('reject')
    .description(
      'Reject a pending game account with a reason (admin); the owner is notified and sees the reason.',
    )
    .argument('<id>', 'the account id (from `fanspole game-accounts list`)')
    .requiredOption('--reason <text>', 'why, 3–300 characters, in words the owner understands')
  runs(io, reject, rejectOptions, (io, opts, id: string) =>
    runReview(io, idArgument('<id>', id), opts, opts.reason),
  )

  return commandGroup(
    'game-accounts',
    'PUBG, Free Fire and Call of Duty accounts: add and edit mine; list, verify, reject (admin)',
    [mine, add, edit, list, verify, reject],
    '\nExamples:\n  fanspole game-accounts add --game pubg --name AshaSniper --id 5123456789 --level 42\n  fanspole game-accounts mine\n  fanspole game-accounts edit 3 --level 45\n  fanspole game-accounts list --status all --json\n  fanspole game-accounts verify 3\n  fanspole game-accounts reject 4 --reason "That id belongs to someone else"\n',
  )
}

function table(io: Io, rows: GameAccount[], withOwner: boolean): void {
  const s = style(io.color)
  io.out(
    formatTable(
      rows,
      [
        { header: 'ID', value: (a) => a.id },
        ...(withOwner ? [{ header: 'PLAYER', value: (a: GameAccount) => a.user?.username ?? null }] : []),
        { header: 'GAME', value: (a) => a.game_name },
        { header: 'IN-GAME NAME', value: (a) => a.in_game_name },
        { header: 'CHARACTER ID', value: (a) => a.character_id },
        { header: 'LEVEL', value: (a) => a.game_level },
        {
          header: 'STATUS',
          value: (a) => a.status,
          paint: (t, a) =>
            a.status === 'verified' ? s.green(t) : a.status === 'pending' ? s.yellow(t) : s.red(t),
        },
        { header: 'UPDATED', value: (a) => formatInstant(a.updated_at_in_millis) },
        { header: 'REASON', value: (a) => a.reject_reason },
      ],
      s,
    ),
  )
}

async function runMine(io: Io, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.get<{ game_accounts: GameAccount[] }>('/api/game_accounts')
  if (opts.json) return printJson(io, answer)
  if (answer.game_accounts.length === 0) {
    io.out('No game accounts yet: fanspole game-accounts add --game pubg --name … --id … --level …\n')
    return
  }
  table(io, answer.game_accounts, false)
}

function describeOne(io: Io, verb: string, a: GameAccount): void {
  const s = style(io.color)
  io.out(
    `${s.green(verb)} ${a.game_name} account #${a.id} ${s.bold(a.in_game_name)} (${a.character_id}, level ${a.game_level}): ${a.status}\n`,
  )
  if (a.reject_reason) io.out(`Reason: ${a.reject_reason}\n`)
}

async function runAdd(io: Io, opts: OptionsOf<typeof addOptions>): Promise<void> {
  const api = apiOf(io, opts, 'user')
  const answer = await api.post<{ game_account: GameAccount }>('/api/game_accounts', {
    slug: opts.game,
    in_game_name: opts.name,
    character_id: opts.id,
    game_level: opts.level,
  })
  if (opts.json) return printJson(io, answer)
  describeOne(io, 'Added', answer.game_account)
  io.out('An admin verifies it before you can join that game’s contests.\n')
}

async function runEdit(io: Io, id: number, opts: OptionsOf<typeof editOptions>): Promise<void> {
  const body = {
    ...(opts.name !== undefined ? { in_game_name: opts.name } : {}),
    ...(opts.id !== undefined ? { character_id: opts.id } : {}),
    ...(opts.level !== undefined ? { game_level: opts.level } : {}),
  }
  if (Object.keys(body).length === 0) throw new UsageError('give at least one of --name, --id, --level')
  const api = apiOf(io, opts, 'user')
  const answer = await api.put<{ game_account: GameAccount }>(`/api/game_accounts/${id}`, body)
  if (opts.json) return printJson(io, answer)
  describeOne(io, 'Updated', answer.game_account)
}

async function runList(io: Io, opts: OptionsOf<typeof listOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const query = new URLSearchParams({ status: opts.status, per_page: String(opts.limit) })
  const answer = await api.get<{ game_accounts: GameAccount[] }>(`/api/admin/game_accounts?${query}`)
  if (opts.json) return printJson(io, answer)
  if (answer.game_accounts.length === 0) {
    io.out(`No game accounts${opts.status === 'all' ? '' : ` ${opts.status}`}\n`)
    return
  }
  table(io, answer.game_accounts, true)
}

async function runReview(
  io: Io,
  id: number,
  opts: { server?: string; json: boolean },
  reason: string | null,
): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const answer = await api.post<{ game_account: GameAccount }>(
    `/api/admin/game_accounts/${id}/${reason === null ? 'verify' : 'reject'}`,
    reason === null ? {} : { reason },
  )
  if (opts.json) return printJson(io, answer)
  const a = answer.game_account
  describeOne(io, reason === null ? 'Verified' : 'Rejected', a)
  if (a.user) io.out(`${a.user.username} is notified.\n`)
}
