import { snapshotPhaseTeams } from '../../server/areas/championship/lock'
import { asPool, lockedStateOf, phasePlayers } from '../../server/areas/championship/queries'
import { storeMatchScores } from '../../server/areas/championship/scoring'
import { userBalances } from '../../server/areas/ledger/service'
import type { AfterCommit, Tx } from '../../server/db/tx'
import { checkTransfers, planTransfers } from '../../server/domain/championship/transfers'
import { splitDebit } from '../../server/domain/ledger'
import type { RandomStream } from '../../server/domain/rng'
import { pickTeam } from '../../server/domain/team-picker'
import { type TeamPlayer, validateTeam } from '../../server/domain/team-rules'
import type { SeedRandom } from '../generators/random'

/** Seeding has no live subscribers: broadcasts queued by the ledger are simply dropped. */
const NO_AFTER: AfterCommit = { publish: () => {}, run: () => {} }

/**
 * Every phase's prizes (docs/championship.md "Seeds"): paid to winnings from the house when the
 * phase's last match ends, ties sharing as in contests.
 */
export const SEEDED_PHASE_PRIZES = [
  { rank_from: 1, rank_to: 1, prize_paise: 100_000 },
  { rank_from: 2, rank_to: 2, prize_paise: 50_000 },
  { rank_from: 3, rank_to: 3, prize_paise: 25_000 },
  { rank_from: 4, rank_to: 10, prize_paise: 5_000 },
]

/** Demo users with a team in each phase under way, and the played matches each team has locked at. */
const TEAMS_PER_PHASE = 10
const HISTORY_MATCHES = 3

export interface ChampionshipSeedResult {
  classic_teams: number
  /** Rows of classic_team_scores: one per team per locked match. */
  classic_team_scores: number
  transfers: number
  paid_transfers: number
}

/**
 * Championship for the demo league: prizes on every phase; in every phase that is under way
 * (some matches played, some to come) most demo users own a team. Its history is replayed
 * match by match through the server's own steps: before each played match some teams make
 * transfers (checked with the same rules and balance check a save gets), the match locks
 * (`snapshotPhaseTeams`: the snapshot, the transfers counted and paid ones charged through
 * the ledger) and is scored (`storeMatchScores`). The seeded past has no ball-by-ball events,
 * so those rows score 0; the phase's next matches (one starts within the hour) score live.
 */
export async function writeChampionship(
  tx: Tx,
  random: SeedRandom,
  players: Array<{ userId: number; username: string }>,
): Promise<ChampionshipSeedResult> {
  const rand = random.stream('championship')
  await tx
    .updateTable('series_phases')
    .set({ prizes: JSON.stringify(SEEDED_PHASE_PRIZES) })
    .execute()
  const result: ChampionshipSeedResult = {
    classic_teams: 0,
    classic_team_scores: 0,
    transfers: 0,
    paid_transfers: 0,
  }
  if (players.length === 0) return result
  const phases = await tx
    .selectFrom('series_phases as ph')
    .innerJoin('series as se', 'se.id', 'ph.series_id')
    .innerJoin('sports as s', 's.id', 'se.sport_id')
    .select(['ph.id', 's.slug'])
    .orderBy('ph.id')
    .execute()
  for (const phase of phases) await writePhase(tx, rand, players, phase, result)
  return result
}

type SeedPhase = { id: number; slug: string }
type PlayedMatch = Awaited<ReturnType<typeof phaseMatches>>[number]

function phaseMatches(tx: Tx, phaseId: number) {
  return tx
    .selectFrom('matches')
    .select(['id', 'title', 'status', 'event_time_ms', 'phase_id'])
    .where('phase_id', '=', phaseId)
    .orderBy('event_time_ms')
    .orderBy('id')
    .execute()
}

/** A phase under way: the demo users' teams, then the played matches replayed with transfers. */
async function writePhase(
  tx: Tx,
  rand: RandomStream,
  players: Array<{ userId: number; username: string }>,
  phase: SeedPhase,
  result: ChampionshipSeedResult,
): Promise<void> {
  const matches = await phaseMatches(tx, phase.id)
  const done = matches.filter((m) => m.status === 'completed')
  // Under way: history to show and matches still to play.
  if (done.length === 0 || done.length === matches.length) return
  // The teams joined before the last few played matches (late joiners where more were
  // played): a few rows of history each, and seeding stays quick on PostgreSQL.
  const played = done.slice(-HISTORY_MATCHES)
  const pool = asPool(await phasePlayers(tx, phase.id))
  const teams = await insertTeams(tx, rand, players, phase, pool, played, result)
  if (teams.length === 0) return
  await replayPlayed(tx, rand, phase, pool, played, teams, result)
}

/** Most demo users' teams for the phase, made a day before the first replayed match. */
async function insertTeams(
  tx: Tx,
  rand: RandomStream,
  players: Array<{ userId: number; username: string }>,
  phase: SeedPhase,
  pool: TeamPlayer[],
  played: PlayedMatch[],
  result: ChampionshipSeedResult,
): Promise<Array<{ id: number; userId: number }>> {
  const teams: Array<{ id: number; userId: number }> = []
  for (const player of rand.shuffle(players).slice(0, TEAMS_PER_PHASE)) {
    const pick = pickTeam(phase.slug, pool, rand)
    if (!pick) continue
    const check = validateTeam(phase.slug, pool, pick)
    if (!check.valid_team) continue
    const createdAt = Number((played[0] as (typeof played)[number]).event_time_ms) - 86_400_000
    const row = await tx
      .insertInto('classic_teams')
      .values({
        user_id: player.userId,
        phase_id: phase.id,
        player_ids: JSON.stringify([...pick.player_ids].sort((a, b) => a - b)),
        captain_id: pick.captain_id,
        vice_captain_id: pick.vice_captain_id,
        budget_used_tenths: check.budget_used_tenths,
        created_at_ms: createdAt,
        updated_at_ms: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    teams.push({ id: row.id, userId: player.userId })
    result.classic_teams++
  }
  return teams
}

async function replayPlayed(
  tx: Tx,
  rand: RandomStream,
  phase: SeedPhase,
  pool: TeamPlayer[],
  played: PlayedMatch[],
  teams: Array<{ id: number; userId: number }>,
  result: ChampionshipSeedResult,
): Promise<void> {
  // The played matches are replayed in order: each locks while the later ones are still to
  // come, as they were then (a lock counts the phase matches already started).
  await tx
    .updateTable('matches')
    .set({ status: 'upcoming' })
    .where(
      'id',
      'in',
      played.map((m) => m.id),
    )
    .execute()
  for (const [i, match] of played.entries()) {
    const at = Number(match.event_time_ms)
    if (i > 0)
      for (const team of teams) {
        const made = await transferBeforeLock(tx, rand, phase.slug, pool, team, at)
        result.transfers += made.transfers
        result.paid_transfers += made.paid
      }
    result.classic_team_scores += await snapshotPhaseTeams(
      tx,
      NO_AFTER,
      { ...match, phase_id: phase.id, event_time_ms: at },
      at,
    )
    await tx.updateTable('matches').set({ status: 'completed' }).where('id', '=', match.id).execute()
    await storeMatchScores(tx, match.id)
  }
}

/**
 * Some teams change a player or three before a lock, like for like (same role and side, no
 * dearer) so the team rules hold; the change is kept only if the transfer rules allow it and,
 * when it has paid transfers, the balance covers them — what a save through the API checks.
 * Captains move now and then (free).
 */
async function transferBeforeLock(
  tx: Tx,
  rand: RandomStream,
  sport: string,
  pool: TeamPlayer[],
  team: { id: number; userId: number },
  nowMs: number,
): Promise<{ transfers: number; paid: number }> {
  if (!rand.bool(0.6)) return { transfers: 0, paid: 0 }
  const row = await tx
    .selectFrom('classic_teams')
    .select(['player_ids', 'captain_id', 'vice_captain_id'])
    .where('id', '=', team.id)
    .executeTakeFirstOrThrow()
  const ids = (JSON.parse(row.player_ids) as number[]).map(Number)
  const wanted = rand.int(1, 3)
  const next = [...ids]
  for (let n = 0; n < wanted; n++) {
    const outAt = rand.int(0, next.length - 1)
    const gone = pool.find((p) => p.id === next[outAt])
    if (!gone) continue
    const options = pool.filter(
      (p) =>
        p.style === gone.style &&
        p.real_team_id === gone.real_team_id &&
        p.value_tenths <= gone.value_tenths &&
        !next.includes(p.id),
    )
    if (options.length === 0) continue
    next[outAt] = rand.pick(options).id
  }
  let captain = row.captain_id
  let vice = row.vice_captain_id
  if (!next.includes(captain) || !next.includes(vice) || rand.bool(0.3)) {
    captain = rand.pick(next)
    vice = rand.pick(next.filter((id) => id !== captain))
  }
  const pick = { player_ids: next, captain_id: captain, vice_captain_id: vice }
  const check = validateTeam(sport, pool, pick)
  if (!check.valid_team) return { transfers: 0, paid: 0 }
  const state = await lockedStateOf(tx, team.id)
  if (checkTransfers(state, next).length > 0) return { transfers: 0, paid: 0 }
  const plan = planTransfers(state, next)
  if (plan.cost_paise > 0 && !splitDebit(plan.cost_paise, await userBalances(tx, team.userId)).sufficient)
    return { transfers: 0, paid: 0 }
  await tx
    .updateTable('classic_teams')
    .set({
      player_ids: JSON.stringify([...next].sort((a, b) => a - b)),
      captain_id: captain,
      vice_captain_id: vice,
      budget_used_tenths: check.budget_used_tenths,
      updated_at_ms: nowMs - 3_600_000,
    })
    .where('id', '=', team.id)
    .execute()
  return { transfers: plan.used, paid: plan.paid_used }
}
