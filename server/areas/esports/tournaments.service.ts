import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { EsportsKind, EsportsMode, EsportsTournamentStatus } from '../../db/schema'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import { ESPORTS_GAMES, gameOfKind, TEAM_SIZES } from '../../domain/esports/rules'
import { checkDefinition, type QualifyRule } from '../../domain/esports/tournaments'
import { AppError, forbidden, invalid, notFound } from '../../http/errors'
import { drawInviteCode } from '../contests'
import { type Caller, esportsTournamentStream, moveCount, verifiedAccount } from './core'
import {
  REGISTRATION_CLOSE_JOB,
  registrationCloseKey,
  seedRound,
  type TournamentRow,
} from './tournament-progress'

/**
 * Tournaments, rounds and slots (docs/esports.md): an admin defines one; players register
 * squads until `registration_closes_at`; each round is played in lobbies (esports contests)
 * seeded by tournament-progress.ts. Every check-then-write locks the tournament row first.
 */
export interface TournamentInput {
  name: string
  kind: EsportsKind
  mode: EsportsMode
  description?: string | null
  squads_limit: number
  registration_closes_at_ms: number
  rounds: Array<{
    name?: string
    lobby_size: number
    qualify_rule: QualifyRule
    qualify_count: number
    starts_at_ms: number
  }>
}

function freshSquadCode(deps: Deps, db: Executor, seedText: string): Promise<string> {
  return drawInviteCode(
    deps,
    {
      stream: 'esports-tournament-invite-codes',
      seedText,
      length: 8,
      reseedAt: 5,
      prefix: 'T',
      // Tournament squad codes keep the L they were first drawn with.
      alphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
    },
    async (code) =>
      (await db
        .selectFrom('esports_tournament_squads')
        .select('id')
        .where('invite_code', '=', code)
        .executeTakeFirst()) !== undefined,
    () => new Error('no free tournament squad invite code after 20 draws'),
  )
}

export async function createTournament(deps: Deps, admin: Caller, input: TournamentInput): Promise<number> {
  const now = deps.clock.now()
  const game = gameOfKind(input.kind)
  const fields = checkDefinition({ ...input, game }, now)
  if (Object.keys(fields).length > 0) throw invalid(fields)
  return withTx(deps, async (tx, after) => {
    // 31 bits: the column is an integer on PostgreSQL.
    const seed = deps.rng.stream('esports-tournament-seeds').uint32() >>> 1
    const t = await tx
      .insertInto('esports_tournaments')
      .values({
        name: input.name,
        kind: input.kind,
        mode: input.mode,
        team_size: TEAM_SIZES[input.mode],
        description: input.description ?? null,
        squads_limit: input.squads_limit,
        rounds_count: input.rounds.length,
        seed,
        created_by_id: admin.id,
        registration_closes_at_ms: input.registration_closes_at_ms,
        created_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx
      .insertInto('esports_rounds')
      .values(
        input.rounds.map((r, i) => ({
          tournament_id: t.id,
          number: i + 1,
          name: r.name?.trim() || (i === input.rounds.length - 1 ? 'Final' : `Round ${i + 1}`),
          lobby_size: r.lobby_size,
          qualify_rule: r.qualify_rule,
          qualify_count: r.qualify_count,
          starts_at_ms: r.starts_at_ms,
        })),
      )
      .execute()
    await deps.scheduler.schedule(tx, {
      kind: REGISTRATION_CLOSE_JOB,
      runAtMs: input.registration_closes_at_ms,
      payload: { tournament_id: t.id },
      uniqueKey: registrationCloseKey(t.id),
    })
    after.run(() => deps.scheduler.kick())
    return t.id
  })
}

async function lockedTournament(tx: Executor, id: number) {
  await lockRows(tx, 'esports_tournaments', id)
  const t = await tx.selectFrom('esports_tournaments').selectAll().where('id', '=', id).executeTakeFirst()
  if (!t) throw notFound('Tournament')
  return t
}

function assertRegistering(
  t: { status: EsportsTournamentStatus; registration_closes_at_ms: number },
  now: number,
) {
  if (t.status !== 'registration' || now >= t.registration_closes_at_ms)
    throw new AppError('CONFLICT', 'Registration for this tournament has closed')
}

async function accountFor(db: Executor, userId: number, kind: EsportsKind) {
  const game = gameOfKind(kind)
  const account = await verifiedAccount(db, userId, game)
  if (!account)
    throw forbidden(
      `You need a verified ${ESPORTS_GAMES[game].name} game account to play this tournament: add it in Settings › Game accounts (/settings/game-accounts)`,
    )
  return account
}

async function assertNotRegistered(db: Executor, tournamentId: number, userId: number) {
  const mine = await db
    .selectFrom('esports_tournament_members')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (mine) throw new AppError('ALREADY_JOINED', 'You are already in a squad of this tournament')
}

/** The caller's game account, while registration is open and they are in no squad of it yet. */
async function registrant(tx: Tx, t: TournamentRow, userId: number, now: number) {
  assertRegistering(t, now)
  const account = await accountFor(tx, userId, t.kind)
  await assertNotRegistered(tx, t.id, userId)
  return account
}

/** A player into a tournament squad (the caller keeps the counts), announced after the commit. */
async function addMember(
  tx: Tx,
  after: AfterCommit,
  tournamentId: number,
  squadId: number,
  m: { userId: number; accountId: number },
  now: number,
): Promise<void> {
  await tx
    .insertInto('esports_tournament_members')
    .values({
      tournament_id: tournamentId,
      tournament_squad_id: squadId,
      user_id: m.userId,
      game_account_id: m.accountId,
      joined_at_ms: now,
    })
    .execute()
  after.publish(esportsTournamentStream(tournamentId), { type: 'squads' })
}

/** Registers a new squad with the caller as captain (and first member). */
export async function registerSquad(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
  name: string,
): Promise<number> {
  return withTx(deps, async (tx, after) => {
    const t = await lockedTournament(tx, tournamentId)
    const now = deps.clock.now()
    const account = await registrant(tx, t, caller.id, now)
    if (t.squads_count >= t.squads_limit)
      throw new AppError('CONTEST_FULL', `The tournament is full (${t.squads_limit} squads)`)
    const clash = await tx
      .selectFrom('esports_tournament_squads')
      .select(['id', 'name'])
      .where('tournament_id', '=', t.id)
      .execute()
    if (clash.some((s) => s.name.toLowerCase() === name.toLowerCase()))
      throw invalid({ name: ['is already taken in this tournament'] })
    const squad = await tx
      .insertInto('esports_tournament_squads')
      .values({
        tournament_id: t.id,
        name,
        captain_id: caller.id,
        invite_code: await freshSquadCode(deps, tx, `${t.id}:${caller.id}:${now}`),
        members_count: 1,
        created_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await addMember(tx, after, t.id, squad.id, { userId: caller.id, accountId: account.id }, now)
    await moveCount(tx, 'esports_tournaments', 'squads_count', t.id, 1)
    return squad.id
  })
}

/** Joins a squad of this tournament by its invite code (404 for a code of another tournament). */
export async function joinSquad(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
  code: string,
): Promise<number> {
  return withTx(deps, async (tx, after) => {
    const t = await lockedTournament(tx, tournamentId)
    const now = deps.clock.now()
    const squad = await tx
      .selectFrom('esports_tournament_squads')
      .selectAll()
      .where('tournament_id', '=', t.id)
      .where('invite_code', '=', code.trim().toUpperCase())
      .executeTakeFirst()
    if (!squad) throw notFound('Squad')
    const account = await registrant(tx, t, caller.id, now)
    if (squad.members_count >= t.team_size)
      throw new AppError('CONTEST_FULL', `The squad is full (${t.team_size} players)`)
    await addMember(tx, after, t.id, squad.id, { userId: caller.id, accountId: account.id }, now)
    await moveCount(tx, 'esports_tournament_squads', 'members_count', squad.id, 1)
    return squad.id
  })
}

/**
 * Leaves the caller's squad before registration closes. A captain leaving hands the captaincy
 * to the member who joined first after them; the last member leaving removes the squad.
 */
export async function leaveTournament(deps: Deps, caller: Caller, tournamentId: number): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const t = await lockedTournament(tx, tournamentId)
    const mine = await tx
      .selectFrom('esports_tournament_members')
      .selectAll()
      .where('tournament_id', '=', t.id)
      .where('user_id', '=', caller.id)
      .executeTakeFirst()
    if (!mine) throw notFound('Membership')
    assertRegistering(t, deps.clock.now())
    await tx.deleteFrom('esports_tournament_members').where('id', '=', mine.id).execute()
    const rest = await tx
      .selectFrom('esports_tournament_members')
      .select(['user_id'])
      .where('tournament_squad_id', '=', mine.tournament_squad_id)
      .orderBy('joined_at_ms')
      .orderBy('id')
      .execute()
    if (rest.length === 0) {
      await tx.deleteFrom('esports_tournament_squads').where('id', '=', mine.tournament_squad_id).execute()
      await moveCount(tx, 'esports_tournaments', 'squads_count', t.id, -1)
    } else {
      const squad = await tx
        .selectFrom('esports_tournament_squads')
        .select('captain_id')
        .where('id', '=', mine.tournament_squad_id)
        .executeTakeFirstOrThrow()
      await tx
        .updateTable('esports_tournament_squads')
        .set({
          members_count: rest.length,
          captain_id:
            squad.captain_id === caller.id ? (rest[0]?.user_id ?? squad.captain_id) : squad.captain_id,
        })
        .where('id', '=', mine.tournament_squad_id)
        .execute()
    }
    after.publish(esportsTournamentStream(t.id), { type: 'squads' })
  })
}

/** An admin seeds a round by hand (round 1 before the registration-close job, or a round left pending). */
export async function seedRoundByHand(deps: Deps, roundId: number): Promise<number> {
  return withTx(deps, async (tx, after) => {
    const round = await tx
      .selectFrom('esports_rounds')
      .select(['id', 'tournament_id', 'number'])
      .where('id', '=', roundId)
      .executeTakeFirst()
    if (!round) throw notFound('Round')
    await seedRound(tx, after, deps, round.id)
    if (round.number === 1) await deps.scheduler.cancel(tx, registrationCloseKey(round.tournament_id))
    return round.tournament_id
  })
}

// ---- Reads ----------------------------------------------------------------------------------
