import { z } from 'zod'
import { createRng } from '../../../server/domain/rng'
import { buildTeam, TEAM_STRATEGIES } from '../../../server/domain/team-strategy'
import type { Answer } from '../../lib/api-types'
import { findPlayer } from '../../lib/player-names'
import { applySave, checkAndSave, httpChecks } from '../expectations'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { placeholder, stepKind } from './common'

const id = z.union([z.number().int().positive(), placeholder])
/** A player by name ("Virat Kohli", "kohli") or by id. */
const who = z.union([z.string().min(1), z.number().int().positive()])

const BuildTeamSpec = z.strictObject({
  as: z.string().min(1),
  match_id: id,
  strategy: z
    .enum(TEAM_STRATEGIES, { error: `must be one of ${TEAM_STRATEGIES.join(', ')}` })
    .default('favourite'),
  /** Players the team must have, by name or id: all 11 for an exact team, fewer to fill by strategy. */
  players: z.array(who).min(1).optional(),
  /** Players the team must not have. */
  exclude: z.array(who).min(1).optional(),
  captain: who.optional(),
  vice_captain: who.optional(),
  /** Varies a `random` team; the same scenario seed, match and seed give the same team (default: the user's name). */
  seed: z.union([z.string().min(1), z.number()]).optional(),
  /** The variable the created team is saved into (default `<as>_team`, e.g. alice_team). */
  var: z
    .string()
    .regex(/^[A-Za-z_]\w*$/, 'a variable name such as alice_team')
    .optional(),
})
type BuildTeamSpec = z.infer<typeof BuildTeamSpec>
type Squad = Answer<'/api/matches/{id}/players'>['players']

async function squadOf(ctx: StepContext, spec: BuildTeamSpec, token?: string) {
  const read = async <T>(path: string): Promise<T> => {
    const answer = await ctx.http({ method: 'GET', path, token })
    if (answer.status !== 200) throw new StepFailure(`GET ${path} → ${answer.status}`)
    return answer.body as T
  }
  const { match } = await read<Answer<'/api/matches/{id}'>>(`/api/matches/${spec.match_id}`)
  const { players } = await read<Answer<'/api/matches/{id}/players'>>(`/api/matches/${spec.match_id}/players`)
  return { sport: match.sport_slug, squad: players }
}

/** Every name of the spec resolved against the squad; all the unknown ones reported at once. */
function resolveNames(spec: BuildTeamSpec, squad: Squad) {
  const problems: string[] = []
  const idOf = (written: string | number | undefined) => {
    if (written === undefined) return undefined
    const found = findPlayer(squad, written)
    if (found.ok) return found.player.id
    problems.push(found.problem)
    return undefined
  }
  const include = (spec.players ?? []).map(idOf).filter((p) => p !== undefined)
  const exclude = (spec.exclude ?? []).map(idOf).filter((p) => p !== undefined)
  const captain = idOf(spec.captain)
  const vice = idOf(spec.vice_captain)
  if (problems.length) throw new StepFailure(problems.join('; '))
  // A named captain or vice-captain is in the team, named among the players or not.
  for (const leader of [captain, vice])
    if (leader !== undefined && !include.includes(leader)) include.push(leader)
  return { include, exclude, captain, vice }
}

/**
 * `build_team:` — a valid daily team for a match, by strategy (`favourite`, `differential`,
 * `random` with the scenario's seed: server/domain/team-strategy.ts) and/or by player names,
 * created as the user (`POST /api/matches/{id}/user_teams`) and saved as `<as>_team`
 * (or `var:`). Expects 201 unless told otherwise.
 */
export const buildTeamStep = stepKind('build_team', BuildTeamSpec, {
  kind: 'build_team',
  with: httpChecks(),
  describe: (spec) =>
    `${spec.as} builds a ${spec.players ? 'named' : spec.strategy} team for match ${spec.match_id}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const token = ctx.user(spec.as).token
    const { sport, squad } = await squadOf(ctx, spec, token)
    const names = resolveNames(spec, squad)
    const pool = squad
      .filter((p) => !names.exclude.includes(p.id))
      .map((p) => ({
        id: p.id,
        style: p.style,
        value_tenths: p.value_tenths,
        real_team_id: p.team.id,
        selected_by: p.selected_by,
      }))
    const rng = createRng(ctx.seed).stream(`build_team:${spec.match_id}:${spec.seed ?? spec.as}`)
    const team = buildTeam(sport, pool, spec.strategy, rng, names.include)
    if (!team) {
      const named = names.include.length ? ` with players ${names.include.join(', ')}` : ''
      throw new StepFailure(
        `no valid ${sport} team of match ${spec.match_id}${named}${names.exclude.length ? ` without ${names.exclude.join(', ')}` : ''} (budget and role rules: docs/team-rules.md)`,
      )
    }
    const captain = names.captain ?? team.captain_id
    let vice = names.vice ?? team.vice_captain_id
    // A named captain may be the strategy's vice-captain: then its captain is vice.
    if (names.vice === undefined && vice === captain)
      vice = captain === team.captain_id ? team.vice_captain_id : team.captain_id
    const path = `/api/matches/${spec.match_id}/user_teams`
    const body = { player_ids: team.player_ids.join(','), captain, vice_captain: vice }
    const answer = await ctx.http({ method: 'POST', path, token, body })
    const mismatches = checkAndSave(step, answer, ctx, { status: 201 })
    const into = spec.var ?? `${spec.as}_team`
    // `save:` of the same name wins: it was written for this step.
    if (answer.status === 201 && mismatches.every((m) => m.soft) && !Object.hasOwn(step.save ?? {}, into))
      mismatches.push(...applySave({ [into]: 'body.user_team' }, answer, ctx.vars))
    const nameOf = (pid: number) => squad.find((p) => p.id === pid)?.name ?? pid
    return {
      detail: `POST ${path} → ${answer.status} (${spec.strategy}: ${team.player_ids.length} players, C ${nameOf(captain)}, VC ${nameOf(vice)})`,
      mismatches,
    }
  },
})
