import type { EsportsGame, GameAccountStatus } from '../../server/db/schema'
import type { Tx } from '../../server/db/tx'
import type { SeedRandom } from '../generators/random'

/**
 * Seeded game accounts (docs/esports.md, "Game accounts", "Seeds"), written last so every row
 * seeded before them keeps its id. People are the seed's people in order: the demo player
 * first, then the demo users.
 *
 * - the demo player: verified PUBG, Free Fire and Call of Duty accounts;
 * - demo users 1–20: verified PUBG (a tournament's worth of players);
 * - demo users 13–20: verified Free Fire too (8 players: a Free Fire room);
 * - demo users 1–4: verified Call of Duty too;
 * - demo user 21: a pending PUBG account; demo user 22: a pending Free Fire account
 *   (so the admins' queue is not empty).
 * Fewer demo users: the same plan as far as they go.
 */
export const SEEDED_ACCOUNT_PLAN = {
  pubgVerified: [1, 20],
  freeFireVerified: [13, 20],
  callOfDutyVerified: [1, 4],
  pendingPubg: 21,
  pendingFreeFire: 22,
} as const

interface PlannedAccount {
  username: string
  game: EsportsGame
  status: GameAccountStatus
}

function plan(people: Array<{ username: string }>): PlannedAccount[] {
  const out: PlannedAccount[] = []
  const demo = people[0]
  if (demo) {
    for (const game of ['pubg', 'free-fire', 'call-of-duty'] as const)
      out.push({ username: demo.username, game, status: 'verified' })
  }
  const within = (n: number, [from, to]: readonly [number, number]) => n >= from && n <= to
  for (const [n, person] of people.entries()) {
    if (n === 0) continue
    const p = SEEDED_ACCOUNT_PLAN
    if (within(n, p.pubgVerified)) out.push({ username: person.username, game: 'pubg', status: 'verified' })
    if (within(n, p.freeFireVerified))
      out.push({ username: person.username, game: 'free-fire', status: 'verified' })
    if (within(n, p.callOfDutyVerified))
      out.push({ username: person.username, game: 'call-of-duty', status: 'verified' })
    if (n === p.pendingPubg) out.push({ username: person.username, game: 'pubg', status: 'pending' })
    if (n === p.pendingFreeFire) out.push({ username: person.username, game: 'free-fire', status: 'pending' })
  }
  return out
}

const SUFFIXES = ['', 'FF', 'YT', 'OP', 'GG', 'X', 'Pro', '07', '99', 'King', 'Ace']

/** An in-game name from the username: letters and digits, 2–24 characters. */
function inGameName(username: string, suffix: string): string {
  const base = username.replace(/[^A-Za-z0-9]/g, '')
  const name = `${base.charAt(0).toUpperCase()}${base.slice(1)}${suffix}`
  return (name.length >= 2 ? name : `${name}Player`).slice(0, 24)
}

export async function writeGameAccounts(
  tx: Tx,
  random: SeedRandom,
  nowMs: number,
  adminId: number,
  people: Array<{ username: string }>,
  userIds: Map<string, number>,
): Promise<number> {
  const rand = random.stream('game-accounts')
  const used = new Set<string>()
  let written = 0
  for (const account of plan(people)) {
    const userId = userIds.get(account.username)
    if (userId === undefined) continue
    let characterId: string
    do {
      // PUBG ids are 10 digits, Free Fire 9–10, Call of Duty up to 19: 10 digits for all.
      characterId = `${rand.int(1, 9)}${String(rand.int(0, 999_999_999)).padStart(9, '0')}`
    } while (used.has(`${account.game}:${characterId}`))
    used.add(`${account.game}:${characterId}`)
    const createdAt = nowMs - rand.int(3, 40) * 86_400_000
    const verified = account.status === 'verified'
    await tx
      .insertInto('game_accounts')
      .values({
        user_id: userId,
        game: account.game,
        in_game_name: inGameName(account.username, rand.pick(SUFFIXES)),
        character_id: characterId,
        game_level: rand.int(account.game === 'free-fire' ? 20 : 30, 80),
        status: account.status,
        reject_reason: null,
        reviewed_by_id: verified ? adminId : null,
        reviewed_at_ms: verified ? createdAt + 86_400_000 : null,
        created_at_ms: createdAt,
        updated_at_ms: verified ? createdAt + 86_400_000 : createdAt,
      })
      .execute()
    written++
  }
  return written
}
