import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import {
  FREE_TRANSFERS_PER_MATCH,
  nextPaidFee,
  PAID_TRANSFER_FEES_PAISE,
  planTransfers,
} from '../../domain/championship/transfers'
import { tenthsToCredits } from '../../domain/money'
import { STYLE_LABEL } from '../../domain/styles'
import { phasePrizesOf, prizesJson } from './prizes'
import {
  type ClassicTeamRow,
  hasStarted,
  idsOf,
  lockedStateOf,
  matchesOfPhases,
  type PhaseMatch,
  type PhasePlayer,
  type PhaseRow,
  phaseMatches,
  scoreRowsOf,
} from './queries'
import { phaseStandings, type TeamStanding } from './scoring'

/** "∞" while changes are unlimited (before the first lock), else the count. */
export const countOrInfinity = (n: number | null): number | '∞' => (n === null ? '∞' : n)

const cardsOf = prepared((db, $: Param<{ userIds: number[] }>) =>
  db
    .selectFrom('users as u')
    .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
    .select(['u.id', 'u.username', 'u.team_name', 'u.image_url', 'a.url as avatar_url'])
    .where('u.id', 'in', $.list('userIds')),
)

export const userCard = async (db: Executor, userIds: number[]) => {
  if (userIds.length === 0) return new Map<number, ReturnType<typeof card>>()
  const rows = await cardsOf(db, { userIds: [...new Set(userIds)] })
  return new Map(rows.map((r) => [r.id, card(r)]))
}

const card = (r: {
  id: number
  username: string
  team_name: string | null
  image_url: string | null
  avatar_url: string | null
}) => ({
  id: r.id,
  team_name: r.team_name,
  display_name: r.username,
  image: r.image_url ?? r.avatar_url,
})

export function phasePlayerJson(p: PhasePlayer, selected: boolean) {
  return {
    id: p.id,
    name: p.name,
    display_name: p.display_name,
    display_info: `${STYLE_LABEL[p.style] ?? p.style} · ${p.team_name_attr}`,
    value: tenthsToCredits(p.value_tenths),
    style: p.style,
    last_series_score: p.last_series_score,
    team: {
      id: p.real_team_id,
      name: p.team_name,
      name_attr: p.team_name_attr,
      jersey_photo: `/media/teams/${p.real_team_id}.svg`,
      team_color: p.team_color,
    },
    selected,
  }
}

/** The transfer position of a team now: its saved players against its last lock. */
export async function transfersOf(db: Executor, team: ClassicTeamRow) {
  const state = await lockedStateOf(db, team.id)
  const plan = planTransfers(state, idsOf(team.player_ids))
  return { state, plan }
}

type Standing = Pick<TeamStanding, 'scoreX2' | 'rank' | 'live'>

/** A team's standing on the phase board (live), or its stored one when not on the board. */
export async function standingOf(db: Executor, team: ClassicTeamRow): Promise<Standing> {
  const board = await phaseStandings(db, team.phase_id)
  return (board.find((s) => s.teamId === team.id) ?? {
    scoreX2: Number(team.score_x2),
    rank: team.rank,
    live: null,
  }) as Standing
}

/** Phases as the API shows them: their matches and the viewer's teams read in one go each. */
export async function phasesJson(db: Executor, phases: PhaseRow[], viewerId: number, nowMs: number) {
  const ids = phases.map((p) => p.id)
  const allMatches = await matchesOfPhases(db, ids)
  const teams =
    ids.length === 0
      ? []
      : await db
          .selectFrom('classic_teams')
          .selectAll()
          .where('user_id', '=', viewerId)
          .where('phase_id', 'in', ids)
          .execute()
  const out = []
  for (const phase of phases)
    out.push(
      await phaseJson(
        db,
        phase,
        allMatches.filter((m) => m.phase_id === phase.id),
        teams.find((t) => t.phase_id === phase.id),
        nowMs,
      ),
    )
  return out
}

async function phaseJson(
  db: Executor,
  phase: PhaseRow,
  matches: PhaseMatch[],
  mine: ClassicTeamRow | undefined,
  nowMs: number,
) {
  const ended = matches.filter((m) => m.status === 'completed' || m.status === 'abandoned').length
  const started = matches.filter((m) => hasStarted(m, nowMs)).length
  const status: 'upcoming' | 'live' | 'completed' =
    matches.length > 0 && ended === matches.length ? 'completed' : started > 0 ? 'live' : 'upcoming'
  const next = matches.find((m) => !hasStarted(m, nowMs))
  let current = null
  if (mine) {
    const { plan } = await transfersOf(db, mine)
    const standing = await standingOf(db, mine)
    current = {
      id: mine.id,
      score: standing.scoreX2 / 2,
      rank: standing.rank,
      budget: tenthsToCredits(mine.budget_used_tenths),
      free_transfers: countOrInfinity(plan.free_left),
      paid_transfers: countOrInfinity(plan.paid_left),
    }
  }
  return {
    id: phase.id,
    name: phase.name,
    phase_no: phase.phase_no,
    series: { id: phase.series_id, name: phase.series_name, short_name: phase.series_short_name },
    sport_slug: phase.sport_slug,
    status,
    starts_at: Number(phase.starts_at_ms),
    ends_at: Number(phase.ends_at_ms),
    matches_count: matches.length,
    matches_completed: ended,
    next_deadline: next ? Number(next.event_time_ms) : null,
    current_user_classic_team: current,
    // Every match start is a transfer deadline: the team as it stands then plays that match.
    transfer_windows: matches.map((m) => ({
      id: m.id,
      window_type: 'match_start',
      description: `Transfers for ${m.title} close at its start`,
      window_time_in_millis: Number(m.event_time_ms),
    })),
    prizes: prizesJson(phasePrizesOf(phase.prizes)),
    prizes_paid: phase.prizes_paid_at_ms !== null,
  }
}

/** The players a viewer sees in a team: the owner its saved team, others the last lock's. */
export async function shownTeam(db: Executor, team: ClassicTeamRow, viewerId: number) {
  if (team.user_id === viewerId)
    return { ids: idsOf(team.player_ids), captain: team.captain_id, vice: team.vice_captain_id }
  const rows = await scoreRowsOf(db, team.id)
  const last = rows.at(-1)
  if (!last) return { ids: [], captain: team.captain_id, vice: team.vice_captain_id }
  return { ids: idsOf(last.player_ids), captain: last.captain_id, vice: last.vice_captain_id }
}

export async function classicTeamJson(
  db: Executor,
  team: ClassicTeamRow,
  players: PhasePlayer[],
  viewerId: number,
  nowMs: number,
) {
  const byId = new Map(players.map((p) => [p.id, p]))
  const shown = await shownTeam(db, team, viewerId)
  const own = team.user_id === viewerId
  const { state, plan } = await transfersOf(db, team)
  const standing = await standingOf(db, team)
  const users = await userCard(db, [team.user_id])
  const matches = await phaseMatches(db, team.phase_id)
  const upcoming = matches.filter((m) => !hasStarted(m, nowMs))
  return {
    id: team.id,
    phase_id: team.phase_id,
    user: users.get(team.user_id) ?? null,
    team_players: shown.ids
      .map((id) => byId.get(id))
      .filter((p): p is PhasePlayer => p !== undefined)
      .map((p) => {
        const { selected: _s, display_info: _d, last_series_score: _l, ...rest } = phasePlayerJson(p, true)
        return rest
      }),
    team_players_ids: shown.ids,
    captain: { id: shown.captain },
    vice_captain: { id: shown.vice },
    budget: tenthsToCredits(team.budget_used_tenths),
    score: standing.scoreX2 / 2,
    rank: standing.rank,
    // The transfer position is the owner's business: others see only what has locked.
    free_transfers_left: own ? countOrInfinity(plan.free_left) : null,
    paid_transfers_left: own ? countOrInfinity(plan.paid_left) : null,
    transfers: own
      ? {
          unlimited: plan.unlimited,
          used: plan.used,
          free_left: plan.free_left,
          paid_left: plan.paid_left,
          cost: plan.cost_paise / 100,
          next_paid_fee: plan.unlimited ? null : feeRupees(nextPaidFee(plan.paid_used)),
        }
      : null,
    upcoming_matches: upcoming.map((m) => ({
      id: m.id,
      title: m.title,
      event_time: new Date(Number(m.event_time_ms)).toISOString(),
    })),
    last_team_player_ids: state?.player_ids ?? null,
    is_current_user_allowed_to_edit: own && upcoming.length > 0,
  }
}

const feeRupees = (paise: number | null) => (paise === null ? null : paise / 100)

export async function editJson(db: Executor, team: ClassicTeamRow, players: PhasePlayer[]) {
  const byId = new Map(players.map((p) => [p.id, p]))
  const { state, plan } = await transfersOf(db, team)
  return {
    id: team.id,
    phase_id: team.phase_id,
    budget: tenthsToCredits(team.budget_used_tenths),
    captain: team.captain_id,
    vice_captain: team.vice_captain_id,
    team_players: idsOf(team.player_ids)
      .map((id) => byId.get(id))
      .filter((p): p is PhasePlayer => p !== undefined)
      .map((p) => phasePlayerJson(p, true)),
    free_transfers: countOrInfinity(plan.free_left),
    paid_transfers: countOrInfinity(plan.paid_left),
    free_at_lock: countOrInfinity(state?.free_left ?? null),
    players_in: plan.player_in,
    last_lock_player_ids: state?.player_ids ?? null,
    free_per_match: FREE_TRANSFERS_PER_MATCH,
    paid_fees: PAID_TRANSFER_FEES_PAISE.map((p) => p / 100),
    cost: plan.cost_paise / 100,
  }
}
