import type { Command } from 'commander'
import { Command as Cmd } from 'commander'
import { Api } from '../lib/api'
import { idArgument } from '../lib/arguments'
import { auctionBotsFlags, auctionSourceFlags, seatAuctionBots } from '../lib/auction-create-flags'
import {
  type OverDaysFlags,
  overDaysBody,
  overDaysLine,
  overDaysOptions,
  timeLeft,
} from '../lib/auction-over-days'
import type { AuctionJson, LotJson } from '../lib/auctions'
import { CliError, UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { resolveServer, withJson, withServer } from '../lib/options'
import { player } from '../lib/session'
import { style } from '../lib/style'
import { parseDuration } from '../lib/time'
import { watchAuction } from '../ui/auction-watch'

interface Flags {
  server?: string
  json?: boolean
}

/** `fanspole auction show|create|join|approve|reject|start|pause|resume|complete|bid|release|round|watch`. */
export function auctionPlayCommands(io: Io): Command[] {
  return [...roomCommands(io), ...lifecycleCommands(io), ...playCommands(io)].map((cmd) =>
    withJson(withServer(cmd)),
  )
}

/** `show`, `create`, `join`, `approve` and `reject`: the auction and who sits in it. */
function roomCommands(io: Io): Command[] {
  const show = new Cmd('show')
    .description('Show an auction: phase, managers, the current lot.')
    .argument('<id>', 'auction id')
  const create = new Cmd('create')
    .description(
      'Create an auction (you own it) on a match or a series: the invite code and how many managers it takes are printed.',
    )
    .option('--match <id>', 'the cricket match it scores (give --match or --series)')
    .option('--series <id>', 'the cricket series it scores (give --match or --series)')
    .requiredOption('--name <text>', 'the auction’s name')
    .option(
      '--pool <kind>',
      'the players it offers: match (both squads), series (every side of the series) or league (every cricket player) (default: match with --match, series with --series)',
    )
    .option('--max-managers <n>', 'at most this many managers (default: as many as the pool gives a squad)')
    .option('--balanced', 'squads need a keeper, six who bat and five who bowl (at least 11 players)')
    .option('--purse <n>', 'credits per franchise', '2000')
    .option('--squad <min-max>', 'squad size', '3-5')
    .option('--lot-seconds <n>', 'seconds per lot', '15')
    .option('--takeover <seconds>', 'a bot bids for a manager who has left the room this long (10–3600)')
    .option('--private', 'only people with the code can see it')
    .option(
      '--bots <n>',
      'then seat n bots in the waiting room (1–40, approved at once, free of charge; no more than its seats)',
    )
    .option('--bot-strategy <name>', 'mixed, value, star, hoarder or random (default: mixed)')
  overDaysOptions(create)
  const join = new Cmd('join')
    .description('Join an auction with its invite code as a franchise.')
    .argument('<id>', 'auction id')
    .requiredOption('--code <code>', 'the invite code')
    .requiredOption('--name <franchise>', 'your franchise’s name')
    .requiredOption(
      '--color <id>',
      'a free colour: blue, red, yellow, purple, orange, pink, navy, teal, green, maroon, silver, black, gold, … (40 in all: GET /api/auctions/colors)',
    )
  const approve = new Cmd('approve')
    .description('Approve a pending manager, or with --all every pending manager (owner).')
    .argument('<id>', 'auction id')
    .argument('[manager]', 'manager id (not with --all)')
    .option('--all', 'approve every pending manager')
  const reject = new Cmd('reject')
    .description('Reject a pending manager (owner).')
    .argument('<id>', 'auction id')
    .argument('<manager>', 'manager id')
  return [
    show.action((id: string, flags: Flags) => runShow(io, id, flags)),
    create.action((flags: CreateFlags) => runCreate(io, flags)),
    join.action((id: string, flags: JoinFlags) => runJoin(io, id, flags)),
    approve.action((id: string, manager: string | undefined, flags: Flags & { all?: boolean }) =>
      runApprove(io, id, manager, flags),
    ),
    reject.action((id: string, manager: string, flags: Flags) =>
      decide(io, flags, idArgument('auction id', id), manager, 'reject'),
    ),
  ]
}

/** `start`, `pause`, `resume`, `complete` and `close-lot` (owner). */
function lifecycleCommands(io: Io): Command[] {
  return (
    [
      ['start', 'Start the open round (owner).'],
      ['pause', 'Pause the auction: the lot’s timer freezes (owner).'],
      ['resume', 'Resume: the lot gets back the time it had left (owner).'],
      ['complete', 'End the auction (owner).'],
      [
        'close-lot',
        'Close the running lot now: sold to the highest bidder, or unsold without a bid; the next lot opens (owner).',
      ],
    ] as const
  ).map(([name, what]) =>
    new Cmd(name)
      .description(what)
      .argument('<id>', 'auction id')
      .action(async (id: string, flags: Flags) => {
        const { new_auction } = await player(io, flags.server).post<{ new_auction: AuctionJson }>(
          `/api/auctions/${idArgument('auction id', id)}/${name.replace('-', '_')}`,
        )
        if (flags.json) return printJson(io, { auction: new_auction })
        io.out(`Auction ${new_auction.id}: ${new_auction.status}\n`)
      }),
  )
}

/** `bid`, `release`, `round` and `watch`: playing it. */
function playCommands(io: Io): Command[] {
  const bid = new Cmd('bid')
    .description(
      'Bid on the current lot: the next amount, unless --amount says otherwise (it must equal it).',
    )
    .argument('<id>', 'auction id')
    .option('--amount <n>', 'the amount (default: next_bid_amount)')
  const release = new Cmd('release')
    .description('Release one of your players between rounds.')
    .argument('<id>', 'auction id')
    .requiredOption('--player <id>', 'player id')
  const round = new Cmd('round')
    .description('Start a sealed round of the unsold players (owner), or --close it now.')
    .argument('<id>', 'auction id')
    .option('--closes-in <duration>', 'close it on the clock after this long (e.g. 30m, 2h)')
    .option('--close', 'close the running sealed round now')
  const watch = new Cmd('watch')
    .description(
      'A live board of the auction over /cable: the lot, its timer, bids and purses (q to quit); without a terminal, a line per event.',
    )
    .argument('<id>', 'auction id')
  return [
    bid.action((id: string, flags: Flags & { amount?: string }) => runBid(io, id, flags)),
    release.action((id: string, flags: Flags & { player: string }) => runRelease(io, id, flags)),
    round.action((id: string, flags: Flags & { closesIn?: string; close?: boolean }) =>
      runRound(io, id, flags),
    ),
    watch.action(async (id: string, flags: Flags) => {
      const server = resolveServer(io, flags.server)
      await watchAuction(io, server, new Api(io, server, 'user'), idArgument('auction id', id))
    }),
  ]
}

type CreateFlags = Flags &
  OverDaysFlags & {
    match?: string
    series?: string
    pool?: string
    maxManagers?: string
    balanced?: boolean
    name: string
    purse: string
    squad: string
    takeover?: string
    private?: boolean
    bots?: string
    botStrategy?: string
  }

type JoinFlags = Flags & { code: string; name: string; color: string }

async function runShow(io: Io, id: string, flags: Flags): Promise<void> {
  const a = player(io, flags.server)
  const auctionId = idArgument('auction id', id)
  const { new_auction: auction } = await a.get<{ new_auction: AuctionJson }>(`/api/auctions/${auctionId}`)
  const lot = await a.get<LotJson>(`/api/auctions/${auctionId}/bidding_player`)
  const { managers } = await a.get<{
    managers: Array<{
      id: number
      franchise_name: string
      status: string
      purse_remaining: number
      players_count: number
      is_bot: boolean
      autopilot: boolean
    }>
  }>(`/api/auctions/${auctionId}/managers`)
  if (flags.json) return printJson(io, { auction, lot, managers })
  const s = style(io.color)
  io.out(
    `${s.bold(auction.name)} (#${auction.id})  ${auction.status}${auction.round ? `, sealed round ${auction.round}` : ''}\n`,
  )
  io.out(
    `  ${auction.sold_count}/${auction.players_count} sold, ${auction.unsold_count} unsold · purse ${auction.purse} · squads ${auction.squad_min}–${auction.squad_max}${auction.code ? ` · code ${auction.code}` : ''}\n`,
  )
  if (auction.phase === 'waiting') io.out(`  ${seatsLine(auction)}\n`)
  const days = overDaysLine(auction)
  if (days) io.out(`  ${days}\n`)
  if (lot.bidding_player)
    io.out(
      `  on the block: ${lot.bidding_player.display_name} (${lot.bidding_player.style_label}, base ${lot.bidding_player.base_price}) — next bid ${lot.next_bid_amount}, ${timeLeft(lot.remaining_millis ?? 0)} left\n`,
    )
  for (const m of managers)
    io.out(
      `  ${String(m.id).padStart(4)}  ${m.franchise_name.padEnd(24)} ${m.status.padEnd(9)} ${String(m.players_count).padStart(2)} players  ${m.purse_remaining} left${m.is_bot ? '  (bot)' : ''}${m.autopilot ? '  (away: a bot bids for them)' : ''}\n`,
    )
}

async function runCreate(io: Io, flags: CreateFlags): Promise<void> {
  const [min, max] = flags.squad.split('-').map(Number)
  if (!Number.isInteger(min) || !Number.isInteger(max))
    throw new UsageError(`--squad: expected min-max such as 3-5, got ${JSON.stringify(flags.squad)}`)
  const bots = auctionBotsFlags(flags)
  const source = auctionSourceFlags(flags)
  const overDays = overDaysBody(flags)
  const caller = player(io, flags.server)
  const { new_auction } = await caller.post<{ new_auction: AuctionJson }>('/api/auctions', {
    name: flags.name,
    ...source,
    purse: Number(flags.purse),
    squad_min: min,
    squad_max: max,
    balanced: flags.balanced === true,
    ...overDays,
    ...(flags.takeover === undefined ? {} : { bot_takeover_seconds: Number(flags.takeover) }),
    private: flags.private === true,
  })
  const seated = bots ? await seatAuctionBots(caller, new_auction.id, bots) : null
  if (flags.json) return printJson(io, { auction: new_auction, ...(seated ? { bots: seated } : {}) })
  io.out(
    `Created auction ${new_auction.id}, "${new_auction.name}". Invite code: ${new_auction.code}\n${seatsLine(new_auction)}\nJoin it yourself: fanspole auction join ${new_auction.id} --code ${new_auction.code} --name "My XI" --color blue\n`,
  )
  const days = overDaysLine(new_auction)
  if (days) io.out(`${days}\n`)
  if (seated)
    io.out(
      `Seated ${seated.length} bot${seated.length === 1 ? '' : 's'}: ${seated.map((b) => `${b.franchise_name} (${b.strategy})`).join(', ')}\n`,
    )
}

async function runJoin(io: Io, id: string, flags: JoinFlags): Promise<void> {
  const answer = await player(io, flags.server).post<{ manager: { id: number; status: string } }>(
    `/api/auctions/${idArgument('auction id', id)}/join`,
    {
      code: flags.code,
      franchise_name: flags.name,
      color: flags.color,
    },
  )
  if (flags.json) return printJson(io, answer)
  io.out(`Joined as manager ${answer.manager.id} (${answer.manager.status}).\n`)
}

async function runApprove(
  io: Io,
  id: string,
  manager: string | undefined,
  flags: Flags & { all?: boolean },
): Promise<void> {
  const auctionId = idArgument('auction id', id)
  if (flags.all && manager !== undefined) throw new UsageError('give a manager id or --all, not both')
  if (!flags.all) {
    if (manager === undefined) throw new UsageError('give a manager id, or --all for every pending manager')
    return decide(io, flags, auctionId, manager, 'approve')
  }
  const { approved } = await player(io, flags.server).post<{
    approved: Array<{ id: number; franchise_name: string }>
  }>(`/api/auctions/${auctionId}/managers/approve_all`)
  if (flags.json) return printJson(io, { approved })
  if (approved.length === 0) return io.out('Nobody is waiting to be approved.\n')
  io.out(`Approved ${approved.length}: ${approved.map((m) => m.franchise_name).join(', ')}\n`)
}

async function decide(
  io: Io,
  flags: Flags,
  auctionId: number,
  manager: string,
  decision: 'approve' | 'reject',
): Promise<void> {
  const answer = await player(io, flags.server).post<{
    manager: { id: number; status: string; franchise_name: string }
  }>(`/api/auctions/${auctionId}/managers/${idArgument('manager id', manager)}/${decision}`)
  if (flags.json) return printJson(io, answer)
  io.out(`${answer.manager.franchise_name}: ${answer.manager.status}\n`)
}

async function runBid(io: Io, id: string, flags: Flags & { amount?: string }): Promise<void> {
  const a = player(io, flags.server)
  const auctionId = idArgument('auction id', id)
  const lot = await a.get<LotJson>(`/api/auctions/${auctionId}/bidding_player`)
  // The command line was fine; the auction is not open for bids: a failure, not a usage error.
  if (!lot.bidding_player)
    throw new CliError('No player is on the block right now', {
      code: 'NO_OPEN_LOT',
      hint: `Watch for the next lot: fanspole auction watch ${auctionId}`,
    })
  const amount = flags.amount === undefined ? lot.next_bid_amount : Number(flags.amount)
  const after = await a.post<LotJson>(`/api/auctions/${auctionId}/bid_player`, {
    player_id: lot.bidding_player.id,
    bid_amount: amount,
  })
  if (flags.json) return printJson(io, after)
  io.out(`Bid ${amount} on ${lot.bidding_player.display_name}; next bid ${after.next_bid_amount}\n`)
}

async function runRelease(io: Io, id: string, flags: Flags & { player: string }): Promise<void> {
  const caller = player(io, flags.server)
  const answer = await caller.post(`/api/auctions/${idArgument('auction id', id)}/release`, {
    player_id: idArgument('--player', flags.player),
  })
  if (flags.json) return printJson(io, answer)
  io.out('Released: the price is back in your purse; you cannot buy him back for two days.\n')
}

async function runRound(
  io: Io,
  id: string,
  flags: Flags & { closesIn?: string; close?: boolean },
): Promise<void> {
  const a = player(io, flags.server)
  const auctionId = idArgument('auction id', id)
  if (flags.close) {
    const { new_auction } = await a.post<{ new_auction: AuctionJson }>(
      `/api/auctions/${auctionId}/secondary_round/close`,
    )
    if (flags.json) return printJson(io, { auction: new_auction })
    return io.out(`Sealed round closed: ${new_auction.sold_count} sold, ${new_auction.unsold_count} unsold\n`)
  }
  let closes: number | null = null
  if (flags.closesIn !== undefined) {
    const ms = parseDuration(flags.closesIn)
    if (ms === undefined)
      throw new UsageError(
        `--closes-in: expected a duration such as 30m or 2h, got ${JSON.stringify(flags.closesIn)}`,
      )
    const lot = await a.get<LotJson>(`/api/auctions/${auctionId}/bidding_player`)
    closes = lot.server_time_in_millis + ms
  }
  const { new_auction } = await a.post<{ new_auction: AuctionJson }>(
    `/api/auctions/${auctionId}/secondary_round`,
    { closes_at_in_millis: closes },
  )
  if (flags.json) return printJson(io, { auction: new_auction })
  io.out(`Sealed round ${new_auction.round} started over ${new_auction.unsold_count} unsold players\n`)
}

/** "Takes 3 managers (35 players, squads of 11): 2 seats left." */
function seatsLine(a: AuctionJson): string {
  if (a.seats_left === undefined) return `Takes ${a.max_managers ?? 'any number of'} managers`
  const pool = a.capacity ? ` (${a.capacity.pool_players} players, squads of ${a.capacity.squad_size})` : ''
  return `Takes ${a.max_managers} managers${pool}: ${a.seats_left} seat${a.seats_left === 1 ? '' : 's'} left`
}
