import { classicBody } from '../championship'
import { validTeamBody } from '../league'
import type { Kit, Recipe } from './kit'

/** Valid requests for daily and championship contests, their teams and their owners' controls. */

const draft = { name: 'Walk League', entry_fee: 50, members_limit: 4, is_private: true }

async function dailyDraft(k: Kit) {
  const owner = await k.player({ rupees: 500, access: true })
  const body = { ...draft, game: 'single-match', match_id: k.matchId, team_id: await k.team(owner) }
  return { owner, body }
}

/** A contest of the kind with a second member (₹50 paid); the member's entry id. */
async function withMember(k: Kit, kind: 'daily' | 'championship') {
  const member = await k.player({ rupees: 200 })
  if (kind === 'daily') {
    const c = await k.dailyContest()
    const body = { team_id: await k.team(member), invite_code: c.code }
    const joined = await k.ok('join', k.api.post(`/api/contests/${c.id}/join`, body, member.token))
    return { ...c, memberId: joined.member_id as number }
  }
  const c = await k.championshipContest()
  const body = { classic_team_id: await k.classicTeam(member), invite_code: c.code }
  const joined = await k.ok('join', k.api.post(`/api/championship/contests/${c.id}/join`, body, member.token))
  return { ...c, memberId: joined.member_id as number }
}

const kinds = [
  ['daily', '/api/contests'],
  ['championship', '/api/championship/contests'],
] as const

function ownerRecipes(kind: 'daily' | 'championship', base: string): Record<string, Recipe> {
  const contest = (k: Kit) => (kind === 'daily' ? k.dailyContest() : k.championshipContest())
  return {
    // A fee change before anyone else joined: the owner pays the difference.
    [`PUT ${base}/{id}`]: async (k) => {
      const c = await contest(k)
      return { token: c.owner.token, path: `${base}/${c.id}`, body: { entry_fee: 60 } }
    },
    [`DELETE ${base}/{id}`]: async (k) => {
      const c = await withMember(k, kind)
      return { token: c.owner.token, path: `${base}/${c.id}` }
    },
    [`POST ${base}/{id}/verify`]: async (k) => {
      const c = await contest(k)
      return { token: c.owner.token, path: `${base}/${c.id}/verify`, body: { entry_fee: 60 } }
    },
    [`POST ${base}/{id}/update_members`]: async (k) => {
      const c = await withMember(k, kind)
      return {
        token: c.owner.token,
        path: `${base}/${c.id}/update_members`,
        body: { remove_member_ids: [c.memberId] },
      }
    },
    // The owner stakes the bot's entry fee.
    [`POST ${base}/{id}/bots`]: async (k) => {
      const c = await contest(k)
      return { token: c.owner.token, path: `${base}/${c.id}/bots`, body: { count: 1 } }
    },
  }
}

export const contestRecipes: Record<string, Recipe> = {
  'POST /api/contests': async (k) => {
    const { owner, body } = await dailyDraft(k)
    return { token: owner.token, path: '/api/contests', body }
  },
  'POST /api/contests/verify': async (k) => {
    const { owner, body } = await dailyDraft(k)
    return { token: owner.token, path: '/api/contests/verify', body }
  },
  ...Object.fromEntries(kinds.flatMap(([kind, base]) => Object.entries(ownerRecipes(kind, base)))),
  'POST /api/contests/{id}/join': async (k) => {
    const c = await k.dailyContest()
    const p = await k.player({ rupees: 200 })
    return {
      token: p.token,
      path: `/api/contests/${c.id}/join`,
      body: { team_id: await k.team(p), invite_code: c.code },
    }
  },
  'POST /api/championship/contests/{id}/join': async (k) => {
    const c = await k.championshipContest()
    const p = await k.player({ rupees: 200 })
    return {
      token: p.token,
      path: `/api/championship/contests/${c.id}/join`,
      body: { classic_team_id: await k.classicTeam(p), invite_code: c.code },
    }
  },
  'POST /api/admin/series_phases/{id}/contests': async (k) => ({
    token: k.admin.token,
    path: `/api/admin/series_phases/${k.phaseId}/contests`,
    body: { name: `Walk Phase Cup ${k.unique()}`, entry_fee: 25, members_limit: 10 },
  }),
  'POST /api/matches/{match_id}/user_teams': async (k) => {
    const p = await k.player()
    const body = await validTeamBody(k.deps, k.matchId, 'cricket', `walk-${k.unique()}`)
    return { token: p.token, path: `/api/matches/${k.matchId}/user_teams`, body }
  },
  'PUT /api/matches/{match_id}/user_teams/{id}': async (k) => {
    const p = await k.player()
    const id = await k.team(p)
    const body = await validTeamBody(k.deps, k.matchId, 'cricket', `walk-${k.unique()}`)
    return { token: p.token, path: `/api/matches/${k.matchId}/user_teams/${id}`, body }
  },
  'POST /api/championship/classic_teams': async (k) => {
    const p = await k.player()
    const body = { phase_id: k.phaseId, ...(await classicBody(k.deps, k.phaseId, `walk-${k.unique()}`)) }
    return { token: p.token, path: '/api/championship/classic_teams', body }
  },
  'PUT /api/championship/classic_teams/{id}': async (k) => {
    const p = await k.player()
    const id = await k.classicTeam(p)
    const body = await classicBody(k.deps, k.phaseId, `walk-${k.unique()}`)
    return { token: p.token, path: `/api/championship/classic_teams/${id}`, body }
  },
  'POST /api/contests/prize_structure': async () => ({
    path: '/api/contests/prize_structure',
    body: { members_limit: 10, entry_fee: 50, prize_ranges: [{ from: 1, to: 1, percent: 100 }] },
  }),
  'POST /api/prize_structures': async (k) => {
    const p = await k.player()
    return {
      token: p.token,
      path: '/api/prize_structures',
      body: { name: 'Walk podium', ranges: [{ from: 1, to: 2, percent: 50 }] },
    }
  },
}
