import { sql } from 'kysely'
import { resolveDraft } from '../../server/areas/contest-creation/draft'
import type { DraftBody } from '../../server/areas/contest-creation/schemas'
import { recordActivity, usernameOf } from '../../server/areas/contests/activities'
import { chargeEntry, contestLabel } from '../../server/areas/contests/ledger'
import { userBalances } from '../../server/areas/ledger/service'
import { matchSquad } from '../../server/areas/matches/queries'
import { percentTable } from '../../server/areas/prize-structures/tables'
import type { AfterCommit, Tx } from '../../server/db/tx'
import { MEMBERS_LIMIT_MAX, winnersOf } from '../../server/domain/contest-creation'
import { inviteCode } from '../../server/domain/contest-templates'
import { pickTeam } from '../../server/domain/team-picker'
import type { SeedRandom } from '../generators/random'

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

interface SavedPlan {
  owner: number
  name: string
  ranges: Array<{ from: number; to: number; percent: number }>
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
  const saved: SavedPlan[] = [
    ...(demoPlayerId === undefined
      ? []
      : [
          {
            owner: demoPlayerId,
            name: 'Top heavy',
            ranges: [
              { from: 1, to: 1, percent: 60 },
              { from: 2, to: 2, percent: 25 },
              { from: 3, to: 3, percent: 15 },
            ],
          },
          {
            owner: demoPlayerId,
            name: 'Half the room',
            ranges: [
              { from: 1, to: 1, percent: 30 },
              { from: 2, to: 2, percent: 20 },
              { from: 3, to: 3, percent: 15 },
              { from: 4, to: 5, percent: 10 },
              { from: 6, to: 10, percent: 3 },
            ],
          },
        ]),
    ...(r[0] === undefined
      ? []
      : [
          {
            owner: r[0],
            name: '70/30',
            ranges: [
              { from: 1, to: 1, percent: 70 },
              { from: 2, to: 2, percent: 30 },
            ],
          },
        ]),
  ]
  const savedIds = new Map<string, number>()
  for (const plan of saved) {
    // The same checks and stored shape as POST /api/prize_structures.
    const ranges = percentTable(plan.ranges, MEMBERS_LIMIT_MAX, 'ranges')
    const row = await tx
      .insertInto('prize_structures')
      .values({
        user_id: plan.owner,
        name: plan.name,
        ranges: JSON.stringify(ranges),
        winners: winnersOf(ranges),
        created_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    savedIds.set(`${plan.owner}:${plan.name}`, row.id)
    result.saved_prizes++
  }

  const match = await tx
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.title'])
    .where('s.slug', '=', 'cricket')
    .where('m.status', '=', 'upcoming')
    .where('m.event_time_ms', '>', nowMs + 60 * 60 * 1000)
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .executeTakeFirst()
  const at = (i: number) => r.slice(i).filter((id) => id !== undefined)
  const plans: ContestPlan[] = [
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
  if (!match || plans.length === 0) return result

  const rand = random.stream('player-contests')
  const pool = (await matchSquad(tx, match.id)).map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: p.value_tenths,
    real_team_id: p.real_team_id,
  }))
  const teams = new Map<number, number>()
  const teamOf = async (userId: number): Promise<number | null> => {
    const known = teams.get(userId)
    if (known !== undefined) return known
    const team = pickTeam('cricket', pool, rand)
    if (!team) return null
    const row = await tx
      .insertInto('user_teams')
      .values({
        user_id: userId,
        match_id: match.id,
        team_no: 1,
        player_ids: [...team.player_ids].sort((a, b) => a - b).join(','),
        captain_id: team.captain_id,
        vice_captain_id: team.vice_captain_id,
        budget_used_tenths: team.player_ids.reduce(
          (sum, id) => sum + (pool.find((p) => p.id === id)?.value_tenths ?? 0),
          0,
        ),
        created_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    teams.set(userId, row.id)
    result.teams++
    return row.id
  }

  for (const [i, plan] of plans.entries()) {
    const ownerTeam = await teamOf(plan.owner)
    if (ownerTeam === null) continue
    const { saved: savedName, ...rest } = plan.draft
    const savedId = savedName === undefined ? undefined : savedIds.get(`${plan.owner}:${savedName}`)
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
    if (unused + winnings < draft.entry_fee_paise) continue
    const code = inviteCode(`${seed}:player-contest:${i}`)
    const row = await tx
      .insertInto('contests')
      .values({
        match_id: match.id,
        name: draft.name,
        description: draft.description,
        kind: draft.entry_fee_paise === 0 ? 'free' : draft.guaranteed ? 'guaranteed' : 'small',
        entry_fee_paise: draft.entry_fee_paise,
        members_limit: draft.members_limit,
        max_entries: draft.max_entries,
        guaranteed: draft.guaranteed ? 1 : 0,
        rake_bps: draft.bill.rake_bps,
        prize_pool_paise: draft.bill.pool_paise,
        prize_structure: JSON.stringify(draft.prizes),
        prize_percents: JSON.stringify(draft.percents),
        winner_count: draft.winners,
        invite_code: code,
        created_by_id: plan.owner,
        is_private: draft.is_private ? 1 : 0,
        game_kind: draft.kind.slug,
        sort: 1000,
        created_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    result.contests++
    if (draft.entry_fee_paise === 0 && result.code === null) result.code = code
    const owner = await usernameOf(tx, plan.owner)
    const fee = draft.entry_fee_paise > 0 ? `₹${draft.entry_fee_paise / 100} entry` : 'free'
    await recordActivity(
      tx,
      NO_AFTER,
      {
        type: 'contest',
        contestId: row.id,
        kind: 'created',
        userId: plan.owner,
        body: `${owner} created the contest (${draft.members_limit} spots, ${fee})`,
      },
      nowMs,
    )
    for (const userId of [plan.owner, ...plan.members]) {
      const teamId = await teamOf(userId)
      if (teamId === null) continue
      await enter(tx, { id: row.id, name: draft.name, match_title: match.title }, userId, teamId, {
        feePaise: draft.entry_fee_paise,
        nowMs,
        owner: userId === plan.owner,
        result,
      })
    }
  }
  return result
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
