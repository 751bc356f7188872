import { z } from 'zod'
import { httpChecks } from '../expectations'
import { placeholder, stepKind } from './common'
import { draftBody, draftFields, draftProblems, grantAccess, postContest } from './contest-draft'

const CreateChampionshipContestSpec = z
  .strictObject({
    ...draftFields,
    phase_id: z.union([z.number().int().positive(), placeholder]),
  })
  .refine((draft) => draft.multiple_entries === undefined, {
    message: 'multiple_entries: a championship contest takes one classic team per player',
  })
  .superRefine((draft, ctx) => {
    for (const message of draftProblems(draft)) ctx.addIssue({ code: 'custom', message })
  })

/**
 * `create_championship_contest:` — a player's own championship contest on a series phase in
 * one step (`POST /api/contests`, game `championship`, answered as `championship_contest`): the
 * same draft as `create_contest`;
 * the creator joins with their classic team of the phase (pick_classic_team first). Saved as
 * `contest` (or `var:`). Expects 201; a refusal fails with the API's field messages.
 */
export const createChampionshipContestStep = stepKind(
  'create_championship_contest',
  CreateChampionshipContestSpec,
  {
    kind: 'create_championship_contest',
    with: httpChecks(),
    describe: (spec) => `${spec.as} creates a ${spec.kind} championship contest on phase ${spec.phase_id}`,
    usersOf: (spec) => [spec.as],
    async run(spec, ctx, step) {
      if (spec.grant_access) await grantAccess(ctx, spec.as)
      const body = { game: 'championship', phase_id: Number(spec.phase_id), ...draftBody(spec, spec.as) }
      return postContest(ctx, step, spec, body, 'championship_contest')
    },
  },
)
