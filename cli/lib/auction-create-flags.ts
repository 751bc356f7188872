/** The flags of `fanspole auction create`, checked before anything is created, and the bots it seats. */
import type { Api } from './api'
import { idArgument } from './arguments'
import { CliError, UsageError } from './errors'

const AUCTION_POOL_KINDS = ['match', 'series', 'league']

/** `--match` or `--series`, `--pool`, `--max-managers`: checked before anything is created. */
export function auctionSourceFlags(flags: {
  match?: string
  series?: string
  pool?: string
  maxManagers?: string
}) {
  if ((flags.match === undefined) === (flags.series === undefined))
    throw new UsageError(
      'give --match <id> or --series <id> (one of them): the match or series the auction scores',
    )
  if (flags.pool !== undefined && !AUCTION_POOL_KINDS.includes(flags.pool))
    throw new UsageError(`--pool: expected match, series or league, got ${JSON.stringify(flags.pool)}`)
  if (flags.pool === 'match' && flags.match === undefined)
    throw new UsageError('--pool match needs --match <id>')
  let maxManagers: number | undefined
  if (flags.maxManagers !== undefined) {
    maxManagers = Number(flags.maxManagers)
    if (!/^\d+$/.test(flags.maxManagers) || maxManagers < 2 || maxManagers > 40)
      throw new UsageError(
        `--max-managers: expected a number of managers from 2 to 40, got ${JSON.stringify(flags.maxManagers)}`,
      )
  }
  return {
    ...(flags.match === undefined ? {} : { match_id: idArgument('--match', flags.match) }),
    ...(flags.series === undefined ? {} : { series_id: idArgument('--series', flags.series) }),
    ...(flags.pool === undefined ? {} : { pool: flags.pool }),
    ...(maxManagers === undefined ? {} : { max_managers: maxManagers }),
  }
}

const AUCTION_BOT_STRATEGIES = ['mixed', 'value', 'star', 'hoarder', 'random']

/** `auction create --bots n [--bot-strategy s]`, checked before anything is created. */
export function auctionBotsFlags(flags: { bots?: string; botStrategy?: string }) {
  if (flags.bots === undefined) {
    if (flags.botStrategy !== undefined) throw new UsageError('--bot-strategy goes with --bots <n>')
    return null
  }
  const count = Number(flags.bots)
  if (!/^\d+$/.test(flags.bots) || count < 1 || count > 40)
    throw new UsageError(`--bots: expected a number of bots from 1 to 40, got ${JSON.stringify(flags.bots)}`)
  const strategy = flags.botStrategy ?? 'mixed'
  if (!AUCTION_BOT_STRATEGIES.includes(strategy))
    throw new UsageError(
      `--bot-strategy: expected one of ${AUCTION_BOT_STRATEGIES.join(', ')}, got ${JSON.stringify(strategy)}`,
    )
  return { count, strategy }
}

/** The auction exists by now: a refusal says so rather than reading as a failed create. */
export async function seatAuctionBots(caller: Api, id: number, bots: { count: number; strategy: string }) {
  try {
    const answer = await caller.post<{
      bots: Array<{ id: number; franchise_name: string; strategy: string }>
    }>(`/api/auctions/${id}/bots`, bots)
    return answer.bots
  } catch (error) {
    if (!(error instanceof CliError) || error.status === null) throw error
    throw new CliError(`Created auction ${id}, but no bots were seated: ${error.message}`, {
      code: error.code,
    })
  }
}
