import { Command } from 'commander'
import type { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { apiOf, commandGroup, pageFlags, plainOptions, runs, serverJson, serverOptions } from '../lib/command'
import { ApiError, CliError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import type { OptionSchema, OptionsOf } from '../lib/options'
import { style } from '../lib/style'
import { formatFields, formatTable, rupees } from '../lib/table'
import type { AdminUser } from './users'

type Wallet = Pick<AdminUser, 'current_balance' | 'unused_balance' | 'winning_balance' | 'coin_balance'>

const creditOptions = ((z) =>
  z
    .object({
      amount: z.string().transform((text, ctx) => {
        const n = Number(text)
        if (text.trim() === '' || !Number.isFinite(n) || n <= 0)
          ctx.addIssue({
            code: 'custom',
            message: `expected a positive amount such as 500 or 49.50, got ${JSON.stringify(text)}`,
          })
        return n
      }),
      compartment: z
        .enum(['unused', 'winnings', 'coins'], { error: 'expected unused, winnings or coins' })
        .default('unused'),
      note: z.string().trim().min(1).max(200).optional(),
      ...serverJson(z),
    })
    .refine((o) => o.compartment !== 'coins' || Number.isInteger(o.amount), {
      message: 'coins are whole numbers',
      path: ['amount'],
    })) satisfies OptionSchema

const passbookOptions = serverOptions((z) => ({
  compartment: z
    .enum(['unused', 'winnings', 'coins'], { error: 'expected unused, winnings or coins' })
    .default('unused'),
  ...pageFlags(z, 100),
}))

export function walletCommand(io: Io): Command {
  const show = new Command('show')
    .description('Show a player’s balances: unused, winnings (withdrawable) and coins.')
    .argument('<user>', 'e-mail address, slug, username or id')
  runs(io, show, plainOptions, (io, opts, who: string) => runShow(io, who, opts))

  const credit = new Command('credit')
    .description('Credit a player’s wallet: a ledger posting from the house account, with a notification.')
    .argument('<user>', 'e-mail address, slug, username or id')
    .requiredOption('--amount <amount>', 'rupees (49.50 allowed), or whole coins with --compartment coins')
    .option('--compartment <name>', 'unused, winnings or coins', 'unused')
    .option('--note <text>', 'the ledger memo (default: "Credit from an admin")')
  runs(io, credit, creditOptions, (io, opts, who: string) => runCredit(io, who, opts))

  const passbook = new Command('passbook')
    .description(
      'Show a player’s passbook: the ledger entries of one compartment, newest first, with the balance after each.',
    )
    .argument('<user>', 'e-mail address, slug, username or id')
    .option('--compartment <name>', 'unused, winnings or coins', 'unused')
    .option('--page <n>', 'page number (default: 1)')
    .option('--per-page <n>', 'entries per page, at most 100 (default: 20)')
  runs(io, passbook, passbookOptions, (io, opts, who: string) => runPassbook(io, who, opts))

  return commandGroup(
    'wallet',
    'show a player’s balances and passbooks, credit a wallet (admin)',
    [show, credit, passbook],
    '\nExamples:\n  fanspole wallet show demo@fanspole.local\n  fanspole wallet credit demo --amount 500\n  fanspole wallet credit 7 --amount 100 --compartment coins --note "Referral bonus"\n  fanspole wallet passbook demo --compartment winnings --json\n',
  )
}

/** One account by e-mail, slug, username or id (GET /api/admin/users/{ref}). */
async function findUser(api: Api, who: string): Promise<AdminUser> {
  try {
    return (await api.get<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(who.trim())}`)).user
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      throw new CliError(`No user with the e-mail address, slug, username or id ${JSON.stringify(who)}`, {
        code: 'NOT_FOUND',
      })
    throw error
  }
}

const walletOf = (u: Wallet): Wallet => ({
  current_balance: u.current_balance,
  unused_balance: u.unused_balance,
  winning_balance: u.winning_balance,
  coin_balance: u.coin_balance,
})

const identity = (u: AdminUser) => ({ id: u.id, slug: u.slug, username: u.username, email: u.email })

function balanceLines(wallet: Wallet, s: ReturnType<typeof style>): string {
  return formatFields(
    [
      ['current', `${rupees(wallet.current_balance)} ${s.dim('(unused + winnings)')}`],
      ['unused', rupees(wallet.unused_balance)],
      ['winnings', `${rupees(wallet.winning_balance)} ${s.dim('(withdrawable)')}`],
      ['coins', wallet.coin_balance],
    ],
    s,
    '  ',
  )
}

async function runShow(io: Io, who: string, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const user = await findUser(apiOf(io, opts, 'admin'), who)
  if (opts.json) return printJson(io, { user: identity(user), wallet: walletOf(user) })
  const s = style(io.color)
  io.out(`${s.bold(user.username)} <${user.email}> (id ${user.id}, ${user.role})\n`)
  io.out(balanceLines(user, s))
}

async function runCredit(io: Io, who: string, opts: OptionsOf<typeof creditOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const user = await findUser(api, who)
  const body = {
    user_id: user.id,
    amount: opts.amount,
    compartment: opts.compartment,
    ...(opts.note ? { note: opts.note } : {}),
  }
  const answer = await api.post<{
    credit: { user_id: number; amount: number; compartment: string; transaction_id: number }
    wallet: Wallet
  }>('/api/admin/wallet/credits', body)
  if (opts.json) return printJson(io, { user: identity(user), ...answer })
  const s = style(io.color)
  const shown = opts.compartment === 'coins' ? `${answer.credit.amount} coins` : rupees(answer.credit.amount)
  const where = opts.compartment === 'coins' ? 'coins' : `${opts.compartment} balance`
  io.out(
    `${s.green('Credited')} ${shown} to ${s.bold(user.username)}’s ${where} (ledger transaction ${answer.credit.transaction_id}).\n`,
  )
  io.out(balanceLines(answer.wallet, s))
}

/** `2026-11-22 11:30` UTC, sortable and unambiguous in a terminal. */
const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ')

async function runPassbook(io: Io, who: string, opts: OptionsOf<typeof passbookOptions>): Promise<void> {
  const api = apiOf(io, opts, 'admin')
  const user = await findUser(api, who)
  const query = new URLSearchParams({
    user_id: String(user.id),
    compartment: opts.compartment,
    page: String(opts.page),
    per_page: String(opts.perPage),
  })
  const answer = await api.get<Answer<'/api/admin/wallet/passbook'>>(`/api/admin/wallet/passbook?${query}`)
  if (opts.json) return printJson(io, { user: identity(user), ...answer })
  const s = style(io.color)
  const coins = opts.compartment === 'coins'
  const money = (n: number) => (coins ? String(n) : rupees(n))
  const signed = (n: number) => (n > 0 ? `+${money(n)}` : `-${money(-n)}`)
  io.out(
    `${s.bold(user.username)}’s ${opts.compartment} passbook: balance ${money(answer.balance)} ${s.dim(`(${answer.meta.total} ${answer.meta.total === 1 ? 'entry' : 'entries'})`)}\n`,
  )
  if (answer.passbook_entries.length === 0) {
    io.out(answer.meta.total === 0 ? 'No entries.\n' : `No entries on page ${answer.meta.page}.\n`)
    return
  }
  io.out(
    formatTable(
      answer.passbook_entries,
      [
        { header: 'WHEN (UTC)', value: (e) => when(e.created_at_in_millis) },
        { header: 'KIND', value: (e) => e.kind },
        {
          header: 'AMOUNT',
          value: (e) => signed(e.amount),
          align: 'right',
          paint: (t, e) => (e.amount > 0 ? s.green(t) : s.red(t)),
        },
        { header: 'BALANCE', value: (e) => money(e.balance), align: 'right' },
        { header: 'MEMO', value: (e) => e.memo },
      ],
      s,
    ),
  )
  if (answer.meta.total_pages > 1)
    io.out(s.dim(`page ${answer.meta.page} of ${answer.meta.total_pages} (--page N for more)\n`))
}
