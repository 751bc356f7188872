import { z } from 'zod'
import { httpChecks } from '../expectations'
import type { StepContext } from '../types'
import { placeholder, stepKind } from './common'
import {
  type ContestPost,
  draftBody,
  draftFields,
  draftProblems,
  grantAccess,
  postContest,
} from './contest-draft'

const PLAYER_ONLY = ['prizes', 'multiple_entries', 'grant_access', 'description'] as const

const CreateChampionshipContestSpec = z
  .strictObject({
    ...draftFields,
    /** The creator; with `house`, an admin of `users:` (default: the server's admin). */
    as: z.string().min(1).optional(),
    phase_id: z.union([z.number().int().positive(), placeholder]),
    /** A house league made by the admin (POST /api/admin/series_phases/{id}/contests) instead of a player's. */
    house: z.boolean().optional(),
    spots: z.union([z.number().int().min(2).max(100_000), placeholder]).optional(),
    /** House leagues: how many ranks win (default 30% of the spots). */
    winners: z.union([z.number().int().min(1), placeholder]).optional(),
  })
  .superRefine((draft, ctx) => {
    const problems = draftProblems(draft)
    if (draft.multiple_entries !== undefined)
      problems.push('multiple_entries: a championship contest takes one classic team per player')
    if (draft.house) {
      for (const key of PLAYER_ONLY)
        if (draft[key] !== undefined) problems.push(`${key}: is for a player's contest, not a house league`)
    } else {
      if (draft.as === undefined)
        problems.push('as: the player who creates it (or house: true for the admin)')
      if (draft.winners !== undefined)
        problems.push('winners: is for a house league (house: true); use prizes')
    }
    for (const message of new Set(problems)) ctx.addIssue({ code: 'custom', message })
  })
type Spec = z.infer<typeof CreateChampionshipContestSpec>

/** A house league: the admin's endpoint and body (docs/championship.md "Championship contests"). */
async function housePost(ctx: StepContext, spec: Spec): Promise<[ContestPost, Record<string, unknown>]> {
  const admin = spec.as ? ctx.user(spec.as) : await ctx.admin()
  const draft = draftBody({ ...spec, as: admin.name }, 'house')
  const body = {
    name: spec.name ?? 'House league',
    entry_fee: draft.entry_fee,
    members_limit: draft.members_limit,
    ...(spec.winners !== undefined ? { winner_count: Number(spec.winners) } : {}),
    ...(spec.guaranteed !== undefined ? { guaranteed: spec.guaranteed } : {}),
  }
  const path = `/api/admin/series_phases/${spec.phase_id}/contests`
  return [{ path, as: admin.name, token: admin.token, key: 'contest' }, body]
}

/**
 * `create_championship_contest:` — a championship contest on a series phase in one step: a
 * player's own (`POST /api/contests`, game `championship`, answered as `championship_contest`;
 * the same draft as `create_contest`; the creator joins with their classic team of the phase,
 * so pick_classic_team first), or with `house: true` the admin's house league (`POST
 * /api/admin/series_phases/{id}/contests`). Saved as `contest` (or `var:`). Expects 201; a
 * refusal fails with the API's field messages.
 */
export const createChampionshipContestStep = stepKind(
  'create_championship_contest',
  CreateChampionshipContestSpec,
  {
    kind: 'create_championship_contest',
    with: httpChecks(),
    describe: (spec) =>
      spec.house
        ? `a house championship league on phase ${spec.phase_id}`
        : `${spec.as} creates a ${spec.kind} championship contest on phase ${spec.phase_id}`,
    usersOf: (spec) => [spec.as],
    async run(spec, ctx, step) {
      if (spec.house) {
        const [post, body] = await housePost(ctx, spec)
        return postContest(ctx, step, spec.var, post, body)
      }
      const as = spec.as as string
      if (spec.grant_access) await grantAccess(ctx, as)
      const body = {
        game: 'championship',
        phase_id: Number(spec.phase_id),
        ...draftBody({ ...spec, as }, as),
      }
      const post = {
        path: '/api/contests',
        as,
        token: ctx.user(as).token,
        key: 'championship_contest' as const,
      }
      return postContest(ctx, step, spec.var, post, body)
    },
  },
)
