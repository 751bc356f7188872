import { z } from 'zod'
import type { Answer } from '../../lib/api-types'
import { httpChecks } from '../expectations'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { placeholder, stepKind } from './common'
import { draftBody, draftFields, draftProblems, grantAccess, postContest } from './contest-draft'

const id = z.union([z.number().int().positive(), placeholder])

const CreateContestSpec = z
  .strictObject({
    ...draftFields,
    match_id: id,
    /** The creator's team for the match (they join with it); default: their latest one. */
    team_id: id.optional(),
  })
  .superRefine((draft, ctx) => {
    for (const message of draftProblems(draft)) ctx.addIssue({ code: 'custom', message })
  })

/** The game kind of a match's sport (docs/contest-creation.md "Game kinds"). */
const GAME_OF_SPORT: Record<string, string> = {
  cricket: 'single-match',
  football: 'football-single-match',
  f1: 'f1-single-match',
}

/** The match's game kind and the creator's team: the one named, else their latest for the match. */
async function matchAndTeam(ctx: StepContext, matchId: unknown, as: string, teamId: unknown) {
  const token = ctx.user(as).token
  const read = async <T>(path: string): Promise<T> => {
    const answer = await ctx.http({ method: 'GET', path, token })
    if (answer.status !== 200) throw new StepFailure(`GET ${path} → ${answer.status}`)
    return answer.body as T
  }
  const { match } = await read<Answer<'/api/matches/{id}'>>(`/api/matches/${matchId}`)
  const game = GAME_OF_SPORT[match.sport_slug]
  if (!game)
    throw new StepFailure(
      `match ${matchId} is ${match.sport_slug}: players create contests on cricket, football and f1 matches`,
    )
  if (teamId !== undefined) return { game, team: Number(teamId) }
  const { user_teams: teams } = await read<Answer<'/api/matches/{match_id}/user_teams'>>(
    `/api/matches/${matchId}/user_teams`,
  )
  const latest = [...teams].sort((a, b) => b.id - a.id)[0]
  if (!latest)
    throw new StepFailure(
      `${as} has no team for match ${matchId}: the creator joins with one (build_team first, or give team_id)`,
    )
  return { game, team: latest.id }
}

/**
 * `create_contest:` — a player's own contest on a match in one step (`POST /api/contests`):
 * the kind (private, public, free, head_to_head), entry fee, spots and prizes; the creator
 * joins with their team, as the API requires. Saved as `contest` (or `var:`), and `save:`
 * works as on `request`. Expects 201; a refusal fails with the API's field messages.
 */
export const createContestStep = stepKind('create_contest', CreateContestSpec, {
  kind: 'create_contest',
  with: httpChecks(),
  describe: (spec) =>
    `${spec.as} creates a ${spec.kind} contest on match ${spec.match_id}${spec.entry_fee === undefined ? '' : ` (₹${spec.entry_fee})`}`,
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const { game, team } = await matchAndTeam(ctx, spec.match_id, spec.as, spec.team_id)
    if (spec.grant_access) await grantAccess(ctx, spec.as)
    const body = { game, match_id: Number(spec.match_id), ...draftBody(spec, spec.as), team_id: team }
    const post = {
      path: '/api/contests',
      as: spec.as,
      token: ctx.user(spec.as).token,
      key: 'contest' as const,
    }
    return postContest(ctx, step, spec.var, post, body)
  },
})
