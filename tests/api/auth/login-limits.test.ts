import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeUser, type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'

let world: TestWorld
let api: ReturnType<typeof client>
/** A fresh world (SQLite, or PostgreSQL in the api-pg project). */
async function open() {
  world = await testWorld()
  api = client(world.deps)
}
afterEach(() => world.close())

/** A password grant from `address` (in-process requests carry the node server's socket info). */
async function signIn(login: string, password: string, address = '10.0.0.1') {
  const res = await api.app.request(
    '/oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fanspole-client': 'web' },
      body: JSON.stringify({ grant_type: 'password', email: login, password }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  )
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') }
}

/** Every count (a bucket uncounted back to zero keeps its row): a refusal must leave them as they were. */
const counters = () =>
  world.deps.db
    .selectFrom('rate_limit_counters')
    .selectAll()
    .where('hits', '>', 0)
    .orderBy('bucket')
    .orderBy('window_start_ms')
    .execute()

describe('POST /oauth/token: failed sign-ins per account, from every address', () => {
  beforeEach(() => open())

  it('counts the e-mail and the username as one account, from any address', async () => {
    const u = await makeUser(world.deps)
    const { limit, windowMs } = world.deps.config.rateLimits.loginPerAccount
    const logins = [u.email, u.username, u.email.toUpperCase(), ` ${u.username.toUpperCase()} `]
    for (let i = 0; i < limit; i++) {
      const res = await signIn(logins[i % logins.length] as string, 'wrong-wrong', `10.0.1.${i}`)
      expect(res.status, `attempt ${i + 1}`).toBe(401)
    }
    // Even the right password, by username, from a new address.
    const before = await counters()
    const blocked = await signIn(u.username, u.password, '10.0.2.1')
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    expect(Number(blocked.retryAfter)).toBe(windowMs / 1000)
    // The refusal counted nothing: waiting does not extend the wait.
    expect(await counters()).toEqual(before)
    // Another account is not affected.
    const other = await makeUser(world.deps)
    expect((await signIn(other.email, other.password, '10.0.2.1')).status).toBe(200)
    // The window ends on wall time.
    world.wall.advance(windowMs)
    expect((await signIn(u.email, u.password, '10.0.2.1')).status).toBe(200)
  })

  it('does not count successful sign-ins', async () => {
    const u = await makeUser(world.deps)
    const { limit } = world.deps.config.rateLimits.loginPerAccountAddress
    for (let i = 0; i < limit + 5; i++) expect((await signIn(u.email, u.password)).status).toBe(200)
    for (let i = 0; i < limit - 1; i++) expect((await signIn(u.email, 'wrong-wrong')).status).toBe(401)
    expect((await signIn(u.username, u.password)).status).toBe(200)
  })

  it('counts a login of any length (its bucket key is bounded: a 5,000-character e-mail is a 401, not a 500)', async () => {
    const long = `${'a'.repeat(5000)}@example.test`
    for (let i = 0; i < 2; i++) expect((await signIn(long, 'whatever123', `10.0.6.${i}`)).status).toBe(401)
    const keys = await world.deps.db.selectFrom('rate_limit_counters').select('bucket').execute()
    expect(Math.max(...keys.map((k) => k.bucket.length))).toBeLessThan(200)
  })

  it('throttles a login that matches no account just like one that does', async () => {
    const { limit } = world.deps.config.rateLimits.loginPerAccount
    for (let i = 0; i < limit; i++)
      expect((await signIn('Nobody@Example.test', 'whatever123', `10.0.3.${i}`)).status).toBe(401)
    const blocked = await signIn('nobody@example.test', 'whatever123', '10.0.4.1')
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
  })
})

describe('POST /oauth/token: failed sign-ins per account at one address', () => {
  beforeEach(() => open())

  it('makes the account wait at that address only', async () => {
    const u = await makeUser(world.deps)
    const { limit, windowMs } = world.deps.config.rateLimits.loginPerAccountAddress
    expect(limit).toBeLessThan(world.deps.config.rateLimits.loginPerAccount.limit)
    for (let i = 0; i < limit; i++)
      expect((await signIn(u.email, 'wrong-wrong', '10.1.1.1')).status).toBe(401)
    const blocked = await signIn(u.email, u.password, '10.1.1.1')
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    expect(Number(blocked.retryAfter)).toBe(windowMs / 1000)
    // The same account elsewhere, and another account here, sign in.
    expect((await signIn(u.email, u.password, '10.1.1.2')).status).toBe(200)
    const other = await makeUser(world.deps)
    expect((await signIn(other.email, other.password, '10.1.1.1')).status).toBe(200)
  })
})

describe('POST /oauth/token: failed sign-ins per address', () => {
  beforeEach(() => open())

  it('refuses further failures from an address over its limit, and accounts that failed there', async () => {
    const { limit, windowMs } = world.deps.config.rateLimits.loginPerAddress
    const users = []
    for (let i = 0; i < limit + 10; i++) users.push(await makeUser(world.deps))
    const statuses = []
    for (const u of users) statuses.push((await signIn(u.email, 'wrong-wrong', '10.9.9.9')).status)
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(401))
    expect(statuses.slice(limit)).toEqual(Array(10).fill(429))
    // An account that failed from that address waits there, even with its right password…
    const u = users[0] as (typeof users)[number]
    const blocked = await signIn(u.email, u.password, '10.9.9.9')
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0)
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(windowMs / 1000)
    // …and signs in from another address at once, or from that one when the window ends.
    expect((await signIn(u.email, u.password, '10.9.9.8')).status).toBe(200)
    world.wall.advance(windowMs)
    expect((await signIn(u.email, u.password, '10.9.9.9')).status).toBe(200)
  })

  it('signs in the right password of an account with no failures, whatever others failed from that address', async () => {
    const { limit } = world.deps.config.rateLimits.loginPerAddress
    // A typo storm: twice the address limit of failures, spread over a few accounts and over
    // logins that name nobody.
    const typists = []
    for (let i = 0; i < 5; i++) typists.push(await makeUser(world.deps))
    for (let i = 0; i < 2 * limit; i++) {
      const login = i % 2 === 0 ? (typists[i % 5] as { email: string }).email : `nobody${i}@example.test`
      expect([401, 429]).toContain((await signIn(login, 'wrong-wrong', '10.5.5.5')).status)
    }
    // Everyone else in the room still signs in, one after another and all at once.
    for (let i = 0; i < 5; i++) {
      const u = await makeUser(world.deps)
      expect((await signIn(u.email, u.password, '10.5.5.5')).status).toBe(200)
    }
    const room = []
    for (let i = 0; i < 10; i++) room.push(await makeUser(world.deps))
    const answers = await Promise.all(room.map((u) => signIn(u.username, u.password, '10.5.5.5')))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    // A fresh account's wrong password from there waits (failures are slowed) and counts: then
    // that account waits there too, right password or not.
    const late = await makeUser(world.deps)
    const wrong = await signIn(late.email, 'wrong-wrong', '10.5.5.5')
    expect(wrong.status).toBe(429)
    expect(wrong.body.code).toBe('RATE_LIMITED')
    expect((await signIn(late.email, late.password, '10.5.5.5')).status).toBe(429)
  })

  it('does not count successful sign-ins from one address', async () => {
    const { limit } = world.deps.config.rateLimits.loginPerAddress
    for (let i = 0; i < limit + 5; i++) {
      const u = await makeUser(world.deps)
      expect((await signIn(u.username, u.password, '10.8.8.8')).status).toBe(200)
    }
    const u = await makeUser(world.deps)
    expect((await signIn(u.username, 'wrong-wrong', '10.8.8.8')).status).toBe(401)
  })
})

// Each attempt is counted by one atomic upsert per bucket before its password is checked, and
// taken back when it succeeds: no read-then-write to race, on either database.
describe('POST /oauth/token: simultaneous sign-ins', () => {
  beforeEach(() => open())

  it('answers exactly `limit` of many simultaneous wrong attempts with 401, the rest with 429', async () => {
    const u = await makeUser(world.deps)
    const { limit } = world.deps.config.rateLimits.loginPerAccount
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) => signIn(u.email, 'wrong-wrong', `10.0.5.${i}`)),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([...Array(limit).fill(401), ...Array(5).fill(429)])
  })

  it('checks one guess of a fresh account from an address over its limit, however many arrive at once', async () => {
    const { limit } = world.deps.config.rateLimits.loginPerAddress
    for (let i = 0; i < limit; i++)
      expect((await signIn(`nobody${i}@example.test`, 'wrong-wrong', '10.6.6.6')).status).toBe(401)
    const u = await makeUser(world.deps)
    // Eight guesses at once, the right one among them: the first counted is checked, the
    // others wait whatever their password.
    const guesses = ['a-wrong-1', 'a-wrong-2', 'a-wrong-3', u.password, 'a-wrong-4', 'a-wrong-5', 'a-wrong-6']
    const answers = await Promise.all(guesses.map((p) => signIn(u.email, p, '10.6.6.6')))
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(1)
  })

  it('lets more people than the address limit sign in at the same moment from one address', async () => {
    const { limit } = world.deps.config.rateLimits.loginPerAddress
    const users = []
    for (let i = 0; i < limit + 10; i++) users.push(await makeUser(world.deps))
    const answers = await Promise.all(users.map((u) => signIn(u.email, u.password, '10.7.7.7')))
    expect(answers.map((a) => a.status)).toEqual(Array(limit + 10).fill(200))
  })
})
