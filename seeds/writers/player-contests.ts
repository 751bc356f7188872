import { sql } from 'kysely'
import { draftColumns, prizeColumns, resolveDraft } from '../../server/areas/contest-creation/draft'
import type { DraftBody } from '../../server/areas/contest-creation/schemas'
import { recordActivity, usernameOf } from '../../server/areas/contests/activities'
import { chargeEntry, contestLabel } from '../../server/areas/contests/ledger'
import { userBalances } from '../../server/areas/ledger/service'
import type { AfterCommit, Tx } from '../../server/db/tx'
import { inviteCode } from '../../server/domain/contest-templates'
import { pickTeam } from '../../server/domain/team-picker'
import type { SeedRandom } from '../generators/random'
import { insertPickedTeam, seedPool } from './picked-team'
import { savedPlans, writeSavedPrizes } from './player-contest-prizes'

/** Seeding has no live subscribers: broadcasts queued by the ledger and activities are dropped. */
const NO_AFTER: AfterCommit = { publish: () => {}, run: () => {} }

export interface PlayerContestSeedResult {
  contests: number
  entries: number
  teams: number
  /** Ledger transactions posted (paid entries). */
  transactions: number
  saved_prizes: number
  /** The free private contest any visitor may join with its code (printed at first start). */
  code: string | null
}

interface ContestPlan {
  owner: number
  members: number[]
  draft: Omit<DraftBody, 'game' | 'match_id' | 'team_id' | 'prize_structure_id'> & { saved?: string }
}

/**
 * Contests made by players (docs/contest-creation.md), on the soonest cricket match more than
 * an hour away, so they stay open while a visitor looks around: three private contests owned by
 * demo users, with friends already in (paid entries through the ledger), and saved prize tables
 * for the demo player and one demo user. The demo player owns none and joins none (they start
 * clean), but the free one is open to them with its code. Drafts go through the API's own
 * `resolveDraft` (the same checks, prize tables and bill as `POST /api/contests`) and the
 * activities through `recordActivity`; codes come from the seed.
 */
export async function writePlayerContests(
  tx: Tx,
  random: SeedRandom,
  seed: number,
  nowMs: number,
  demoPlayerId: number | undefined,
  rivals: Array<{ userId: number }>,
): Promise<PlayerContestSeedResult> {
  const result: PlayerContestSeedResult = {
    contests: 0,
    entries: 0,
    teams: 0,
    transactions: 0,
    saved_prizes: 0,
    code: null,
  }
  const r = rivals.map((x) => x.userId)
  const saved = savedPlans(demoPlayerId, r)
  const savedIds = await writeSavedPrizes(tx, saved, nowMs)
  result.saved_prizes = saved.length
  const match = await soonestCricketMatch(tx, nowMs)
  const plans = contestPlans(r)
  if (!match || plans.length === 0) return result

  const teamOf = await teamMaker(tx, random.stream('player-contests'), match.id, nowMs, result)
  for (const [i, plan] of plans.entries()) {
    await writeContest(tx, {
      plan,
      code: inviteCode(`${seed}:player-contest:${i}`),
      match,
      savedIds,
      teamOf,
      nowMs,
      result,
    })
  }
  return result
}

interface SeedMatch {
  id: number
  title: string
}

function soonestCricketMatch(tx: Tx, nowMs: number): Promise<SeedMatch | undefined> {
  return tx
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.title'])
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', nowMs + 60 * 60 * 1000)
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .executeTakeFirst()
}

/** The three private contests, each owned by a demo user with friends from the users after them. */
function contestPlans(r: number[]): ContestPlan[] {
  const at = (i: number) => r.slice(i).filter((id) => id !== undefined)
  return [
    {
      owner: r[0] as number,
      members: at(1).slice(0, 2),
      draft: {
        name: 'Hostel 4 Friends League',
        description: 'Loser buys the chai',
        entry_fee: 25,
        members_limit: 4,
        is_private: true,
        saved: '70/30',
      },
    },
    {
      owner: r[3] as number,
      members: at(4).slice(0, 3),
      draft: {
        name: 'Office Free Hit',
        description: 'Free for anyone with the code',
        entry_fee: 0,
        members_limit: 10,
        is_private: true,
        prize_option: 'winner_takes_all',
      },
    },
    {
      owner: r[7] as number,
      members: at(8).slice(0, 4),
      draft: {
        name: 'Weekend Mates Cup',
        entry_fee: 50,
        members_limit: 20,
        multiple_entries: true,
        max_entries_per_user: 3,
        guaranteed: true,
        is_private: true,
        prize_option: 'top_3',
      },
    },
  ].filter((p) => p.owner !== undefined)
}

type TeamOf = (userId: number) => Promise<number | null>

/** One picked team per user on the match, written the first time that user needs it. */
async function teamMaker(
  tx: Tx,
  rand: ReturnType<SeedRandom['stream']>,
  matchId: number,
  nowMs: number,
  result: PlayerContestSeedResult,
): Promise<TeamOf> {
  const pool = await seedPool(tx, matchId)
  const teams = new Map<number, number>()
  return async (userId) => {
    const known = teams.get(userId)
    if (known !== undefined) return known
    const team = pickTeam('cricket', pool, rand)
    if (!team) return null
    const teamId = await insertPickedTeam(tx, { userId, matchId, team, pool, nowMs })
    teams.set(userId, teamId)
    result.teams++
    return teamId
  }
}

/** One planned contest: the draft resolved as the API does, the row, the activity, the entries. */
async function writeContest(
  tx: Tx,
  o: {
    plan: ContestPlan
    code: string
    match: SeedMatch
    savedIds: Map<string, number>
    teamOf: TeamOf
    nowMs: number
    result: PlayerContestSeedResult
  },
): Promise<void> {
  const { plan, code, match, teamOf, nowMs, result } = o
  const ownerTeam = await teamOf(plan.owner)
  if (ownerTeam === null) return
  const { saved: savedName, ...rest } = plan.draft
  const savedId = savedName === undefined ? undefined : o.savedIds.get(`${plan.owner}:${savedName}`)
  const draft = await resolveDraft(
    tx,
    plan.owner,
    {
      ...rest,
      game: 'single-match',
      match_id: match.id,
      team_id: ownerTeam,
      ...(savedId === undefined ? {} : { prize_structure_id: savedId }),
    },
    { requireTeam: true, nowMs },
  )
  // An owner who spent their starting money on the house's contests makes none.
  const { unused, winnings } = await userBalances(tx, plan.owner)
  if (unused + winnings < draft.entry_fee_paise) return
  const contestId = await insertContest(tx, draft, { code, matchId: match.id, owner: plan.owner, nowMs })
  result.contests++
  if (draft.entry_fee_paise === 0 && result.code === null) result.code = code
  const owner = await usernameOf(tx, plan.owner)
  const fee = draft.entry_fee_paise > 0 ? `₹${draft.entry_fee_paise / 100} entry` : 'free'
  await recordActivity(
    tx,
    NO_AFTER,
    {
      type: 'contest',
      contestId,
      kind: 'created',
      userId: plan.owner,
      body: `${owner} created the contest (${draft.members_limit} spots, ${fee})`,
    },
    nowMs,
  )
  for (const userId of [plan.owner, ...plan.members]) {
    const teamId = await teamOf(userId)
    if (teamId === null) continue
    await enter(tx, { id: contestId, name: draft.name, match_title: match.title }, userId, teamId, {
      feePaise: draft.entry_fee_paise,
      nowMs,
      owner: userId === plan.owner,
      result,
    })
  }
}

async function insertContest(
  tx: Tx,
  draft: Awaited<ReturnType<typeof resolveDraft>>,
  o: { code: string; matchId: number; owner: number; nowMs: number },
): Promise<number> {
  const row = await tx
    .insertInto('contests')
    .values({
      ...draftColumns(draft),
      ...prizeColumns(draft),
      match_id: o.matchId,
      kind: draft.entry_fee_paise === 0 ? 'free' : draft.guaranteed ? 'guaranteed' : 'small',
      max_entries: draft.max_entries,
      rake_bps: draft.bill.rake_bps,
      invite_code: o.code,
      created_by_id: o.owner,
      game_kind: draft.kind.slug,
      sort: 1000,
      created_at_ms: o.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** One entry as a join makes it: the seat, the fee through the ledger, the member row, the activity. */
async function enter(
  tx: Tx,
  contest: { id: number; name: string; match_title: string },
  userId: number,
  teamId: number,
  o: { feePaise: number; nowMs: number; owner: boolean; result: PlayerContestSeedResult },
): Promise<void> {
  let transaction: number | null
  try {
    transaction = await chargeEntry(tx, NO_AFTER, {
      contestId: contest.id,
      label: contestLabel(contest),
      teamId,
      userId,
      feePaise: o.feePaise,
      nowMs: o.nowMs,
    })
  } catch (error) {
    // A friend without the money for it stays out (the owner's balance was checked first).
    if (!o.owner) return
    throw error
  }
  if (transaction !== null) o.result.transactions++
  await tx
    .updateTable('contests')
    .set({ members_count: sql<number>`members_count + 1` })
    .where('id', '=', contest.id)
    .execute()
  const member = await tx
    .insertInto('contest_members')
    .values({
      contest_id: contest.id,
      user_id: userId,
      user_team_id: teamId,
      entry_fee_paise: o.feePaise,
      joined_at_ms: o.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  o.result.entries++
  if (!o.owner)
    await recordActivity(
      tx,
      NO_AFTER,
      {
        type: 'contest',
        contestId: contest.id,
        kind: 'joined',
        userId,
        body: `${await usernameOf(tx, userId)} joined`,
        data: { member_id: member.id },
      },
      o.nowMs,
    )
}
