import type { Executor } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { notFound } from '../../http/errors'
import { visibleContest } from '../contests'
import { type Caller, isAdmin, playersOf, squadsBySlot } from './core'
import { DISPUTE_WINDOW_MS } from './results.service'

const rupees = (paise: number | string) => paiseToRupees(Number(paise))

/** The results as anyone who may see the contest sees them; 404 before any. */
export async function resultsJson(db: Executor, caller: Caller, contestId: number, nowMs: number) {
  const contest = await visibleContest(db, 'esports_contest', contestId, caller)
  if (Number(contest.results_version) === 0) throw notFound('Results')
  const versions = await db
    .selectFrom('esports_results as r')
    .innerJoin('users as u', 'u.id', 'r.entered_by_id')
    .select(['r.version', 'r.source', 'r.note', 'r.created_at_ms', 'u.id as user_id', 'u.slug', 'u.username'])
    .where('r.contest_id', '=', contest.id)
    .orderBy('r.version', 'desc')
    .execute()
  const latest = versions[0]
  if (!latest) throw notFound('Results')
  const squads = await db
    .selectFrom('esports_squads')
    .select(['id', 'name', 'placement', 'kills', 'points', 'rank', 'prize_paise'])
    .where('contest_id', '=', contest.id)
    .orderBy('rank')
    .orderBy('placement')
    .execute()
  const members = await playersOf(db, contest.id)
  const mine = members.find((m) => m.user_id === caller.id)
  const isHost = contest.host_id === caller.id || isAdmin(caller)
  return {
    contest_id: contest.id,
    version: Number(latest.version),
    source: latest.source,
    note: latest.note,
    my_squad_id: mine ? mine.squad_id : null,
    can_correct: isHost,
    can_dispute: !!mine && nowMs <= Number(latest.created_at_ms) + DISPUTE_WINDOW_MS,
    disputes_close_at_in_millis: Number(latest.created_at_ms) + DISPUTE_WINDOW_MS,
    standings: squads.map((s) => ({
      rank: s.rank ?? 0,
      squad: { id: s.id, name: s.name },
      placement: s.placement ?? 0,
      kills: s.kills ?? 0,
      points: s.points ?? 0,
      prize: rupees(s.prize_paise),
      members: members
        .filter((m) => m.squad_id === s.id)
        .map((m) => ({
          id: m.id,
          user: { id: m.user_id, slug: m.slug, username: m.username },
          in_game_name: m.in_game_name,
          prize: rupees(m.prize_paise),
        })),
    })),
    versions: versions.map((v) => ({
      version: Number(v.version),
      source: v.source,
      note: v.note,
      entered_by: { id: v.user_id, slug: v.slug, username: v.username },
      created_at_in_millis: Number(v.created_at_ms),
    })),
  }
}

/**
 * What the results page needs before (and besides) the results: the contest as the caller
 * sees it and its squads with their players — the host's form has one row per squad. Anyone
 * who may see the contest (404 otherwise).
 */
export async function resultsSheet(db: Executor, caller: Caller, contestId: number, nowMs: number) {
  const contest = await visibleContest(db, 'esports_contest', contestId, caller)
  const squads = await squadsBySlot(db, contest.id)
  const members = await playersOf(db, contest.id)
  const mine = members.find((m) => m.user_id === caller.id)
  const canEnter =
    (contest.host_id === caller.id || isAdmin(caller)) &&
    (contest.status === 'locked' || contest.status === 'completed') &&
    nowMs >= contest.starts_at_ms
  return {
    contest: {
      id: contest.id,
      name: contest.name,
      game: contest.game,
      mode: contest.mode,
      status: contest.status,
      starts_at_in_millis: Number(contest.starts_at_ms),
      results_version: Number(contest.results_version),
      is_host: contest.host_id === caller.id,
    },
    can_enter: canEnter,
    my_squad_id: mine ? mine.squad_id : null,
    squads: squads.map((s) => ({
      id: s.id,
      name: s.name,
      players: members
        .filter((m) => m.squad_id === s.id)
        .map((m) => ({
          user: { id: m.user_id, slug: m.slug, username: m.username },
          in_game_name: m.in_game_name,
        })),
    })),
  }
}
