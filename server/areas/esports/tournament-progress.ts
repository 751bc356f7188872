import type { Selectable } from 'kysely'
import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { EsportsRoundsTable, EsportsTournamentsTable } from '../../db/schema'
import { type AfterCommit, type Tx, withTx } from '../../db/tx'
import { DEFAULT_REVEAL_MINUTES, gameOfKind } from '../../domain/esports/rules'
import { firstRoundSeeding, type Seeded, snakeSeed } from '../../domain/esports/tournaments'
import { AppError, notFound } from '../../http/errors'
import { esportsTournamentStream } from './core'
import { scheduleReveal } from './rooms.service'

/**
 * A tournament's progress (docs/esports.md, "Tournaments, rounds and slots"): seeding a round
 * into lobbies (esports contests with `round_id`), copying each lobby's results into the round's
 * slots, and — once every lobby of a round has results — qualification, the next round's
 * seeding, or the tournament's end. Everything runs inside the caller's transaction; the live
 * messages (`slots`, `round`, `standings` on `esportsTournamentStream`) go out after its commit.
 */
export type TournamentRow = Selectable<EsportsTournamentsTable>
export type RoundRow = Selectable<EsportsRoundsTable>

export const REGISTRATION_CLOSE_JOB = 'esports.tournament_registration_close'
export const registrationCloseKey = (tournamentId: number) => `esports_tournament:${tournamentId}:close`

/**
 * What progress needs: the clock, and the scheduler for the lobbies' reveal jobs — absent when the
 * demo league's seed writes a tournament before any server runs: then the boot's
 * `resumeEsportsReveals` gives those lobbies their jobs.
 */
export type ProgressDeps = Pick<Deps, 'clock'> & Partial<Pick<Deps, 'scheduler' | 'db' | 'bus'>>

export async function loadRound(tx: Tx, roundId: number) {
  const round = await tx.selectFrom('esports_rounds').selectAll().where('id', '=', roundId).executeTakeFirst()
  if (!round) throw notFound('Round')
  return round
}

export async function loadTournament(tx: Tx, id: number) {
  await lockRows(tx, 'esports_tournaments', id)
  const t = await tx.selectFrom('esports_tournaments').selectAll().where('id', '=', id).executeTakeFirst()
  if (!t) throw notFound('Tournament')
  return t
}

/** The tournament's squads with at least one member (an empty squad does not play). */
async function playingSquadIds(tx: Tx, tournamentId: number): Promise<number[]> {
  const squads = await tx
    .selectFrom('esports_tournament_squads')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('members_count', '>', 0)
    .execute()
  return squads.map((s) => s.id)
}

/** Which squads play a round, in seed order, and where: round 1 by the seeded shuffle, later rounds by snake on the previous round's rank. */
async function seedingFor(tx: Tx, tournament: TournamentRow, round: RoundRow): Promise<Seeded[]> {
  if (round.number === 1) {
    return firstRoundSeeding(await playingSquadIds(tx, tournament.id), round.lobby_size, tournament.seed)
  }
  const previous = await tx
    .selectFrom('esports_slots as s')
    .innerJoin('esports_rounds as r', 'r.id', 's.round_id')
    .select(['s.tournament_squad_id', 's.rank', 's.seed_no'])
    .where('r.tournament_id', '=', tournament.id)
    .where('r.number', '=', round.number - 1)
    .where('s.qualified', '=', 1)
    .execute()
  previous.sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.seed_no - b.seed_no)
  return snakeSeed(
    previous.map((p) => p.tournament_squad_id),
    round.lobby_size,
  )
}

/**
 * Seeds a pending round: one lobby (esports contest) per `lobbiesFor` group, its squads and
 * members copied from the tournament squads (each member's game account as it is now), and a
 * slot per squad. Lobbies are free, without prizes, hosted by the tournament's creator and
 * created `locked` (squads are final: the seeding placed them; nobody joins a lobby). The
 * round becomes `seeded` and the tournament `running` with this round current. 409 when the
 * round is not pending or has fewer than 2 squads.
 */
export async function seedRound(
  tx: Tx,
  after: AfterCommit,
  deps: ProgressDeps,
  roundId: number,
): Promise<void> {
  const first = await loadRound(tx, roundId)
  const tournament = await loadTournament(tx, first.tournament_id)
  const round = await loadRound(tx, roundId)
  await assertSeedable(tx, tournament, round)
  const now = deps.clock.now()
  const seeding = await seedingFor(tx, tournament, round)
  if (seeding.length < 2) throw new AppError('CONFLICT', 'A round needs at least 2 squads')
  const squadIds = seeding.map((s) => s.tournament_squad_id)
  const squads = await tx
    .selectFrom('esports_tournament_squads')
    .selectAll()
    .where('id', 'in', squadIds)
    .execute()
  const members = await tx
    .selectFrom('esports_tournament_members as m')
    .innerJoin('game_accounts as a', 'a.id', 'm.game_account_id')
    .select([
      'm.id',
      'm.tournament_squad_id',
      'm.user_id',
      'm.game_account_id',
      'a.in_game_name',
      'a.character_id',
    ])
    .where('m.tournament_squad_id', 'in', squadIds)
    .orderBy('m.joined_at_ms')
    .orderBy('m.id')
    .execute()
  const squadById = new Map(squads.map((s) => [s.id, s]))
  const lobbies = [...new Set(seeding.map((s) => s.lobby_no))].sort((a, b) => a - b)
  for (const lobbyNo of lobbies) {
    const inLobby = seeding.filter((s) => s.lobby_no === lobbyNo)
    const lobbyMembers = members.filter((m) =>
      inLobby.some((s) => s.tournament_squad_id === m.tournament_squad_id),
    )
    const lobby: Lobby = { tournament, round, lobbyNo, now }
    const contestId = await openLobby(tx, after, deps, lobby, inLobby.length, lobbyMembers.length)
    for (const slot of inLobby) {
      const ts = squadById.get(slot.tournament_squad_id)
      if (!ts) continue
      await seatSquad(tx, lobby, contestId, slot, ts, lobbyMembers)
    }
  }
  await tx
    .updateTable('esports_rounds')
    .set({ status: 'seeded', seeded_at_ms: now, lobbies_count: lobbies.length })
    .where('id', '=', round.id)
    .execute()
  await tx
    .updateTable('esports_tournaments')
    .set({ status: 'running', current_round: round.number })
    .where('id', '=', tournament.id)
    .execute()
  const stream = esportsTournamentStream(tournament.id)
  after.publish(stream, { type: 'slots', round_id: round.id })
  after.publish(stream, { type: 'round', round_id: round.id, number: round.number, status: 'seeded' })
}

/** 409 unless the round is pending, the tournament still on, and the round before it completed. */
async function assertSeedable(tx: Tx, tournament: TournamentRow, round: RoundRow): Promise<void> {
  if (round.status !== 'pending')
    throw new AppError('CONFLICT', `Round ${round.number} is already ${round.status}`)
  if (tournament.status === 'completed' || tournament.status === 'cancelled')
    throw new AppError('CONFLICT', `The tournament is ${tournament.status}`)
  const previous =
    round.number === 1
      ? undefined
      : await tx
          .selectFrom('esports_rounds')
          .select('status')
          .where('tournament_id', '=', tournament.id)
          .where('number', '=', round.number - 1)
          .executeTakeFirst()
  if (previous && previous.status !== 'completed')
    throw new AppError('CONFLICT', `Round ${round.number - 1} has not been completed`)
}

/** One lobby of a round being seeded: the esports contest its squads play in. */
interface Lobby {
  tournament: TournamentRow
  round: RoundRow
  lobbyNo: number
  now: number
}

/** The lobby's contest, created locked and free, its room reveal scheduled; returns its id. */
async function openLobby(
  tx: Tx,
  after: AfterCommit,
  deps: ProgressDeps,
  { tournament, round, lobbyNo, now }: Lobby,
  squadsCount: number,
  membersCount: number,
): Promise<number> {
  const contest = await tx
    .insertInto('esports_contests')
    .values({
      kind: tournament.kind,
      game: gameOfKind(tournament.kind),
      mode: tournament.mode,
      team_size: tournament.team_size,
      name: `${tournament.name} · ${round.name} · Lobby ${lobbyNo}`,
      description: `Lobby ${lobbyNo} of ${round.name} of the tournament ${tournament.name}`,
      map: null,
      host_id: tournament.created_by_id,
      entry_fee_paise: 0,
      per_kill_paise: 0,
      prize_percents: '[]',
      slots: squadsCount,
      squads_count: squadsCount,
      members_count: membersCount,
      invite_code: `tournament-${tournament.id}-round-${round.id}-lobby-${lobbyNo}`,
      starts_at_ms: round.starts_at_ms,
      reveal_minutes: DEFAULT_REVEAL_MINUTES,
      status: 'locked',
      locked_at_ms: now,
      round_id: round.id,
      lobby_no: lobbyNo,
      created_at_ms: now,
    })
    .returning(['id', 'starts_at_ms', 'reveal_minutes', 'status', 'revealed_at_ms'])
    .executeTakeFirstOrThrow()
  // The room is shown to the lobby's players at its reveal time (rooms.service.ts).
  if (deps.scheduler && deps.db && deps.bus)
    await scheduleReveal({ scheduler: deps.scheduler, db: deps.db, bus: deps.bus }, contest, { tx, after })
  return contest.id
}

/** A tournament squad copied into its lobby: the squad, its members (captain first) and its slot. */
async function seatSquad(
  tx: Tx,
  { tournament, round, lobbyNo, now }: Lobby,
  contestId: number,
  slot: Seeded,
  ts: { id: number; name: string; captain_id: number },
  lobbyMembers: Array<{
    tournament_squad_id: number
    user_id: number
    game_account_id: number
    in_game_name: string
    character_id: string
  }>,
): Promise<void> {
  const own = lobbyMembers.filter((m) => m.tournament_squad_id === ts.id)
  const squad = await tx
    .insertInto('esports_squads')
    .values({
      contest_id: contestId,
      name: ts.name,
      captain_id: ts.captain_id,
      invite_code: `tournament-${tournament.id}-round-${round.id}-squad-${ts.id}`,
      slot_no: slot.slot_no,
      members_count: own.length,
      tournament_squad_id: ts.id,
      created_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The captain first, then the others in the order they joined.
  const ordered = [
    ...own.filter((m) => m.user_id === ts.captain_id),
    ...own.filter((m) => m.user_id !== ts.captain_id),
  ]
  if (ordered.length > 0)
    await tx
      .insertInto('esports_members')
      .values(
        ordered.map((m, i) => ({
          contest_id: contestId,
          squad_id: squad.id,
          user_id: m.user_id,
          game_account_id: m.game_account_id,
          in_game_name: m.in_game_name,
          character_id: m.character_id,
          position: i + 1,
          joined_at_ms: now,
        })),
      )
      .execute()
  await tx
    .insertInto('esports_slots')
    .values({
      round_id: round.id,
      tournament_squad_id: ts.id,
      contest_id: contestId,
      lobby_no: lobbyNo,
      slot_no: slot.slot_no,
      seed_no: slot.seed_no,
    })
    .execute()
}

/**
 * Registration closes: round 1 is seeded, or with fewer than 2 squads the tournament is
 * cancelled. Idempotent: a tournament no longer registering is left alone.
 */
export async function closeRegistration(deps: Deps, tournamentId: number): Promise<void> {
  await withTx(deps, async (tx, after) => {
    const t = await loadTournament(tx, tournamentId).catch(() => undefined)
    if (t?.status !== 'registration') return
    const playing = await playingSquadIds(tx, t.id)
    if (playing.length < 2) {
      await tx
        .updateTable('esports_tournaments')
        .set({ status: 'cancelled', completed_at_ms: deps.clock.now() })
        .where('id', '=', t.id)
        .execute()
      after.publish(esportsTournamentStream(t.id), { type: 'status', status: 'cancelled' })
      return
    }
    const first = await tx
      .selectFrom('esports_rounds')
      .selectAll()
      .where('tournament_id', '=', t.id)
      .where('number', '=', 1)
      .executeTakeFirst()
    if (first && first.status === 'pending') await seedRound(tx, after, deps, first.id)
  })
}

/** The registration-close job (registered at boot; stored, so it survives a restart and runs once). */
export function registerTournamentJobs(deps: Deps): void {
  deps.scheduler.register(REGISTRATION_CLOSE_JOB, async (job) => {
    await closeRegistration(deps, Number(job.payload.tournament_id))
  })
}
