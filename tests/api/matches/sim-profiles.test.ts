import { describe, expect, it } from 'vitest'
import { simInputOf, simulationInput } from '../../../server/areas/scoring'
import { rowWhere } from '../../helpers/db'
import { apiWorld } from '../../helpers/world'

// Eras and leagues as a setting (issue 30, docs/simulation.md "Eras and leagues"): stored on the
// series, chosen per simulation, fixed with the simulation's input and shown in the JSON.

const ctx = apiWorld({ league: true, admin: true, per: 'file' })

/** The first upcoming match of the series with this short name (an hour or more away). */
async function upcomingOf(shortName: string, skip = 0) {
  const rows = await ctx.deps.db
    .selectFrom('matches as m')
    .innerJoin('series as se', 'se.id', 'm.series_id')
    .select(['m.id', 'm.series_id'])
    .where('se.short_name', 'like', `${shortName}%`)
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', ctx.deps.clock.now() + 3_600_000)
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .execute()
  const row = rows[skip]
  if (!row) throw new Error(`no upcoming match ${skip} of ${shortName}`)
  return row
}

const simulate = (id: number, body: Record<string, unknown>) =>
  ctx.api.post(`/api/admin/matches/${id}/simulate`, body, ctx.admin.token)

const storedProfile = async (id: number) =>
  (await rowWhere(ctx.deps.db, 'match_simulations', { match_id: id }, 'profile'))?.profile

describe('simulation profiles (eras and leagues)', () => {
  it("shows each demo series' profile, and each match's: its series', else the default, null for a sport without", async () => {
    const series = (await ctx.api.get('/api/series')).body.series as {
      short_name: string
      sim_profile: string | null
    }[]
    const byName = (prefix: string) => series.find((s) => s.short_name.startsWith(prefix))?.sim_profile
    expect(byName('PTL')).toBe('t20-2024')
    expect(byName('SA Tri-Series')).toBe('t20-2008')
    expect(byName('ENG v NZ ODIs')).toBe('odi-2015')
    expect(byName('AUS v IND Tests')).toBeNull()
    expect(byName('IFL')).toBe('premier-league')
    expect(byName('F1')).toBeNull()
    const one = (await ctx.api.get(`/api/series/${(await upcomingOf('PTL')).series_id}`)).body.series
    expect(one.sim_profile).toBe('t20-2024')
    const profileOf = async (shortName: string) =>
      (await ctx.api.get(`/api/matches/${(await upcomingOf(shortName)).id}`)).body.match.sim_profile
    expect(await profileOf('PTL')).toBe('t20-2024')
    expect(await profileOf('ENG v NZ ODIs')).toBe('odi-2015')
    expect(await profileOf('IFL')).toBe('premier-league')
    expect(await profileOf('F1')).toBeNull()
    // A series that names none: its T20s play the default era.
    await ctx.deps.db
      .updateTable('series')
      .set({ sim_profile: null })
      .where('short_name', '=', 'SA Tri-Series')
      .execute()
    expect(await profileOf('SA Tri-Series')).toBe('t20-2008')
  })

  it("stores the series' era when none is named, and gives it to the simulator", async () => {
    const match = await upcomingOf('PTL')
    const res = await simulate(match.id, { mode: 'instant' })
    expect(res.status).toBe(200)
    expect(res.body.match).toMatchObject({ match_status: 'completed', sim_profile: 't20-2024' })
    expect(await storedProfile(match.id)).toBe('t20-2024')
    const input = await simulationInput(ctx.deps, match.id)
    expect(simInputOf({ sport_slug: 'cricket', format: 'T20' }, input).profile).toBe('t20-2024')
  })

  it('plays the era or league a simulation names, and keeps it: another one later is 409, the same one is fine', async () => {
    const match = await upcomingOf('PTL', 1)
    const live = await simulate(match.id, { mode: 'live', era: 't20-2008' })
    expect(live.status).toBe(200)
    expect(live.body.match.sim_profile).toBe('t20-2008')
    expect(await storedProfile(match.id)).toBe('t20-2008')
    const other = await simulate(match.id, { mode: 'instant', era: 't20-2024' })
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({
      code: 'MATCH_STATE',
      error: 'The simulation already started with era t20-2008',
    })
    const same = await simulate(match.id, { mode: 'instant', era: 't20-2008' })
    expect(same.status).toBe(200)
    expect(same.body.match).toMatchObject({ match_status: 'completed', sim_profile: 't20-2008' })
    const football = await upcomingOf('IFL')
    const league = await simulate(football.id, { mode: 'instant', league: 'serie-a' })
    expect(league.status).toBe(200)
    expect(league.body.match.sim_profile).toBe('serie-a')
    expect(await storedProfile(football.id)).toBe('serie-a')
  })

  it('refuses a profile that does not fit the sport or format with the valid values (422), starting nothing', async () => {
    const odi = await upcomingOf('ENG v NZ ODIs')
    const wrongFormat = await simulate(odi.id, { mode: 'instant', era: 't20-2024' })
    expect(wrongFormat.status).toBe(422)
    expect(wrongFormat.body.errors).toEqual({ era: ['must be one of odi-2015 for an ODI match'] })
    const t20 = await upcomingOf('PTL', 2)
    const odiEra = await simulate(t20.id, { era: 'odi-2015' })
    expect(odiEra.body.errors).toEqual({ era: ['must be one of t20-2008, t20-2024 for a T20 match'] })
    const league = await simulate(t20.id, { league: 'la-liga' })
    expect(league.status).toBe(422)
    expect(league.body.errors).toEqual({ league: ['does not apply to cricket (choose an era)'] })
    const unknown = await simulate(t20.id, { era: 't20-1999' })
    expect(unknown.status).toBe(422)
    expect(JSON.stringify(unknown.body.errors.era)).toContain('t20-2024')
    const f1 = await upcomingOf('F1')
    expect((await simulate(f1.id, { era: 't20-2008' })).body.errors).toEqual({
      era: ['does not apply to f1'],
    })
    for (const id of [odi.id, t20.id, f1.id]) {
      expect((await ctx.api.get(`/api/matches/${id}`)).body.match.match_status).toBe('upcoming')
      expect(await storedProfile(id)).toBeUndefined()
    }
  })
})
