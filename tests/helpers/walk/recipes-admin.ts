import { squadOf } from '../league'
import type { Kit, Recipe } from './kit'

/** Valid requests for an admin's match controls, each on a fresh fixture of its own. */

/** A fresh upcoming fixture with a paid house contest that a new player joined. */
async function fixture(k: Kit) {
  const made = await k.ok(
    'fixture',
    k.api.post('/api/admin/matches', { starts_in_minutes: 300, title: `Walk ${k.unique()}` }, k.admin.token),
  )
  const matchId = made.match.id as number
  const contests = (await k.api.get(`/api/matches/${matchId}/contests?per_page=100`)).body.contests as Array<{
    id: number
    entry_fee: number
  }>
  const paid = contests.find((c) => c.entry_fee > 0) as { id: number }
  const p = await k.player({ rupees: 500 })
  const body = { team_id: await k.team(p, matchId) }
  await k.ok('join', k.api.post(`/api/contests/${paid.id}/join`, body, p.token))
  return matchId
}

async function startedFixture(k: Kit) {
  const id = await fixture(k)
  await k.ok('start', k.api.post(`/api/admin/matches/${id}/start`, undefined, k.admin.token))
  return id
}

/** Played to the end by the simulator: completed and settled. */
async function playedFixture(k: Kit) {
  const id = await startedFixture(k)
  await k.ok('simulate', k.api.post(`/api/admin/matches/${id}/simulate`, { mode: 'instant' }, k.admin.token))
  return id
}

async function lineups(k: Kit, matchId: number) {
  const squad = await squadOf(k.deps, matchId)
  return [...new Set(squad.map((p) => p.real_team_id))].map((teamId) => ({
    type: 'lineup',
    team_id: teamId,
    player_ids: squad
      .filter((p) => p.real_team_id === teamId)
      .map((p) => p.id)
      .slice(0, 11),
  }))
}

const admin = (command: string, setup: (k: Kit) => Promise<number>, body?: unknown): Recipe => {
  return async (k) => ({
    token: k.admin.token,
    path: `/api/admin/matches/${await setup(k)}/${command}`,
    body,
  })
}

export const adminRecipes: Record<string, Recipe> = {
  'POST /api/admin/matches': async (k) => ({
    token: k.admin.token,
    path: '/api/admin/matches',
    body: { starts_in_minutes: 300 },
  }),
  'POST /api/admin/matches/{id}/start': admin('start', fixture),
  'POST /api/admin/matches/{id}/simulate': admin('simulate', startedFixture, { mode: 'instant' }),
  'POST /api/admin/matches/{id}/complete': admin('complete', async (k) => {
    const id = await startedFixture(k)
    const events = await lineups(k, id)
    await k.ok('events', k.api.post(`/api/admin/matches/${id}/events`, { events }, k.admin.token))
    return id
  }),
  'POST /api/admin/matches/{id}/abandon': admin('abandon', fixture, { reason: 'Rain all day' }),
  'POST /api/admin/matches/{id}/delay': admin('delay', fixture, { minutes: 30 }),
  'POST /api/admin/matches/{id}/replay': admin('replay', playedFixture, { speed: 1 }),
  'POST /api/admin/matches/{id}/events': async (k) => {
    const id = await startedFixture(k)
    return {
      token: k.admin.token,
      path: `/api/admin/matches/${id}/events`,
      body: { events: await lineups(k, id) },
    }
  },
  // Only a step the walk can take back: the clock moves nothing else while it runs.
  'POST /api/admin/clock': async (k) => ({
    token: k.admin.token,
    path: '/api/admin/clock',
    body: { speed: 1 },
  }),
  'POST /api/admin/notifications': async (k) => ({
    token: k.admin.token,
    path: '/api/admin/notifications',
    body: { user_id: (await k.player()).id, body: 'Walk announcement' },
  }),
  'POST /api/admin/classrooms': async (k) => ({
    token: k.admin.token,
    path: '/api/admin/classrooms',
    body: { name: `Walk class ${k.unique()}`, students: 2 },
  }),
}
