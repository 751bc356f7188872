import { describe, expect, it } from 'vitest'
import { settleMatchContests } from '../../../server/areas/contests'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { settleMatch } from '../../../server/areas/match-day/settle'
import { levelForXp } from '../../../server/domain/levels'
import { ball, lineups } from '../../helpers/cricket-events'
import { squadOf, upcomingMatch, validTeamBody } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

const ctx = apiWorld({ league: true, admin: true })

/**
 * Four players in the match's mega and guaranteed contests and in its two head-to-heads (two
 * each), the match started with a ball bowled, then marked completed without its payouts —
 * five locked contests (the free one is guaranteed and empty) waiting to settle.
 */
async function lockedContests() {
  const deps = ctx.world.deps
  const match = await upcomingMatch(deps)
  const contests = (await ctx.api.get(`/api/matches/${match.id}/contests?per_page=50`)).body
    .contests as Array<{
    id: number
    kind: string
    entry_fee: number
  }>
  const find = (kind: string, fee: number) =>
    (contests.find((c) => c.kind === kind && c.entry_fee === fee) as { id: number }).id
  const plan = [
    ['mega', 49],
    ['guaranteed', 19],
  ] as const
  const players = []
  for (const [i, salt] of ['a', 'b', 'c', 'd'].entries()) {
    const p = await ctx.api.player()
    await ctx.api.post('/api/admin/wallet/credits', { user_id: p.id, amount: 200 }, ctx.admin.token)
    const body = await validTeamBody(deps, match.id, 'cricket', salt)
    const team = (await ctx.api.post(`/api/matches/${match.id}/user_teams`, body, p.token)).body.user_team
    const joins = [...plan, ['head_to_head', i < 2 ? 25 : 100] as const]
    for (const [kind, fee] of joins) {
      const res = await ctx.api.post(`/api/contests/${find(kind, fee)}/join`, { team_id: team.id }, p.token)
      expect(res.status).toBe(200)
    }
    players.push(p)
  }
  await ctx.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.admin.token)
  const [l1, l2] = lineups(await squadOf(deps, match.id))
  const events = [l1, l2, ball(l1!.player_ids[0]!, l1!.player_ids[1]!, l2!.player_ids[0]!, 6)]
  await ctx.api.post(`/api/admin/matches/${match.id}/events`, { events }, ctx.admin.token)
  // A crash between "completed" and the payouts: the status is written, the contests still locked.
  await deps.db.updateTable('matches').set({ status: 'completed' }).where('id', '=', match.id).execute()
  return { match, players }
}

describe('settlement in batches', () => {
  it('stopped after two batches and run again, pays every winner once: prizes, notifications, XP', async () => {
    const deps = ctx.world.deps
    const { match, players } = await lockedContests()
    const locked = () =>
      deps.db
        .selectFrom('contests')
        .select('id')
        .where('match_id', '=', match.id)
        .where('status', '=', 'locked')
        .execute()
    expect(await locked()).toHaveLength(5)

    // One contest per transaction; the process "dies" after the second commit.
    let batches = 0
    await expect(
      settleMatchContests(deps, match.id, {
        batchEntries: 1,
        onBatch: () => {
          if (++batches === 2) throw new Error('killed between batches')
        },
      }),
    ).rejects.toThrow('killed between batches')
    expect(await locked()).toHaveLength(3)

    await settleMatch(deps, match.id)
    await settleMatch(deps, match.id)
    expect(await locked()).toHaveLength(0)

    const ids = players.map((p) => p.id)
    const members = await deps.db
      .selectFrom('contest_members')
      .select(['user_id', 'contest_id', 'prize_paise'])
      .where('user_id', 'in', ids)
      .execute()
    const prizes = await deps.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('kind', '=', 'contest_prizes')
      .execute()
    const paidContests = new Set(members.filter((m) => Number(m.prize_paise) > 0).map((m) => m.contest_id))
    expect(prizes.map((p) => p.idempotency_key).sort()).toEqual(
      [...paidContests].map((id) => `contest:${id}:contest_prizes`).sort(),
    )
    for (const p of players) {
      const mine = members.filter((m) => m.user_id === p.id)
      const won = new Set(mine.filter((m) => Number(m.prize_paise) > 0).map((m) => m.contest_id))
      const prize = mine.reduce((sum, m) => sum + Number(m.prize_paise), 0)
      const me = (await ctx.api.get('/api/me', p.token)).body.user
      expect(me.winning_balance).toBe(prize / 100)
      const notes = (await ctx.api.get('/api/notifications?per_page=100', p.token)).body
        .notifications as Array<{
        kind: string
        data: { contest_id?: number }
      }>
      const wonNotes = notes.filter((n) => n.kind === 'contest_won').map((n) => n.data.contest_id)
      expect(wonNotes.sort()).toEqual([...won].sort())
      const awards = await deps.db
        .selectFrom('xp_awards')
        .select(['reason', 'source', 'points'])
        .where('user_id', '=', p.id)
        .execute()
      expect(
        awards
          .filter((a) => a.reason === 'win')
          .map((a) => a.source)
          .sort(),
      ).toEqual([...won].map((id) => `contest:${id}`).sort())
      const xp = awards.reduce((sum, a) => sum + Number(a.points), 0)
      const user = await deps.db
        .selectFrom('users')
        .select('xp_points')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow()
      expect(Number(user.xp_points)).toBe(xp)
      expect(notes.filter((n) => n.kind === 'level_up')).toHaveLength(levelForXp(xp) - 1)
    }
    expect((await verifyLedger(deps.db)).problems).toEqual([])
  })
})
