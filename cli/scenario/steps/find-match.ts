import { z } from 'zod'
import type { Answer } from '../../lib/api-types'
import { DURATION_HINT, formatInstant, parseDuration } from '../../lib/time'
import { applySave, saveSchema } from '../expectations'
import { matchPartial } from '../match'
import { matcherProblems } from '../matcher-syntax'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { namedContests, stepKind, userRef } from './common'

const FindMatchSpec = z.strictObject({
  sport: z.string().min(1).default('cricket'),
  starts_after: z
    .union([z.number().int().min(0), z.string()])
    .default('30m')
    .refine((v) => typeof v === 'number' || v.includes('${') || parseDuration(v) !== undefined, {
      message: `must be ${DURATION_HINT}`,
    }),
  /** A partial match against the match itself, e.g. `{ format: T20 }`. */
  match: z
    .unknown()
    .optional()
    .superRefine((spec, ctx) => {
      for (const problem of matcherProblems(spec, 'match')) ctx.addIssue({ code: 'custom', message: problem })
    }),
  /** Named contests the match must offer: each a partial match against a contest of GET /api/matches/{id}/contests. */
  contests: namedContests,
  as: userRef,
})

/** GET as the step's user (or anonymously), failing the step on anything but 200. */
async function read<T>(ctx: StepContext, path: string, token?: string): Promise<T> {
  const answer = await ctx.http({ method: 'GET', path, token })
  if (answer.status !== 200)
    throw new StepFailure(`GET ${path} → ${answer.status}: ${show(answer.body, 300)}`)
  return answer.body as T
}

/**
 * `find_match:` — the soonest upcoming match of a sport that starts at least `starts_after`
 * (game time) from now and offers every named contest, so scenarios never hard-code seeded
 * ids and run on a fresh league as well as on a long-running server. Each name takes a
 * different contest. Saves from `match`, `contests.<name>` and `now` (the server's clock).
 */
export const findMatchStep = stepKind('find_match', FindMatchSpec, {
  kind: 'find_match',
  with: { save: saveSchema(['match', 'contests', 'now']).optional() },
  describe: (spec) => {
    const names = Object.keys(spec.contests)
    return `find an upcoming ${spec.sport} match${names.length ? ` with ${names.join(', ')}` : ''}`
  },
  usersOf: (spec) => [spec.as],
  async run(spec, ctx, step) {
    const token = spec.as ? ctx.user(spec.as).token : undefined
    const admin = await ctx.admin()
    const clock = await read<Answer<'/api/admin/clock'>>(ctx, '/api/admin/clock', admin.token)
    const lead = parseDuration(spec.starts_after)
    if (lead === undefined)
      throw new StepFailure(`starts_after: ${show(spec.starts_after)} is not ${DURATION_HINT}`)
    const earliest = clock.now_in_millis + lead
    let checked = 0
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        sport_slug: spec.sport,
        status: 'upcoming',
        per_page: '100',
        page: String(page),
      })
      const { matches, meta } = await read<Answer<'/api/matches'>>(ctx, `/api/matches?${query}`, token)
      for (const match of matches) {
        if (match.event_time_in_millis < earliest || match.contests_count === 0) continue
        if (spec.match !== undefined && matchPartial(spec.match, match, ['match']).length > 0) continue
        checked++
        const { contests } = await read<{ contests: Array<Record<string, unknown>> }>(
          ctx,
          `/api/matches/${match.id}/contests?per_page=100`,
          token,
        )
        const found: Record<string, Record<string, unknown>> = {}
        const taken = new Set<unknown>()
        for (const [name, want] of Object.entries(spec.contests)) {
          const hit = contests.find((c) => !taken.has(c.id) && matchPartial(want, c, [name]).length === 0)
          if (!hit) break
          found[name] = hit
          taken.add(hit.id)
        }
        if (Object.keys(found).length < Object.keys(spec.contests).length) continue
        const mismatches = applySave(
          step.save,
          { match, contests: found, now: clock.now_in_millis },
          ctx.vars,
        )
        const picked = Object.entries(found).map(([name, c]) => `${name} → contest ${c.id}`)
        return {
          detail: `match ${match.id} ${match.title}, starts ${formatInstant(match.event_time_in_millis)}${picked.length ? `: ${picked.join(', ')}` : ''}`,
          mismatches,
        }
      }
      if (page >= meta.total_pages) break
    }
    throw new StepFailure(
      `no upcoming ${spec.sport} match${spec.match === undefined ? '' : ` like ${show(spec.match, 120)}`} starting after ${formatInstant(earliest)} offers ${
        Object.keys(spec.contests).length
          ? Object.entries(spec.contests)
              .map(([name, want]) => `${name} ${show(want, 200)}`)
              .join(' and ')
          : 'contests'
      } (${checked} match(es) checked)`,
    )
  },
})
