import { post, SYSTEM_ACCOUNTS, systemAccountId, userAccountId } from '../../server/areas/ledger/service'
import { insertUser } from '../../server/areas/users/service'
import type { Tx } from '../../server/db/tx'
import type { FollowPlan, PersonPlan } from '../generators/people'

export interface AccountInput {
  email: string
  username: string
  passwordHash: string
}

/** The seeded admin: verified and active, with no wallet money (admins do not play). */
export async function writeAdmin(tx: Tx, admin: AccountInput, createdAt: number): Promise<number> {
  const user = await insertUser(tx, {
    email: admin.email,
    username: admin.username,
    passwordHash: admin.passwordHash,
    fullName: 'Fanspole Admin',
    teamName: 'Fanspole HQ',
    role: 'admin',
    emailVerified: true,
    nowMs: createdAt,
  })
  return user.id
}

/** One player through the users service, so slug, referral code and ledger accounts are made the usual way. */
export async function writePerson(
  tx: Tx,
  person: PersonPlan,
  passwordHash: string,
  avatarIds: number[],
  userIds: Map<string, number>,
): Promise<number> {
  const user = await insertUser(tx, {
    email: person.email,
    username: person.username,
    passwordHash,
    fullName: person.fullName,
    teamName: person.teamName,
    emailVerified: true,
    avatarId: avatarIds[person.avatarIndex] ?? null,
    referredById: person.referrer ? (userIds.get(person.referrer) ?? null) : null,
    interests: person.interests,
    aboutMe: person.aboutMe,
    xpPoints: person.xp,
    nowMs: person.createdAt,
  })
  if (person.dob) await tx.updateTable('users').set({ dob: person.dob }).where('id', '=', user.id).execute()
  userIds.set(person.username, user.id)
  return user.id
}

export async function writeFollows(
  tx: Tx,
  follows: FollowPlan[],
  userIds: Map<string, number>,
): Promise<void> {
  const rows = follows.flatMap((f) => {
    const follower = userIds.get(f.follower)
    const followee = userIds.get(f.followee)
    return follower !== undefined && followee !== undefined
      ? [{ follower_id: follower, followee_id: followee, created_at_ms: f.at }]
      : []
  })
  if (rows.length === 0) return
  await tx.insertInto('follows').values(rows).execute()
  // The counters on users (docs/social.md) are counted once from the rows just written.
  const ids = [...new Set(rows.flatMap((r) => [r.follower_id, r.followee_id]))]
  await tx
    .updateTable('users')
    .set((eb) => ({
      follower_count: eb
        .selectFrom('follows')
        .select((f) => f.fn.countAll<number>().as('n'))
        .whereRef('follows.followee_id', '=', 'users.id'),
      following_count: eb
        .selectFrom('follows')
        .select((f) => f.fn.countAll<number>().as('n'))
        .whereRef('follows.follower_id', '=', 'users.id'),
    }))
    .where('id', 'in', ids)
    .execute()
}

/**
 * Starting money, only through the ledger: a welcome credit from the house account into
 * each player's unused balance, and coins from the house coin account. Keys are derived
 * from the seed and the username, so a replay is recognised instead of paid twice.
 */
export async function writeStartingMoney(
  tx: Tx,
  people: PersonPlan[],
  userIds: Map<string, number>,
  seed: number,
): Promise<number> {
  let postings = 0
  for (const person of people) {
    const userId = userIds.get(person.username)
    if (userId === undefined) continue
    const at = person.createdAt
    const house = await systemAccountId(tx, SYSTEM_ACCOUNTS.house.code, 'INR', at)
    const houseCoins = await systemAccountId(tx, SYSTEM_ACCOUNTS.houseCoins.code, 'COIN', at)
    const credits: Array<[number, number, 'unused' | 'coins']> = [
      [house, person.unusedPaise, 'unused'],
      [houseCoins, person.coins, 'coins'],
    ]
    for (const [source, amount, compartment] of credits) {
      if (amount <= 0) continue
      await post(tx, {
        kind: 'seed_credit',
        idempotencyKey: `seed:${seed}:${person.username}:${compartment}`,
        memo: compartment === 'unused' ? 'Welcome credit' : 'Welcome coins',
        meta: { seed, demo_league: true },
        lines: [
          { accountId: source, amount: -amount },
          { accountId: await userAccountId(tx, userId, compartment), amount },
        ],
        nowMs: at,
      })
      postings++
    }
  }
  return postings
}
