import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoLeague } from '../../../seeds/demo-league'
import { hashPassword } from '../../../server/areas/auth/passwords'
import { type ContestQuery, queryContests, SORT_COLUMNS } from '../../../server/areas/contests/listing'
import { type ContestRow, contestBase } from '../../../server/areas/contests/queries'
import type { Deps } from '../../../server/core/deps'
import { createRng } from '../../../server/domain/rng'
import { rowsWhere } from '../../helpers/db'
import { type TestWorld, testWorld } from '../../helpers/deps'

// The reference: what the listing did before it moved into SQL — every contest loaded,
// then filtered, sorted and paged in JavaScript. Kept here verbatim in spirit, so the SQL
// version is held to exactly the same answers.
const OLD_TESTS: Record<number, (c: ContestRow) => boolean> = {
  1: (c) => Number(c.entry_fee_paise) === 0,
  2: (c) => Number(c.entry_fee_paise) >= 100 && Number(c.entry_fee_paise) <= 5000,
  3: (c) => Number(c.entry_fee_paise) > 5000 && Number(c.entry_fee_paise) <= 50_000,
  4: (c) => Number(c.entry_fee_paise) > 50_000,
  5: (c) => c.members_limit === 2,
  6: (c) => c.members_limit >= 3 && c.members_limit <= 20,
  7: (c) => c.members_limit >= 21 && c.members_limit <= 1000,
  8: (c) => c.members_limit > 1000,
  9: (c) => c.guaranteed === 1,
  10: (c) => c.max_entries > 1,
  11: (c) => c.max_entries === 1,
}
const GROUPS: Record<number, string> = {
  1: 'e',
  2: 'e',
  3: 'e',
  4: 'e',
  5: 's',
  6: 's',
  7: 's',
  8: 's',
  9: 't',
  10: 't',
  11: 't',
}

function oldMatchesFilters(c: ContestRow, ids: number[]): boolean {
  const groups = new Map<string, number[]>()
  for (const id of ids) groups.set(GROUPS[id] as string, [...(groups.get(GROUPS[id] as string) ?? []), id])
  for (const members of groups.values()) if (!members.some((id) => OLD_TESTS[id]?.(c))) return false
  return true
}

const num = (x: unknown) => Number(x)

function reference(all: ContestRow[], members: Map<number, Set<number>>, q: ContestQuery, now: number) {
  let rows = all.filter((c) => {
    // Players' private contests (seeded too) are in no public list (docs/contest-creation.md).
    if (!q.include_private && c.is_private) return false
    const t = num(c.event_time_ms)
    if (q.type === 'upcoming') {
      if (!(c.match_status === 'upcoming' && t > now)) return false
      if (q.joined_by === undefined && c.status !== 'open') return false
    } else if (q.type === 'live') {
      if (!(c.match_status === 'live' || (c.match_status === 'upcoming' && t <= now))) return false
    } else if (q.type === 'finished') {
      if (!['completed', 'abandoned'].includes(c.match_status)) return false
    }
    if (q.sport_slug && c.sport_slug !== q.sport_slug) return false
    if (q.game_id && c.sport_id !== q.game_id) return false
    if (q.match_id && c.match_id !== q.match_id) return false
    if (q.series_id && c.series_id !== q.series_id) return false
    if (q.joined_by !== undefined && !members.get(q.joined_by)?.has(c.id)) return false
    return !q.filter_ids?.length || oldMatchesFilters(c, q.filter_ids)
  })
  const order = q.order ?? (q.type === 'feed' ? 'newest' : 'sort')
  const cmp = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0)
  rows = [...rows].sort((a, b) => {
    if (order === 'newest') return cmp(num(b.created_at_ms), num(a.created_at_ms)) || cmp(b.id, a.id)
    if (order === 'popular')
      return (
        cmp(b.members_count, a.members_count) ||
        cmp(num(b.prize_pool_paise), num(a.prize_pool_paise)) ||
        cmp(a.id, b.id)
      )
    const column = SORT_COLUMNS[q.sort ?? 1].slice(2) as keyof ContestRow
    const dir = (q.direction ?? -1) === -1 ? -1 : 1
    return (
      (q.type === 'finished' ? cmp(num(b.event_time_ms), num(a.event_time_ms)) : 0) ||
      dir * cmp(num(a[column]), num(b[column])) ||
      cmp(num(a.event_time_ms), num(b.event_time_ms)) ||
      cmp(a.sort, b.sort) ||
      cmp(a.id, b.id)
    )
  })
  return rows
}

/** The demo league, then shaken: matches live, finished and abandoned, contests locked, cancelled and completed, ties galore. */
async function shakenLeague(): Promise<TestWorld> {
  const world = await testWorld({ seed: 7 })
  const { deps } = world
  await seedDemoLeague(deps.db, {
    seed: 7,
    nowMs: deps.clock.now(),
    users: 8,
    admin: deps.config.admin,
    demo: deps.config.demo,
    hashPassword,
  })
  const rng = createRng(99).stream('listing-test')
  const matches = await deps.db.selectFrom('matches').select(['id', 'status']).orderBy('id').execute()
  for (const m of matches) {
    const roll = rng.next()
    if (m.status !== 'upcoming') continue
    const status = roll < 0.15 ? 'live' : roll < 0.25 ? 'completed' : roll < 0.3 ? 'abandoned' : 'upcoming'
    if (status !== 'upcoming')
      await deps.db.updateTable('matches').set({ status }).where('id', '=', m.id).execute()
  }
  const contests = await deps.db.selectFrom('contests').select('id').orderBy('id').execute()
  for (const c of contests) {
    const roll = rng.next()
    const patch =
      roll < 0.1
        ? { status: 'locked' as const }
        : roll < 0.15
          ? { status: 'cancelled' as const }
          : roll < 0.2
            ? { status: 'completed' as const }
            : {}
    // Equal prize pools and fees across many contests: the tie-breaks must hold.
    const extra = rng.next() < 0.3 ? { prize_pool_paise: 100_000, entry_fee_paise: 0 } : {}
    if (Object.keys({ ...patch, ...extra }).length > 0)
      await deps.db
        .updateTable('contests')
        .set({ ...patch, ...extra })
        .where('id', '=', c.id)
        .execute()
  }
  // Some matches start while still "upcoming" (the live list takes them by time).
  world.wall.advance(3 * 3600_000)
  return world
}

describe('queryContests (SQL) against the old in-JS listing', () => {
  let world: TestWorld
  let deps: Deps
  let all: ContestRow[]
  let members: Map<number, Set<number>>
  let userIds: number[]
  let sample: { match: number; series: number; sport: string; game: number }

  beforeAll(async () => {
    world = await shakenLeague()
    deps = world.deps
    all = await contestBase(deps.db).execute()
    members = new Map()
    for (const m of await deps.db.selectFrom('contest_members').select(['user_id', 'contest_id']).execute())
      members.set(m.user_id, (members.get(m.user_id) ?? new Set()).add(m.contest_id))
    userIds = [...members.keys()].slice(0, 3)
    const busiest = [...all].sort((a, b) => a.match_id - b.match_id)[Math.floor(all.length / 2)] as ContestRow
    sample = {
      match: busiest.match_id,
      series: busiest.series_id,
      sport: busiest.sport_slug,
      game: busiest.sport_id,
    }
  }, 60_000)
  afterAll(() => world.close())

  async function check(q: ContestQuery) {
    const now = deps.clock.now()
    const expected = reference(all, members, q, now)
    const perPages = [1, 7, 20]
    for (const per_page of perPages) {
      const offsets = [0, per_page, Math.max(0, expected.length - 1), expected.length, expected.length + 5]
      for (const offset of offsets) {
        const got = await queryContests(deps, q, { offset, per_page })
        expect({ q, offset, per_page, ids: got.rows.map((r) => r.id), total: got.total }).toEqual({
          q,
          offset,
          per_page,
          ids: expected.slice(offset, offset + per_page).map((r) => r.id),
          total: expected.length,
        })
      }
    }
    return expected.length
  }

  it('gives the same page and total for every type, sort, direction and order', async () => {
    let nonEmpty = 0
    for (const type of ['upcoming', 'live', 'finished', 'feed'] as const) {
      for (const sort of [1, 2, 3, 4] as const)
        for (const direction of [1, -1] as const) if ((await check({ type, sort, direction })) > 0) nonEmpty++
      for (const order of ['sort', 'popular', 'newest'] as const)
        if ((await check({ type, order })) > 0) nonEmpty++
    }
    // The comparison means something only if the lists are not all empty.
    expect(nonEmpty).toBeGreaterThan(20)
  })

  it('gives the same answers for every combination of filters', async () => {
    const ids = Object.keys(OLD_TESTS).map(Number)
    // Every subset of one or two filters, and a few of three and more.
    const combos: number[][] = [[]]
    for (const a of ids) {
      combos.push([a])
      for (const b of ids) if (b > a) combos.push([a, b])
    }
    combos.push([1, 2, 5, 9], [2, 3, 6, 7, 10], [4, 8, 11], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [3, 3, 7])
    for (const filter_ids of combos)
      for (const type of ['upcoming', 'feed', 'live'] as const)
        await check({ type, filter_ids, sort: 4, direction: 1 })
    // 216 comparisons, each loading every contest for the reference: slow on a busy machine.
  }, 120_000)

  it('gives the same answers scoped to a sport, game, match, series or member', async () => {
    for (const type of ['upcoming', 'live', 'finished', 'feed'] as const) {
      await check({ type, sport_slug: sample.sport })
      await check({ type, game_id: sample.game, sort: 2, direction: -1 })
      await check({ type, match_id: sample.match, order: 'sort' })
      await check({ type, series_id: sample.series, filter_ids: [9, 10] })
      for (const joined_by of userIds) await check({ type, joined_by, order: 'sort', sort: 1, direction: -1 })
    }
    expect(userIds.length).toBeGreaterThan(0)
  })
})

describe('contest list totals (cached per process, checked against data_versions)', () => {
  let world: TestWorld
  let deps: Deps
  const total = async (q: ContestQuery = { type: 'upcoming' }) =>
    (await queryContests(deps, q, { offset: 0, per_page: 5 })).total
  const truth = async () =>
    Number(
      (
        await deps.db
          .selectFrom('contests as c')
          .innerJoin('matches as m', 'm.id', 'c.match_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('c.is_private', '=', 0)
          .where('c.status', '=', 'open')
          .where('m.status', '=', 'upcoming')
          .where('m.event_time_ms', '>', deps.clock.now())
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    world = await shakenLeague()
    deps = world.deps
  }, 60_000)
  afterAll(() => world.close())

  it('follows a contest whose status changes, however it is written', async () => {
    expect(await total()).toBe(await truth())
    const open = await deps.db
      .selectFrom('contests as c')
      .innerJoin('matches as m', 'm.id', 'c.match_id')
      .select('c.id')
      .where('c.is_private', '=', 0)
      .where('c.status', '=', 'open')
      .where('m.status', '=', 'upcoming')
      .where('m.event_time_ms', '>', deps.clock.now())
      .limit(2)
      .execute()
    const before = await total()
    await deps.db
      .updateTable('contests')
      .set({ status: 'cancelled' })
      .where('id', '=', (open[0] as { id: number }).id)
      .execute()
    expect(await total()).toBe(before - 1)
    // Raw SQL, as another process or a hand edit would write it: the trigger still bumps.
    await sql`update contests set status = 'locked' where id = ${(open[1] as { id: number }).id}`.execute(
      deps.db,
    )
    expect(await total()).toBe(before - 2)
    expect(await total()).toBe(await truth())
  })

  it('follows a new contest, a match that goes live early, and the clock passing a start', async () => {
    const template = await contestBase(deps.db)
      .where('c.status', '=', 'open')
      .where('m.status', '=', 'upcoming')
      .where('m.event_time_ms', '>', deps.clock.now())
      .orderBy('m.event_time_ms')
      .executeTakeFirstOrThrow()
    const before = await total()
    await deps.db
      .insertInto('contests')
      .values({
        match_id: template.match_id,
        name: 'Listing test',
        kind: template.kind,
        entry_fee_paise: 0,
        members_limit: 2,
        rake_bps: 0,
        prize_pool_paise: 0,
        prize_structure: '[]',
        winner_count: 1,
        invite_code: 'LISTING-TEST',
        created_at_ms: deps.clock.now(),
      })
      .execute()
    expect(await total()).toBe(before + 1)
    // The new contest carries its match's start (lists sort on it).
    const added = await deps.db
      .selectFrom('contests')
      .select('starts_at_ms')
      .where('invite_code', '=', 'LISTING-TEST')
      .executeTakeFirstOrThrow()
    expect(Number(added.starts_at_ms)).toBe(Number(template.event_time_ms))

    const soonest = await deps.db
      .selectFrom('matches')
      .select(['id', 'event_time_ms'])
      .where('status', '=', 'upcoming')
      .where('event_time_ms', '>', deps.clock.now())
      .orderBy('event_time_ms')
      .limit(2)
      .execute()
    await deps.db
      .updateTable('matches')
      .set({ status: 'live' })
      .where('id', '=', (soonest[0] as { id: number }).id)
      .execute()
    expect(await total()).toBe(await truth())
    expect(await total()).toBeLessThan(before + 1)

    // No write at all: only time passes the next match's start.
    const beforeStart = await total()
    world.wall.advance(Number((soonest[1] as { event_time_ms: number }).event_time_ms) - deps.clock.now() + 1)
    expect(await total()).toBe(await truth())
    expect(await total()).toBeLessThan(beforeStart)
  })

  it('follows a match moved to another time, and keeps its contests sorted by it', async () => {
    const m = await deps.db
      .selectFrom('matches')
      .select(['id', 'event_time_ms'])
      .where('status', '=', 'upcoming')
      .where('event_time_ms', '>', deps.clock.now())
      .orderBy('event_time_ms', 'desc')
      .executeTakeFirstOrThrow()
    const later = Number(m.event_time_ms) + 86_400_000
    await deps.db.updateTable('matches').set({ event_time_ms: later }).where('id', '=', m.id).execute()
    const starts = await rowsWhere(deps.db, 'contests', { match_id: m.id }, 'starts_at_ms')
    expect(starts.length).toBeGreaterThan(0)
    for (const s of starts) expect(Number(s.starts_at_ms)).toBe(later)
    await deps.db
      .updateTable('matches')
      .set({ event_time_ms: deps.clock.now() - 1 })
      .where('id', '=', m.id)
      .execute()
    expect(await total()).toBe(await truth())
  })
})
