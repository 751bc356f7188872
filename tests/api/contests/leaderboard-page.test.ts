import { describe, expect, it } from 'vitest'
import type { Deps } from '../../../server/core/deps'
import { teamRow } from '../../helpers/contest-rows'
import { TEST_DIALECT } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'
import { upcomingMatch } from '../../helpers/league'
import { planOf } from '../../helpers/plans'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true })

/** `count` members in a contest, straight into the tables: every third unranked, ranks tied in pairs. */
async function fill(deps: Deps, contestId: number, matchId: number, count: number) {
  const now = deps.clock.now()
  const ids: Array<{ id: number; rank: number | null }> = []
  for (let i = 0; i < count; i++) {
    const user = await makeUser(deps)
    const team = await teamRow(deps, user.id, matchId, 1)
    const rank = i % 3 === 2 ? null : Math.floor((count - i) / 2) + 1
    const member = await deps.db
      .insertInto('contest_members')
      .values({
        contest_id: contestId,
        user_id: user.id,
        user_team_id: team.id,
        entry_fee_paise: 0,
        rank,
        joined_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push({ id: member.id, rank })
  }
  return ids
}

describe('GET /api/contests/{id}/members (stored leaderboard)', () => {
  it('pages by rank, ties and the unranked in joining order, exactly as a full sort would', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const contest = (await ctx.api.get(`/api/matches/${match.id}/contests`)).body.contests[0]
    const existing = await ctx.world.deps.db
      .selectFrom('contest_members')
      .select(['id', 'rank'])
      .where('contest_id', '=', contest.id)
      .execute()
    const members = [...existing, ...(await fill(ctx.world.deps, contest.id, match.id, 23))]
    const expected = [...members]
      .sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.id - b.id)
      .map((m) => m.id)
    const paged: number[] = []
    for (let page = 1; page <= Math.ceil(expected.length / 5) + 1; page++) {
      const res = await ctx.api.get(`/api/contests/${contest.id}/members?page=${page}&per_page=5`)
      expect(res.status).toBe(200)
      paged.push(...res.body.members.map((m: { id: number }) => m.id))
    }
    expect(paged).toEqual(expected)
  })

  it('reads a page off the index: no sort of the contest’s members', async () => {
    const match = await upcomingMatch(ctx.world.deps)
    const contest = (await ctx.api.get(`/api/matches/${match.id}/contests`)).body.contests[0]
    await fill(ctx.world.deps, contest.id, match.id, 5)
    // The statement the page runs, as the app compiles it.
    const { boardPageQuery } = await import('../../../server/areas/contests/views')
    const compiled = boardPageQuery(ctx.world.deps.db, {
      contestId: contest.id,
      limit: 50,
      offset: 0,
    }).compile()
    const text = await planOf(ctx.world.deps, compiled)
    expect(text).toMatch(/contest_members_board/)
    expect(text).not.toMatch(TEST_DIALECT === 'sqlite' ? /TEMP B-TREE/ : /Sort/)
  })
})
