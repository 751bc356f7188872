import { chargeEsportsEntry, recordResults } from '../../server/areas/esports'
import { userBalances } from '../../server/areas/ledger/service'
import type { AfterCommit, Tx } from '../../server/db/tx'
import { inviteCode } from '../../server/domain/contest-templates'
import { TEAM_SIZES } from '../../server/domain/esports/rules'
import { createRng } from '../../server/domain/rng'

const NO_AFTER: AfterCommit = { publish: () => {}, run: () => {} }
const MINUTE = 60_000
const ENTRY_FEE_PAISE = 2_500
const SQUADS = 4
const SQUAD_NAMES = ['Booyah Bros', 'Bermuda Wolves', 'Clash Kings', 'Purgatory Aces']

export interface SeededEsportsResults {
  esports_contests: number
  esports_transactions: number
}

/**
 * A finished Free Fire room (docs/esports.md "Results, payouts and corrections", "Seeds"): a
 * duo contest hosted by a demo user that the demo player and seven demo users played three
 * hours ago — entries paid into its pool, results drawn by the simulator (version 1) and
 * prizes paid through the ledger, so the demo player's passbook and notifications show an
 * esports line. Written last, with its own random stream, so every row before it stays as it
 * was. The players' Free Fire accounts are inserted only when missing (the game-accounts seed
 * may have made them); a player who cannot pay the ₹25 fee is left out.
 */
export async function writeEsportsResults(
  tx: Tx,
  seed: number,
  nowMs: number,
  demoUserId: number | undefined,
  rivals: ReadonlyArray<{ userId: number; username: string }>,
): Promise<SeededEsportsResults> {
  const none = { esports_contests: 0, esports_transactions: 0 }
  const host = rivals[0]
  if (demoUserId === undefined || !host) return none
  const players = await payingPlayers(tx, demoUserId, rivals.slice(1))
  if (!players) return none
  const squadsCount = Math.floor(players.length / TEAM_SIZES.duo)
  if (squadsCount < 2 || players[0]?.userId !== demoUserId) return none
  const transactionsBefore = await countTransactions(tx)

  const startsAt = nowMs - 3 * 60 * MINUTE
  const createdAt = startsAt - 26 * 60 * MINUTE
  const contest = await insertRoom(tx, seed, host.userId, startsAt, createdAt)

  for (let s = 0; s < squadsCount; s++)
    await writeSquad(tx, contest, {
      seed,
      s,
      duo: players.slice(s * 2, s * 2 + 2),
      joinedAt: createdAt + (s + 1) * 37 * MINUTE,
    })
  const lockedAt = startsAt - 15 * MINUTE
  const locked = await tx
    .updateTable('esports_contests')
    .set({
      status: 'locked',
      squads_count: squadsCount,
      members_count: squadsCount * TEAM_SIZES.duo,
      locked_at_ms: lockedAt,
      revealed_at_ms: lockedAt,
    })
    .where('id', '=', contest.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordResults(
    tx,
    NO_AFTER,
    locked,
    { id: host.userId, role: 'player' },
    { simulate: true, note: 'Drawn by the simulator for the demo league' },
    { nowMs: startsAt + 40 * MINUTE, rng: createRng(seed) },
  )
  return { esports_contests: 1, esports_transactions: (await countTransactions(tx)) - transactionsBefore }
}

type Player = { userId: number; username: string }

/**
 * The demo player first, then demo users with a verified Free Fire account, then the rest, while
 * they can pay the fee; null when the demo player is missing.
 */
async function payingPlayers(
  tx: Tx,
  demoUserId: number,
  others: ReadonlyArray<Player>,
): Promise<Player[] | null> {
  const players: Player[] = []
  const demo = await tx.selectFrom('users').select('username').where('id', '=', demoUserId).executeTakeFirst()
  if (!demo) return null
  // Players who already have a verified Free Fire account (the game-accounts seed) come first.
  const withAccount = new Set(
    (
      await tx
        .selectFrom('game_accounts')
        .select('user_id')
        .where('game', '=', 'free-fire')
        .where('status', '=', 'verified')
        .execute()
    ).map((r) => Number(r.user_id)),
  )
  const ordered = [
    ...others.filter((r) => withAccount.has(r.userId)),
    ...others.filter((r) => !withAccount.has(r.userId)),
  ]
  for (const candidate of [{ userId: demoUserId, username: demo.username }, ...ordered]) {
    if (players.length === SQUADS * TEAM_SIZES.duo) break
    if ((await userBalances(tx, candidate.userId)).unused >= ENTRY_FEE_PAISE) players.push(candidate)
  }
  return players
}

/** The Free Fire duo room, open as it was before it locked. */
async function insertRoom(tx: Tx, seed: number, hostId: number, startsAt: number, createdAt: number) {
  return tx
    .insertInto('esports_contests')
    .values({
      kind: 'free-fire',
      game: 'free-fire',
      mode: 'duo',
      team_size: TEAM_SIZES.duo,
      name: 'Bermuda Friday Duos',
      description: 'Duo room on Bermuda: ₹2 a kill, the top four squads paid.',
      map: 'Bermuda',
      host_id: hostId,
      entry_fee_paise: ENTRY_FEE_PAISE,
      rake_bps: 1500,
      per_kill_paise: 200,
      prize_percents: JSON.stringify([
        { from: 1, to: 1, percent_bps: 4000 },
        { from: 2, to: 2, percent_bps: 3000 },
        { from: 3, to: 3, percent_bps: 2000 },
        { from: 4, to: 4, percent_bps: 1000 },
      ]),
      slots: 12,
      is_private: 0,
      invite_code: inviteCode(`seed:${seed}:esports:free-fire-room`),
      starts_at_ms: startsAt,
      reveal_minutes: 15,
      status: 'open',
      room_id: '7345120',
      room_password: 'booyah',
      room_set_at_ms: startsAt - 40 * MINUTE,
      created_at_ms: createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** One duo squad: the squad row, each member with their account, and their paid entries. */
async function writeSquad(
  tx: Tx,
  contest: Awaited<ReturnType<typeof insertRoom>>,
  o: { seed: number; s: number; duo: Player[]; joinedAt: number },
): Promise<void> {
  const { seed, s, duo, joinedAt } = o
  const captain = duo[0] as { userId: number }
  const squad = await tx
    .insertInto('esports_squads')
    .values({
      contest_id: contest.id,
      name: SQUAD_NAMES[s] as string,
      captain_id: captain.userId,
      invite_code: inviteCode(`seed:${seed}:esports:free-fire-room:squad:${s}`),
      slot_no: s + 1,
      members_count: duo.length,
      created_at_ms: joinedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [k, p] of duo.entries()) {
    const account = await freeFireAccount(tx, p, joinedAt)
    const member = await tx
      .insertInto('esports_members')
      .values({
        contest_id: contest.id,
        squad_id: squad.id,
        user_id: p.userId,
        game_account_id: account.id,
        in_game_name: account.in_game_name,
        character_id: account.character_id,
        position: k + 1,
        entry_fee_paise: ENTRY_FEE_PAISE,
        joined_at_ms: joinedAt + k * 5 * MINUTE,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await chargeEsportsEntry(tx, NO_AFTER, {
      contest,
      memberId: member.id,
      userId: p.userId,
      nowMs: joinedAt + k * 5 * MINUTE,
    })
  }
}

async function countTransactions(tx: Tx): Promise<number> {
  const row = await tx
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The player's Free Fire account, inserted (verified) only when they have none. */
async function freeFireAccount(tx: Tx, p: { userId: number; username: string }, atMs: number) {
  const find = () =>
    tx
      .selectFrom('game_accounts')
      .select(['id', 'in_game_name', 'character_id'])
      .where('user_id', '=', p.userId)
      .where('game', '=', 'free-fire')
      .executeTakeFirst()
  const existing = await find()
  if (existing) return existing
  // A character id no other Free Fire account holds (the game-accounts seed may use some).
  for (let attempt = 0; ; attempt++) {
    const characterId = String(4_100_000_000 + p.userId * 7_919 + attempt * 104_729)
    const taken = await tx
      .selectFrom('game_accounts')
      .select('id')
      .where('game', '=', 'free-fire')
      .where('character_id', '=', characterId)
      .executeTakeFirst()
    if (taken) continue
    return tx
      .insertInto('game_accounts')
      .values({
        user_id: p.userId,
        game: 'free-fire',
        in_game_name: `${p.username.slice(0, 14)}FF`,
        character_id: characterId,
        game_level: 30 + (p.userId % 50),
        status: 'verified',
        reject_reason: null,
        reviewed_at_ms: atMs - 60 * MINUTE,
        created_at_ms: atMs - 2 * 60 * MINUTE,
        updated_at_ms: atMs - 60 * MINUTE,
      })
      .returning(['id', 'in_game_name', 'character_id'])
      .executeTakeFirstOrThrow()
  }
}
