import { type Config, isReadmePassword, README_PASSWORDS } from '../../core/config'
import type { Deps } from '../../core/deps'
import { DEMO_LEAGUE_KEY, publishedSalt } from '../../domain/demo-league'
import { OperatorError } from '../../domain/operator-error'
import { isLoopbackHost } from '../../lib/hosts'
import { printablePassword } from '../../lib/printable-password'
import { hashPassword, verifyPassword } from './passwords'
import { revokeAllForUser } from './tokens'

/**
 * No account keeps a README password on a network (docs/classroom.md, "On a LAN"). The README
 * prints the admin's and the demo players' passwords; on 127.0.0.1 that is a convenience, on
 * an address other machines reach it is an open door (any student becomes admin). So a server
 * listening on anything but loopback:
 *
 * - refuses to start while an account with admin rights has a README password — checked
 *   against the stored hashes, so a database seeded earlier on loopback is caught too — unless
 *   FANSPOLE_ADMIN_PASSWORD gives the configured admin another one, or
 *   `--admin-password generate` has one made (and printed once);
 * - gives the seeded demo players new passwords (FANSPOLE_DEMO_PASSWORD for the demo player
 *   when set, else made up and printed once; the other demo users share one made-up password);
 * - does the same after every replacement of its data (snapshot restore, league reset), with
 *   the passwords it settled on at start, so what was printed stays true.
 *
 * The passwords settled on live in the running config (`admin.password`, `demo.password`,
 * `demoUsersPassword`): a league reset seeds with them.
 */

/** What was made up at this start or replacement: to be shown once to whoever started it. */
export interface NetworkPasswords {
  /** The configured admin's new password, when one was made up. */
  admin: string | null
  /** The demo player's, when one was made up. */
  demo: string | null
  /** The other seeded demo users' shared password, when one was made up. */
  demoUsers: string | null
  /** Other accounts with admin rights that had a README password (each its own). */
  others: Array<{ email: string; username: string; password: string }>
}

export class ReadmePasswordError extends OperatorError {
  constructor(host: string, emails: string[], seeding: boolean) {
    const who =
      emails.length === 1 ? `the admin account ${emails[0]}` : `the admin accounts ${emails.join(', ')}`
    super(
      `Not serving on ${host}: ${who} ${seeding ? 'would be seeded with' : 'still has'} a password printed in the README, and anyone on this network could sign in with it and act as admin`,
      {
        code: 'README_PASSWORD',
        hint: `Give the admin a password of your own with FANSPOLE_ADMIN_PASSWORD=<password>, or start with --admin-password generate to have one made and printed once (on 127.0.0.1 the README's passwords are fine)`,
      },
    )
    this.name = 'ReadmePasswordError'
  }
}

/** Other machines can reach this server: the rules above apply. */
export function servesNetwork(config: Pick<Config, 'host'>): boolean {
  return !isLoopbackHost(config.host)
}

interface Account {
  id: number
  email: string
  username: string
  password_hash: string | null
}

/**
 * At start, before seeding: refuses (ReadmePasswordError) or settles the passwords to seed
 * with. `willSeed`: the database has no league and one is about to be seeded.
 */
export async function settleNetworkPasswords(deps: Deps, willSeed: boolean): Promise<NetworkPasswords> {
  const made = noPasswords()
  const cfg = deps.config
  if (!servesNetwork(cfg)) return made
  if (cfg.generateAdminPassword) made.admin = setPassword(cfg, 'admin', printablePassword())
  else {
    const stuck = willSeed ? [] : (await readmeAdmins(deps)).map((a) => a.email)
    // FANSPOLE_ADMIN_PASSWORD can take the configured admin's place; nothing else can.
    const fixable = isReadmePassword(cfg.admin.password) ? null : cfg.admin.email
    const refused = stuck.filter((email) => email !== fixable)
    if (willSeed && fixable === null) refused.push(cfg.admin.email)
    if (refused.length > 0) throw new ReadmePasswordError(cfg.host, refused, willSeed)
  }
  if (willSeed) {
    if (isReadmePassword(cfg.demo.password)) made.demo = setPassword(cfg, 'demo', printablePassword())
    if (isReadmePassword(cfg.demoUsersPassword))
      made.demoUsers = setPassword(cfg, 'users', printablePassword())
  }
  return made
}

/**
 * Every account of the database that has a README password gets the one settled on (made up
 * now where none is). `forceAdmin`: `--admin-password generate` at start changes the admin's
 * stored password whatever it was, so an old database becomes safe. Their sign-ins are revoked.
 */
export async function secureNetworkAccounts(
  deps: Deps,
  options: { forceAdmin?: boolean; made?: NetworkPasswords } = {},
): Promise<NetworkPasswords> {
  const made = options.made ?? noPasswords()
  const cfg = deps.config
  if (!servesNetwork(cfg)) return made
  const changes: Array<{ ids: number[]; password: string }> = []
  const admins = await readmeAdmins(deps)
  const configured = await accountByEmail(deps, cfg.admin.email, 'admin')
  const adminIsReadme = configured !== undefined && admins.some((a) => a.id === configured.id)
  if (configured && (adminIsReadme || options.forceAdmin)) {
    if (isReadmePassword(cfg.admin.password)) made.admin = setPassword(cfg, 'admin', printablePassword())
    changes.push({ ids: [configured.id], password: cfg.admin.password })
  }
  for (const other of admins.filter((a) => a.id !== configured?.id)) {
    const password = printablePassword()
    made.others.push({ email: other.email, username: other.username, password })
    changes.push({ ids: [other.id], password })
  }
  const players = await readmePlayers(deps)
  const demo = players.find((p) => p.email === cfg.demo.email)
  if (demo) {
    if (isReadmePassword(cfg.demo.password)) made.demo = setPassword(cfg, 'demo', printablePassword())
    changes.push({ ids: [demo.id], password: cfg.demo.password })
  }
  const users = players.filter((p) => p !== demo).map((p) => p.id)
  if (users.length > 0) {
    if (isReadmePassword(cfg.demoUsersPassword))
      made.demoUsers = setPassword(cfg, 'users', printablePassword())
    changes.push({ ids: users, password: cfg.demoUsersPassword })
  }
  await store(deps, changes)
  return made
}

/**
 * Whether the configured admin's and demo player's stored passwords are still the configured
 * ones, for a banner that prints them: a database secured on a network keeps its own when it
 * is served on 127.0.0.1 again. An account that does not exist holds nothing to contradict.
 */
export async function configuredPasswordsHold(deps: Deps): Promise<{ admin: boolean; demo: boolean }> {
  const holds = async (account: { email: string; password: string }, role: 'admin' | 'player') => {
    const found = await accountByEmail(deps, account.email, role)
    return !found || verifyPassword(found.password_hash, account.password)
  }
  const [admin, demo] = await Promise.all([
    holds(deps.config.admin, 'admin'),
    holds(deps.config.demo, 'player'),
  ])
  return { admin, demo }
}

export function noPasswords(): NetworkPasswords {
  return { admin: null, demo: null, demoUsers: null, others: [] }
}

/** Records the password settled on in the running config (a league reset seeds with it). */
function setPassword(cfg: Config, which: 'admin' | 'demo' | 'users', password: string): string {
  if (which === 'admin') cfg.admin = { ...cfg.admin, password }
  else if (which === 'demo') cfg.demo = { ...cfg.demo, password }
  else cfg.demoUsersPassword = password
  return password
}

async function store(deps: Deps, changes: Array<{ ids: number[]; password: string }>): Promise<void> {
  if (changes.length === 0) return
  // Hashing (argon2, tens of ms each) before the transaction, so it never holds the write lock.
  const hashed = await Promise.all(changes.map(async (c) => ({ ...c, hash: await hashPassword(c.password) })))
  const nowMs = deps.clock.now()
  const wallMs = deps.clock.wallNow()
  await deps.db.transaction().execute(async (tx) => {
    for (const change of hashed) {
      await tx
        .updateTable('users')
        .set({ password_hash: change.hash, updated_at_ms: nowMs })
        .where('id', 'in', change.ids)
        .execute()
      // A token someone took with the README password must not outlive it.
      for (const id of change.ids) await revokeAllForUser(tx, id, wallMs)
    }
  })
}

/** Users with what settling their password needs. */
function accounts(deps: Deps) {
  return deps.db.selectFrom('users').select(['id', 'email', 'username', 'password_hash'])
}

async function accountByEmail(deps: Deps, email: string, role: 'admin' | 'player') {
  return accounts(deps).where('email', '=', email).where('role', '=', role).executeTakeFirst()
}

/**
 * Accounts with admin rights whose stored hash verifies against a README password: whoever
 * made them (seeded, `users create`, an old database), each hash is checked — a few admins,
 * two passwords, tens of milliseconds each.
 */
async function readmeAdmins(deps: Deps): Promise<Account[]> {
  const admins = await accounts(deps)
    .where('role', '=', 'admin')
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .execute()
  const found: Account[] = []
  for (const admin of admins)
    for (const password of README_PASSWORDS)
      if (await verifyPassword(admin.password_hash, password)) {
        found.push(admin)
        break
      }
  return found
}

/**
 * Players seeded with a README password. Seeding hashes a published password with a salt
 * derived from the league's seed (seeds/demo-league.ts, hashOnce), so the hashes are known
 * and one query finds them all, however many demo users there are.
 */
async function readmePlayers(deps: Deps): Promise<Account[]> {
  const seeds = new Set([deps.config.seed])
  const league = await deps.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', DEMO_LEAGUE_KEY)
    .executeTakeFirst()
  const leagueSeed = league ? (JSON.parse(league.value) as { seed?: unknown }).seed : undefined
  if (typeof leagueSeed === 'number') seeds.add(leagueSeed)
  const hashes = await Promise.all(
    [...seeds].flatMap((seed) => README_PASSWORDS.map((p) => hashPassword(p, publishedSalt(seed, p)))),
  )
  return accounts(deps)
    .where('role', '=', 'player')
    .where('password_hash', 'in', hashes)
    .orderBy('id')
    .execute()
}
