import type { Deps } from '../../server/core/deps'
import type { client } from './http'
import { upcomingMatch, validTeamBody } from './league'

type Api = ReturnType<typeof client>
export type Player = Awaited<ReturnType<Api['player']>>

/**
 * Helpers for the contest-creation tests (docs/contest-creation.md): players with money and
 * creation access, teams for a match, and a draft body that tests change one field of.
 */
export function creationKit(deps: Deps, api: Api, admin: { token: string }) {
  let teams = 0
  async function player(rupees = 0) {
    const p = await api.player()
    if (rupees > 0)
      await api.post(
        '/api/admin/wallet/credits',
        { user_id: p.id, amount: rupees, compartment: 'unused' },
        admin.token,
      )
    return p
  }

  /** A paid or public contest needs access: the admin grants it (the rule's "OR an admin grant"). */
  async function withAccess(rupees = 0) {
    const p = await player(rupees)
    const granted = await api.post(`/api/admin/users/${p.id}/contest_access`, { note: 'test' }, admin.token)
    if (granted.status >= 300 && granted.status !== 404)
      throw new Error(`grant failed: ${granted.status} ${JSON.stringify(granted.body)}`)
    return p
  }

  async function team(p: { token: string }, matchId: number, salt = 'x') {
    const res = await api.post(
      `/api/matches/${matchId}/user_teams`,
      await validTeamBody(deps, matchId, 'cricket', salt),
      p.token,
    )
    if (res.status !== 201) throw new Error(`team: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.user_team.id as number
  }

  /** One team per player and match, made on first use (a player may make only a few). */
  const made = new Map<string, number>()
  async function ownTeam(p: { token: string }, matchId: number) {
    const key = `${p.token}:${matchId}`
    const known = made.get(key)
    if (known !== undefined) return known
    const id = await team(p, matchId, `owner-${++teams}`)
    made.set(key, id)
    return id
  }

  async function draft(p: { token: string }, over: Record<string, unknown> = {}) {
    const match = await upcomingMatch(deps)
    return {
      game: 'single-match',
      match_id: match.id,
      name: 'Friends League',
      entry_fee: 100,
      members_limit: 4,
      multiple_entries: false,
      guaranteed: false,
      is_private: true,
      team_id: await ownTeam(p, match.id),
      ...over,
    }
  }

  /** Creates a private paid contest (₹100 × 4) owned by a new player with ₹500. */
  async function privateContest(over: Record<string, unknown> = {}) {
    const owner = await withAccess(500)
    const body = await draft(owner, over)
    const res = await api.post('/api/contests', body, owner.token)
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`)
    return { owner, contest: res.body.contest, match_id: body.match_id as number }
  }

  /** A cricket phase none of whose matches has started. */
  async function upcomingPhase() {
    const phases = await deps.db
      .selectFrom('series_phases')
      .select(['id', 'series_id'])
      .orderBy('id')
      .execute()
    for (const phase of phases) {
      const matches = await deps.db
        .selectFrom('matches')
        .select(['status', 'event_time_ms'])
        .where('phase_id', '=', phase.id)
        .execute()
      if (
        matches.length >= 2 &&
        matches.every((m) => m.status === 'upcoming' && Number(m.event_time_ms) > deps.clock.now() + 60_000)
      )
        return phase
    }
    throw new Error('no upcoming phase in the seeded league')
  }

  /** A classic team row for the player in the phase (its players do not matter to contests). */
  async function classicTeam(p: { id: number }, phaseId: number): Promise<number> {
    const now = deps.clock.now()
    const row = await deps.db
      .insertInto('classic_teams')
      .values({
        user_id: p.id,
        phase_id: phaseId,
        player_ids: '[]',
        captain_id: 0,
        vice_captain_id: 0,
        budget_used_tenths: 0,
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  const balance = async (p: { token: string }) => {
    const u = (await api.get('/api/me', p.token)).body.user
    return (u.unused_balance as number) + (u.winning_balance as number)
  }

  return { player, withAccess, team, draft, privateContest, balance, upcomingPhase, classicTeam }
}
