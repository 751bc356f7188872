import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type Executor, withTx } from '../../db/tx'
import type { Job } from '../../lib/scheduler'
import { DEADLINE_JOB, deadlineJobs } from '../matches'
import { type NewNotification, notifyOnce } from '../notifications'

/**
 * Deadline reminders (docs/contests.md, "Deadline reminders"): 30 and 5 minutes before a
 * match locks, a notification to each player whose entry needs them — the owner of a contest
 * who has not entered it with a team, and a member whose team has players left out of the
 * announced XI (once the XI is announced). One per user, contest and lead time, however often
 * the job runs (`notifyOnce`): a crash after the commit, or a second process, sends nothing twice.
 */
export function registerDeadlineReminders(deps: Deps): void {
  deps.scheduler.register(DEADLINE_JOB, async (job) => {
    await sendDeadlineReminders(deps, job)
  })
}

interface Reminder {
  userId: number
  contestId: number
  notification: NewNotification
}

export async function sendDeadlineReminders(deps: Deps, job: Job): Promise<number> {
  const matchId = Number(job.payload.match_id)
  const minutes = Number(job.payload.minutes)
  const match = await deps.db
    .selectFrom('matches')
    .select(['id', 'title', 'status', 'event_time_ms'])
    .where('id', '=', matchId)
    .executeTakeFirst()
  if (match?.status !== 'upcoming') return 0
  const lockAtMs = Number(match.event_time_ms)
  // The match moved since this job was set: the job for the new time is set instead.
  if (lockAtMs - minutes * 60_000 !== job.run_at_ms) {
    const moved = deadlineJobs(matchId, lockAtMs, job.run_at_ms).find((j) => j.payload.minutes === minutes)
    if (moved) {
      await withTx(deps, (tx) => deps.scheduler.schedule(tx, moved))
      deps.scheduler.kick()
    }
    return 0
  }
  const when = `locks in ${minutes} minutes`
  const reminders = [
    ...(await ownersWithoutTeam(deps.db, matchId, when)),
    ...(await teamsMissingTheXi(deps.db, matchId, when)),
  ]
  let sent = 0
  await withTx(deps, async (tx, after) => {
    // Two runs of this match's job at once (two processes) wait on each other here, so the
    // second finds what the first sent (notifyOnce checks, then inserts).
    await lockRows(tx, 'matches', matchId)
    for (const r of reminders) {
      const key = `deadline:${r.contestId}:${minutes}`
      if (await notifyOnce(tx, after, r.userId, key, r.notification, job.run_at_ms)) sent++
    }
  })
  return sent
}

/** Owners of an open contest on the match who have no entry in it. */
async function ownersWithoutTeam(db: Executor, matchId: number, when: string): Promise<Reminder[]> {
  const rows = await db
    .selectFrom('contests as c')
    .select(['c.id', 'c.name', 'c.created_by_id'])
    .where('c.match_id', '=', matchId)
    .where('c.status', '=', 'open')
    .where('c.created_by_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contest_members as m')
            .select('m.id')
            .whereRef('m.contest_id', '=', 'c.id')
            .whereRef('m.user_id', '=', 'c.created_by_id'),
        ),
      ),
    )
    .orderBy('c.id')
    .execute()
  return rows.map((c) => ({
    userId: Number(c.created_by_id),
    contestId: c.id,
    notification: {
      kind: 'contest_deadline',
      body: `${c.name} ${when} and you have no team in it yet.`,
      data: { contest_id: c.id, match_id: matchId, path: `/contests/${c.id}` },
    },
  }))
}

/**
 * Members of an open contest whose team has players outside the announced XI (a player is in
 * it when `in_lineup` is 1; before the announcement every flag is null and nobody is reminded).
 * A member with several such teams hears of the first.
 */
async function teamsMissingTheXi(db: Executor, matchId: number, when: string): Promise<Reminder[]> {
  const lineup = await db
    .selectFrom('match_players')
    .select(['player_id', 'in_lineup'])
    .where('match_id', '=', matchId)
    .where('in_lineup', 'is not', null)
    .execute()
  if (lineup.length === 0) return []
  const playing = new Set(lineup.filter((p) => p.in_lineup === 1).map((p) => Number(p.player_id)))
  const entries = await db
    .selectFrom('contest_members as m')
    .innerJoin('contests as c', 'c.id', 'm.contest_id')
    .innerJoin('user_teams as t', 't.id', 'm.user_team_id')
    .select(['m.user_id', 'm.contest_id', 'c.name', 't.id as team_id', 't.team_no', 't.player_ids'])
    .where('c.match_id', '=', matchId)
    .where('c.status', '=', 'open')
    .where('m.refunded', '=', 0)
    .orderBy('m.contest_id')
    .orderBy('m.user_id')
    .orderBy('t.team_no')
    .execute()
  const seen = new Set<string>()
  const reminders: Reminder[] = []
  for (const e of entries) {
    const out = e.player_ids.split(',').filter((id) => id !== '' && !playing.has(Number(id))).length
    const key = `${e.contest_id}:${e.user_id}`
    if (out === 0 || seen.has(key)) continue
    seen.add(key)
    reminders.push({
      userId: e.user_id,
      contestId: e.contest_id,
      notification: {
        kind: 'contest_deadline',
        body: `Your team T${e.team_no} has ${out} player${out === 1 ? '' : 's'} not in the announced XI: ${e.name} ${when}.`,
        data: {
          contest_id: e.contest_id,
          match_id: matchId,
          team_id: Number(e.team_id),
          path: `/matches/${matchId}/edit-team/${e.team_id}`,
        },
      },
    })
  }
  return reminders
}
