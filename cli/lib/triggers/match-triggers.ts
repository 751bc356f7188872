import { CliError } from '../errors'
import type { TriggerContext, TriggerResult } from './types'

// match.* and player.*: what weather and team news do to a match, through the admin's match
// routes (docs/matches.md, docs/events.md).

interface Match {
  id: number
  match_status: string
  result_text?: string | null
}

interface ContestRow {
  id: number
  contest_status: string
  status_reason?: string | null
}

interface Player {
  id: number
  display_name: string
  team: { id: number; name: string }
}

const contestsOf = async (ctx: TriggerContext, matchId: number) =>
  (await ctx.admin.get<{ contests: ContestRow[] }>(`/api/matches/${matchId}/contests?per_page=100`)).contests

/** match.abandoned MATCH: no points count, every contest cancelled, every entry refunded. */
export async function triggerAbandon(ctx: TriggerContext): Promise<TriggerResult> {
  const [matchId] = ctx.ids as [number]
  const reason = ctx.opts.reason ?? 'Rain: no play possible'
  const { match } = await ctx.admin.post<{ match: Match }>(`/api/admin/matches/${matchId}/abandon`, {
    reason,
  })
  const contests = await contestsOf(ctx, matchId)
  const cancelled = contests.filter((c) => c.contest_status === 'cancelled' && c.status_reason === reason)
  return {
    lines: [
      `match ${match.id} is ${match.match_status}: ${match.result_text ?? reason}`,
      cancelled.length === 0
        ? 'it had no contests'
        : `${cancelled.length} contest(s) cancelled and every entry refunded to unused balance: ${cancelled.map((c) => c.id).join(', ')}`,
    ],
    json: {
      match: { id: match.id, match_status: match.match_status, result_text: match.result_text ?? null },
      contests: contests.map((c) => ({
        id: c.id,
        contest_status: c.contest_status,
        status_reason: c.status_reason ?? null,
      })),
    },
  }
}

/**
 * match.rain_delay MATCH: rain before the start — the start moves `--minutes` later, and with
 * it the lock (teams stay editable, contests open) and the deadline reminders.
 */
export async function triggerRainDelay(ctx: TriggerContext): Promise<TriggerResult> {
  const [matchId] = ctx.ids as [number]
  const before = (
    await ctx.admin.get<{ match: Match & { event_time_in_millis: number } }>(`/api/matches/${matchId}`)
  ).match
  const { match } = await ctx.admin.post<{ match: Match & { event_time_in_millis: number } }>(
    `/api/admin/matches/${matchId}/delay`,
    { minutes: ctx.opts.minutes },
  )
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')
  return {
    lines: [
      `match ${match.id} delayed ${ctx.opts.minutes} min by rain: starts ${iso(match.event_time_in_millis)} (was ${iso(before.event_time_in_millis)})`,
      'teams stay editable and contests open until then; the deadline reminders moved with it',
    ],
    json: {
      match: {
        id: match.id,
        match_status: match.match_status,
        event_time_in_millis: match.event_time_in_millis,
        was_event_time_in_millis: before.event_time_in_millis,
      },
      minutes: ctx.opts.minutes,
    },
  }
}

interface LineupEvent {
  seq: number
  type: string
  team_id: number
  player_ids: number[]
  [key: string]: unknown
}

/**
 * player.ruled_out MATCH PLAYER: the player leaves their side's XI. The lineup is a scoring
 * event (docs/events.md): an existing one is corrected under its own `seq` (the match is
 * re-scored: the player's points go to 0); without one, the side's lineup is posted as its
 * squad's first eleven others. The match must be live (events are posted to live matches).
 */
export async function triggerRuledOut(ctx: TriggerContext): Promise<TriggerResult> {
  const [matchId, playerId] = ctx.ids as [number, number]
  const squad = (await ctx.admin.get<{ players: Player[] }>(`/api/matches/${matchId}/players?per_page=100`))
    .players
  const player = squad.find((p) => p.id === playerId)
  if (!player)
    throw new CliError(`Player ${playerId} is not in the squad of match ${matchId}`, { code: 'NOT_FOUND' })
  const { events } = await ctx.admin.get<{ events: LineupEvent[] }>(`/api/matches/${matchId}/events`)
  const lineup = events.filter((e) => e.type === 'lineup' && e.team_id === player.team.id).at(-1)
  if (lineup && !lineup.player_ids.includes(playerId))
    throw new CliError(
      `${player.display_name} (${playerId}) is not in the lineup of ${player.team.name} already`,
      {
        code: 'MATCH_STATE',
      },
    )
  const others = lineup
    ? lineup.player_ids.filter((id) => id !== playerId)
    : squad
        .filter((p) => p.team.id === player.team.id && p.id !== playerId)
        .slice(0, 11)
        .map((p) => p.id)
  const event = lineup
    ? {
        seq: lineup.seq,
        type: 'lineup',
        team_id: lineup.team_id,
        player_ids: others,
        ...(lineup.substitute_ids ? { substitute_ids: lineup.substitute_ids } : {}),
      }
    : { type: 'lineup', team_id: player.team.id, player_ids: others }
  const answer = await ctx.admin.post<{ ingested: number; replaced: number; last_seq: number }>(
    `/api/admin/matches/${matchId}/events`,
    { events: [event] },
  )
  return {
    lines: [
      `${player.display_name} (${playerId}) is out of ${player.team.name}'s XI in match ${matchId}`,
      lineup
        ? `lineup seq ${lineup.seq} corrected to ${others.length} players; the match was re-scored`
        : `lineup posted (seq ${answer.last_seq}) with ${others.length} players`,
    ],
    json: {
      match_id: matchId,
      player: { id: playerId, name: player.display_name, team_id: player.team.id },
      lineup: { seq: lineup?.seq ?? answer.last_seq, player_ids: others, corrected: Boolean(lineup) },
    },
  }
}
