import { beforeEach, describe, expect, it } from 'vitest'
import { userBalances } from '../../../server/areas/ledger/service'
import { classicBody, threeMatchPhase, withTransfers } from '../../helpers/championship'
import { playerOutside } from '../../helpers/league'
import { transactionsOfKind } from '../../helpers/ledger'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })
let phase: { id: number; matchIds: number[] }
beforeEach(async () => {
  phase = await threeMatchPhase(ctx.world.deps)
})

const TEAMS = '/api/championship/classic_teams'
const start = (matchId: number) =>
  ctx.api.post(`/api/admin/matches/${matchId}/start`, undefined, ctx.admin.token)

async function teamRows() {
  return ctx.world.deps.db.selectFrom('classic_teams').selectAll().orderBy('id').execute()
}

describe('POST /api/championship/classic_teams', () => {
  it('creates my team (201) with players, captain, budget and unlimited transfers', async () => {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    const res = await ctx.api.post(`${TEAMS}.json`, { phase_id: phase.id, ...body }, me.token)
    expect(res.status).toBe(201)
    const team = res.body.classic_team
    expect(team).toMatchObject({
      phase_id: phase.id,
      captain: { id: body.captain },
      vice_captain: { id: body.vice_captain },
      free_transfers_left: '∞',
      paid_transfers_left: '∞',
      transfers: { unlimited: true, cost: 0 },
      score: 0,
      rank: null,
      last_team_player_ids: null,
      is_current_user_allowed_to_edit: true,
    })
    expect([...team.team_players_ids].sort()).toEqual([...body.player_ids].sort())
    expect(team.team_players).toHaveLength(11)
    expect(team.budget).toBeLessThanOrEqual(100)
    expect(team.upcoming_matches.map((m: { id: number }) => m.id)).toEqual(phase.matchIds)
    const list = await ctx.api.get(`${TEAMS}?phase_id=${phase.id}`, me.token)
    expect(list.body.classic_teams.map((t: { id: number }) => t.id)).toEqual([team.id])
  })

  it('takes player_ids comma-joined too', async () => {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    const res = await ctx.api.post(
      TEAMS,
      { phase_id: phase.id, ...body, player_ids: body.player_ids.join(',') },
      me.token,
    )
    expect(res.status).toBe(201)
  })

  it('refuses a second team in the same phase with 409, storing nothing', async () => {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    expect((await ctx.api.post(TEAMS, { phase_id: phase.id, ...body }, me.token)).status).toBe(201)
    const again = await ctx.api.post(
      TEAMS,
      { phase_id: phase.id, ...(await classicBody(ctx.world.deps, phase.id, 'b')) },
      me.token,
    )
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CLASSIC_TEAM_EXISTS')
    expect(await teamRows()).toHaveLength(1)
  })

  it('lets one of two simultaneous creations through', async () => {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    const answers = await Promise.all([
      ctx.api.post(TEAMS, { phase_id: phase.id, ...body }, me.token),
      ctx.api.post(TEAMS, { phase_id: phase.id, ...body }, me.token),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(await teamRows()).toHaveLength(1)
  })

  it('refuses a player outside the phase with 422 naming the rule, storing nothing', async () => {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    const outsider = await playerOutside(ctx.world.deps, phase.matchIds)
    const ids = [...body.player_ids]
    ids[ids.findIndex((id) => id !== body.captain && id !== body.vice_captain)] = outsider
    const res = await ctx.api.post(TEAMS, { phase_id: phase.id, ...body, player_ids: ids }, me.token)
    expect(res.status).toBe(422)
    expect(res.body.errors.rules).toContain('player_not_in_match')
    expect(res.body.errors.player_ids.join(' ')).toMatch(/not in this phase/)
    expect(await teamRows()).toHaveLength(0)
  })

  it('answers 404 for an unknown phase and 422 for a malformed body', async () => {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    expect((await ctx.api.post(TEAMS, { phase_id: 999_999, ...body }, me.token)).status).toBe(404)
    const bad = await ctx.api.post(TEAMS, { phase_id: phase.id, ...body, player_ids: '1,x' }, me.token)
    expect(bad.status).toBe(422)
    expect(bad.body.errors.player_ids).toBeDefined()
    expect((await ctx.api.post(TEAMS, { ...body }, me.token)).status).toBe(422)
    expect((await ctx.api.post(TEAMS, { phase_id: phase.id, ...body })).status).toBe(401)
    expect(await teamRows()).toHaveLength(0)
  })

  it('refuses a new team once the phase’s last match has started (409)', async () => {
    const me = await ctx.api.player()
    for (const id of phase.matchIds) await start(id)
    const res = await ctx.api.post(
      TEAMS,
      { phase_id: phase.id, ...(await classicBody(ctx.world.deps, phase.id)) },
      me.token,
    )
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('EVENT_LOCKED')
    expect(await teamRows()).toHaveLength(0)
  })
})

describe('PUT /api/championship/classic_teams/{id}', () => {
  async function created() {
    const me = await ctx.api.player()
    const body = await classicBody(ctx.world.deps, phase.id)
    const team = (await ctx.api.post(TEAMS, { phase_id: phase.id, ...body }, me.token)).body.classic_team
    return { me, body, team }
  }

  it('changes anything before the first lock; then counts transfers against the lock', async () => {
    const { me, body, team } = await created()
    const five = await withTransfers(ctx.world.deps, phase.id, body, 5)
    const res = await ctx.api.put(`${TEAMS}/${team.id}`, five, me.token)
    expect(res.status).toBe(200)
    expect(res.body.classic_team.free_transfers_left).toBe('∞')
    await start(phase.matchIds[0] as number)
    const two = await withTransfers(ctx.world.deps, phase.id, five, 2)
    const after = await ctx.api.put(`${TEAMS}/${team.id}`, two, me.token)
    expect(after.status).toBe(200)
    expect(after.body.classic_team).toMatchObject({
      free_transfers_left: 0,
      paid_transfers_left: 2,
      transfers: { unlimited: false, used: 2, cost: 0, next_paid_fee: 15 },
      last_team_player_ids: [...five.player_ids].sort((a, b) => a - b),
    })
  })

  it('swaps the captain for free', async () => {
    const { me, body, team } = await created()
    await start(phase.matchIds[0] as number)
    const res = await ctx.api.put(
      `${TEAMS}/${team.id}`,
      { ...body, captain: body.vice_captain, vice_captain: body.captain },
      me.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.classic_team.transfers).toMatchObject({ used: 0, free_left: 2, cost: 0 })
  })

  it('refuses too many transfers with 422 naming the rule and the numbers, changing nothing', async () => {
    const { me, body, team } = await created()
    await start(phase.matchIds[0] as number)
    const five = await withTransfers(ctx.world.deps, phase.id, body, 5)
    const res = await ctx.api.put(`${TEAMS}/${team.id}`, five, me.token)
    expect(res.status).toBe(422)
    expect(res.body.errors.rules).toEqual(['too_many_transfers'])
    expect(res.body.error).toBe('transfers: 5 used, 2 free + 2 paid left')
    const [row] = await teamRows()
    expect(JSON.parse(row!.player_ids)).toEqual([...body.player_ids].sort((a, b) => a - b))
  })

  it('refuses paid transfers the balance cannot cover with 409 INSUFFICIENT_BALANCE, changing and charging nothing', async () => {
    const { me, body, team } = await created()
    expect(
      (await ctx.api.post('/api/admin/wallet/credits', { user_id: me.id, amount: 14 }, ctx.admin.token))
        .status,
    ).toBe(201)
    await start(phase.matchIds[0] as number)
    const three = await withTransfers(ctx.world.deps, phase.id, body, 3)
    const res = await ctx.api.put(`${TEAMS}/${team.id}`, three, me.token)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE')
    expect(res.body.error).toMatch(/₹15/)
    const [row] = await teamRows()
    expect(JSON.parse(row!.player_ids)).toEqual([...body.player_ids].sort((a, b) => a - b))
    // Two free transfers still save; ₹14 is untouched.
    const two = await withTransfers(ctx.world.deps, phase.id, body, 2)
    expect((await ctx.api.put(`${TEAMS}/${team.id}`, two, me.token)).status).toBe(200)
    await start(phase.matchIds[1] as number)
    expect((await userBalances(ctx.world.deps.db, me.id)).unused).toBe(1400)
    const charges = await transactionsOfKind(ctx.world.deps.db, 'classic_transfers')
    expect(charges).toEqual([])
  })

  it('refuses a save while a match is past its start but not yet locked (409)', async () => {
    const { me, body, team } = await created()
    await ctx.world.deps.db
      .updateTable('matches')
      .set({ event_time_ms: ctx.world.deps.clock.now() - 1000 })
      .where('id', '=', phase.matchIds[0] as number)
      .execute()
    const res = await ctx.api.put(
      `${TEAMS}/${team.id}`,
      { ...body, captain: body.vice_captain, vice_captain: body.captain },
      me.token,
    )
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('EVENT_LOCKED')
    const [row] = await teamRows()
    expect(row!.captain_id).toBe(body.captain)
  })

  it('answers 404 for another user’s team and 409 after the phase’s last match started', async () => {
    const { me, body, team } = await created()
    const other = await ctx.api.player()
    expect((await ctx.api.put(`${TEAMS}/${team.id}`, body, other.token)).status).toBe(404)
    for (const id of phase.matchIds) await start(id)
    const late = await ctx.api.put(`${TEAMS}/${team.id}`, body, me.token)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('EVENT_LOCKED')
  })
})
