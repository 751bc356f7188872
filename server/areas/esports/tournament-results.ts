import type { AfterCommit, Tx } from '../../db/tx'
import type { EsportsGame } from '../../domain/esports/rules'
import { qualifiers, roundStandings } from '../../domain/esports/tournaments'
import { esportsTournamentStream } from './core'

import {
  loadRound,
  loadTournament,
  type ProgressDeps,
  type RoundRow,
  seedRound,
  type TournamentRow,
} from './tournament-progress'

/**
 * Called by the results call (inside its transaction) after a lobby's results are stored —
 * first results and corrections alike. Copies the lobby's squads' placement, kills and points
 * into the round's slots and re-ranks the round. When every lobby of the round has results
 * and the round is not yet completed: `qualified` is set, the others' tournament squads get
 * `eliminated_in_round`, the round is `completed`, and the next round is seeded by snake (or,
 * after the last round, the tournament is `completed`). A correction after that changes
 * points and ranks, never who qualified (the next round may already be under way).
 */
export async function afterLobbyResults(
  tx: Tx,
  after: AfterCommit,
  deps: ProgressDeps,
  contestId: number,
): Promise<void> {
  const contest = await tx
    .selectFrom('esports_contests')
    .select(['id', 'round_id', 'game'])
    .where('id', '=', contestId)
    .executeTakeFirst()
  if (!contest?.round_id) return
  const roundRow = await loadRound(tx, contest.round_id)
  const tournament = await loadTournament(tx, roundRow.tournament_id)
  const round = await loadRound(tx, contest.round_id)
  const { standings, allPlayed } = await rankRound(tx, contestId, contest.game, round.id)
  const stream = esportsTournamentStream(tournament.id)
  after.publish(stream, { type: 'slots', round_id: round.id })
  after.publish(stream, { type: 'standings', round_id: round.id })
  if (!allPlayed || round.status !== 'seeded') return
  await completeRound(tx, after, deps, tournament, round, standings)
}

/**
 * The lobby's placements and kills copied into the round's slots and the round re-ranked
 * (points only where the slot's lobby has results); whether every lobby has played.
 */
async function rankRound(tx: Tx, contestId: number, game: EsportsGame, roundId: number) {
  const squads = await tx
    .selectFrom('esports_squads')
    .select(['tournament_squad_id', 'placement', 'kills'])
    .where('contest_id', '=', contestId)
    .execute()
  for (const s of squads) {
    if (s.tournament_squad_id === null) continue
    await tx
      .updateTable('esports_slots')
      .set({ placement: s.placement, kills: s.kills })
      .where('round_id', '=', roundId)
      .where('tournament_squad_id', '=', s.tournament_squad_id)
      .execute()
  }
  const slots = await tx.selectFrom('esports_slots').selectAll().where('round_id', '=', roundId).execute()
  const standings = roundStandings(game, slots)
  const lobbies = await tx
    .selectFrom('esports_contests')
    .select(['id', 'results_version', 'status'])
    .where('round_id', '=', roundId)
    .execute()
  const played = new Set(lobbies.filter((l) => l.results_version > 0).map((l) => l.id))
  for (const s of standings) {
    const slot = slots.find((x) => x.tournament_squad_id === s.tournament_squad_id)
    const hasResult = slot !== undefined && played.has(slot.contest_id) && s.placement !== null
    await tx
      .updateTable('esports_slots')
      .set({ points: hasResult ? s.points : null, rank: s.rank })
      .where('round_id', '=', roundId)
      .where('tournament_squad_id', '=', s.tournament_squad_id)
      .execute()
  }
  const allPlayed = lobbies.every((l) => played.has(l.id) || l.status === 'cancelled')
  return { standings, allPlayed }
}

/**
 * A round whose lobbies have all played: who qualifies, who is out, the round completed, then
 * the next round seeded, or (after the last, or with fewer than 2 going on) the tournament completed.
 */
async function completeRound(
  tx: Tx,
  after: AfterCommit,
  deps: ProgressDeps,
  tournament: TournamentRow,
  round: RoundRow,
  standings: ReturnType<typeof roundStandings>,
): Promise<void> {
  const stream = esportsTournamentStream(tournament.id)
  const now = deps.clock.now()
  const last = round.number >= tournament.rounds_count
  const going = last ? new Set<number>() : qualifiers(round.qualify_rule, round.qualify_count, standings)
  if (going.size > 0)
    await tx
      .updateTable('esports_slots')
      .set({ qualified: 1 })
      .where('round_id', '=', round.id)
      .where('tournament_squad_id', 'in', [...going])
      .execute()
  if (!last) {
    const out = standings.map((s) => s.tournament_squad_id).filter((id) => !going.has(id))
    if (out.length > 0)
      await tx
        .updateTable('esports_tournament_squads')
        .set({ eliminated_in_round: round.number })
        .where('id', 'in', out)
        .execute()
  }
  await tx
    .updateTable('esports_rounds')
    .set({ status: 'completed', completed_at_ms: now })
    .where('id', '=', round.id)
    .execute()
  after.publish(stream, { type: 'round', round_id: round.id, number: round.number, status: 'completed' })
  const next = last
    ? undefined
    : await tx
        .selectFrom('esports_rounds')
        .select(['id', 'status'])
        .where('tournament_id', '=', tournament.id)
        .where('number', '=', round.number + 1)
        .executeTakeFirst()
  if (next && next.status === 'pending' && going.size >= 2) {
    await seedRound(tx, after, deps, next.id)
    return
  }
  await tx
    .updateTable('esports_tournaments')
    .set({ status: 'completed', completed_at_ms: now })
    .where('id', '=', tournament.id)
    .execute()
  after.publish(stream, { type: 'status', status: 'completed' })
}
