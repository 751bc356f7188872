import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { STYLE_LABEL } from '../../../../server/domain/styles'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'
import type { Player } from '../matches'

/**
 * The championship calls (docs/championship.md, reference §2.6): series phases, the phase's
 * players with per-fixture filters, classic teams (one per user per phase), their per-match
 * score rows and the phase leaderboard. Money comes in rupees, as everywhere in the API.
 */
export type Phase = Schema<'SeriesPhase'>
export type PhaseTeamSummary = NonNullable<Phase['current_user_classic_team']>
export type PhasePlayer = Schema<'PhasePlayer'>
type PlayersJson = Body<'/api/championship/series_phases/{id}/players'>
export type PhaseFilter = PlayersJson['filters'][number]
export type ClassicTeam = Schema<'ClassicTeam'>
export type ClassicTeamEdit = Schema<'ClassicTeamEdit'>
export type ScoreRow = Schema<'ClassicTeamScoreRow'>
export type ScoreRowDetail = ScoreRow
export type NamedPlayer = ScoreRow['player_in'][number]
export type Leaderboard = Body<'/api/championship/series_phases/{id}/leaderboard'>
/** A leaderboard row; the rows the live channel pushes may not be ranked yet. */
export type BoardTeam = Omit<Schema<'PhaseLeaderboardRow'>, 'rank'> & { rank: number | null }

export const phasesQuery = (seriesId?: number) =>
  queryOptions({
    queryKey: ['championship', 'phases', seriesId ?? null],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/championship/series_phases', { params: { query: { series_id: seriesId } } }),
        )
      ).series_phases,
    staleTime: 15_000,
  })

export const phaseQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'phase', id],
    queryFn: async () =>
      (await data(http.GET('/api/championship/series_phases/{id}', { params: { path: { id } } })))
        .series_phase,
    staleTime: 15_000,
  })

export const phasePlayersQuery = (phaseId: number, teamId: number | null) =>
  queryOptions({
    queryKey: ['championship', 'phase', phaseId, 'players', teamId],
    queryFn: () =>
      data(
        http.GET('/api/championship/series_phases/{id}/players', {
          params: { path: { id: phaseId }, query: { classic_team_id: teamId ?? undefined } },
        }),
      ),
    staleTime: 60_000,
  })

export const classicTeamQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'team', id],
    queryFn: async () =>
      (await data(http.GET('/api/championship/classic_teams/{id}', { params: { path: { id } } })))
        .classic_team,
    staleTime: 10_000,
  })

export const classicTeamEditQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'team', id, 'edit'],
    queryFn: async () =>
      (await data(http.GET('/api/championship/classic_teams/{id}/edit', { params: { path: { id } } })))
        .classic_team,
    staleTime: 0,
  })

export const historyQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['championship', 'team', teamId, 'history'],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/championship/classic_teams/{id}/history', { params: { path: { id: teamId } } }),
        )
      ).classic_team_scores,
    staleTime: 10_000,
  })

export const resultsQuery = (phaseId: number) =>
  queryOptions({
    queryKey: ['championship', 'phase', phaseId, 'results'],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/championship/series_phases/{id}/results', { params: { path: { id: phaseId } } }),
        )
      ).classic_team_scores,
    staleTime: 10_000,
  })

export const scoreRowQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'score', id],
    queryFn: async () =>
      (await data(http.GET('/api/championship/classic_team_scores/{id}', { params: { path: { id } } })))
        .classic_team_score,
    staleTime: 30_000,
  })

export const leaderboardQuery = (phaseId: number, page: number) =>
  queryOptions({
    queryKey: ['championship', 'phase', phaseId, 'leaderboard', page],
    queryFn: () =>
      data(
        http.GET('/api/championship/series_phases/{id}/leaderboard', {
          params: { path: { id: phaseId }, query: { page, per_page: 50 } },
        }),
      ),
    staleTime: 5_000,
  })

export type ClassicBody = RequestBody<'/api/championship/classic_teams/{id}', 'put'>

/** Spec §7: POST with phase_id, PUT to the team's id; the body's player_ids is comma-joined. */
export function saveClassicTeam(phaseId: number, teamId: number | null, body: ClassicBody) {
  return teamId
    ? data(http.PUT('/api/championship/classic_teams/{id}', { params: { path: { id: teamId } }, body })).then(
        (r) => r.classic_team,
      )
    : data(http.POST('/api/championship/classic_teams', { body: { phase_id: phaseId, ...body } })).then(
        (r) => r.classic_team,
      )
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
export function matchLabel(m: {
  match_no: number | null
  title: string
  team1: Parameters<typeof sideName>[0]
  team2: Parameters<typeof sideName>[0]
}): string {
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
