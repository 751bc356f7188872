import type { EsportsKind, EsportsTournamentStatus } from '../../db/schema'
import type { Executor } from '../../db/tx'
import { ESPORTS_GAMES, ESPORTS_KINDS, gameOfKind } from '../../domain/esports/rules'
import { notFound } from '../../http/errors'

const user = (u: { id: number; slug: string; username: string }) => ({
  id: u.id,
  slug: u.slug,
  username: u.username,
})

export async function listTournaments(
  db: Executor,
  filter: { kind?: EsportsKind; status?: EsportsTournamentStatus },
) {
  let q = db.selectFrom('esports_tournaments').selectAll().orderBy('id', 'desc').limit(100)
  if (filter.kind) q = q.where('kind', '=', filter.kind)
  if (filter.status) q = q.where('status', '=', filter.status)
  const rows = await q.execute()
  const out = []
  for (const t of rows) out.push(await tournamentJson(db, t.id, null, { rounds: false }))
  return out
}

async function roundsOf(db: Executor, tournamentId: number) {
  const rounds = await db
    .selectFrom('esports_rounds')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('number')
    .execute()
  const lobbies =
    rounds.length === 0
      ? []
      : await db
          .selectFrom('esports_contests')
          .select(['id', 'round_id', 'lobby_no', 'squads_count', 'status', 'results_version'])
          .where(
            'round_id',
            'in',
            rounds.map((r) => r.id),
          )
          .orderBy('lobby_no')
          .execute()
  return rounds.map((r) => ({
    id: r.id,
    tournament_id: r.tournament_id,
    number: r.number,
    name: r.name,
    lobby_size: r.lobby_size,
    lobbies_count: r.lobbies_count,
    qualify_rule: r.qualify_rule,
    qualify_count: r.qualify_count,
    status: r.status,
    starts_at_in_millis: Number(r.starts_at_ms),
    seeded_at_in_millis: r.seeded_at_ms === null ? null : Number(r.seeded_at_ms),
    completed_at_in_millis: r.completed_at_ms === null ? null : Number(r.completed_at_ms),
    lobbies: lobbies
      .filter((l) => l.round_id === r.id)
      .map((l) => ({
        lobby_no: l.lobby_no ?? 0,
        contest_id: l.id,
        squads_count: l.squads_count,
        status: l.status,
        results_version: l.results_version,
      })),
  }))
}

export type RoundJson = Awaited<ReturnType<typeof roundsOf>>[number]

export async function tournamentRounds(db: Executor, tournamentId: number) {
  await findTournament(db, tournamentId)
  return roundsOf(db, tournamentId)
}

async function findTournament(db: Executor, id: number) {
  const t = await db.selectFrom('esports_tournaments').selectAll().where('id', '=', id).executeTakeFirst()
  if (!t) throw notFound('Tournament')
  return t
}

export async function tournamentJson(
  db: Executor,
  id: number,
  viewerId: number | null,
  options: { rounds: boolean } = { rounds: true },
) {
  const t = await findTournament(db, id)
  const creator = await db
    .selectFrom('users')
    .select(['id', 'slug', 'username'])
    .where('id', '=', t.created_by_id)
    .executeTakeFirstOrThrow()
  const game = gameOfKind(t.kind)
  let mySquad = null
  if (viewerId !== null) {
    const mine = await db
      .selectFrom('esports_tournament_members')
      .select('tournament_squad_id')
      .where('tournament_id', '=', t.id)
      .where('user_id', '=', viewerId)
      .executeTakeFirst()
    if (mine) mySquad = await squadJson(db, mine.tournament_squad_id, true)
  }
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    kind_name: ESPORTS_KINDS[t.kind].name,
    game,
    game_name: ESPORTS_GAMES[game].name,
    mode: t.mode,
    team_size: t.team_size,
    description: t.description,
    status: t.status,
    squads_limit: t.squads_limit,
    squads_count: t.squads_count,
    rounds_count: t.rounds_count,
    current_round: t.current_round,
    registration_closes_at_in_millis: Number(t.registration_closes_at_ms),
    registration_open: t.status === 'registration',
    created_by: user(creator),
    created_at_in_millis: Number(t.created_at_ms),
    completed_at_in_millis: t.completed_at_ms === null ? null : Number(t.completed_at_ms),
    my_squad: mySquad,
    rounds: options.rounds ? await roundsOf(db, t.id) : [],
  }
}

async function squadJson(db: Executor, squadId: number, withCode: boolean) {
  const s = await db
    .selectFrom('esports_tournament_squads')
    .selectAll()
    .where('id', '=', squadId)
    .executeTakeFirstOrThrow()
  const members = await db
    .selectFrom('esports_tournament_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('game_accounts as a', 'a.id', 'm.game_account_id')
    .select(['m.id', 'u.id as user_id', 'u.slug', 'u.username', 'a.in_game_name', 'm.joined_at_ms'])
    .where('m.tournament_squad_id', '=', squadId)
    .orderBy('m.joined_at_ms')
    .orderBy('m.id')
    .execute()
  const captain = members.find((m) => m.user_id === s.captain_id)
  return {
    id: s.id,
    name: s.name,
    captain: captain ? user({ id: captain.user_id, slug: captain.slug, username: captain.username }) : null,
    members: members.map((m) => ({
      id: m.id,
      user: user({ id: m.user_id, slug: m.slug, username: m.username }),
      in_game_name: m.in_game_name,
    })),
    members_count: s.members_count,
    invite_code: withCode ? s.invite_code : null,
    eliminated_in_round: s.eliminated_in_round,
  }
}

export async function roundSlots(db: Executor, roundId: number) {
  const round = await db
    .selectFrom('esports_rounds')
    .select(['id', 'tournament_id'])
    .where('id', '=', roundId)
    .executeTakeFirst()
  if (!round) throw notFound('Round')
  const rounds = await roundsOf(db, round.tournament_id)
  const slots = await db
    .selectFrom('esports_slots as s')
    .innerJoin('esports_tournament_squads as t', 't.id', 's.tournament_squad_id')
    .select([
      's.lobby_no',
      's.slot_no',
      's.seed_no',
      't.id as squad_id',
      't.name as squad_name',
      's.contest_id',
      's.placement',
      's.kills',
      's.points',
      's.rank',
      's.qualified',
    ])
    .where('s.round_id', '=', roundId)
    .orderBy('s.lobby_no')
    .orderBy('s.slot_no')
    .execute()
  return {
    round: rounds.find((r) => r.id === roundId) as RoundJson,
    slots: slots.map((s) => ({
      lobby_no: s.lobby_no,
      slot_no: s.slot_no,
      seed_no: s.seed_no,
      squad: { id: s.squad_id, name: s.squad_name },
      contest_id: s.contest_id,
      placement: s.placement,
      kills: s.kills,
      points: s.points,
      rank: s.rank,
      qualified: s.qualified === 1,
    })),
  }
}

/** The round shown when no round is named: the newest running tournament's current round (else undefined). */
export async function currentRoundId(db: Executor): Promise<number | undefined> {
  const t = await db
    .selectFrom('esports_tournaments')
    .select(['id', 'current_round'])
    .where('status', '=', 'running')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!t) return undefined
  const r = await db
    .selectFrom('esports_rounds')
    .select('id')
    .where('tournament_id', '=', t.id)
    .where('number', '=', t.current_round)
    .executeTakeFirst()
  return r?.id
}

/**
 * The tournament's standing: squads by the furthest round they reached (later first), then
 * their rank in it — before the round has results, their seed in it (the previous round's
 * standing); squads never seeded (registration) last by name. The current round's ranks move
 * with each lobby's results.
 */
export async function tournamentStandings(db: Executor, tournamentId: number) {
  const t = await findTournament(db, tournamentId)
  const squads = await db
    .selectFrom('esports_tournament_squads')
    .select(['id', 'name', 'eliminated_in_round', 'members_count'])
    .where('tournament_id', '=', t.id)
    .execute()
  const slots = await db
    .selectFrom('esports_slots as s')
    .innerJoin('esports_rounds as r', 'r.id', 's.round_id')
    .select([
      's.tournament_squad_id',
      'r.number',
      's.rank',
      's.seed_no',
      's.points',
      's.kills',
      's.placement',
      's.qualified',
    ])
    .where('r.tournament_id', '=', t.id)
    .execute()
  const rows = squads.map((s) => {
    const mine = slots.filter((x) => x.tournament_squad_id === s.id).sort((a, b) => b.number - a.number)
    const latest = mine[0]
    return {
      squad: { id: s.id, name: s.name },
      reached_round: latest?.number ?? 0,
      eliminated_in_round: s.eliminated_in_round,
      rank_in_round: latest?.rank ?? null,
      seed_in_round: latest?.seed_no ?? null,
      points: latest?.points ?? null,
      kills: latest?.kills ?? null,
      total_points: mine.reduce((sum, x) => sum + (x.points ?? 0), 0),
      total_kills: mine.reduce((sum, x) => sum + (x.kills ?? 0), 0),
    }
  })
  rows.sort(
    (a, b) =>
      b.reached_round - a.reached_round ||
      (a.rank_in_round ?? 1e9) - (b.rank_in_round ?? 1e9) ||
      (a.seed_in_round ?? 1e9) - (b.seed_in_round ?? 1e9) ||
      a.squad.name.localeCompare(b.squad.name),
  )
  return {
    status: t.status,
    current_round: t.current_round,
    standings: rows.map((r, i) => ({ position: i + 1, ...r })),
  }
}
