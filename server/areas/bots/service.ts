import { randomUUID } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { lockRows, shareRows } from '../../db/lock'
import { type Tx, withTxScope } from '../../db/tx'
import { splitDebit } from '../../domain/ledger'
import { paiseToRupees } from '../../domain/money'
import type { TeamPlayer } from '../../domain/team-rules'
import { AppError, invalid, notFound } from '../../http/errors'
import {
  type BotCandidate,
  botStream,
  botTeam,
  type FantasyBotStrategy,
  mixedStrategy,
  selectionShares,
} from '../../sim/fantasy-bots'
import { hashPassword } from '../auth'
import { createClassicTeam, findPhase, phaseMatches, phasePlayers } from '../championship'
import { joinChampionshipContest, phaseLocked, phaseWindow } from '../championship-contests'
import { botPrefix, entryFeeLines, findContest, isLocked, joinContest, visibleContest } from '../contests'
import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId, userBalances } from '../ledger'
import { matchSquad } from '../matches'
import { createTeam } from '../teams'
import { insertUser } from '../users'

/**
 * Seating team-building bots in a daily or championship contest (docs/bots.md). A bot is a
 * real account (email at bots.fanspole.local, team name "… (bot)") that builds its team and
 * joins through the players' own services — createTeam / createClassicTeam and joinContest /
 * joinChampionshipContest — so every rule a person meets (rules and budget, seats, locks,
 * entry fee through the ledger) holds for it too. All bots of one call are seated in one
 * transaction: either every one of them sits down or none does.
 */
export type ContestKind = 'contest' | 'championship_contest'

export interface SeatBotsInput {
  type: ContestKind
  contestId: number
  count: number
  strategy: FantasyBotStrategy | 'mixed'
}

export interface SeatedBot {
  user_id: number
  username: string
  team_name: string
  strategy: FantasyBotStrategy
  team_id: number
  member_id: number
}

export const BOT_EMAIL_DOMAIN = 'bots.fanspole.local'

/** The contest as this needs it, daily or championship alike. */
interface Target {
  id: number
  owner_id: number | null
  is_private: number
  invite_code: string | null
  status: string
  members_count: number
  members_limit: number
  entry_fee_paise: number
  locked: boolean
  sport: string
  /** The match (daily) or the phase's matches (championship), held while teams are saved. */
  match_ids: number[]
  match_id: number | null
  phase_id: number | null
}

/** What a daily and a championship contest row tell alike: who owns it, its seats and its fee. */
function seatsOf(c: {
  id: number
  created_by_id: number | null
  is_private: number
  invite_code: string | null
  status: string
  members_count: number
  members_limit: number
  entry_fee_paise: number | string
}) {
  return {
    id: c.id,
    owner_id: c.created_by_id,
    is_private: c.is_private,
    invite_code: c.invite_code,
    status: c.status,
    members_count: c.members_count,
    members_limit: c.members_limit,
    entry_fee_paise: Number(c.entry_fee_paise),
  }
}

async function readTarget(deps: Deps, tx: Tx, type: ContestKind, id: number): Promise<Target | null> {
  const now = deps.clock.now()
  if (type === 'contest') {
    const c = await findContest(tx, id)
    if (!c) return null
    return {
      ...seatsOf(c),
      locked: isLocked(c, now),
      sport: c.sport_slug,
      match_ids: [c.match_id],
      match_id: c.match_id,
      phase_id: null,
    }
  }
  const c = await tx.selectFrom('championship_contests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!c) return null
  const window = await phaseWindow(tx, c.phase_id)
  const phase = await findPhase(tx, c.phase_id)
  if (!phase) return null
  return {
    ...seatsOf(c),
    locked: window === null || phaseLocked(window, now),
    sport: phase.sport_slug,
    match_ids: (await phaseMatches(tx, c.phase_id)).map((m) => m.id),
    match_id: null,
    phase_id: c.phase_id,
  }
}

/**
 * Owner only: the contest's owner, or an admin for a league contest (one nobody owns).
 * Someone who cannot see a private contest gets the 404 of a missing one; anyone else who is
 * not its owner gets 403.
 */
async function authorize(tx: Tx, type: ContestKind, t: Target, actor: { id: number; role: string }) {
  if (t.owner_id === actor.id) return
  if (t.owner_id === null && actor.role === 'admin') return
  const guarded = {
    id: t.id,
    is_private: t.is_private,
    created_by_id: t.owner_id,
    invite_code: t.invite_code,
  }
  await visibleContest(tx, type, guarded, { id: actor.id, role: actor.role === 'admin' ? 'admin' : 'player' })
  throw new AppError('FORBIDDEN', 'Only the contest’s owner can seat bots in it')
}

/**
 * Players as a bot weighs them: form (the last series score), star, and the share of the
 * existing teams that hold them (none given: nobody's).
 */
export function botCandidates(
  players: Array<TeamPlayer & { is_star: number | boolean; last_series_score: number | string | null }>,
  shares: Map<number, number> = new Map(),
): BotCandidate[] {
  return players.map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.real_team_id,
    is_star: Boolean(p.is_star),
    form: Number(p.last_series_score),
    selected_share: shares.get(p.id) ?? 0,
  }))
}

/** The pool the bots pick from, with what their strategies weigh (form, stars, who others picked). */
async function candidates(tx: Tx, t: Target): Promise<BotCandidate[]> {
  if (t.match_id !== null) {
    const squad = await matchSquad(tx, t.match_id)
    const teams = await tx
      .selectFrom('user_teams')
      .select('player_ids')
      .where('match_id', '=', t.match_id)
      .execute()
    const shares = selectionShares(teams.map((r) => r.player_ids.split(',').map(Number)))
    return botCandidates(squad, shares)
  }
  const players = await phasePlayers(tx, t.phase_id as number)
  const teams = await tx
    .selectFrom('classic_teams')
    .select('player_ids')
    .where('phase_id', '=', t.phase_id as number)
    .execute()
  const shares = selectionShares(teams.map((r) => JSON.parse(r.player_ids) as number[]))
  return botCandidates(players, shares)
}

/**
 * Bot numbers go on from the contest's earlier bots: `bot-c12-3` is contest 12's third
 * (`bot-cc12-3` in championship contest 12). The dashes keep the names out of reach of sign-up
 * (usernames are letters, digits and underscores), so a person can never hold a bot's name.
 */
const prefixOf = botPrefix

async function botsSoFar(tx: Tx, type: ContestKind, id: number): Promise<number> {
  const row = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username_key', 'like', `${prefixOf(type, id)}%`)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The bot's stake: its entry fee, from whoever seats it — the contest's owner (unused first,
 * then winnings, as an entry fee is paid), or the house for a league contest — so seating
 * bots never makes money out of nothing for the owner who could win it back.
 */
async function stake(
  tx: Tx,
  t: Target,
  type: ContestKind,
  bot: { id: number; n: number },
  nowMs: number,
  after: Parameters<typeof post>[2],
) {
  const fee = t.entry_fee_paise
  if (fee === 0) return
  const toBot = () => userAccountId(tx, bot.id, 'unused')
  // The owner's balance covered every bot's stake before the first was seated (assertSeatsFor).
  const lines =
    t.owner_id === null
      ? [
          { accountId: await toBot(), amount: fee },
          { accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', nowMs), amount: -fee },
        ]
      : await entryFeeLines(tx, t.owner_id, fee, toBot)
  await post(
    tx,
    {
      kind: 'bot_stake',
      idempotencyKey: `${type}:${t.id}:bot:${bot.n}:stake`,
      memo: `Bot stake · entry fee of bot ${bot.n}`,
      meta: { contest_type: type, contest_id: t.id, bot_user_id: bot.id },
      lines,
      nowMs,
    },
    after,
  )
}

/** Refused: a started match, a closed or full contest, more bots than seats, an owner who cannot pay the stakes. */
async function assertSeatsFor(tx: Tx, t: Target, count: number): Promise<void> {
  if (t.locked) throw new AppError('EVENT_LOCKED', 'The match has started; bots can no longer join')
  if (t.status !== 'open') throw new AppError('CONTEST_CLOSED', `This contest is ${t.status}`)
  const free = t.members_limit - t.members_count
  if (free === 0) throw new AppError('CONTEST_FULL', 'This contest is full: no seat is left for a bot')
  if (count > free)
    throw invalid({
      count: [`must be at most ${free}: only ${free} seat${free === 1 ? ' is' : 's are'} free`],
    })
  const cost = t.entry_fee_paise * count
  if (t.owner_id !== null && cost > 0) {
    const b = await userBalances(tx, t.owner_id)
    if (!splitDebit(cost, b).sufficient)
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        `Seating ${count} bot${count === 1 ? '' : 's'} costs their entry fees, ₹${paiseToRupees(cost)}; your balance is ₹${paiseToRupees(b.unused + b.winnings)}`,
      )
  }
}

/** The bot's team saved and its entry made through the players' own services. */
async function buildAndJoin(
  inner: Deps,
  t: Target,
  type: ContestKind,
  userId: number,
  pick: { player_ids: number[]; captain_id: number; vice_captain_id: number },
): Promise<{ teamId: number; memberId: number }> {
  const team = { player_ids: pick.player_ids, captain: pick.captain_id, vice_captain: pick.vice_captain_id }
  if (type === 'contest') {
    const teamId = (await createTeam(inner, userId, t.match_id as number, team)).id
    const joined = await joinContest(inner, userId, t.id, teamId, t.invite_code ?? undefined)
    return { teamId, memberId: joined.member_id }
  }
  const teamId = (await createClassicTeam(inner, userId, t.phase_id as number, team)).id
  const memberId = await joinChampionshipContest(inner, userId, t.id, teamId, t.invite_code ?? undefined)
  return { teamId, memberId }
}

export async function seatContestBots(
  deps: Deps,
  actor: { id: number; role: string },
  input: SeatBotsInput,
): Promise<{ bots: SeatedBot[]; members_count: number; members_limit: number }> {
  const { type, contestId, count } = input
  const passwordHash = await hashPassword(randomUUID())
  return withTxScope(deps, async (scope) => {
    const tx = scope.tx
    // The player services below run inside this one transaction (as savepoints of it).
    const inner: Deps = { ...deps, db: tx, txScope: scope }
    const first = await readTarget(deps, tx, type, contestId)
    if (!first) throw notFound('Contest')
    await authorize(tx, type, first, actor)
    // Locks in the order every writer takes them: the payer, the match(es), then the contest.
    if (first.owner_id !== null) await lockRows(tx, 'users', first.owner_id)
    await shareRows(tx, 'matches', first.match_ids)
    await lockRows(tx, type === 'contest' ? 'contests' : 'championship_contests', contestId)
    const t = (await readTarget(deps, tx, type, contestId)) as Target
    await assertSeatsFor(tx, t, count)
    const pool = await candidates(tx, t)
    const before = await botsSoFar(tx, type, contestId)
    const prefix = prefixOf(type, contestId)
    const now = deps.clock.now()
    const seated: SeatedBot[] = []
    for (let i = 0; i < count; i++) {
      const n = before + i + 1
      const strategy = input.strategy === 'mixed' ? mixedStrategy(n) : input.strategy
      const pick = botTeam(strategy, t.sport, pool, botStream(deps.rng.seed, prefix, n))
      if (!pick) throw new AppError('CONFLICT', 'This pool of players cannot make a valid team within budget')
      const name = `${BOT_NAMES[(n - 1) % BOT_NAMES.length]} ${n}`
      const user = await insertUser(tx, {
        email: `${prefix}${n}@${BOT_EMAIL_DOMAIN}`,
        username: `${prefix}${n}`,
        passwordHash,
        teamName: `${name} (bot)`,
        emailVerified: true,
        nowMs: now,
      })
      await stake(tx, t, type, { id: user.id, n }, now, scope.after)
      const { teamId, memberId } = await buildAndJoin(inner, t, type, user.id, pick)
      seated.push({
        user_id: user.id,
        username: user.username,
        team_name: user.team_name ?? name,
        strategy,
        team_id: teamId,
        member_id: memberId,
      })
    }
    return { bots: seated, members_count: t.members_count + count, members_limit: t.members_limit }
  })
}

const BOT_NAMES = [
  'Googly Bot',
  'Yorker Bot',
  'Doosra Bot',
  'Cover Drive Bot',
  'Slog Sweep Bot',
  'Bouncer Bot',
  'Leg Glance Bot',
  'Reverse Swing Bot',
  'Flipper Bot',
  'Nightwatch Bot',
]
