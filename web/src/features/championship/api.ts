import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { STYLE_LABEL } from '../../../../server/domain/styles'
import { get, post, put } from '../../lib/api'
import type { Player } from '../matches'

/**
 * The championship calls (docs/championship.md, reference §2.6): series phases, the phase's
 * players with per-fixture filters, classic teams (one per user per phase), their per-match
 * score rows and the phase leaderboard. Money comes in rupees, as everywhere in the API.
 */
export interface PhaseTeamSummary {
  id: number
  score: number
  rank: number | null
  budget: number
  /** A number, or "∞" while transfers are unlimited (before the team's first lock). */
  free_transfers: number | string
  paid_transfers: number | string
}
export interface Phase {
  id: number
  name: string
  phase_no: number
  series: { id: number; name: string; short_name: string }
  sport_slug?: string
  status: 'upcoming' | 'live' | 'completed'
  starts_at: number | string | null
  ends_at: number | string | null
  matches_count: number
  matches_completed: number
  next_deadline: number | null
  current_user_classic_team: PhaseTeamSummary | null
  transfer_windows: Array<{
    id: number
    window_type: string
    description: string
    window_time_in_millis: number
  }>
  prizes: Array<{ rank: string | number; prize: number }>
}

export interface PhasePlayer {
  id: number
  name: string
  display_name: string
  display_info?: string
  value: number
  style: number
  last_series_score: number
  team: { id: number; name_attr: string; jersey_photo?: string; team_color: string; name?: string }
  selected?: boolean
}
export interface PhaseFilter {
  id: number
  text: string
  team_ids: number[]
}

export interface ClassicTeam {
  id: number
  phase_id: number
  user: { id: number; team_name: string | null; display_name: string | null; image: string | null }
  team_players: PhasePlayer[]
  team_players_ids: number[]
  captain: { id: number } | null
  vice_captain: { id: number } | null
  budget: number
  score: number
  rank: number | null
  /** The owner's only (null for others). */
  free_transfers_left: number | string | null
  paid_transfers_left: number | string | null
  transfers: {
    unlimited: boolean
    free_left: number | null
    paid_left: number | null
    next_paid_fee: number | null
  }
  upcoming_matches: Array<{ id: number; title: string; event_time: number | string }>
  last_team_player_ids: number[] | null
  is_current_user_allowed_to_edit: boolean
}

export interface ClassicTeamEdit {
  id: number
  budget: number
  captain: { id: number } | number | null
  vice_captain: { id: number } | number | null
  team_players: PhasePlayer[]
  free_transfers: number | string
  paid_transfers: number | string
  /** The free transfers banked at the last lock (what this match's changes draw on). */
  free_at_lock?: number | string
  last_lock_player_ids: number[] | null
  free_per_match: number
  paid_fees: number[]
}

export interface NamedPlayer {
  id: number
  name: string
}
export interface ScoreRow {
  id: number
  score: number
  series_phase_id: number
  captain: { id: number } | null
  vice_captain: { id: number } | null
  free_sub_used: number
  paid_sub_used: number
  paid_charged: number
  player_in: NamedPlayer[]
  player_out: NamedPlayer[]
  match: {
    id: number
    match_no: number | null
    match_stage: string | null
    title: string
    team1: { name_attr: string } | string | null
    team2: { name_attr: string } | string | null
    status: string
  }
}
export interface ScoreRowDetail extends Partial<ScoreRow> {
  id: number
  captain: { id: number } | null
  vice_captain: { id: number } | null
  players_scores: Array<{ id: number; name: string; score: number }>
}

export interface BoardTeam {
  id: number
  score: number
  rank: number | null
  sum_free_sub_used: number
  sum_paid_sub_used: number
  series_phase_id: number
  user: { id: number; team_name: string | null; image: string | null }
}
export interface Leaderboard {
  classic_teams: BoardTeam[]
  current_user_classic_team: BoardTeam | null
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

export const phasesQuery = (seriesId?: number) =>
  queryOptions({
    queryKey: ['championship', 'phases', seriesId ?? null],
    queryFn: async () =>
      (
        await get<{ series_phases: Phase[] }>('/api/championship/series_phases', {
          query: { series_id: seriesId },
        })
      ).series_phases,
    staleTime: 15_000,
  })

export const phaseQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'phase', id],
    queryFn: async () =>
      (await get<{ series_phase: Phase }>(`/api/championship/series_phases/${id}`)).series_phase,
    staleTime: 15_000,
  })

export const phasePlayersQuery = (phaseId: number, teamId: number | null) =>
  queryOptions({
    queryKey: ['championship', 'phase', phaseId, 'players', teamId],
    queryFn: () =>
      get<{ players: PhasePlayer[]; filters: PhaseFilter[] }>(
        `/api/championship/series_phases/${phaseId}/players`,
        { query: { classic_team_id: teamId ?? undefined } },
      ),
    staleTime: 60_000,
  })

export const classicTeamQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'team', id],
    queryFn: async () =>
      (await get<{ classic_team: ClassicTeam }>(`/api/championship/classic_teams/${id}`)).classic_team,
    staleTime: 10_000,
  })

export const classicTeamEditQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'team', id, 'edit'],
    queryFn: async () =>
      (await get<{ classic_team: ClassicTeamEdit }>(`/api/championship/classic_teams/${id}/edit`))
        .classic_team,
    staleTime: 0,
  })

export const historyQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['championship', 'team', teamId, 'history'],
    queryFn: async () =>
      (await get<{ classic_team_scores: ScoreRow[] }>(`/api/championship/classic_teams/${teamId}/history`))
        .classic_team_scores,
    staleTime: 10_000,
  })

export const resultsQuery = (phaseId: number) =>
  queryOptions({
    queryKey: ['championship', 'phase', phaseId, 'results'],
    queryFn: async () =>
      (await get<{ classic_team_scores: ScoreRow[] }>(`/api/championship/series_phases/${phaseId}/results`))
        .classic_team_scores,
    staleTime: 10_000,
  })

export const scoreRowQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'score', id],
    queryFn: async () =>
      (await get<{ classic_team_score: ScoreRowDetail }>(`/api/championship/classic_team_scores/${id}`))
        .classic_team_score,
    staleTime: 30_000,
  })

export const leaderboardQuery = (phaseId: number, page: number) =>
  queryOptions({
    queryKey: ['championship', 'phase', phaseId, 'leaderboard', page],
    queryFn: () =>
      get<Leaderboard>(`/api/championship/series_phases/${phaseId}/leaderboard`, {
        query: { page, per_page: 50 },
      }),
    staleTime: 5_000,
  })

export interface ClassicBody {
  player_ids: string
  captain: number
  vice_captain: number
}

/** Spec §7: POST with phase_id, PUT to the team's id; the body's player_ids is comma-joined. */
export function saveClassicTeam(phaseId: number, teamId: number | null, body: ClassicBody) {
  return teamId
    ? put<{ classic_team: ClassicTeam }>(`/api/championship/classic_teams/${teamId}`, body).then(
        (r) => r.classic_team,
      )
    : post<{ classic_team: ClassicTeam }>('/api/championship/classic_teams', {
        phase_id: phaseId,
        ...body,
      }).then((r) => r.classic_team)
}

export function afterClassicSave(client: QueryClient, team: ClassicTeam): void {
  client.setQueryData(classicTeamQuery(team.id).queryKey, team)
  // Stale, but not refetched while the builder is still on screen: the builder is leaving
  // (to its return address), and a phase that suddenly has my team would send a create page
  // that is still mounted — the next page's code may still be loading — to edit that team.
  // The next page to read them fetches them fresh.
  void client.invalidateQueries({ queryKey: ['championship'], refetchType: 'none' })
  // A paid transfer is charged at the next lock, but the balance shown may have moved too.
  void client.invalidateQueries({ queryKey: ['me'] })
}

/** A phase player as the shared builder components see a match player. */
export function asBuilderPlayer(p: PhasePlayer): Player {
  return {
    id: p.id,
    name: p.name,
    display_name: p.display_name,
    style: p.style,
    style_label: STYLE_LABEL[p.style] ?? String(p.style),
    value: p.value,
    value_tenths: Math.round(p.value * 10),
    is_star: false,
    country: null,
    last_series_score: p.last_series_score,
    in_lineup: null,
    team: {
      id: p.team.id,
      name: p.team.name ?? p.team.name_attr,
      name_attr: p.team.name_attr,
      team_color: p.team.team_color,
    },
    points: null,
    selected_by: null,
  } as Player
}

/** The edit answer names captain as `{id}` (reference) or a bare id; either way the id. */
export function idOf(v: { id: number } | number | null | undefined): number | null {
  if (v === null || v === undefined) return null
  return typeof v === 'number' ? v : v.id
}

/** "∞" (or its HTML entity) while unlimited, else the count. */
export function transfersText(v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '∞'
  if (typeof v === 'number') return String(v)
  return v.includes('8734') ? '∞' : v
}

export function sideName(side: { name_attr: string } | string | null): string {
  if (!side) return ''
  return typeof side === 'string' ? side : side.name_attr
}

/** Score rows' match label: "M3 · DEL vs JAI" or the title. */
export function matchLabel(m: ScoreRow['match']): string {
  const sides = m.team1 && m.team2 ? `${sideName(m.team1)} vs ${sideName(m.team2)}` : m.title
  return m.match_no ? `M${m.match_no} · ${sides}` : sides
}

/**
 * A score row's players as the history shows them: the captain's points doubled and the
 * vice-captain's ×1.5, once. The original server sent raw points and its client doubled the
 * captain's; a server that sends them already weighted sums to the row's score, and then they
 * are shown as they come.
 */
export function scoresForDisplay(
  scores: ReadonlyArray<{ id: number; name: string; score: number }>,
  rowScore: number,
  captainId: number | null | undefined,
  viceId: number | null | undefined,
): Array<{ id: number; name: string; score: number }> {
  const weighted = Math.abs(scores.reduce((sum, p) => sum + p.score, 0) - rowScore) < 0.01
  if (weighted) return scores.map((p) => ({ ...p }))
  return scores.map((p) => ({ ...p, score: p.score * (p.id === captainId ? 2 : p.id === viceId ? 1.5 : 1) }))
}
