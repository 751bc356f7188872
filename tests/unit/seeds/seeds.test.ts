import { type Kysely, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { isSeeded, type SeedOptions, seedDemoLeague } from '../../../seeds/demo-league'
import { hashPassword } from '../../../server/areas/auth/passwords'
import type { Database } from '../../../server/db/schema'
import { TEST_START_MS, type TestWorld, testWorld } from '../../helpers/deps'
import { seedAtTestStart } from '../../helpers/world'

const WEEK = 7 * 24 * 3_600_000
const worlds: TestWorld[] = []
afterAll(async () => {
  for (const w of worlds) await w.close()
})

async function seeded(options: Partial<SeedOptions> = {}) {
  const world = await testWorld()
  worlds.push(world)
  const summary = await seedAtTestStart(world.deps, options)
  return { db: world.deps.db, summary }
}

/** Every row of every table, in insertion order; password hashes are salted and left out. */
async function dump(db: Kysely<Database>) {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(db)
  const out: Record<string, unknown[]> = {}
  for (const { name } of tables.rows) {
    const rows = (
      await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by rowid`.execute(db)
    ).rows
    out[name] = rows.map(({ password_hash: _hash, ...rest }) => rest)
  }
  return out
}

describe('demo league determinism', () => {
  // Three whole leagues seeded and dumped: ~5 s on a quiet machine, far more on a busy one.
  // A budget for the work, not a race: nothing here waits on time.
  it('gives identical database content for the same seed and now, and other content for another seed', {
    timeout: 60_000,
  }, async () => {
    const [one, two, other] = await Promise.all([seeded(), seeded(), seeded({ seed: 43 })])
    const first = await dump(one.db)
    expect(first.matches?.length).toBeGreaterThan(100)
    expect(first.match_players?.length).toBeGreaterThan(5000)
    expect(await dump(two.db)).toEqual(first)
    expect(two.summary).toEqual(one.summary)

    const third = await dump(other.db)
    expect(third.players?.map((p: any) => p.name)).not.toEqual(first.players?.map((p: any) => p.name))
    expect(third.users?.map((u: any) => u.username)).not.toEqual(first.users?.map((u: any) => u.username))
    expect(other.summary.seed).toBe(43)
  })

  it('shifts every fixture with now and leaves the rosters alone', async () => {
    const [base, later] = await Promise.all([
      seeded({ users: 4 }),
      seeded({ users: 4, nowMs: TEST_START_MS + WEEK }),
    ])
    const a = await dump(base.db)
    const b = await dump(later.db)
    expect(b.players).toEqual(a.players)
    expect(b.real_teams).toEqual(a.real_teams)
    const shifted = (b.matches as any[]).map((m) => ({
      ...m,
      event_time_ms: m.event_time_ms - WEEK,
      created_at_ms: m.created_at_ms - WEEK,
    }))
    expect(shifted).toEqual(a.matches)
    const phases = (b.series_phases as any[]).map((p) => ({
      ...p,
      starts_at_ms: p.starts_at_ms - WEEK,
      ends_at_ms: p.ends_at_ms - WEEK,
    }))
    expect(phases).toEqual(a.series_phases)
    const league = await base.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'demo_league')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(league.value)).toMatchObject({ seed: 42, now_in_millis: TEST_START_MS })
  })
})

describe('seeding rules', () => {
  it('refuses a second league on the same database', async () => {
    const { db } = await seeded({ users: 0 })
    expect(await isSeeded(db)).toBe(true)
    const { admin, demo } = (worlds.at(-1) as TestWorld).deps.config
    await expect(
      seedDemoLeague(db, { seed: 1, nowMs: TEST_START_MS, admin, demo, hashPassword }),
    ).rejects.toThrow('This database already holds a demo league')
  })

  it('names accounts that already exist and writes nothing', async () => {
    const fresh = await testWorld()
    worlds.push(fresh)
    const { admin, demo } = fresh.deps.config
    await fresh.deps.db
      .insertInto('users')
      .values({
        slug: 'demo',
        username: 'Demo',
        username_key: 'demo',
        email: 'someone@example.test',
        password_hash: null,
        full_name: null,
        team_name: null,
        email_verified_at_ms: null,
        mobile_no: null,
        dob: null,
        about_me: null,
        avatar_id: null,
        image_url: null,
        reference: 'DEMO000001',
        referred_by_id: null,
        created_at_ms: 0,
        updated_at_ms: 0,
      })
      .execute()
    await expect(
      seedDemoLeague(fresh.deps.db, { seed: 1, nowMs: TEST_START_MS, admin, demo, hashPassword }),
    ).rejects.toThrow('these accounts already exist: Demo <someone@example.test>')
    expect(await isSeeded(fresh.deps.db)).toBe(false)
    const teams = await fresh.deps.db.selectFrom('real_teams').select('id').execute()
    expect(teams).toEqual([])
  })

  it('rejects a bad user count or now before touching the database', async () => {
    const world = await testWorld()
    worlds.push(world)
    const { admin, demo } = world.deps.config
    const base = { seed: 1, nowMs: TEST_START_MS, admin, demo, hashPassword }
    await expect(seedDemoLeague(world.deps.db, { ...base, users: -1 })).rejects.toThrow(
      'users must be a whole number from 0 to 1000, got -1',
    )
    await expect(seedDemoLeague(world.deps.db, { ...base, nowMs: Number.NaN })).rejects.toThrow(
      'now must be a time in epoch milliseconds',
    )
    expect(await isSeeded(world.deps.db)).toBe(false)
  })
})
