import { describe, expect, it } from 'vitest'
import { DEADLINE_JOB, deadlineJobs, LOCK_JOB, lockJobKey } from '../../../server/areas/matches'
import { contestRow, memberRow } from '../../helpers/contest-rows'
import { squadOf, upcomingMatch } from '../../helpers/league'
import { apiWorld } from '../../helpers/world'

// Deadline reminders (docs/contests.md): 30 and 5 minutes before a match locks, the owner of
// a contest who has not entered it, and members whose team has players outside the announced
// XI, are notified — once per user, contest and lead, however often the job runs. The jobs
// run through the scheduler on the test clock. SQLite and PostgreSQL.

const ctx = apiWorld({ league: 42, per: 'test' })
const MIN = 60_000

type Player = Awaited<ReturnType<typeof ctx.api.player>>

async function reminders(p: Player) {
  // Signed in afresh: the clock has moved past the first token's life.
  const { access_token } = await ctx.api.login(p.email, p.password)
  const res = await ctx.api.get('/api/notifications', access_token)
  expect(res.status).toBe(200)
  return (
    res.body.notifications as Array<{ kind: string; body: string; data: Record<string, unknown> }>
  ).filter((n) => n.kind === 'contest_deadline')
}

/** The soonest cricket match, moved to lock 2 hours from now (its lock job with it). */
async function matchInTwoHours() {
  const { deps } = ctx.world
  const match = await upcomingMatch(deps)
  const lockAt = deps.clock.now() + 120 * MIN
  await deps.db.updateTable('matches').set({ event_time_ms: lockAt }).where('id', '=', match.id).execute()
  await deps.scheduler.schedule(deps.db, {
    kind: LOCK_JOB,
    runAtMs: lockAt,
    payload: { match_id: match.id },
    uniqueKey: lockJobKey(match.id),
  })
  for (const job of deadlineJobs(match.id, lockAt, deps.clock.now()))
    await deps.scheduler.schedule(deps.db, job)
  return { id: match.id, lockAt }
}

/** Runs every job due when the clock reaches `at`. */
async function runUntil(at: number) {
  ctx.world.wall.advance(at - ctx.world.deps.clock.now())
  await ctx.world.deps.scheduler.runDue()
}

/** A contest on the match owned by `owner` (not entered), with `members` entered with a team each. */
async function contestWith(matchId: number, owner: Player, members: Player[]) {
  const { deps } = ctx.world
  const id = await contestRow(deps, { createdById: owner.id, name: 'Friends League' })
  await deps.db.updateTable('contests').set({ match_id: matchId }).where('id', '=', id).execute()
  for (const m of members) await memberRow(deps, id, m.id)
  return id
}

async function setTeam(userId: number, contestId: number, playerIds: number[]) {
  const { deps } = ctx.world
  const member = await deps.db
    .selectFrom('contest_members')
    .select('user_team_id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  await deps.db
    .updateTable('user_teams')
    .set({ player_ids: playerIds.join(',') })
    .where('id', '=', member.user_team_id)
    .execute()
  return member.user_team_id
}

/** Announces the XI: the given players in, the rest of the squad out. */
async function announceXi(matchId: number, inXi: number[]) {
  const { db } = ctx.world.deps
  await db.updateTable('match_players').set({ in_lineup: 0 }).where('match_id', '=', matchId).execute()
  await db
    .updateTable('match_players')
    .set({ in_lineup: 1 })
    .where('match_id', '=', matchId)
    .where('player_id', 'in', inXi)
    .execute()
}

describe('deadline reminders', () => {
  it('reminds an owner without a team and a team missing the XI, at 30 and at 5 minutes, once each', async () => {
    const match = await matchInTwoHours()
    const [owner, settled, benched] = [await ctx.api.player(), await ctx.api.player(), await ctx.api.player()]
    const contestId = await contestWith(match.id, owner, [settled, benched])
    const squad = (await squadOf(ctx.world.deps, match.id)).map((p) => p.id)
    const xi = squad.slice(0, 11)
    await setTeam(settled.id, contestId, xi.slice(0, 3))
    const benchedTeam = await setTeam(benched.id, contestId, [xi[0] as number, ...squad.slice(11, 13)])
    await announceXi(match.id, xi)

    await runUntil(match.lockAt - 31 * MIN)
    expect(await reminders(owner)).toEqual([])

    await runUntil(match.lockAt - 30 * MIN)
    const [toOwner] = await reminders(owner)
    expect(toOwner?.body).toBe('Friends League locks in 30 minutes and you have no team in it yet.')
    expect(toOwner?.data).toMatchObject({ contest_id: contestId, path: `/contests/${contestId}` })
    const [toBenched] = await reminders(benched)
    expect(toBenched?.body).toBe(
      'Your team T1 has 2 players not in the announced XI: Friends League locks in 30 minutes.',
    )
    expect(toBenched?.data).toMatchObject({
      contest_id: contestId,
      team_id: benchedTeam,
      path: `/matches/${match.id}/edit-team/${benchedTeam}`,
    })
    expect(await reminders(settled)).toEqual([])

    // The 30-minute job run again (a crash after its commit, another process): nothing twice.
    const again = deadlineJobs(match.id, match.lockAt, match.lockAt - 31 * MIN)[0]
    await ctx.world.deps.scheduler.schedule(ctx.world.deps.db, { ...again!, uniqueKey: 'rerun-30' })
    await ctx.world.deps.scheduler.runDue()
    expect(await reminders(owner)).toHaveLength(1)
    expect(await reminders(benched)).toHaveLength(1)

    await runUntil(match.lockAt - 5 * MIN)
    expect((await reminders(owner)).map((n) => n.body)).toEqual([
      'Friends League locks in 5 minutes and you have no team in it yet.',
      'Friends League locks in 30 minutes and you have no team in it yet.',
    ])
    expect(await reminders(benched)).toHaveLength(2)
    expect(await reminders(settled)).toEqual([])
  })

  it('says nothing of the XI before it is announced, nor to an owner who entered', async () => {
    const match = await matchInTwoHours()
    const [owner, member] = [await ctx.api.player(), await ctx.api.player()]
    const contestId = await contestWith(match.id, owner, [owner, member])
    await setTeam(
      member.id,
      contestId,
      (await squadOf(ctx.world.deps, match.id)).slice(11, 14).map((p) => p.id),
    )
    await runUntil(match.lockAt - 30 * MIN)
    expect(await reminders(owner)).toEqual([])
    expect(await reminders(member)).toEqual([])
  })

  it('follows a match that moved: the old job sends nothing and sets one for the new time', async () => {
    const match = await matchInTwoHours()
    const owner = await ctx.api.player()
    await contestWith(match.id, owner, [])
    const later = match.lockAt + 60 * MIN
    await ctx.world.deps.db
      .updateTable('matches')
      .set({ event_time_ms: later })
      .where('id', '=', match.id)
      .execute()
    await ctx.world.deps.scheduler.schedule(ctx.world.deps.db, {
      kind: LOCK_JOB,
      runAtMs: later,
      payload: { match_id: match.id },
      uniqueKey: lockJobKey(match.id),
    })
    await runUntil(match.lockAt - 30 * MIN)
    expect(await reminders(owner)).toEqual([])
    const pending = await ctx.world.deps.db
      .selectFrom('scheduled_jobs')
      .select('run_at_ms')
      .where('kind', '=', DEADLINE_JOB)
      .where('unique_key', '=', `match:${match.id}:deadline:30`)
      .where('status', '=', 'pending')
      .execute()
    expect(pending.map((j) => Number(j.run_at_ms))).toEqual([later - 30 * MIN])
    await runUntil(later - 30 * MIN)
    expect(await reminders(owner)).toHaveLength(1)
  })
})
