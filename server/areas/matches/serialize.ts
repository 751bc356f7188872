import { tenthsToCredits } from '../../domain/money'
import type { MatchSummary } from '../../domain/scoring/types'
import { STYLE_LABEL } from '../../domain/styles'
import { resolveProfile } from '../../sim'
import type { MatchRow, RealTeamRow, SquadPlayer } from './queries'

export function teamJson(t: RealTeamRow) {
  return {
    id: t.id,
    name: t.name,
    name_attr: t.name_attr,
    team_color: t.team_color,
    country: t.country,
    flag_photo: `/media/teams/${t.id}.svg`,
  }
}

/** The stored live score: a family's summary, or `{}` before the first event. */
export const parseScoreSummary = (text: string) => JSON.parse(text) as MatchSummary | Record<string, never>

export type TeamJson = ReturnType<typeof teamJson>

/**
 * A match as the API shows it. `match_status` is the spec's name for the status; `locked`
 * is true from the start time on (teams frozen, other teams visible).
 */
export function matchJson(m: MatchRow, sides: RealTeamRow[], nowMs: number) {
  const teams = sides.map(teamJson)
  const byId = new Map(teams.map((t) => [t.id, t]))
  const locked = m.status !== 'upcoming' || Number(m.event_time_ms) <= nowMs
  return {
    id: m.id,
    sport_slug: m.sport_slug,
    sport_name: m.sport_name,
    match_status: m.status,
    locked,
    title: m.title,
    match_no: m.match_no,
    match_stage: m.match_stage,
    format: m.format,
    sim_profile: resolveProfile(m.sport_slug, m.format, m.simulation_profile ?? m.series_sim_profile),
    event_time_in_millis: Number(m.event_time_ms),
    event_time: new Date(Number(m.event_time_ms)).toISOString(),
    series: { id: m.series_id, name: m.series_name, short_name: m.series_short_name },
    phase_id: m.phase_id,
    team1: m.team1_id !== null ? (byId.get(m.team1_id) ?? null) : null,
    team2: m.team2_id !== null ? (byId.get(m.team2_id) ?? null) : null,
    teams,
    ground: { name: m.venue_name, location: m.venue_location, country: m.venue_country },
    result_text: m.result_text,
    score_summary: parseScoreSummary(m.score_summary),
    team_size: m.team_size,
    locked_at_in_millis: m.locked_at_ms === null ? null : Number(m.locked_at_ms),
    completed_at_in_millis: m.completed_at_ms === null ? null : Number(m.completed_at_ms),
  }
}

export type MatchJson = ReturnType<typeof matchJson>

export function playerJson(
  p: SquadPlayer,
  extra: { points?: number | null; selected_by?: number | null } = {},
) {
  return {
    id: p.id,
    name: p.name,
    display_name: p.display_name,
    style: p.style,
    style_label: STYLE_LABEL[p.style] ?? String(p.style),
    value: tenthsToCredits(p.value_tenths),
    value_tenths: p.value_tenths,
    is_star: p.is_star === 1,
    country: p.country,
    last_series_score: p.last_series_score,
    in_lineup: p.in_lineup === null ? null : p.in_lineup === 1,
    team: { id: p.real_team_id, name: p.team_name, name_attr: p.team_name_attr, team_color: p.team_color },
    points: extra.points ?? null,
    selected_by: extra.selected_by ?? null,
  }
}

export type PlayerJson = ReturnType<typeof playerJson>
