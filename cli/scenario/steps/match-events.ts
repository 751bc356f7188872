import { z } from 'zod'
import type { Answer } from '../../lib/api-types'
import { checkAndSave, httpChecks } from '../expectations'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext, StepKind } from '../types'
import { placeholder, stepName, userRef } from './common'

const MatchEventsSpec = z.strictObject({
  match_id: z.union([z.number().int().positive(), placeholder]),
  /** Put a lineup for every side first: the players the events name, then the squad's most valuable. */
  lineups: z.boolean().default(false),
  events: z.array(z.unknown()).default([]),
  as: userRef,
})

const MatchEventsStep = z
  .strictObject({
    name: stepName,
    match_events: MatchEventsSpec,
    ...httpChecks(),
  })
  .refine((s) => s.match_events.lineups || s.match_events.events.length > 0, {
    message: 'give events, or lineups: true, or both',
  })
type MatchEventsStep = z.infer<typeof MatchEventsStep>

/** Every player id an event names (`batter_id`, `fielder_ids`, `order` …), in order. */
function namedIds(value: unknown, key = ''): number[] {
  if (Array.isArray(value))
    return key.endsWith('_ids') || key === 'order'
      ? value.filter((v): v is number => typeof v === 'number')
      : []
  if (value === null || typeof value !== 'object')
    return key.endsWith('_id') && typeof value === 'number' ? [value] : []
  return Object.entries(value).flatMap(([k, v]) => (k === 'team_id' ? [] : namedIds(v, k)))
}

async function lineupsFor(ctx: StepContext, matchId: unknown, events: unknown[]) {
  const read = async <T>(path: string): Promise<T> => {
    const answer = await ctx.http({ method: 'GET', path })
    if (answer.status !== 200)
      throw new StepFailure(`GET ${path} → ${answer.status}: ${show(answer.body, 300)}`)
    return answer.body as T
  }
  const { match } = await read<Answer<'/api/matches/{id}'>>(`/api/matches/${matchId}`)
  if (match.sport_slug === 'f1')
    throw new StepFailure('lineups: true is for sports with lineups (F1 starts from a grid event)')
  const { players } = await read<Answer<'/api/matches/{id}/players'>>(`/api/matches/${matchId}/players`)
  const size = match.team_size === 5 ? 5 : 11
  const named = events.flatMap((e) => namedIds(e))
  return match.teams.map((side) => {
    const squad = players.filter((p) => p.team.id === side.id).map((p) => p.id)
    const first = [...new Set(named.filter((id) => squad.includes(id)))]
    const rest = squad.filter((id) => !first.includes(id))
    return { type: 'lineup', team_id: side.id, player_ids: [...first, ...rest].slice(0, size) }
  })
}

/**
 * `match_events:` — posts scoring events as the admin (`POST /api/admin/matches/{id}/events`),
 * optionally after a lineup for every side built from the match's squad, so a scenario
 * scripts only the events that matter. An event with an existing `seq` replaces it.
 */
export const matchEventsStep: StepKind<MatchEventsStep> = {
  kind: 'match_events',
  key: 'match_events',
  schema: MatchEventsStep,
  describe: (step) => {
    const e = step.match_events
    const parts = [e.lineups && 'lineups', e.events.length > 0 && `${e.events.length} event(s)`].filter(
      Boolean,
    )
    return `post ${parts.join(' and ')} for match ${e.match_id}`
  },
  usersOf: (step) => [step.match_events.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.match_events)
    const admin = await ctx.admin(spec.as ?? undefined)
    const lineups = spec.lineups ? await lineupsFor(ctx, spec.match_id, spec.events) : []
    const path = `/api/admin/matches/${spec.match_id}/events`
    const answer = await ctx.http({
      method: 'POST',
      path,
      token: admin.token,
      body: { events: [...lineups, ...spec.events] },
    })
    const mismatches = checkAndSave(step, answer, ctx)
    const what = [
      lineups.length && `${lineups.length} lineups`,
      spec.events.length && `${spec.events.length} events`,
    ]
    return {
      detail: `POST ${path} as ${admin.name} → ${answer.status} (${what.filter(Boolean).join(' + ')})`,
      mismatches,
    }
  },
}
