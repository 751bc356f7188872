import { z } from 'zod'
import { checkAndSave, type HttpExpect, httpChecks, type SaveSpec } from '../expectations'
import type { HttpRequest } from '../http'
import { StepFailure } from '../step-failure'
import type { StepContext, StepKind, StepOutcome } from '../types'
import { placeholder, stepName, userRef } from './common'

/**
 * Step kinds that are one documented API call each — `credit`, `join_contest`,
 * `simulate_match`, `complete_match` — so that a daily-fantasy scenario reads as the story it
 * tells. Each checks `expect` (default: 2xx) and `save`s from `status`, `headers` and `body`
 * exactly as `request` does; what each call answers is in docs/scenarios.md.
 */

const id = z.union([z.number().int().positive(), placeholder])
const rest = {
  name: stepName,
  ...httpChecks(),
}

async function call(
  step: { expect?: HttpExpect; save?: SaveSpec },
  ctx: StepContext,
  request: HttpRequest,
  as: string,
): Promise<StepOutcome> {
  const answer = await ctx.http(request)
  const mismatches = checkAndSave(step, answer, ctx)
  return { detail: `${request.method} ${request.path} as ${as} → ${answer.status}`, mismatches }
}

/** The step's `as`, else the scenario's first admin, else the server's admin. */
async function adminOf(ctx: StepContext, as: string | null | undefined) {
  return as ? ctx.user(as) : ctx.admin()
}

const CreditStep = z.strictObject({
  ...rest,
  credit: z.strictObject({
    user: z.string().min(1),
    amount: z.union([z.number().positive(), placeholder]),
    compartment: z.enum(['unused', 'winnings', 'coins']).optional(),
    note: z.string().max(200).optional(),
    as: userRef,
  }),
})
type CreditStep = z.infer<typeof CreditStep>

/** `credit:` — POST /api/admin/wallet/credits for a declared user (by their id). */
export const creditStep: StepKind<CreditStep> = {
  kind: 'credit',
  key: 'credit',
  schema: CreditStep,
  describe: (s) => `credit ${s.credit.user} ${s.credit.compartment === 'coins' ? '' : '₹'}${s.credit.amount}`,
  usersOf: (s) => [s.credit.user, s.credit.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.credit)
    const admin = await adminOf(ctx, spec.as)
    const target = ctx.user(spec.user)
    if (target.id === undefined)
      throw new StepFailure(
        `${spec.user} has no id yet (create: false): save ${spec.user}.id from the sign-up first`,
      )
    return call(
      step,
      ctx,
      {
        method: 'POST',
        path: '/api/admin/wallet/credits',
        token: admin.token,
        body: {
          user_id: target.id,
          amount: spec.amount,
          ...(spec.compartment ? { compartment: spec.compartment } : {}),
          ...(spec.note ? { note: spec.note } : {}),
        },
      },
      admin.name,
    )
  },
}

const JoinStep = z.strictObject({
  ...rest,
  join_contest: z.strictObject({
    as: z.string().min(1),
    contest_id: id,
    team_id: id,
    invite_code: z.string().optional(),
  }),
})
type JoinStep = z.infer<typeof JoinStep>

/** `join_contest:` — POST /api/contests/{id}/join with one of the user's teams. */
export const joinContestStep: StepKind<JoinStep> = {
  kind: 'join_contest',
  key: 'join_contest',
  schema: JoinStep,
  describe: (s) => `${s.join_contest.as} joins contest ${s.join_contest.contest_id}`,
  usersOf: (s) => [s.join_contest.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.join_contest)
    const user = ctx.user(spec.as)
    return call(
      step,
      ctx,
      {
        method: 'POST',
        path: `/api/contests/${spec.contest_id}/join`,
        token: user.token,
        body: { team_id: spec.team_id, ...(spec.invite_code ? { invite_code: spec.invite_code } : {}) },
      },
      user.name,
    )
  },
}

const SimulateStep = z.strictObject({
  ...rest,
  simulate_match: z.strictObject({
    match_id: id,
    mode: z.enum(['instant', 'live']).default('instant'),
    // The era (cricket) or league (football): the server checks it against the match and its
    // 422 names the valid ones (docs/simulation.md "Eras and leagues").
    era: z.string().min(1).optional(),
    league: z.string().min(1).optional(),
    as: userRef,
  }),
})
type SimulateStep = z.infer<typeof SimulateStep>

/** `simulate_match:` — POST /api/admin/matches/{id}/simulate (instant by default). */
export const simulateMatchStep: StepKind<SimulateStep> = {
  kind: 'simulate_match',
  key: 'simulate_match',
  schema: SimulateStep,
  describe: (s) => {
    const { match_id, mode, era, league } = s.simulate_match
    return `simulate match ${match_id} (${[mode, era, league].filter(Boolean).join(', ')})`
  },
  usersOf: (s) => [s.simulate_match.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.simulate_match)
    const admin = await adminOf(ctx, spec.as)
    return call(
      step,
      ctx,
      {
        method: 'POST',
        path: `/api/admin/matches/${spec.match_id}/simulate`,
        token: admin.token,
        body: { mode: spec.mode, era: spec.era, league: spec.league },
      },
      admin.name,
    )
  },
}

const CompleteStep = z.strictObject({
  ...rest,
  complete_match: z.strictObject({ match_id: id, as: userRef }),
})
type CompleteStep = z.infer<typeof CompleteStep>

/** `complete_match:` — POST /api/admin/matches/{id}/complete (a live match: settles its contests). */
export const completeMatchStep: StepKind<CompleteStep> = {
  kind: 'complete_match',
  key: 'complete_match',
  schema: CompleteStep,
  describe: (s) => `complete match ${s.complete_match.match_id}`,
  usersOf: (s) => [s.complete_match.as],
  async run(step, ctx) {
    const spec = ctx.resolve(step.complete_match)
    const admin = await adminOf(ctx, spec.as)
    return call(
      step,
      ctx,
      { method: 'POST', path: `/api/admin/matches/${spec.match_id}/complete`, token: admin.token },
      admin.name,
    )
  },
}
