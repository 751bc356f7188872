import { sql } from 'kysely'
import { chargeEntry, contestLabel } from '../../server/areas/contests/ledger'
import { takeSeat } from '../../server/areas/contests/queries'
import type { AfterCommit, Tx } from '../../server/db/tx'
import { contestRow, contestSpecs, inviteCode } from '../../server/domain/contest-templates'
import { pickTeam } from '../../server/domain/team-picker'
import type { SeedRandom } from '../generators/random'
import { insertPickedTeam, seedPool } from './picked-team'

/** Seeding has no live subscribers: broadcasts queued by the ledger are simply dropped. */
const NO_AFTER: AfterCommit = { publish: () => {}, run: () => {} }

export interface ContestSeedResult {
  contests: number
  teams: number
  entries: number
}

/**
 * Every upcoming match gets the standard contest spread (free, small, head-to-head,
 * guaranteed, mega with multi-entry). For the matches about to start, most demo users build
 * a team and join a few contests, paying from their starting balance through the ledger —
 * so the first leaderboards a visitor opens are already full of rivals.
 */
export async function writeContests(
  tx: Tx,
  random: SeedRandom,
  seed: number,
  nowMs: number,
  players: Array<{ userId: number; username: string }>,
): Promise<ContestSeedResult> {
  const rand = random.stream('contests')
  const matches = await tx
    .selectFrom('matches as m')
    .innerJoin('sports as s', 's.id', 'm.sport_id')
    .select(['m.id', 'm.title', 'm.event_time_ms', 's.slug'])
    .where('m.status', '=', 'upcoming')
    .orderBy('m.event_time_ms')
    .orderBy('m.id')
    .execute()
  const result: ContestSeedResult = { contests: 0, teams: 0, entries: 0 }
  for (const match of matches) {
    const specs = contestSpecs()
    // One statement per match (a round trip per contest was most of seeding on PostgreSQL);
    // rows get their ids in this order, and are matched back by their `sort`.
    const rows = await tx
      .insertInto('contests')
      .values(
        specs.map((spec) =>
          contestRow(spec, match.id, inviteCode(`${seed}:${match.id}:${spec.sort}`), nowMs),
        ),
      )
      .returning(['id', 'sort'])
      .execute()
    const idBySort = new Map(rows.map((r) => [r.sort, r.id]))
    const contests = specs.map((spec) => ({ spec, id: idBySort.get(spec.sort) as number }))
    result.contests += specs.length
    const startsSoon = Number(match.event_time_ms) - nowMs <= 60 * 60 * 1000
    if (!startsSoon || players.length === 0) continue
    const pool = await seedPool(tx, match.id)
    for (const player of players) {
      if (!rand.bool(0.75)) continue
      const team = pickTeam(match.slug, pool, rand)
      if (!team) continue
      const teamId = await insertPickedTeam(tx, {
        userId: player.userId,
        matchId: match.id,
        team,
        pool,
        nowMs,
      })
      result.teams++
      // Mega always, the guaranteed league often, a small league sometimes (if seats are left).
      const wanted = [0, ...(rand.bool(0.6) ? [1] : []), ...(rand.bool(0.35) ? [4] : [])]
      for (const index of wanted) {
        const contest = contests[index]
        if (!contest) continue
        if (await joinSeeded(tx, contest, { matchTitle: match.title, userId: player.userId, teamId, nowMs }))
          result.entries++
      }
    }
  }
  return result
}

type Spec = ReturnType<typeof contestSpecs>[number]

/**
 * One entry if a seat is left and the player can pay: the seat, the fee through the ledger,
 * the member row. Returns whether they got in.
 */
async function joinSeeded(
  tx: Tx,
  contest: { spec: Spec; id: number },
  o: { matchTitle: string; userId: number; teamId: number; nowMs: number },
): Promise<boolean> {
  const { spec, id: contestId } = contest
  if (!(await takeSeat(tx, 'contests', contestId))) return false
  try {
    await chargeEntry(tx, NO_AFTER, {
      contestId,
      label: contestLabel({ name: spec.name, match_title: o.matchTitle }),
      teamId: o.teamId,
      userId: o.userId,
      feePaise: spec.entry_fee_paise,
      nowMs: o.nowMs,
    })
  } catch {
    // Not enough starting money for this one: give the seat back and move on.
    await tx
      .updateTable('contests')
      .set({ members_count: sql<number>`members_count - 1` })
      .where('id', '=', contestId)
      .execute()
    return false
  }
  await tx
    .insertInto('contest_members')
    .values({
      contest_id: contestId,
      user_id: o.userId,
      user_team_id: o.teamId,
      entry_fee_paise: spec.entry_fee_paise,
      joined_at_ms: o.nowMs,
    })
    .execute()
  return true
}
