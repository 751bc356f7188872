import { z } from 'zod'
import { createRng, type RandomStream } from '../../../server/domain/rng'
import { pickTeam, takeInOrder } from '../../../server/domain/team-picker'
import { canComplete, sportRules, type TeamPlayer } from '../../../server/domain/team-rules'
import type { Answer } from '../../lib/api-types'
import { checkAndSave, httpChecks } from '../expectations'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { placeholder, stepKind } from './common'

const id = z.union([z.number().int().positive(), placeholder])
const ids = z.union([z.array(id), z.string().min(1)])

const PickTeamSpec = z
  .strictObject({
    as: z.string().min(1),
    match_id: id,
    /** Players the team must have / must not have. */
    include: ids.optional(),
    exclude: ids.optional(),
    /** Exactly these players (a list, or the comma-joined text a team answer has): no picking. */
    player_ids: ids.optional(),
    captain: id.optional(),
    vice_captain: id.optional(),
    /** Varies the pick; the same seed, match and rules give the same team (default: the user's name). */
    seed: z.union([z.string().min(1), z.number()]).optional(),
  })
  .refine((s) => s.player_ids === undefined || (s.include === undefined && s.exclude === undefined), {
    message: 'player_ids names the whole team; leave out include and exclude',
  })

/** `[1, 2]`, `"1,2"` or `2` → [1, 2]. */
export function idList(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value]
  return items.map((v) => {
    const n = Number(typeof v === 'string' ? v.trim() : v)
    if (!Number.isInteger(n) || n <= 0) throw new StepFailure(`${show(v)} is not a player id`)
    return n
  })
}

/**
 * A valid team that contains `include` (and none of the pool's left-outs): the picker's
 * greedy walk with the wanted players placed first, each addition kept only if the team
 * can still be completed within budget and the role rules.
 */
export function pickAround(sport: string, pool: TeamPlayer[], include: number[], rng: RandomStream) {
  if (include.length === 0) return pickTeam(sport, pool, rng)
  const rules = sportRules(sport)
  if (!canComplete(rules, pool, include)) return null
  const chosen = takeInOrder(rules, pool, rng.shuffle(pool), include)
  if (!chosen) return null
  const top = pool
    .filter((p) => chosen.includes(p.id))
    .sort((a, b) => b.value_tenths - a.value_tenths || a.id - b.id)
  return {
    player_ids: chosen,
    captain_id: (top[0] as TeamPlayer).id,
    vice_captain_id: (top[1] as TeamPlayer).id,
  }
}

async function get<T>(ctx: StepContext, path: string, token?: string): Promise<T> {
  const answer = await ctx.http({ method: 'GET', path, token })
  if (answer.status !== 200)
    throw new StepFailure(`GET ${path} → ${answer.status}: ${show(answer.body, 300)}`)
  return answer.body as T
}

/**
 * `pick_team:` — builds a valid team for a match with the real team picker
 * (`server/domain/team-picker.ts`) from `GET /api/matches/{id}/players`, and creates it as
 * the user (`POST /api/matches/{id}/user_teams`). Expects 201 unless told otherwise.
 */
export const pickTeamStep = stepKind('pick_team', PickTeamSpec, {
  kind: 'pick_team',
  with: httpChecks(),
  describe: (spec) => `${spec.as} creates a team for match ${spec.match_id}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const token = ctx.user(spec.as).token
    let playerIds: number[]
    let captain: number
    let vice: number
    if (spec.player_ids !== undefined) {
      playerIds = idList(spec.player_ids)
      if (spec.captain === undefined || spec.vice_captain === undefined)
        throw new StepFailure('with player_ids, give captain and vice_captain too')
      captain = Number(spec.captain)
      vice = Number(spec.vice_captain)
    } else {
      const { match } = await get<Answer<'/api/matches/{id}'>>(ctx, `/api/matches/${spec.match_id}`, token)
      const squad = await get<Answer<'/api/matches/{id}/players'>>(
        ctx,
        `/api/matches/${spec.match_id}/players`,
        token,
      )
      const exclude = new Set(spec.exclude === undefined ? [] : idList(spec.exclude))
      const include = spec.include === undefined ? [] : idList(spec.include)
      const pool = squad.players
        .filter((p) => !exclude.has(p.id))
        .map((p) => ({ id: p.id, style: p.style, value_tenths: p.value_tenths, real_team_id: p.team.id }))
      const rng = createRng(1).stream(`pick_team:${spec.match_id}:${spec.seed ?? spec.as}`)
      const picked = pickAround(match.sport_slug, pool, include, rng)
      if (!picked)
        throw new StepFailure(
          `no valid ${match.sport_slug} team of match ${spec.match_id}${include.length ? ` contains ${include.join(', ')}` : ''}${exclude.size ? ` without ${[...exclude].join(', ')}` : ''}`,
        )
      playerIds = picked.player_ids
      captain = spec.captain === undefined ? picked.captain_id : Number(spec.captain)
      vice = spec.vice_captain === undefined ? picked.vice_captain_id : Number(spec.vice_captain)
      // A chosen captain may be the picked vice-captain: then the picked captain is vice.
      if (spec.vice_captain === undefined && vice === captain)
        vice = captain === picked.captain_id ? picked.vice_captain_id : picked.captain_id
    }
    const path = `/api/matches/${spec.match_id}/user_teams`
    const body = { player_ids: playerIds.join(','), captain, vice_captain: vice }
    const answer = await ctx.http({ method: 'POST', path, token, body })
    const mismatches = checkAndSave(step, answer, ctx, { status: 201 })
    return {
      detail: `POST ${path} → ${answer.status} (${playerIds.length} players, C ${captain}, VC ${vice})`,
      mismatches,
    }
  },
})
