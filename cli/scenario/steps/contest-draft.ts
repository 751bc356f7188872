import { z } from 'zod'
import type { Answer } from '../../lib/api-types'
import { PRIZE_OPTION_KEYS } from '../../lib/contest-draft'
import { applySave, checkAndSave, type HttpExpect, type SaveSpec } from '../expectations'
import type { HttpAnswer } from '../http'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext, StepOutcome } from '../types'
import { placeholder } from './common'

/**
 * What `create_contest` and `create_championship_contest` share: the draft as a tester writes
 * it (`kind`, `entry_fee`, `spots`, `prizes`), turned into the body of `POST /api/contests`
 * (docs/contest-creation.md), and the answer checked, saved and explained.
 */
export const CONTEST_KINDS = ['private', 'public', 'free', 'head_to_head'] as const

const amount = z.union([z.number().min(0), placeholder])
const Range = z.union([
  z.strictObject({ from: z.number().int().min(1), to: z.number().int().min(1), amount }),
  z.strictObject({ from: z.number().int().min(1), to: z.number().int().min(1), percent: amount }),
])

export const draftFields = {
  as: z.string().min(1),
  /** private (default), public, free (private, ₹0) or head_to_head (private, 2 spots, winner takes all). */
  kind: z.enum(CONTEST_KINDS, { error: `must be one of ${CONTEST_KINDS.join(', ')}` }).default('private'),
  name: z.string().min(3).max(60).optional(),
  description: z.string().max(500).optional(),
  entry_fee: amount.optional(),
  spots: z.union([z.number().int().min(2).max(500), placeholder]).optional(),
  /** A generated option, or rank ranges in rupees (`amount`) or percent of the pool. */
  prizes: z
    .union([z.enum(PRIZE_OPTION_KEYS), z.array(Range).min(1)], {
      error: `must be one of ${PRIZE_OPTION_KEYS.join(', ')}, or a list of { from, to, amount } (or percent)`,
    })
    .optional(),
  guaranteed: z.boolean().optional(),
  multiple_entries: z.union([z.number().int().min(2).max(11), placeholder]).optional(),
  /** The admin grants the creator paid-contest access first (POST /api/admin/users/{id}/contest_access). */
  grant_access: z.boolean().optional(),
  /** The variable the created contest is saved into (default `contest`). */
  var: z
    .string()
    .regex(/^[A-Za-z_]\w*$/, 'a variable name such as contest')
    .optional(),
}

const DraftShape = z.strictObject(draftFields)
type Draft = z.output<typeof DraftShape>

/** What each kind fixes, and the fields it needs: every one missing reported together. */
export function draftProblems(draft: Pick<Draft, 'kind' | 'entry_fee' | 'spots'>): string[] {
  const problems: string[] = []
  if (draft.kind !== 'free' && draft.entry_fee === undefined)
    problems.push(`entry_fee: is required for a ${draft.kind} contest (kind: free makes a ₹0 one)`)
  if (draft.kind !== 'head_to_head' && draft.spots === undefined)
    problems.push(`spots: is required for a ${draft.kind} contest (kind: head_to_head has 2)`)
  if (draft.kind === 'free' && draft.entry_fee !== undefined && draft.entry_fee !== 0)
    problems.push('entry_fee: a free contest costs 0; leave entry_fee out')
  if (draft.kind === 'head_to_head' && draft.spots !== undefined && draft.spots !== 2)
    problems.push('spots: a head_to_head contest has 2; leave spots out')
  return problems
}

/** The body of POST /api/contests for the draft, without the target (match or phase). */
export function draftBody(draft: Draft, user: string): Record<string, unknown> {
  const prizes = draft.prizes ?? 'winner_takes_all'
  return {
    name: draft.name ?? `${user}'s contest`,
    ...(draft.description ? { description: draft.description } : {}),
    entry_fee: draft.kind === 'free' ? 0 : Number(draft.entry_fee),
    members_limit: draft.kind === 'head_to_head' ? 2 : Number(draft.spots),
    is_private: draft.kind !== 'public',
    guaranteed: draft.guaranteed ?? false,
    multiple_entries: draft.multiple_entries !== undefined,
    ...(draft.multiple_entries !== undefined ? { max_entries_per_user: Number(draft.multiple_entries) } : {}),
    ...(typeof prizes === 'string' ? { prize_option: prizes } : { prize_ranges: prizes }),
  }
}

/** The admin's paid-contest grant for the creator (idempotent: granting again replaces the note). */
export async function grantAccess(ctx: StepContext, user: string): Promise<void> {
  const admin = await ctx.admin()
  const target = ctx.user(user)
  const path = `/api/admin/users/${target.id}/contest_access`
  const answer = await ctx.http({ method: 'POST', path, token: admin.token, body: { note: 'scenario' } })
  if (answer.status !== 200 && answer.status !== 201)
    throw new StepFailure(`grant_access: POST ${path} → ${answer.status}: ${show(answer.body, 300)}`)
}

/** A refusal told the way the API tells it: the message and every field's messages. */
function refusal(answer: HttpAnswer, path: string): string {
  const body = answer.body as { error?: string; code?: string; errors?: Record<string, string[]> }
  const fields = Object.entries(body?.errors ?? {}).map(
    ([field, messages]) => `${field}: ${messages.join(', ')}`,
  )
  const what = body?.error ? `${body.code ?? ''} ${body.error}`.trim() : show(answer.body, 300)
  return `POST ${path} → ${answer.status}: ${what}${fields.length ? `\n${fields.join('\n')}` : ''}`
}

type Contest = Answer<'/api/contests', 'post'>['contest']

/** Where a contest is created: the path, as whom, and the answer's key for the contest. */
export interface ContestPost {
  path: string
  as: string
  token: string | undefined
  key: 'contest' | 'championship_contest'
}

/**
 * Posts the draft. Without `expect`, anything but 201 fails with the API's field messages;
 * with it, the answer is checked as `request` checks one. The contest (the answer's `key`)
 * is saved into `var` (default `contest`); `save:` applies as on `request`.
 */
export async function postContest(
  ctx: StepContext,
  step: { expect?: HttpExpect; expect_all?: HttpExpect; save?: SaveSpec },
  into: string | undefined,
  post: ContestPost,
  body: Record<string, unknown>,
): Promise<StepOutcome> {
  const answer = await ctx.http({ method: 'POST', path: post.path, token: post.token, body })
  if (answer.status !== 201 && step.expect === undefined && step.expect_all === undefined)
    throw new StepFailure(refusal(answer, post.path))
  const mismatches = checkAndSave(step, answer, ctx, { status: 201 })
  const contest = (answer.body as Record<string, Contest | undefined>)[post.key]
  const name = into ?? 'contest'
  // `save:` of the same name wins: it was written for this step.
  if (answer.status === 201 && mismatches.every((m) => m.soft) && !Object.hasOwn(step.save ?? {}, name))
    mismatches.unshift(...applySave({ [name]: `body.${post.key}` }, answer, ctx.vars))
  const made = contest
    ? `: contest ${contest.id} "${contest.name}", ₹${contest.entry_fee} × ${contest.members_limit}${contest.invite_code ? `, code ${contest.invite_code}` : ''}`
    : ''
  return { detail: `POST ${post.path} as ${post.as} → ${answer.status}${made}`, mismatches }
}
