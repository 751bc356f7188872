import { z } from 'zod'
import { DURATION_HINT, formatInstant, parseDuration } from '../../lib/time'
import { applySave, checkHttp, httpChecks, softChecks } from '../expectations'
import { matchPartial } from '../match'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import { namedContests, placeholder, stepKind, userRef } from './common'

const CreateMatchSpec = z.strictObject({
  sport: z.string().min(1).default('cricket'),
  /** The template's format (T20, ODI, …): the fixture copies the newest such match. */
  format: z.string().min(1).optional(),
  like_match_id: z.union([z.number().int().positive(), placeholder]).optional(),
  starts_in: z
    .union([z.number().int().min(60_000), z.string()])
    .default('3h')
    .refine((v) => typeof v === 'number' || v.includes('${') || parseDuration(v) !== undefined, {
      message: `must be ${DURATION_HINT}`,
    }),
  title: z.string().min(1).optional(),
  /** `false`: a match with no contests at all. */
  with_contests: z.boolean().default(true),
  /** Named contests of the new match to save: each a partial match against GET /api/matches/{id}/contests. */
  contests: namedContests,
  as: userRef,
})

/**
 * `create_match:` — an admin fixture (`POST /api/admin/matches`): a fresh upcoming match with
 * the sides and squad of an existing one and the standard contest spread, starting
 * `starts_in` from the server clock's now. Scenarios that play a match use it instead of
 * `find_match`, so they never use up (or depend on) the league's own upcoming matches.
 * Saves from `match`, `contests.<name>`, `now` and the answer (`body`, `status`).
 */
export const createMatchStep = stepKind('create_match', CreateMatchSpec, {
  kind: 'create_match',
  with: httpChecks(['match', 'contests', 'now', 'body', 'status']),
  describe: (spec) => {
    const names = Object.keys(spec.contests)
    return `create a ${spec.sport}${spec.format ? ` ${spec.format}` : ''} match${names.length ? ` with ${names.join(', ')}` : ''}`
  },
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const admin = spec.as ? ctx.user(spec.as) : await ctx.admin()
    const lead = parseDuration(spec.starts_in)
    if (lead === undefined || lead < 60_000)
      throw new StepFailure(`starts_in: ${show(spec.starts_in)} is not ${DURATION_HINT} of a minute or more`)
    const answer = await ctx.http({
      method: 'POST',
      path: '/api/admin/matches',
      token: admin.token,
      body: {
        sport_slug: spec.sport,
        starts_in_minutes: Math.ceil(lead / 60_000),
        contests: spec.with_contests,
        ...(spec.format ? { format: spec.format } : {}),
        ...(spec.like_match_id !== undefined ? { like_match_id: spec.like_match_id } : {}),
        ...(spec.title ? { title: spec.title } : {}),
      },
    })
    const detail = `POST /api/admin/matches → ${answer.status}`
    const mismatches = checkHttp(ctx.resolve(step.expect) ?? { status: 201 }, answer)
    const soft = softChecks(ctx.resolve(step.expect_all), answer)
    if (mismatches.length > 0 || answer.status !== 201)
      return { detail, mismatches: [...mismatches, ...soft] }

    const match = (answer.body as { match: { id: number; title: string; event_time_in_millis: number } })
      .match
    const found: Record<string, Record<string, unknown>> = {}
    const wanted = Object.entries(spec.contests)
    if (wanted.length > 0) {
      const listed = await ctx.http({ method: 'GET', path: `/api/matches/${match.id}/contests?per_page=100` })
      if (listed.status !== 200)
        throw new StepFailure(
          `GET /api/matches/${match.id}/contests → ${listed.status}: ${show(listed.body, 300)}`,
        )
      const contests = (listed.body as { contests: Array<Record<string, unknown>> }).contests
      const taken = new Set<unknown>()
      for (const [name, want] of wanted) {
        const hit = contests.find((c) => !taken.has(c.id) && matchPartial(want, c, [name]).length === 0)
        if (!hit)
          throw new StepFailure(
            `match ${match.id} has no contest ${name} like ${show(want, 200)}; it has: ${show(
              contests.map((c) => ({ id: c.id, name: c.name, kind: c.kind, entry_fee: c.entry_fee })),
              400,
            )}`,
          )
        found[name] = hit
        taken.add(hit.id)
      }
    }
    const now = match.event_time_in_millis - Math.ceil(lead / 60_000) * 60_000
    const saved = applySave(
      step.save,
      { match, contests: found, now, body: answer.body, status: answer.status },
      ctx.vars,
    )
    const picked = Object.entries(found).map(([name, c]) => `${name} → contest ${c.id}`)
    return {
      detail: `${detail}: match ${match.id} ${match.title}, starts ${formatInstant(match.event_time_in_millis)}${picked.length ? `: ${picked.join(', ')}` : ''}`,
      mismatches: [...saved, ...soft],
    }
  },
})
