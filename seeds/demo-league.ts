import type { Kysely } from 'kysely'
import { DEFAULT_DEMO_PASSWORD, README_PASSWORDS } from '../server/core/config'
import type { Database } from '../server/db/schema'
import type { Tx } from '../server/db/tx'
import { DEMO_LEAGUE_KEY, publishedSalt } from '../server/domain/demo-league'
import { around, HOUR } from './generators/calendar'
import { buildSeries } from './generators/fixtures'
import { buildPeople } from './generators/people'
import { SeedRandom } from './generators/random'
import { buildReserves } from './generators/reserves'
import { buildRosters } from './generators/rosters'
import { SPORTS } from './reference-data'
import { catalogCounts, type SeedSummary } from './summary'
import { type KeyIds, writeRoster, writeSeries } from './writers/catalog'
import { writeChampionship } from './writers/championship'
import { writeContests } from './writers/contests'
import { writeEsportsResults } from './writers/esports-results'
import { writeEsportsTournament } from './writers/esports-tournament'
import { writeGameAccounts } from './writers/game-accounts'
import { writeGangs } from './writers/gangs'
import { writeGroups } from './writers/groups'
import { writeAdmin, writeFollows, writePerson, writeStartingMoney } from './writers/people'
import { writePlayerContests } from './writers/player-contests'
import { writeSocial } from './writers/social'

export { STYLE_BATTLE_ROYALE, STYLE_DRIVER, VALUE_RANGE } from './generators/rosters'
export type { SeedSummary } from './summary'

/** The app_settings key recording the league: its presence means "seeded". */
export const DEFAULT_DEMO_USERS = 24
export const MAX_DEMO_USERS = 1000
/**
 * The password of every generated demo user unless `usersPassword` says otherwise (the demo
 * player's and the admin's come from the options): the demo player's README password.
 */
export const DEMO_USER_PASSWORD = DEFAULT_DEMO_PASSWORD

export interface SeedOptions {
  seed: number
  /** The instant the league is built around: results before it, fixtures after it. */
  nowMs: number
  /** Generated demo users besides the demo player and the admin (default 24). */
  users?: number
  admin: { email: string; password: string; username: string }
  demo: { email: string; password: string; username: string }
  /** The generated demo users' password (default DEMO_USER_PASSWORD; a server on a network makes one up). */
  usersPassword?: string
  /** argon2id; `salt` is given for published passwords only (see hashOnce). */
  hashPassword: (password: string, salt?: Uint8Array) => Promise<string>
  /** Called as each step starts (done = steps finished) and once more at the end with done = total. */
  onProgress?: (step: string, done: number, total: number) => void
}

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('app_settings')
    .select('key')
    .where('key', '=', DEMO_LEAGUE_KEY)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Builds the demo league around `nowMs`: six sports with sides, players, series, phases and
 * fixtures (played, about to start, upcoming), the admin, the demo player and demo users with
 * follows and starting money. Everything is planned in memory from the seed first, then
 * written in one transaction, so a failure leaves nothing behind and the same seed and now
 * give the same rows on a fresh database, password hashes included (hashOnce) unless the
 * environment chose the admin's or the demo player's password.
 */
export async function seedDemoLeague(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const count = options.users ?? DEFAULT_DEMO_USERS
  checkOptions(options, count)
  if (await isSeeded(db))
    throw new Error('This database already holds a demo league; reset it (fanspole db reset) to seed again')

  const plan = await planLeague(db, options, count)
  const { rosters, series, people, follows } = plan
  const progress = stepper(
    1 + rosters.length + 1 + series.length + 1 + people.length + 10,
    options.onProgress,
  )
  const usersPassword = options.usersPassword ?? DEMO_USER_PASSWORD
  const hashOf = await passwordHashes(progress, options, usersPassword)
  const { seed, nowMs } = options

  const summary = await db.transaction().execute(async (tx) => {
    await assertAccountsFree(tx, [options.admin, ...people])
    const matchPlayers = await writeCatalog(tx, progress, plan, nowMs)
    const { adminId, userIds, postings } = await writeUsers(tx, progress, plan, {
      admin: { ...options.admin, passwordHash: hashOf(options.admin.password) },
      personHash: (i) => hashOf(i === 0 ? options.demo.password : usersPassword),
    })

    const { seeded, gangs, player, championship, social, chats, gameAccounts, esports } = await writeActivity(
      tx,
      progress,
      plan,
      { adminId, userIds, seed, nowMs },
    )
    // One posting per lock that charged paid transfers.
    const transferCharges = await countTransferCharges(tx)

    const result: SeedSummary = {
      seed,
      now_in_millis: nowMs,
      users: people.length + 1,
      demo_users: count,
      ...catalogCounts(plan, nowMs),
      match_players: matchPlayers,
      follows: follows.length,
      ledger_transactions:
        postings + seeded.entries + player.transactions + transferCharges + esports.esports_transactions,
      contests: seeded.contests + player.contests,
      user_teams: seeded.teams + player.teams,
      contest_entries: seeded.entries + player.entries,
      player_contests: player.contests,
      saved_prizes: player.saved_prizes,
      private_contest_code: player.code,
      gangs,
      classic_teams: championship.classic_teams,
      classic_team_scores: championship.classic_team_scores,
      ...social,
      ...chats,
      game_accounts: gameAccounts,
      esports_contests: esports.esports_contests,
    }
    await progress.step('Recording the league', () =>
      tx
        .insertInto('app_settings')
        .values({ key: DEMO_LEAGUE_KEY, value: JSON.stringify(result), updated_at_ms: nowMs })
        .execute(),
    )
    return result
  })
  progress.finish('Demo league ready')
  return summary
}

/** The league planned in memory from the seed: sports' sides and players, fixtures, people, follows. */
async function planLeague(db: Kysely<Database>, options: SeedOptions, count: number) {
  const a = around(options.nowMs)
  const random = new SeedRandom(options.seed)
  const rosters = buildRosters(random)
  const series = buildSeries(a, random, rosters)
  const reserves = buildReserves(random, rosters)
  const avatars = await db.selectFrom('avatars').select('id').orderBy('sort').orderBy('id').execute()
  const avatarIds = avatars.map((row) => row.id)
  const { people, follows } = buildPeople(random, a, {
    count,
    avatarCount: avatarIds.length,
    demo: options.demo,
    reserved: [options.admin.username],
  })
  return { a, random, rosters, series, reserves, avatarIds, people, follows }
}

type LeaguePlan = Awaited<ReturnType<typeof planLeague>>
type Progress = ReturnType<typeof stepper>

/** Every sport's sides and players, the cricket reserves, then the fixtures; answers the match players written. */
async function writeCatalog(tx: Tx, progress: Progress, plan: LeaguePlan, nowMs: number): Promise<number> {
  const sports = await tx.selectFrom('sports').select(['id', 'slug']).execute()
  const ids: KeyIds = {
    sports: new Map(sports.map((s) => [s.slug, s.id])),
    teams: new Map(),
    players: new Map(),
  }
  for (const roster of plan.rosters) {
    const name = SPORTS.find((s) => s.slug === roster.sport)?.name ?? roster.sport
    await progress.step(`Players: ${name}`, () => writeRoster(tx, roster, ids))
  }
  // After every other side and player: their ids stay what they were before reserves existed.
  await progress.step('Players: cricket reserves', () => writeRoster(tx, plan.reserves, ids))
  let matchPlayers = 0
  for (const series of plan.series)
    matchPlayers += await progress.step(`Fixtures: ${series.name}`, () => writeSeries(tx, series, ids, nowMs))
  return matchPlayers
}

/** The admin, the demo player and the demo users, their follows and starting money. */
async function writeUsers(
  tx: Tx,
  progress: Progress,
  plan: LeaguePlan,
  accounts: {
    admin: SeedOptions['admin'] & { passwordHash: string }
    /** The password hash of `plan.people[i]`. */
    personHash: (i: number) => string
  },
) {
  const userIds = new Map<string, number>()
  const adminSince = plan.a.day0 - 365 * 24 * HOUR
  const adminId = await progress.step(`Users: ${accounts.admin.username}`, () =>
    writeAdmin(tx, accounts.admin, adminSince),
  )
  for (const [i, person] of plan.people.entries()) {
    const hash = accounts.personHash(i)
    await progress.step(`Users: ${person.username}`, () =>
      writePerson(tx, person, hash, plan.avatarIds, userIds),
    )
  }
  await progress.step('Follows', () => writeFollows(tx, plan.follows, userIds))
  const postings = await progress.step('Starting balances', () =>
    writeStartingMoney(tx, plan.people, userIds, plan.random.seed),
  )
  return { adminId, userIds, postings }
}

/**
 * What the demo users have done: contests and entries, gangs, private contests, championship
 * teams, the social side, group chats, game accounts and esports, in this order (ids stay put).
 */
async function writeActivity(
  tx: Tx,
  progress: Progress,
  plan: LeaguePlan,
  written: { adminId: number; userIds: Map<string, number>; seed: number; nowMs: number },
) {
  const { a, random, people, follows } = plan
  const { adminId, userIds, seed, nowMs } = written
  // The demo player plays for themself; every other demo user may already have joined.
  const demoId = userIds.get(people[0]?.username ?? '')
  const rivals = people.slice(1).flatMap((p) => {
    const id = userIds.get(p.username)
    return id === undefined ? [] : [{ userId: id, username: p.username }]
  })
  const seeded = await progress.step('Contests and entries', () =>
    writeContests(tx, random, seed, nowMs, rivals),
  )
  const gangs = await progress.step('Gangs', () => writeGangs(tx, seed, nowMs, demoId, rivals))
  const player = await progress.step('Private contests and saved prizes', () =>
    writePlayerContests(tx, random, seed, nowMs, demoId, rivals),
  )
  const championship = await progress.step('Championship teams and history', () =>
    writeChampionship(tx, random, rivals),
  )
  const social = await progress.step('Posts, comments, likes, ratings and XP', () =>
    writeSocial(tx, random, a, people, follows, userIds),
  )
  const chats = await progress.step('Group chats', () => writeGroups(tx, random, a, people, userIds))
  // Last, so every row seeded before keeps its id (docs/esports.md, "Game accounts").
  const gameAccounts = await progress.step('Game accounts', () =>
    writeGameAccounts(tx, random, nowMs, adminId, people, userIds),
  )
  // Last of all, so every row before it stays as it was.
  const esports = await progress.step('A finished Free Fire room', () =>
    writeEsportsResults(tx, seed, nowMs, demoId, rivals),
  )
  // A PUBG tournament in progress, after everything else (seeds/writers/esports-tournament.ts).
  await writeEsportsTournament(tx, seed, nowMs, rivals)
  return { seeded, gangs, player, championship, social, chats, gameAccounts, esports }
}

async function countTransferCharges(tx: Tx): Promise<number> {
  const row = await tx
    .selectFrom('classic_team_scores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('paid_charged_paise', '>', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The first step: every password hashed once (hashOnce); answers a password's hash. */
async function passwordHashes(progress: Progress, options: SeedOptions, usersPassword: string) {
  const hashes = await progress.step('Hashing passwords', () =>
    hashOnce(
      [options.admin.password, options.demo.password, usersPassword],
      options.seed,
      options.hashPassword,
    ),
  )
  return (password: string) => hashes.get(password) as string
}

function checkOptions(options: SeedOptions, count: number): void {
  if (!Number.isSafeInteger(options.seed))
    throw new RangeError(`seed must be an integer, got ${options.seed}`)
  if (!Number.isSafeInteger(options.nowMs) || options.nowMs < 0)
    throw new RangeError(`now must be a time in epoch milliseconds, got ${options.nowMs}`)
  if (!Number.isInteger(count) || count < 0 || count > MAX_DEMO_USERS)
    throw new RangeError(`users must be a whole number from 0 to ${MAX_DEMO_USERS}, got ${count}`)
}

/**
 * Argon2 is the slow part of seeding: each distinct password is hashed once, in parallel.
 * A password everyone can read in the README (the demo users', and the admin's and demo
 * player's unless the environment chose others) gets a salt derived from the seed and the
 * password, so the same seed gives the same bytes; a salt guards nothing for a password
 * that is published. A password the operator chose keeps a random salt: a derived one would
 * let one precomputed table crack that account on every install with the same seed.
 */
async function hashOnce(
  passwords: string[],
  seed: number,
  hash: (password: string, salt?: Uint8Array) => Promise<string>,
) {
  const distinct = [...new Set(passwords)]
  const hashes = await Promise.all(
    distinct.map((p) => (PUBLISHED_PASSWORDS.has(p) ? hash(p, publishedSalt(seed, p)) : hash(p))),
  )
  return new Map(distinct.map((p, i) => [p, hashes[i] as string]))
}

const PUBLISHED_PASSWORDS = new Set([DEMO_USER_PASSWORD, ...README_PASSWORDS])

/** Seeding on top of accounts that someone already registered would fail half-way; say which ones instead. */
async function assertAccountsFree(tx: Tx, accounts: Array<{ email: string; username: string }>) {
  const emails = accounts.map((a) => a.email.trim().toLowerCase())
  const keys = accounts.map((a) => a.username.trim().toLowerCase())
  const clashes = await tx
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) => eb.or([eb('email', 'in', emails), eb('username_key', 'in', keys)]))
    .execute()
  if (clashes.length > 0)
    throw new Error(
      `Cannot seed the demo league: these accounts already exist: ${clashes
        .map((c) => `${c.username} <${c.email}>`)
        .join(', ')}`,
    )
}

/** Progress in steps. With a listener, each step yields to the event loop so a progress bar can repaint. */
function stepper(total: number, onProgress?: SeedOptions['onProgress']) {
  let done = 0
  return {
    async step<T>(label: string, work: () => Promise<T>): Promise<T> {
      if (onProgress) {
        onProgress(label, done, total)
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
      const result = await work()
      done++
      return result
    },
    finish(label: string) {
      onProgress?.(label, total, total)
    },
  }
}
