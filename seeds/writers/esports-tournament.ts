import { afterLobbyResults, seedRound } from '../../server/areas/esports'
import type { AfterCommit, Tx } from '../../server/db/tx'
import { squadPoints } from '../../server/domain/esports/rules'
import { hashString, randomStream } from '../../server/domain/rng'

const HOUR = 3_600_000
const SQUADS = 16
/** A character id of the seed's own range (12 digits, starting 77): apart from any other seeded account's. */
const characterId = (userId: number) => `77${String(userId).padStart(10, '0')}`

/**
 * A PUBG tournament in progress (docs/esports.md, "Tournaments, rounds and slots"), written
 * last in seeding: 16 solo squads of demo users; round 1 (two lobbies of 8, top 4 of each go
 * on) played two hours ago with results entered; the final (one lobby of 8) seeded and due
 * in two hours. Each player needs a verified PUBG game account: one already there (the game
 * accounts seed) is used, else one is added here. Through the server's own seeding and
 * results code, on the seed's clock; nothing is broadcast. Skipped with fewer than 16 demo
 * users besides the demo player.
 */
export async function writeEsportsTournament(
  tx: Tx,
  seed: number,
  nowMs: number,
  rivals: Array<{ userId: number; username: string }>,
): Promise<number> {
  if (rivals.length < SQUADS) return 0
  const admin = await tx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .executeTakeFirst()
  if (!admin) return 0
  const deps = { clock: { now: () => nowMs } } as Parameters<typeof seedRound>[2]
  const after: AfterCommit = { publish() {}, run() {} }
  const closes = nowMs - 3 * HOUR
  const tournamentId = await insertTournament(tx, seed, nowMs, admin.id, closes)
  const [round1, final] = await insertRounds(tx, tournamentId, nowMs)
  if (round1 === undefined || final === undefined) return 0
  for (const [i, p] of rivals.slice(0, SQUADS).entries())
    await registerSquad(tx, {
      tournamentId,
      adminId: admin.id,
      player: p,
      i,
      joined: closes - (SQUADS - i) * HOUR,
    })
  await seedRound(tx, after, deps, round1)
  // Round 1's results, as the host entered them an hour after the start.
  const draw = randomStream(hashString(`${seed}:esports-tournament-results`))
  const lobbies = await tx
    .selectFrom('esports_contests')
    .select('id')
    .where('round_id', '=', round1)
    .orderBy('lobby_no')
    .execute()
  for (const lobby of lobbies) {
    await writeLobbyResults(tx, draw, lobby.id, admin.id, nowMs)
    // The final is seeded by this call once both lobbies are in (at the seed's now).
    await afterLobbyResults(tx, after, deps, lobby.id)
  }
  return tournamentId
}

async function insertTournament(
  tx: Tx,
  seed: number,
  nowMs: number,
  adminId: number,
  closes: number,
): Promise<number> {
  const t = await tx
    .insertInto('esports_tournaments')
    .values({
      name: 'Fanspole PUBG Invitational',
      kind: 'pubg',
      mode: 'solo',
      team_size: 1,
      description: 'Sixteen players, two lobbies of eight, the top four of each to the final on Erangel.',
      status: 'registration',
      squads_limit: SQUADS,
      squads_count: SQUADS,
      rounds_count: 2,
      seed: hashString(`${seed}:esports-tournament`) >>> 1,
      created_by_id: adminId,
      registration_closes_at_ms: closes,
      created_at_ms: nowMs - 48 * HOUR,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return t.id
}

/** The qualifiers two hours ago and the final in two hours; returns their ids in order. */
async function insertRounds(tx: Tx, tournamentId: number, nowMs: number): Promise<number[]> {
  const rounds = [
    { number: 1, name: 'Qualifiers', lobby_size: 8, qualify_count: 4, starts_at_ms: nowMs - 2 * HOUR },
    { number: 2, name: 'Final', lobby_size: 8, qualify_count: 0, starts_at_ms: nowMs + 2 * HOUR },
  ]
  const ids: number[] = []
  for (const r of rounds)
    ids.push(
      (
        await tx
          .insertInto('esports_rounds')
          .values({ tournament_id: tournamentId, qualify_rule: 'top_per_lobby', ...r })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  return ids
}

/** One solo squad: the player's verified PUBG account (added when missing), the squad, the member. */
async function registerSquad(
  tx: Tx,
  o: {
    tournamentId: number
    adminId: number
    player: { userId: number; username: string }
    i: number
    joined: number
  },
): Promise<void> {
  const { player: p, joined } = o
  let account = await tx
    .selectFrom('game_accounts')
    .select('id')
    .where('user_id', '=', p.userId)
    .where('game', '=', 'pubg')
    .where('status', '=', 'verified')
    .executeTakeFirst()
  account ??= await tx
    .insertInto('game_accounts')
    .values({
      user_id: p.userId,
      game: 'pubg',
      in_game_name: `${p.username}_pubg`.slice(0, 24),
      character_id: characterId(p.userId),
      game_level: 20 + ((p.userId * 7) % 60),
      status: 'verified',
      reviewed_by_id: o.adminId,
      reviewed_at_ms: joined,
      created_at_ms: joined - HOUR,
      updated_at_ms: joined,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const squad = await tx
    .insertInto('esports_tournament_squads')
    .values({
      tournament_id: o.tournamentId,
      name: `Team ${p.username}`.slice(0, 40),
      captain_id: p.userId,
      invite_code: `TSEED${String(o.i + 1).padStart(4, '0')}`,
      members_count: 1,
      created_at_ms: joined,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('esports_tournament_members')
    .values({
      tournament_id: o.tournamentId,
      tournament_squad_id: squad.id,
      user_id: p.userId,
      game_account_id: account.id,
      joined_at_ms: joined,
    })
    .execute()
}

/** A lobby's drawn finish: squads' placement, kills, points and rank, the results row, the lobby completed. */
async function writeLobbyResults(
  tx: Tx,
  draw: ReturnType<typeof randomStream>,
  lobbyId: number,
  adminId: number,
  nowMs: number,
): Promise<void> {
  const squads = await tx
    .selectFrom('esports_squads')
    .select('id')
    .where('contest_id', '=', lobbyId)
    .orderBy('slot_no')
    .execute()
  const finish = draw.shuffle(squads.map((s) => s.id))
  const rows = finish.map((id, i) => ({
    squad_id: id,
    placement: i + 1,
    kills: draw.int(0, i < 3 ? 7 : 3),
  }))
  const ranked = [...rows].sort(
    (a, b) =>
      squadPoints('pubg', b.placement, b.kills) - squadPoints('pubg', a.placement, a.kills) ||
      a.placement - b.placement,
  )
  for (const r of rows) {
    await tx
      .updateTable('esports_squads')
      .set({
        placement: r.placement,
        kills: r.kills,
        points: squadPoints('pubg', r.placement, r.kills),
        rank: ranked.indexOf(r) + 1,
      })
      .where('id', '=', r.squad_id)
      .execute()
    await tx
      .updateTable('esports_members')
      .set({ kills: r.kills })
      .where('squad_id', '=', r.squad_id)
      .execute()
  }
  const at = nowMs - HOUR
  await tx
    .insertInto('esports_results')
    .values({
      contest_id: lobbyId,
      version: 1,
      source: 'host',
      entered_by_id: adminId,
      results: JSON.stringify(rows),
      note: null,
      created_at_ms: at,
    })
    .execute()
  await tx
    .updateTable('esports_contests')
    .set({
      status: 'completed',
      results_version: 1,
      settled_at_ms: at,
      room_id: `${7_300_000 + lobbyId - 1_000_000}`,
      room_password: 'erangel',
      room_set_at_ms: nowMs - 3 * HOUR,
      revealed_at_ms: nowMs - 2 * HOUR - 15 * 60_000,
    })
    .where('id', '=', lobbyId)
    .execute()
}
