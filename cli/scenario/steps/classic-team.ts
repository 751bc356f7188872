import { z } from 'zod'
import { createRng } from '../../../server/domain/rng'
import { sportRules, type TeamPlayer } from '../../../server/domain/team-rules'
import type { Answer } from '../../lib/api-types'
import { checkAndSave, httpChecks } from '../expectations'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { placeholder, stepKind } from './common'
import { idList, pickAround } from './pick-team'

const id = z.union([z.number().int().positive(), placeholder])
const ids = z.union([z.array(id), z.string().min(1)])

async function get<T>(ctx: StepContext, path: string, token?: string): Promise<T> {
  const answer = await ctx.http({ method: 'GET', path, token })
  if (answer.status !== 200)
    throw new StepFailure(`GET ${path} → ${answer.status}: ${show(answer.body, 300)}`)
  return answer.body as T
}

const poolOf = async (ctx: StepContext, phaseId: unknown, token?: string): Promise<TeamPlayer[]> =>
  (
    await get<Answer<'/api/championship/series_phases/{id}/players'>>(
      ctx,
      `/api/championship/series_phases/${phaseId}/players`,
      token,
    )
  ).players.map((p) => ({
    id: p.id,
    style: p.style,
    value_tenths: Math.round(p.value * 10),
    real_team_id: p.team.id,
  }))

const PickClassicSpec = z.strictObject({
  as: z.string().min(1),
  phase_id: id,
  sport: z.string().min(1).default('cricket'),
  include: ids.optional(),
  exclude: ids.optional(),
  captain: id.optional(),
  vice_captain: id.optional(),
  seed: z.union([z.string().min(1), z.number()]).optional(),
})
/**
 * `pick_classic_team:` — a valid championship team for a series phase, picked from the phase's
 * players (`GET /api/championship/series_phases/{id}/players`) with the real team picker as
 * `pick_team` does, and created as the user (`POST /api/championship/classic_teams`).
 * Expects 201 unless told otherwise.
 */
export const pickClassicTeamStep = stepKind('pick_classic_team', PickClassicSpec, {
  kind: 'pick_classic_team',
  with: httpChecks(),
  describe: (spec) => `${spec.as} creates a championship team in phase ${spec.phase_id}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const token = ctx.user(spec.as).token
    const exclude = new Set(spec.exclude === undefined ? [] : idList(spec.exclude))
    const include = spec.include === undefined ? [] : idList(spec.include)
    const pool = (await poolOf(ctx, spec.phase_id, token)).filter((p) => !exclude.has(p.id))
    const rng = createRng(1).stream(`pick_classic_team:${spec.phase_id}:${spec.seed ?? spec.as}`)
    const picked = pickAround(spec.sport, pool, include, rng)
    if (!picked)
      throw new StepFailure(
        `no valid ${spec.sport} team of phase ${spec.phase_id}${include.length ? ` contains ${include.join(', ')}` : ''}`,
      )
    const captain = spec.captain === undefined ? picked.captain_id : Number(spec.captain)
    let vice = spec.vice_captain === undefined ? picked.vice_captain_id : Number(spec.vice_captain)
    if (spec.vice_captain === undefined && vice === captain)
      vice = captain === picked.captain_id ? picked.vice_captain_id : picked.captain_id
    const path = '/api/championship/classic_teams'
    const body = {
      phase_id: Number(spec.phase_id),
      player_ids: picked.player_ids,
      captain,
      vice_captain: vice,
    }
    const answer = await ctx.http({ method: 'POST', path, token, body })
    const mismatches = checkAndSave(step, answer, ctx, { status: 201 })
    return {
      detail: `POST ${path} → ${answer.status} (${picked.player_ids.length} players, C ${captain}, VC ${vice})`,
      mismatches,
    }
  },
})

const TransferSpec = z.strictObject({
  as: z.string().min(1),
  team_id: id,
  /** Players to take out; each is replaced by `in` (same order) or, without it, like for like. */
  out: ids.optional(),
  in: ids.optional(),
  /** Instead of `out`: the first `out_count` players of the side that are not in `keep`. */
  out_count: z.union([z.number().int().min(1).max(11), placeholder]).optional(),
  keep: ids.optional(),
  /** Players a like-for-like replacement must not be. */
  avoid: ids.optional(),
  sport: z.string().min(1).default('cricket'),
  captain: id.optional(),
  vice_captain: id.optional(),
})

/**
 * Like-for-like replacements keep the team valid: the same role and side (so the role and
 * side limits still hold), within the budget left. For each player going out (in order, or
 * the first ones of `candidates` that have one, up to `count`) the dearest such player, then
 * the lowest id: deterministic.
 */
function likeForLike(
  pool: TeamPlayer[],
  team: number[],
  candidates: number[],
  count: number,
  avoid: Set<number>,
  budgetTenths: number,
): { out: number[]; into: number[] } {
  const value = (id: number) => pool.find((p) => p.id === id)?.value_tenths ?? 0
  let slack = budgetTenths - team.reduce((sum, id) => sum + value(id), 0)
  const out: number[] = []
  const into: number[] = []
  for (const id of candidates) {
    if (out.length === count) break
    const gone = pool.find((p) => p.id === id)
    if (!gone) throw new StepFailure(`player ${id} is not in the phase`)
    const pick = pool
      .filter(
        (p) =>
          p.style === gone.style &&
          p.real_team_id === gone.real_team_id &&
          p.value_tenths <= gone.value_tenths + slack &&
          !team.includes(p.id) &&
          !into.includes(p.id) &&
          !avoid.has(p.id),
      )
      .sort((a, b) => b.value_tenths - a.value_tenths || a.id - b.id)[0]
    if (!pick) continue
    slack -= pick.value_tenths - gone.value_tenths
    out.push(id)
    into.push(pick.id)
  }
  if (out.length < count)
    throw new StepFailure(`only ${out.length} of ${count} players have a like-for-like replacement`)
  return { out, into }
}

/**
 * `classic_transfer:` — changes the user's championship team (`PUT
 * /api/championship/classic_teams/{id}`): `out` players swapped for `in` (or like-for-like
 * ones), and/or a new captain and vice-captain. The captain and vice stay unless named (or
 * transferred out, when the first two players of the new side take over). Saves from the
 * answer and from `in` / `out` (the ids swapped). Expects 200 unless told otherwise.
 */
export const classicTransferStep = stepKind('classic_transfer', TransferSpec, {
  kind: 'classic_transfer',
  with: httpChecks(['body', 'headers', 'status', 'in', 'out']),
  describe: (spec) => `${spec.as} changes championship team ${spec.team_id}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const token = ctx.user(spec.as).token
    const teamPath = `/api/championship/classic_teams/${spec.team_id}`
    const { classic_team: team } = await get<Answer<'/api/championship/classic_teams/{id}'>>(
      ctx,
      teamPath,
      token,
    )
    const current = team.team_players.map((p) => p.id)
    if (spec.out !== undefined && spec.out_count !== undefined)
      throw new StepFailure('give out or out_count, not both')
    const keepIds = new Set(spec.keep === undefined ? [] : idList(spec.keep))
    let out = spec.out === undefined ? [] : idList(spec.out)
    let into = spec.in === undefined ? [] : idList(spec.in)
    if (spec.in !== undefined && into.length !== out.length)
      throw new StepFailure(`out names ${out.length} players, in ${into.length}`)
    if (spec.in === undefined && (out.length > 0 || spec.out_count !== undefined)) {
      const pool = await poolOf(ctx, team.phase_id, token)
      const avoid = new Set(spec.avoid === undefined ? [] : idList(spec.avoid))
      const count = spec.out_count !== undefined ? Number(spec.out_count) : out.length
      const candidates = spec.out_count !== undefined ? current.filter((p) => !keepIds.has(p)) : out
      ;({ out, into } = likeForLike(
        pool,
        current,
        candidates,
        count,
        avoid,
        sportRules(spec.sport).budget_tenths,
      ))
    }
    const players = current.map((p) => {
      const at = out.indexOf(p)
      return at === -1 ? p : (into[at] as number)
    })
    const keep = (ref: { id: number }, fallback: number) => (players.includes(ref.id) ? ref.id : fallback)
    const captain =
      spec.captain === undefined ? keep(team.captain, players[0] as number) : Number(spec.captain)
    let vice =
      spec.vice_captain === undefined
        ? keep(team.vice_captain, players[1] as number)
        : Number(spec.vice_captain)
    if (vice === captain) vice = players.find((p) => p !== captain) as number
    const answer = await ctx.http({
      method: 'PUT',
      path: teamPath,
      token,
      body: { player_ids: players, captain, vice_captain: vice },
    })
    const mismatches = checkAndSave(step, answer, ctx, { status: 200 }, { ...answer, in: into, out })
    return {
      detail: `PUT ${teamPath} → ${answer.status} (out ${out.join(', ') || '-'}, in ${into.join(', ') || '-'}, C ${captain}, VC ${vice})`,
      mismatches,
    }
  },
})
