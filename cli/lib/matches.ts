/**
 * Matches as the API shows them, and their text: score lines for every sport family and a
 * one-line account of each match event. Used by `match` and by the live scoreboard.
 */
import type { Schema } from './api-types'

export type Match = Schema<'Match'>
export type Side = Match['teams'][number]
export type MatchStatus = Match['match_status']
export type Player = Schema<'Player'>

/** Who a player id is, for text: display name and side. */
export type Names = ReadonlyMap<number, { name: string; side: string }>

export function namesOf(players: readonly Player[]): Map<number, { name: string; side: string }> {
  return new Map(players.map((p) => [p.id, { name: p.display_name || p.name, side: p.team.name_attr }]))
}

const who = (names: Names, id: unknown) =>
  typeof id === 'number' ? (names.get(id)?.name ?? `#${id}`) : String(id ?? '?')

const sideOf = (match: Pick<Match, 'teams'>, id: unknown) =>
  match.teams.find((t) => t.id === Number(id))?.name_attr ?? `team ${String(id)}`

/** A cricket innings of the score summary. */
type Innings = Extract<Schema<'ScoreSummary'>, { innings: unknown }>['innings'][number]

/**
 * The score in a few lines: `DEL 154/6 (20.0)` per cricket innings, `DEL 2 – 1 JAI · 67'`,
 * `Lap 23/57 · leader …`, `Zone 4 · 9 squads alive`. Empty before the first event.
 */
export function scoreLines(match: Pick<Match, 'teams'>, summary: Record<string, unknown>, names: Names) {
  const lines: string[] = []
  switch (summary.family) {
    case 'cricket': {
      for (const inn of (summary.innings as Innings[] | undefined) ?? []) {
        const label = inn.super_over ? ' super over' : ''
        lines.push(
          `${sideOf(match, inn.team_id)} ${inn.runs}/${inn.wickets} (${inn.overs} ov)${label}${inn.complete ? '' : ' *'}`,
        )
      }
      break
    }
    case 'football': {
      const score = (summary.score as Record<string, number> | undefined) ?? {}
      const [a, b] = match.teams
      if (a && b) {
        const clock = summary.full_time ? 'full time' : `${summary.minute ?? 0}'`
        lines.push(`${a.name_attr} ${score[a.id] ?? 0} – ${score[b.id] ?? 0} ${b.name_attr} · ${clock}`)
      }
      break
    }
    case 'race': {
      const laps = summary.laps ? `/${summary.laps}` : ''
      const state = summary.finished ? 'finished' : `lap ${summary.lap ?? 0}${laps}`
      const leader = summary.leader_id ? ` · leader ${who(names, summary.leader_id)}` : ''
      lines.push(`${state}${leader}`)
      const fastest = summary.fastest_lap as { driver_id: number; lap: number } | null | undefined
      if (fastest) lines.push(`fastest lap: ${who(names, fastest.driver_id)} (lap ${fastest.lap})`)
      break
    }
    case 'battle_royale': {
      const winner = summary.winner_id ? ` · winner ${sideOf(match, summary.winner_id)}` : ''
      const alive = Number(summary.teams_alive ?? 0)
      lines.push(`zone ${summary.zone ?? 0} · ${alive} squad${alive === 1 ? '' : 's'} alive${winner}`)
      break
    }
  }
  return lines
}

/** The batters in and the bowler, for a live cricket scoreboard. */
export function crease(summary: Record<string, unknown>, names: Names): string[] {
  if (summary.family !== 'cricket') return []
  const batters =
    (summary.batters as Array<{ player_id: number; runs: number; balls: number; on_strike: boolean }>) ?? []
  const lines = batters.map(
    (b) => `${who(names, b.player_id)}${b.on_strike ? '*' : ''} ${b.runs} (${b.balls})`,
  )
  const bowler = summary.bowler as {
    player_id: number
    overs: string
    runs: number
    wickets: number
  } | null
  if (bowler) lines.push(`${who(names, bowler.player_id)} ${bowler.wickets}-${bowler.runs} (${bowler.overs})`)
  return lines
}

/** One match event as a short line: `3.2 Kohli: FOUR`, `67' GOAL Kane (ENG)`, `lap 12`. */
export function describeEvent(
  match: Pick<Match, 'teams'>,
  event: Record<string, unknown>,
  names: Names,
): string {
  const p = (key: string) => who(names, event[key])
  switch (event.type) {
    case 'lineup':
      return `lineup: ${sideOf(match, event.team_id)}`
    case 'ball': {
      const extras = (event.extras as Record<string, number> | undefined) ?? {}
      const wicket = event.wicket as { kind: string; player_out_id: number } | undefined
      const over = `${event.over}.${event.ball}`
      let what = `${event.runs} run${event.runs === 1 ? '' : 's'}`
      if (event.boundary) what = event.runs === 6 ? 'SIX' : 'FOUR'
      else if (extras.wides) what = `wide${extras.wides > 1 ? ` +${extras.wides - 1}` : ''}`
      else if (extras.noballs) what = `no-ball, ${event.runs}`
      else if (extras.byes || extras.legbyes)
        what = `${extras.byes || extras.legbyes} ${extras.byes ? 'bye' : 'leg bye'}`
      else if (event.runs === 0) what = 'dot'
      if (wicket) what = `OUT ${who(names, wicket.player_out_id)} ${wicket.kind}`
      return `${over} ${p('bowler_id')} to ${p('batter_id')}: ${what}`
    }
    case 'innings_end':
      return `end of innings ${event.innings}`
    case 'player_of_the_match':
      return `player of the match: ${p('player_id')}`
    case 'goal':
      return `${event.minute}' GOAL ${p('player_id')} (${sideOf(match, event.team_id)})${event.own_goal ? ' own goal' : ''}${event.penalty ? ' pen' : ''}`
    case 'card':
      return `${event.minute}' ${String(event.color).toUpperCase()} card ${p('player_id')}`
    case 'substitution':
      return `${event.minute}' ${p('player_in_id')} on for ${p('player_out_id')}`
    case 'minute':
      return `${event.minute}'`
    case 'full_time':
      return 'full time'
    case 'grid':
      return `grid: ${(event.order as unknown[]).length} cars`
    case 'lap':
      return `lap ${event.lap}: ${who(names, (event.order as unknown[])[0])} leads`
    case 'fastest_lap':
      return `fastest lap: ${p('driver_id')}`
    case 'dnf':
      return `DNF ${p('driver_id')} (lap ${event.lap})`
    case 'finish':
      return `finish: ${who(names, (event.order as unknown[])[0])} wins`
    case 'zone':
      return `zone ${event.zone}`
    case 'kill':
      return `${p('player_id')} eliminated ${event.victim_id ? p('victim_id') : 'a player'}`
    case 'eliminated':
      return `${sideOf(match, event.team_id)} out, #${event.placement}`
    case 'winner':
      return `${sideOf(match, event.team_id)} wins`
    default:
      return `${String(event.type).replace(/_/g, ' ')}${'player_id' in event ? ` ${p('player_id')}` : ''}`
  }
}

/** `DEL vs JAI` with the full names when the title is only the short ones. */
export function sidesText(match: Pick<Match, 'team1' | 'team2' | 'teams' | 'title'>): string {
  const sides = match.team1 && match.team2 ? [match.team1, match.team2] : match.teams
  if (sides.length === 2) return sides.map((t) => `${t.name} (${t.name_attr})`).join(' vs ')
  return sides.length > 0 ? `${sides.length} teams` : match.title
}
