import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ephemeralDatabase, loadConfig } from '../../../server/core/config'
import { type RunningServer, startServer } from '../../../server/main'
import { expectLedgerBalanced } from '../../helpers/concurrency'
import { rowWhere } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'
import { runCli, tempDir } from '../helpers'

let server: RunningServer
let env: NodeJS.ProcessEnv
let player: { email: string; password: string }
const snapshots = tempDir('fanspole-snapshots-')
const home = tempDir('fanspole-home-')

beforeAll(async () => {
  server = await startServer(
    loadConfig(
      { ...ephemeralDatabase(process.env), port: 0, logLevel: 'silent', snapshotDir: snapshots.dir },
      {},
    ),
    { seedIfEmpty: false },
  )
  const admin = await makeUser(server.deps, { role: 'admin' })
  player = await makeUser(server.deps)
  env = {
    FANSPOLE_SERVER: server.url,
    FANSPOLE_HOME: home.dir,
    FANSPOLE_ADMIN_EMAIL: admin.email,
    FANSPOLE_ADMIN_PASSWORD: admin.password,
  }
})

afterAll(async () => {
  await server.close()
  snapshots.remove()
  home.remove()
})

describe('fanspole snapshot', () => {
  it('saves, lists and restores against a running server', async () => {
    const saved = await runCli(['snapshot', 'save', 'lesson-1'], env)
    expect(saved.code).toBe(0)
    expect(saved.stdout).toMatch(/^Saved snapshot lesson-1 \(\d+(\.\d)? [KM]?B\); game clock /)

    const list = await runCli(['snapshot', 'list'], env)
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^NAME +SIZE +SAVED +GAME CLOCK$/m)
    expect(list.stdout).toMatch(/^lesson-1 /m)
    const json = await runCli(['snapshot', 'list', '--json'], env)
    expect(json.json().snapshots.map((s: { name: string }) => s.name)).toEqual(['lesson-1'])

    const late = await makeUser(server.deps)
    const restored = await runCli(['snapshot', 'restore', 'lesson-1', '--yes', '--json'], env)
    expect(restored.code).toBe(0)
    expect(restored.json()).toMatchObject({ snapshot: 'lesson-1', clock: { speed: 1 } })
    const gone = await rowWhere(server.deps.db, 'users', { id: late.id }, 'id')
    expect(gone).toBeUndefined()
  })

  it('a CLI session made after the snapshot survives its restore: the configured admin signs in again, others are told how', async () => {
    const saved = await runCli(['snapshot', 'save', 'lesson-2'], env)
    expect(saved.code).toBe(0)
    const owner = tempDir('fanspole-home-')
    const other = tempDir('fanspole-home-')
    try {
      const asOwner = { ...env, FANSPOLE_HOME: owner.dir }
      const asPlayer = { ...env, FANSPOLE_HOME: other.dir }
      const admin = {
        email: env.FANSPOLE_ADMIN_EMAIL as string,
        password: env.FANSPOLE_ADMIN_PASSWORD as string,
      }
      // Both sign-ins are newer than the snapshot: the restore takes their tokens away.
      expect(
        (await runCli(['login', '--email', admin.email, '--password', admin.password], asOwner)).code,
      ).toBe(0)
      expect(
        (await runCli(['login', '--email', player.email, '--password', player.password], asPlayer)).code,
      ).toBe(0)
      const restored = await runCli(['snapshot', 'restore', 'lesson-2', '--yes'], asOwner)
      expect(restored.code, restored.stderr).toBe(0)
      expect(restored.stderr).toContain(
        `note: signed in to ${server.url} as the default admin ${admin.email}`,
      )
      // An owner's command (a player-mode one) right after: signed in, not "Not signed in".
      const owned = await runCli(['auction', 'list'], asOwner)
      expect(owned.code, owned.stderr).toBe(0)
      expect(owned.stderr).not.toMatch(/Not signed in|expired/)
      const mine = await runCli(['auction', 'list'], asPlayer)
      expect(mine.code).toBe(1)
      expect(mine.stderr).toContain(
        `Your session on ${server.url} (${player.email}) has expired or was revoked`,
      )
      expect(mine.stderr).toContain(
        'a snapshot restore or league reset drops the sign-ins made after the snapshot was saved',
      )
      expect(mine.stderr).toContain(`fanspole login --server ${server.url} --email ${player.email}`)
    } finally {
      owner.remove()
      other.remove()
    }
  })

  it('a missing name fails with exit 1 and lists the names there are; a bad one is refused', async () => {
    const missing = await runCli(['snapshot', 'restore', 'no-such', '--yes'], env)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/404 NOT_FOUND: No snapshot named "no-such"; there are: lesson-1/)

    const bad = await runCli(['snapshot', 'save', 'a/b'], env)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/422 VALIDATION_FAILED/)
    expect(bad.stderr).toMatch(/name/)
  })

  it('refuses a player with 403', async () => {
    const asPlayer = { ...env, FANSPOLE_ADMIN_EMAIL: player.email, FANSPOLE_ADMIN_PASSWORD: player.password }
    const other = tempDir('fanspole-home-')
    try {
      for (const args of [
        ['snapshot', 'list'],
        ['league', 'reset', '--yes'],
      ]) {
        const r = await runCli(args, { ...asPlayer, FANSPOLE_HOME: other.dir })
        expect(r.code, args.join(' ')).toBe(1)
        expect(r.stderr).toMatch(/403 FORBIDDEN/)
      }
    } finally {
      other.remove()
    }
  })
})

describe('fanspole league reset', () => {
  it('replaces the league by a freshly seeded one; the default admin signs in to the new one', async () => {
    const before = await makeUser(server.deps)
    const r = await runCli(['league', 'reset', '--yes', '--seed', '7', '--users', '2', '--json'], env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.json()).toMatchObject({ seed: 7, clock: { speed: 1, paused: false }, league: { seed: 7 } })
    expect(r.json().league.matches).toBeGreaterThan(0)
    const old = await rowWhere(server.deps.db, 'users', { email: before.email }, 'id')
    expect(old).toBeUndefined()
    await expectLedgerBalanced(server.deps)
    // Derived columns came over as seeded, not recomputed from the old league's rows mid-copy.
    const contests = await server.deps.db
      .selectFrom('contests as c')
      .innerJoin('matches as m', 'm.id', 'c.match_id')
      .select(['c.starts_at_ms', 'm.event_time_ms'])
      .execute()
    expect(contests.length).toBeGreaterThan(0)
    for (const c of contests) expect(Number(c.starts_at_ms)).toBe(Number(c.event_time_ms))
    // The new league's admin is the configured one (the defaults, as this server was started).
    const { FANSPOLE_ADMIN_EMAIL: _e, FANSPOLE_ADMIN_PASSWORD: _p, ...defaults } = env
    const clock = await runCli(['clock', '--json'], defaults)
    expect(clock.code, clock.stderr).toBe(0)

    // A match played to the end (instantly) is replayed as a new match.
    const upcoming = await server.deps.db
      .selectFrom('matches')
      .select('id')
      .where('status', '=', 'upcoming')
      .orderBy('event_time_ms')
      .executeTakeFirstOrThrow()
    const simulated = await runCli(['match', 'simulate', String(upcoming.id), '--mode', 'instant'], defaults)
    expect(simulated.code, simulated.stderr).toBe(0)
    const played = upcoming
    const replay = await runCli(['match', 'replay', String(played.id), '--speed', '50', '--json'], defaults)
    expect(replay.code, replay.stderr).toBe(0)
    expect(replay.json().replay).toMatchObject({ source_id: played.id, speed: 50 })
    const copy = await server.deps.db
      .selectFrom('matches')
      .select(['title', 'phase_id'])
      .where('id', '=', replay.json().replay.match_id)
      .executeTakeFirstOrThrow()
    expect(copy).toMatchObject({ title: expect.stringMatching(/\(replay\)$/), phase_id: null })
    const human = await runCli(['match', 'replay', String(played.id)], defaults)
    expect(human.stdout).toMatch(/^Replaying match \d+ as match \d+: \d+ events at 1×/)
    const bad = await runCli(['match', 'replay', String(played.id), '--speed', '0'], defaults)
    expect(bad.code).toBe(2)
  })
})
