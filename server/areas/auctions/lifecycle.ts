import type { Deps } from '../../core/deps'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import { capacityOf } from '../../domain/auction/capacity'
import {
  type AuctionCommand,
  createAuction as createEngineState,
  DEFAULT_TIMINGS,
} from '../../domain/auction/engine'
import type { QuietHours } from '../../domain/auction/quiet-hours'
import { type AuctionPlayer, BIDDING_INTERVALS, type SquadRules } from '../../domain/auction/rules'
import {
  MIN_SQUADS,
  type SettingsProblem,
  SQUAD_BALANCE,
  settingsProblems,
} from '../../domain/auction/settings'
import { inviteCode } from '../../domain/contest-templates'
import { AppError, invalid } from '../../http/errors'
import { requireFuture } from '../../http/instants'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../ledger'
import { AUCTION_COLORS } from './catalog'
import { runCommand } from './commands'
import { type AuctionPool, defaultPool, poolOf, poolProblem } from './pools'
import { type AuctionRow, managersIn } from './queries'
import { syncQuietHours } from './quiet'
import { requireOwnedAuction } from './visibility'

export interface CreateAuctionInput {
  name: string
  sport_slug: string
  series_id?: number | undefined
  match_id?: number | undefined
  purse: number
  squad_min: number
  squad_max: number
  max_stars: number | null
  balanced: boolean
  lot_seconds: number
  bidding_interval: string
  charges: number
  starts_at_ms: number | null
  private: boolean
  kind?: 'live' | 'tournament'
  window_hours?: number
  /** At most this many managers (null/absent: as many as the pool and the colours allow). */
  max_managers?: number | null
  /** Which players it offers (default: its match's, else its series'): see ./pools.ts. */
  pool?: AuctionPool | undefined
  /** Bots play for a manager away this long (null/absent: never). */
  takeover_seconds?: number | null
  /** Quiet hours of an auction that runs over days (./quiet.ts); null/absent: none. */
  quiet_hours?: QuietHours | null
  /** Bots stand in for absent students when a lot opens (./stand-in.ts). */
  stand_in?: boolean
  /** A check that runs in the creating transaction, before the insert (a per-user limit). */
  before?: (tx: Tx) => Promise<void>
  /** The group it is created from (its members are invited, docs/groups.md). */
  group_id?: number | null
}

/** One 422 naming every setting that can never work; pool problems go on the pool's source field. */
function refuseImpossible(problems: SettingsProblem[], poolField: 'match_id' | 'series_id' | 'pool'): void {
  if (problems.length === 0) return
  const fields = new Map<string, string[]>()
  for (const { field, message } of problems) {
    const name = field === 'pool' ? poolField : field
    fields.set(name, [...(fields.get(name) ?? []), message])
  }
  throw invalid(Object.fromEntries(fields))
}

/**
 * A live auction must give every manager it takes a full squad: 422 when its pool cannot give
 * two (the fewest an auction is worth running with), or fewer than the owner's `max_managers`.
 * The message says how many it can take, so the owner can ask for fewer or a bigger pool.
 */
function refuseOverCapacity(
  rules: SquadRules,
  players: AuctionPlayer[],
  input: CreateAuctionInput,
  poolField: 'match_id' | 'series_id' | 'pool',
): void {
  const capacity = capacityOf(rules, players, AUCTION_COLORS.length, null)
  const pool = defaultPool(input)
  const takes =
    capacity.pool_managers <= capacity.colors
      ? `the ${pool} pool of ${capacity.pool_players} players takes at most ${capacity.max_managers} managers with squads of ${capacity.squad_size}${capacity.squad_size >= 11 && rules.balance ? ' (balanced)' : ''}`
      : `an auction takes at most ${capacity.colors} managers, one per franchise colour`
  if (capacity.max_managers < MIN_SQUADS)
    throw new AppError('VALIDATION_FAILED', `The auction cannot run: ${takes}`, {
      [poolField]: [`is too small: ${takes}; choose a bigger pool (series or league) or smaller squads`],
    })
  const asked = input.max_managers ?? null
  if (asked !== null && asked > capacity.max_managers)
    throw new AppError('VALIDATION_FAILED', `Too many managers: ${takes}`, {
      max_managers: [`must be at most ${capacity.max_managers}: ${takes}`],
    })
}

/** The sport of a new auction, with its series or match: 422 unless all of them are cricket. */
async function cricketSportFor(
  db: Executor,
  input: Pick<CreateAuctionInput, 'sport_slug' | 'series_id' | 'match_id'>,
): Promise<{ id: number; slug: string }> {
  const sport = await db
    .selectFrom('sports')
    .select(['id', 'slug'])
    .where('slug', '=', input.sport_slug)
    .executeTakeFirst()
  if (!sport) throw new AppError('VALIDATION_FAILED', 'Unknown sport', { sport: ['is not a known sport'] })
  if (sport.slug !== 'cricket')
    throw new AppError('VALIDATION_FAILED', 'Auctions are for cricket', { sport: ['must be cricket'] })
  if (input.series_id !== undefined) {
    const series = await db
      .selectFrom('series')
      .select(['id', 'sport_id'])
      .where('id', '=', input.series_id)
      .executeTakeFirst()
    if (!series || series.sport_id !== sport.id)
      throw new AppError('VALIDATION_FAILED', 'Unknown series', { series_id: ['is not a cricket series'] })
  }
  if (input.match_id !== undefined) {
    const match = await db
      .selectFrom('matches')
      .select(['id', 'sport_id', 'status'])
      .where('id', '=', input.match_id)
      .executeTakeFirst()
    if (!match || match.sport_id !== sport.id)
      throw new AppError('VALIDATION_FAILED', 'Unknown match', { match_id: ['is not a cricket match'] })
  }
  return sport
}

/** The squad rules an owner's settings ask for. */
function squadRulesOf(input: CreateAuctionInput): SquadRules {
  return {
    purse: input.purse,
    squadMin: input.squad_min,
    squadMax: input.squad_max,
    maxStars: input.max_stars,
    balance: input.balanced ? { ...SQUAD_BALANCE } : null,
  }
}

export async function createAuction(
  deps: Deps,
  ownerId: number,
  input: CreateAuctionInput,
): Promise<AuctionRow> {
  const sport = await cricketSportFor(deps.db, input)
  const now = deps.clock.now()
  requireFuture(now, { starts_at_in_millis: input.starts_at_ms })
  const wrongPool = poolProblem(input)
  if (wrongPool) throw invalid({ pool: [wrongPool] })
  const players = await poolOf(deps.db, sport.id, input)
  const rules = squadRulesOf(input)
  const poolField =
    input.pool !== undefined ? 'pool' : input.match_id !== undefined ? 'match_id' : 'series_id'
  refuseImpossible(settingsProblems(rules, players), poolField)
  if (input.kind !== 'tournament') refuseOverCapacity(rules, players, input, poolField)
  const seed = deps.rng.stream('auctions').uint32()
  const state = createEngineState(
    {
      ...rules,
      bands: BIDDING_INTERVALS[input.bidding_interval]?.bands ?? [],
      ...DEFAULT_TIMINGS,
      lotMs: input.lot_seconds * 1000,
      seed,
    },
    players,
  )
  return withTx(deps, async (tx) => {
    if (input.before) await input.before(tx)
    const row = await tx
      .insertInto('auctions')
      .values({
        owner_id: ownerId,
        kind: input.kind ?? 'live',
        name: input.name,
        code: `PENDING-${seed}-${now}`,
        sport_id: sport.id,
        series_id: input.series_id ?? null,
        match_id: input.match_id ?? null,
        purse: input.purse,
        squad_min: input.squad_min,
        squad_max: input.squad_max,
        max_stars: input.max_stars,
        balanced: input.balanced ? 1 : 0,
        lot_seconds: input.lot_seconds,
        bidding_interval: input.bidding_interval,
        charges: input.charges,
        is_private: input.private ? 1 : 0,
        starts_at_ms: input.starts_at_ms,
        window_hours: input.window_hours ?? null,
        max_managers: input.max_managers ?? null,
        takeover_seconds: input.takeover_seconds ?? null,
        group_id: input.group_id ?? null,
        quiet_hours: input.quiet_hours ? JSON.stringify(input.quiet_hours) : null,
        stand_in: input.stand_in ? 1 : 0,
        seed,
        state: JSON.stringify(state),
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const code = inviteCode(`auction:${row.id}:${seed}`)
    await tx.updateTable('auctions').set({ code }).where('id', '=', row.id).execute()
    return { ...row, code }
  })
}

/** Starts the open round with every approved manager. */
export async function startAuction(deps: Deps, ownerId: number, auctionId: number) {
  await requireOwnedAuction(deps.db, auctionId, ownerId)
  const approved = await managersIn(deps.db, auctionId, 'approved')
  const started = await runCommand(
    deps,
    auctionId,
    (state) => {
      const now = deps.clock.now()
      // Managers enter the engine as the auction starts, in the same step as the start.
      const joining =
        state.phase === 'waiting' ? approved.filter((m) => !state.managers.some((x) => x.id === m.id)) : []
      return [
        ...joining.map((m): AuctionCommand => ({ type: 'add_manager', managerId: m.id, atMs: now })),
        { type: 'start', atMs: now },
      ]
    },
    async (tx, after, r, row) => {
      // Read again under the auction's lock: a decision that came in since is either in the
      // engine already or refused with the state conflict, never half applied.
      const approvedNow = await managersIn(tx, auctionId, 'approved')
      if (approvedNow.some((m) => !r.state.managers.some((x) => x.id === m.id)))
        throw new AppError('AUCTION_STATE', 'A manager was approved meanwhile; start the auction again')
      await declinePending(deps, tx, after, auctionId, row.name)
    },
  )
  // Started inside its quiet hours: the first lot waits for the morning (and the job is set).
  await syncQuietHours(deps, auctionId, deps.clock.now())
  return started
}

/** Whoever is still pending at the start is declined and their joining charge refunded. */
async function declinePending(
  deps: Deps,
  tx: Tx,
  after: AfterCommit,
  auctionId: number,
  auctionName: string,
) {
  const pending = await tx
    .selectFrom('auction_managers')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'pending')
    .execute()
  for (const p of pending) {
    const manager = await tx
      .selectFrom('auction_managers')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    await tx
      .updateTable('auction_managers')
      .set({ status: 'rejected', decided_at_ms: deps.clock.now() })
      .where('id', '=', p.id)
      .execute()
    if (manager.charge_coins > 0)
      await post(
        tx,
        {
          kind: 'auction_charge_refund',
          idempotencyKey: `auction:${auctionId}:manager:${p.id}:refund`,
          memo: `Joining charge refunded, auction ${auctionName}`,
          meta: { auction_id: auctionId, manager_id: p.id },
          lines: [
            {
              accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', deps.clock.now()),
              amount: -manager.charge_coins,
            },
            {
              accountId: await userAccountId(tx, manager.user_id, 'coins'),
              amount: manager.charge_coins,
            },
          ],
          nowMs: deps.clock.now(),
        },
        after,
      )
  }
}
