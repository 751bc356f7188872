import { describe, expect, it } from 'vitest'
import { afterLobbyResults } from '../../../server/areas/esports/tournament-results'
import { withTx } from '../../../server/db/tx'
import { squadPoints } from '../../../server/domain/esports/rules'
import { rowById, rowsWhere } from '../../helpers/db'
import { insertVerifiedAccount } from '../../helpers/esports-fixture'
import { apiWorld } from '../../helpers/world'

// Tournaments, rounds and slots (docs/esports.md): the definition's 422s, registration rules,
// seeding (deterministic), and a lobby's results moving the tournament on — through a stand-in
// for the results call that does what it does inside its transaction. SQLite and PostgreSQL.

const ctx = apiWorld({ admin: true, per: 'file' })

type Player = Awaited<ReturnType<typeof ctx.api.player>>
const HOUR = 3_600_000
let characters = 10_000_000
const now = () => ctx.world.deps.clock.now()

async function withAccount(p: Player, game: 'pubg' | 'free-fire' = 'pubg') {
  await insertVerifiedAccount(ctx.world.deps.db, p.id, game, 40, {
    in_game_name: `${p.username}-ign`,
    character_id: String(++characters),
    at_ms: now(),
  })
  return p
}

async function gamer() {
  return withAccount(await ctx.api.player())
}

function definition(over: Record<string, unknown> = {}) {
  const t = now()
  return {
    name: 'Erangel Cup',
    mode: 'solo',
    squads_limit: 32,
    registration_closes_at: t + HOUR,
    rounds: [
      {
        name: 'Qualifiers',
        lobby_size: 16,
        qualify_rule: 'top_per_lobby',
        qualify_count: 8,
        starts_at: t + 2 * HOUR,
      },
      {
        name: 'Final',
        lobby_size: 16,
        qualify_rule: 'top_per_lobby',
        qualify_count: 0,
        starts_at: t + 4 * HOUR,
      },
    ],
    ...over,
  }
}

async function create(over: Record<string, unknown> = {}) {
  ctx.admin = await ctx.api.admin() // a fresh token: tests move the clock on by hours
  const res = await ctx.api.post('/api/esports/tournaments', definition(over), ctx.admin.token)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.esports_tournament as { id: number; rounds: Array<{ id: number }> }
}

/** What the results call does for a lobby: squads' placement/kills/points, a results version, then afterLobbyResults. */
async function enterLobby(
  contestId: number,
  order?: (squadIds: number[]) => number[],
  killsOf = (i: number) => i % 4,
) {
  await withTx(ctx.world.deps, async (tx, after) => {
    const squads = await tx
      .selectFrom('esports_squads')
      .select(['id'])
      .where('contest_id', '=', contestId)
      .orderBy('id')
      .execute()
    const ids = order ? order(squads.map((s) => s.id)) : squads.map((s) => s.id)
    const rows = ids.map((id, i) => ({ squad_id: id, placement: i + 1, kills: killsOf(i) }))
    for (const r of rows)
      await tx
        .updateTable('esports_squads')
        .set({ placement: r.placement, kills: r.kills, points: squadPoints('pubg', r.placement, r.kills) })
        .where('id', '=', r.squad_id)
        .execute()
    const c = await rowById(tx, 'esports_contests', contestId, 'results_version')
    const version = c.results_version + 1
    await tx
      .insertInto('esports_results')
      .values({
        contest_id: contestId,
        version,
        source: 'admin',
        entered_by_id: ctx.admin.id,
        results: JSON.stringify(rows),
        created_at_ms: now(),
      })
      .execute()
    await tx
      .updateTable('esports_contests')
      .set({ results_version: version, status: 'completed', settled_at_ms: now() })
      .where('id', '=', contestId)
      .execute()
    await afterLobbyResults(tx, after, ctx.world.deps, contestId)
  })
}

async function registerMany(id: number, n: number) {
  const players: Player[] = []
  for (let i = 0; i < n; i++) {
    const p = await gamer()
    const res = await ctx.api.post(
      `/api/esports/tournaments/${id}/squads`,
      { name: `Squad ${id}-${i + 1}` },
      p.token,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    players.push(p)
  }
  return players
}

describe('esports tournaments: definition', () => {
  it('creates a tournament with its rounds (admin only), lists and shows it', async () => {
    const t = await create()
    const show = await ctx.api.get(`/api/esports/tournaments/${t.id}`)
    expect(show.status).toBe(200)
    expect(show.body.esports_tournament).toMatchObject({
      name: 'Erangel Cup',
      kind: 'pubg',
      game: 'pubg',
      mode: 'solo',
      team_size: 1,
      status: 'registration',
      squads_limit: 32,
      rounds_count: 2,
      current_round: 0,
      registration_open: true,
      my_squad: null,
    })
    expect(show.body.esports_tournament.rounds.map((r: { name: string }) => r.name)).toEqual([
      'Qualifiers',
      'Final',
    ])
    const alias = await ctx.api.get(`/api/tournaments/${t.id}`)
    expect(alias.body.esports_tournament.id).toBe(t.id)
    const list = await ctx.api.get('/api/esports/tournaments?status=registration&kind=pubg')
    expect(list.body.esports_tournaments.some((x: { id: number }) => x.id === t.id)).toBe(true)
    expect((await ctx.api.get('/api/tournaments?status=completed')).body.esports_tournaments).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: t.id })]),
    )
    const rounds = await ctx.api.get(`/api/tournaments/${t.id}/rounds`)
    expect(rounds.body.rounds).toHaveLength(2)

    const p = await ctx.api.player()
    expect((await ctx.api.post('/api/esports/tournaments', definition(), p.token)).status).toBe(403)
    expect((await ctx.api.post('/api/esports/tournaments', definition())).status).toBe(401)
    expect((await ctx.api.get('/api/esports/tournaments/999999')).status).toBe(404)
    expect((await ctx.api.get('/api/esports/tournaments/abc')).status).toBe(422)
    expect((await ctx.api.get('/api/esports/tournaments?status=nope')).status).toBe(422)
  })

  it('takes times in minutes from now on the server clock; one of each pair, every problem at once', async () => {
    const round = { lobby_size: 16, qualify_rule: 'top_per_lobby', qualify_count: 8 }
    const last = { ...round, qualify_count: 0 }
    const relative = {
      name: 'Minutes Cup',
      mode: 'solo',
      squads_limit: 32,
      registration_closes_in_minutes: 30,
      rounds: [
        { ...round, starts_in_minutes: 60 },
        { ...last, starts_in_minutes: 120 },
      ],
    }
    const before = now()
    const made = await ctx.api.post('/api/esports/tournaments', relative, ctx.admin.token)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const t = made.body.esports_tournament
    expect(t.registration_closes_at_in_millis).toBe(before + 30 * 60_000)
    const rounds = (await ctx.api.get(`/api/esports/tournaments/${t.id}/rounds`)).body.rounds
    expect(rounds.map((r: { starts_at_in_millis: number }) => r.starts_at_in_millis)).toEqual([
      before + 60 * 60_000,
      before + 120 * 60_000,
    ])

    const count = async () =>
      (await ctx.world.deps.db.selectFrom('esports_tournaments').select('id').execute()).length
    const had = await count()
    const bad = await ctx.api.post(
      '/api/esports/tournaments',
      {
        ...relative,
        registration_closes_in_minutes: undefined,
        rounds: [{ ...round, starts_in_minutes: 60, starts_at: before + HOUR }, last],
      },
      ctx.admin.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      registration_closes_at: ['is required'],
      'rounds.0.starts_in_minutes': ['give starts_at or starts_in_minutes, not both'],
      'rounds.1.starts_at': ['is required'],
    })
    const negative = await ctx.api.post(
      '/api/esports/tournaments',
      { ...relative, registration_closes_in_minutes: -5 },
      ctx.admin.token,
    )
    expect(negative.status).toBe(422)
    expect(Object.keys(negative.body.errors)).toEqual(['registration_closes_in_minutes'])
    expect(await count()).toBe(had)
  })

  it('answers 422 with rounds.i.* fields when the numbers do not fit', async () => {
    const t = now()
    const bad = await ctx.api.post(
      '/api/esports/tournaments',
      definition({
        mode: 'squad',
        rounds: [
          { lobby_size: 30, qualify_rule: 'top_per_lobby', qualify_count: 8, starts_at: t + 2 * HOUR },
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 3, starts_at: t + HOUR / 2 },
        ],
      }),
      ctx.admin.token,
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['rounds.0.lobby_size', 'rounds.1.starts_at', 'rounds.1.qualify_count']),
    )
    const none = await ctx.api.post(
      '/api/esports/tournaments',
      definition({
        rounds: [
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 1, starts_at: t + 2 * HOUR },
          { lobby_size: 16, qualify_rule: 'top_overall', qualify_count: 0, starts_at: t + 3 * HOUR },
        ],
      }),
      ctx.admin.token,
    )
    expect(none.status).toBe(422)
    expect(none.body.errors['rounds.0.qualify_count'][0]).toMatch(/at least 2/)
    const past = await ctx.api.post(
      '/api/esports/tournaments',
      definition({ registration_closes_at: new Date(t - HOUR).toISOString() }),
      ctx.admin.token,
    )
    expect(past.status).toBe(422)
    expect(past.body.errors.registration_closes_at).toBeDefined()
    const shape = await ctx.api.post(
      '/api/esports/tournaments',
      { name: 'x', mode: 'trio', rounds: [] },
      ctx.admin.token,
    )
    expect(shape.status).toBe(422)
    expect(Object.keys(shape.body.errors)).toEqual(expect.arrayContaining(['name', 'mode', 'rounds']))
    const iso = await ctx.api.post(
      '/api/esports/tournaments',
      definition({ registration_closes_at: 'tomorrow' }),
      ctx.admin.token,
    )
    expect(iso.status).toBe(422)
    expect(iso.body.errors.registration_closes_at).toBeDefined()
  })
})

describe('esports tournaments: registration', () => {
  it('registers squads, joins by code, leaves; 403 without an account, 409 already/full/closed, 422 name taken', async () => {
    const t = await create({
      mode: 'duo',
      squads_limit: 3,
      rounds: [
        { lobby_size: 3, qualify_rule: 'top_overall', qualify_count: 2, starts_at: now() + 2 * HOUR },
        { lobby_size: 2, qualify_rule: 'top_overall', qualify_count: 0, starts_at: now() + 3 * HOUR },
      ],
    })
    const captain = await gamer()
    const reg = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads`,
      { name: 'Night Owls' },
      captain.token,
    )
    expect(reg.status).toBe(201)
    const mySquad = reg.body.esports_tournament.my_squad
    expect(mySquad).toMatchObject({ name: 'Night Owls', members_count: 1, captain: { id: captain.id } })
    expect(mySquad.invite_code).toMatch(/^T[A-Z0-9]{8}$/)

    const plain = await ctx.api.player()
    const noAccount = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads`,
      { name: 'Nope' },
      plain.token,
    )
    expect(noAccount.status).toBe(403)
    expect(noAccount.body.error).toMatch(/PUBG/)
    expect(
      (
        await ctx.api.post(
          `/api/esports/tournaments/${t.id}/squads/join`,
          { invite_code: mySquad.invite_code },
          plain.token,
        )
      ).status,
    ).toBe(403)

    expect(
      (await ctx.api.post(`/api/esports/tournaments/${t.id}/squads`, { name: 'Again' }, captain.token))
        .status,
    ).toBe(409)
    const taken = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads`,
      { name: 'night owls' },
      (await gamer()).token,
    )
    expect(taken.status).toBe(422)
    expect(taken.body.errors.name).toBeDefined()
    expect(
      (await ctx.api.post(`/api/esports/tournaments/${t.id}/squads`, { name: '' }, captain.token)).status,
    ).toBe(422)

    const mate = await gamer()
    const join = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads/join`,
      { invite_code: mySquad.invite_code.toLowerCase() },
      mate.token,
    )
    expect(join.status).toBe(201)
    expect(join.body.esports_tournament.my_squad.members_count).toBe(2)
    const third = await gamer()
    const full = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads/join`,
      { invite_code: mySquad.invite_code },
      third.token,
    )
    expect(full.status).toBe(409)
    expect(
      (
        await ctx.api.post(
          `/api/esports/tournaments/${t.id}/squads/join`,
          { invite_code: 'TNOTACODE' },
          third.token,
        )
      ).status,
    ).toBe(404)
    // Others do not see a squad's invite code.
    expect(
      (await ctx.api.get(`/api/esports/tournaments/${t.id}`, third.token)).body.esports_tournament.my_squad,
    ).toBeNull()

    // Captain leaves: the mate becomes captain.
    const left = await ctx.api.call('DELETE', `/api/esports/tournaments/${t.id}/membership`, {
      token: captain.token,
    })
    expect(left.status).toBe(200)
    expect(left.body.esports_tournament.my_squad).toBeNull()
    const mates = (await ctx.api.get(`/api/esports/tournaments/${t.id}`, mate.token)).body.esports_tournament
      .my_squad
    expect(mates).toMatchObject({ captain: { id: mate.id }, members_count: 1 })
    expect(
      (await ctx.api.call('DELETE', `/api/esports/tournaments/${t.id}/membership`, { token: third.token }))
        .status,
    ).toBe(404)

    // The limit: 3 squads.
    await ctx.api.post(`/api/esports/tournaments/${t.id}/squads`, { name: 'Second' }, third.token)
    await ctx.api.post(`/api/esports/tournaments/${t.id}/squads`, { name: 'Filler' }, (await gamer()).token)
    const over = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads`,
      { name: 'Third' },
      captain.token,
    )
    expect(over.status).toBe(409)
    expect(over.body.error).toMatch(/full/)

    // Registration closes: round 1 is seeded by the job; joins are 409.
    ctx.world.wall.advance(HOUR)
    await ctx.world.deps.scheduler.runDue()
    const after = (await ctx.api.get(`/api/esports/tournaments/${t.id}`)).body.esports_tournament
    expect(after.status).toBe('running')
    expect(after.rounds[0].status).toBe('seeded')
    const late = await ctx.api.post(
      `/api/esports/tournaments/${t.id}/squads`,
      { name: 'Late' },
      captain.token,
    )
    expect(late.status).toBe(409)
    expect(
      (await ctx.api.call('DELETE', `/api/esports/tournaments/${t.id}/membership`, { token: mate.token }))
        .status,
    ).toBe(409)
  })

  it('cancels a tournament with fewer than 2 squads at the close', async () => {
    const t = await create()
    await registerMany(t.id, 1)
    ctx.world.wall.advance(HOUR)
    await ctx.world.deps.scheduler.runDue()
    const after = (await ctx.api.get(`/api/esports/tournaments/${t.id}`)).body.esports_tournament
    expect(after.status).toBe('cancelled')
    expect(after.rounds[0].status).toBe('pending')
  })
})

describe('esports tournaments: seeding and progress', () => {
  it('32 squads: round 1 in 2 lobbies, top 8 each → a final of 16 → completed', async () => {
    const t = await create()
    await registerMany(t.id, 32)
    const [r1, r2] = t.rounds as [{ id: number }, { id: number }]
    const p = await ctx.api.player()
    expect((await ctx.api.post(`/api/esports/rounds/${r1.id}/seed`, {}, p.token)).status).toBe(403)
    expect((await ctx.api.post(`/api/esports/rounds/${r2.id}/seed`, {}, ctx.admin.token)).status).toBe(409)
    const seeded = await ctx.api.post(`/api/esports/rounds/${r1.id}/seed`, {}, ctx.admin.token)
    expect(seeded.status).toBe(200)
    expect((await ctx.api.post(`/api/esports/rounds/${r1.id}/seed`, {}, ctx.admin.token)).status).toBe(409)
    const slots = seeded.body.slots as Array<{
      lobby_no: number
      slot_no: number
      seed_no: number
      contest_id: number
    }>
    expect(slots).toHaveLength(32)
    expect(seeded.body.round.lobbies).toHaveLength(2)
    // Snake: seeds 1,4,5,8,… in lobby 1; 2,3,6,7,… in lobby 2; slots in seed order.
    const lobby1 = slots.filter((s) => s.lobby_no === 1).map((s) => s.seed_no)
    expect(lobby1.slice(0, 4)).toEqual([1, 4, 5, 8])
    expect(slots.filter((s) => s.lobby_no === 1).map((s) => s.slot_no)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    )
    // The lobbies are esports contests of the round, with the squads and members copied.
    const lobbies = await ctx.world.deps.db
      .selectFrom('esports_contests')
      .selectAll()
      .where('round_id', '=', r1.id)
      .orderBy('lobby_no')
      .execute()
    expect(lobbies.map((l) => [l.lobby_no, l.slots, l.status, l.entry_fee_paise, l.host_id])).toEqual([
      [1, 16, 'locked', 0, ctx.admin.id],
      [2, 16, 'locked', 0, ctx.admin.id],
    ])
    expect(lobbies[0]?.id).toBeGreaterThan(1_000_000)
    const members = await ctx.world.deps.db
      .selectFrom('esports_members')
      .select(['in_game_name'])
      .where('contest_id', '=', lobbies[0]?.id as number)
      .execute()
    expect(members).toHaveLength(16)
    expect(members[0]?.in_game_name).toMatch(/-ign$/)
    const alias = await ctx.api.get(`/api/rounds/${r1.id}/slots`)
    expect(alias.body.slots).toEqual(seeded.body.slots)
    expect((await ctx.api.get('/api/esports/rounds/999999/slots')).status).toBe(404)

    // Lobby 1's results: ranks move, nobody qualifies yet.
    const lobbyIds = lobbies.map((l) => l.id)
    await enterLobby(lobbyIds[0] as number)
    let mid = (await ctx.api.get(`/api/esports/rounds/${r1.id}/slots`)).body
    expect(mid.round.status).toBe('seeded')
    expect(mid.slots.filter((s: { points: number | null }) => s.points !== null)).toHaveLength(16)
    expect(mid.slots.some((s: { qualified: boolean }) => s.qualified)).toBe(false)

    // Lobby 2: the round completes, 8 per lobby go on, the final is seeded in one lobby of 16.
    await enterLobby(lobbyIds[1] as number)
    mid = (await ctx.api.get(`/api/esports/rounds/${r1.id}/slots`)).body
    expect(mid.round.status).toBe('completed')
    const q = mid.slots.filter((s: { qualified: boolean }) => s.qualified)
    expect(q).toHaveLength(16)
    expect(q.filter((s: { lobby_no: number }) => s.lobby_no === 1)).toHaveLength(8)
    const ranks = mid.slots.map((s: { rank: number }) => s.rank).sort((a: number, b: number) => a - b)
    expect(ranks).toEqual(Array.from({ length: 32 }, (_, i) => i + 1))
    const final = (await ctx.api.get(`/api/esports/rounds/${r2.id}/slots`)).body
    expect(final.round).toMatchObject({ status: 'seeded', lobbies_count: 1 })
    expect(final.slots).toHaveLength(16)
    // Snake by round-1 rank: seed 1 is round 1's rank-1 squad.
    const top = mid.slots.find((s: { rank: number }) => s.rank === 1)
    expect(final.slots.find((s: { seed_no: number }) => s.seed_no === 1).squad.id).toBe(top.squad.id)
    // Before the final has results, its squads stand in seed order (round 1's standing), not by name.
    const seededStandings = (await ctx.api.get(`/api/esports/tournaments/${t.id}/standings`)).body
      .standings as Array<{
      squad: { id: number }
      reached_round: number
      rank_in_round: number | null
      seed_in_round: number | null
    }>
    const finalists = seededStandings.filter((s) => s.reached_round === 2)
    expect(finalists.map((s) => s.rank_in_round)).toEqual(Array(16).fill(null))
    expect(finalists.map((s) => s.seed_in_round)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1))
    const bySeed = [...final.slots].sort(
      (a: { seed_no: number }, b: { seed_no: number }) => a.seed_no - b.seed_no,
    )
    expect(finalists.map((s) => s.squad.id)).toEqual(bySeed.map((s: { squad: { id: number } }) => s.squad.id))
    const tour = (await ctx.api.get(`/api/esports/tournaments/${t.id}`)).body.esports_tournament
    expect(tour).toMatchObject({ status: 'running', current_round: 2 })
    const elim = await rowsWhere(
      ctx.world.deps.db,
      'esports_tournament_squads',
      { tournament_id: t.id, eliminated_in_round: 1 },
      'id',
    )
    expect(elim).toHaveLength(16)

    // A correction of lobby 1 after the final was seeded: points move, qualification does not.
    const before = q.map((s: { squad: { id: number } }) => s.squad.id).sort()
    await enterLobby(lobbyIds[0] as number, (ids) => [...ids].reverse())
    const corrected = (await ctx.api.get(`/api/esports/rounds/${r1.id}/slots`)).body
    expect(
      corrected.slots
        .filter((s: { qualified: boolean }) => s.qualified)
        .map((s: { squad: { id: number } }) => s.squad.id)
        .sort(),
    ).toEqual(before)
    expect(corrected.slots).not.toEqual(mid.slots)

    // The final: the tournament completes.
    await enterLobby(final.round.lobbies[0].contest_id)
    const done = (await ctx.api.get(`/api/esports/tournaments/${t.id}`)).body.esports_tournament
    expect(done).toMatchObject({ status: 'completed', current_round: 2 })
    expect(done.rounds.map((r: { status: string }) => r.status)).toEqual(['completed', 'completed'])
    const standings = (await ctx.api.get(`/api/esports/tournaments/${t.id}/standings`)).body
    expect(standings.standings).toHaveLength(32)
    expect(standings.standings[0]).toMatchObject({ position: 1, reached_round: 2, rank_in_round: 1 })
    expect(standings.standings[31].reached_round).toBe(1)
  })

  it('same seed, same slots: seeding is a function of the tournament seed and its squads', async () => {
    const a = await create()
    await registerMany(a.id, 10)
    await ctx.world.deps.db
      .updateTable('esports_tournaments')
      .set({ seed: 12345 })
      .where('id', '=', a.id)
      .execute()
    const seededA = await ctx.api.post(`/api/esports/rounds/${a.rounds[0]?.id}/seed`, {}, ctx.admin.token)
    expect(seededA.status).toBe(200)
    // The same squads re-seeded from scratch (slots, lobbies removed) give the same slots.
    const slotsA = seededA.body.slots.map(
      (s: { squad: { id: number }; lobby_no: number; slot_no: number; seed_no: number }) => [
        s.squad.id,
        s.lobby_no,
        s.slot_no,
        s.seed_no,
      ],
    )
    const roundId = a.rounds[0]?.id as number
    const contestIds = (
      await rowsWhere(ctx.world.deps.db, 'esports_contests', { round_id: roundId }, 'id')
    ).map((c) => c.id)
    await ctx.world.deps.db.deleteFrom('esports_slots').where('round_id', '=', roundId).execute()
    await ctx.world.deps.db.deleteFrom('esports_members').where('contest_id', 'in', contestIds).execute()
    await ctx.world.deps.db.deleteFrom('esports_squads').where('contest_id', 'in', contestIds).execute()
    await ctx.world.deps.db.deleteFrom('esports_contests').where('id', 'in', contestIds).execute()
    await ctx.world.deps.db
      .updateTable('esports_rounds')
      .set({ status: 'pending' })
      .where('id', '=', roundId)
      .execute()
    const again = await ctx.api.post(`/api/esports/rounds/${roundId}/seed`, {}, ctx.admin.token)
    expect(again.status).toBe(200)
    expect(
      again.body.slots.map(
        (s: { squad: { id: number }; lobby_no: number; slot_no: number; seed_no: number }) => [
          s.squad.id,
          s.lobby_no,
          s.slot_no,
          s.seed_no,
        ],
      ),
    ).toEqual(slotsA)
    // 10 squads in lobbies of 16: one lobby.
    expect(again.body.round.lobbies).toHaveLength(1)
    const current = await ctx.api.get('/api/esports/rounds/current/slots')
    expect(current.status).toBe(200)
    expect(current.body.round).not.toBeNull()
  })
})
