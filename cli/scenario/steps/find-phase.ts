import { z } from 'zod'
import type { Answer, Schema } from '../../lib/api-types'
import { DURATION_HINT, formatInstant, parseDuration } from '../../lib/time'
import { applySave, saveSchema } from '../expectations'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { stepKind } from './common'

const FindPhaseSpec = z.strictObject({
  sport: z.string().min(1).default('cricket'),
  /** Exactly this many matches in the phase, every one of them still upcoming. */
  matches: z.number().int().min(1).max(50),
  starts_after: z
    .union([z.number().int().min(0), z.string()])
    .default('30m')
    .refine((v) => typeof v === 'number' || v.includes('${') || parseDuration(v) !== undefined, {
      message: `must be ${DURATION_HINT}`,
    }),
})

type SeriesRow = Schema<'Series'>
type MatchRow = Schema<'Match'>

async function read<T>(ctx: StepContext, path: string): Promise<T> {
  const answer = await ctx.http({ method: 'GET', path })
  if (answer.status !== 200)
    throw new StepFailure(`GET ${path} → ${answer.status}: ${show(answer.body, 300)}`)
  return answer.body as T
}

/**
 * `find_phase:` — the series phase of a sport with exactly `matches` fixtures, all upcoming,
 * the first starting at least `starts_after` (game time) from now: a whole championship
 * phase a scenario can play from its first lock to its prizes. The soonest such phase wins.
 * Saves from `phase`, `series`, `matches` (in start order) and `now` (the server's clock).
 */
export const findPhaseStep = stepKind('find_phase', FindPhaseSpec, {
  kind: 'find_phase',
  with: { save: saveSchema(['phase', 'series', 'matches', 'now']).optional() },
  describe: (spec) => `find an upcoming ${spec.sport} phase of ${spec.matches} matches`,
  async run(spec, ctx, step) {
    const admin = await ctx.admin()
    const clockAnswer = await ctx.http({ method: 'GET', path: '/api/admin/clock', token: admin.token })
    if (clockAnswer.status !== 200) throw new StepFailure(`GET /api/admin/clock → ${clockAnswer.status}`)
    const now = (clockAnswer.body as Answer<'/api/admin/clock'>).now_in_millis
    const lead = parseDuration(spec.starts_after)
    if (lead === undefined)
      throw new StepFailure(`starts_after: ${show(spec.starts_after)} is not ${DURATION_HINT}`)
    const { series } = await read<Answer<'/api/series'>>(
      ctx,
      `/api/series?sport_slug=${encodeURIComponent(spec.sport)}`,
    )
    let best: { series: SeriesRow; phase: SeriesRow['phases'][number]; matches: MatchRow[] } | undefined
    for (const s of series) {
      const { matches } = await read<Answer<'/api/series/{id}/matches'>>(
        ctx,
        `/api/series/${s.id}/matches?per_page=200`,
      )
      for (const phase of s.phases) {
        const own = matches
          .filter((m) => m.phase_id === phase.id)
          .sort((a, b) => a.event_time_in_millis - b.event_time_in_millis || a.id - b.id)
        if (own.length !== spec.matches || own.some((m) => m.match_status !== 'upcoming')) continue
        if ((own[0] as MatchRow).event_time_in_millis < now + lead) continue
        if (
          !best ||
          (own[0] as MatchRow).event_time_in_millis < (best.matches[0] as MatchRow).event_time_in_millis
        )
          best = { series: s, phase, matches: own }
      }
    }
    if (!best)
      throw new StepFailure(
        `no ${spec.sport} phase has exactly ${spec.matches} matches, all upcoming, starting after ${formatInstant(now + lead)} (${series.length} series checked)`,
      )
    const mismatches = applySave(
      step.save,
      { phase: best.phase, series: best.series, matches: best.matches, now },
      ctx.vars,
    )
    return {
      detail: `phase ${best.phase.id} ${best.phase.name} of ${best.series.name}: matches ${best.matches.map((m) => m.id).join(', ')}`,
      mismatches,
    }
  },
})
