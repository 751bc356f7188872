import type { Answer } from '../api-types'
import type { DemoClient } from './client'
import { isRefusal } from './client'
import type { DemoChampionship, DemoState } from './types'

export const CHAMPIONSHIP_BOTS = 12

/**
 * A championship contest on the first cricket phase that has not started, filled with bots
 * (`POST /api/championship/contests/{id}/bots`): its leaderboard moves when that phase's
 * matches play, days of game time away. None when the league has no such phase.
 */
export async function setUpChampionship(
  admin: DemoClient,
  state: DemoState,
): Promise<DemoChampionship | null> {
  const answer = await admin.get<Record<string, unknown>>('/api/championship/series_phases?per_page=100')
  const phases = (Object.values(answer).find(Array.isArray) ?? []) as Array<{
    id: number
    name: string
    status: string
    sport_slug: string
  }>
  const phase = phases.find((p) => p.sport_slug === 'cricket' && p.status === 'upcoming')
  if (!phase) return null
  try {
    const { contest } = await admin.post<Answer<'/api/admin/series_phases/{id}/contests', 'post'>>(
      `/api/admin/series_phases/${phase.id}/contests`,
      {
        name: 'Demo Championship',
        entry_fee: 0,
        members_limit: 50,
        guaranteed: true,
      },
    )
    const seated = await admin.post<Answer<'/api/championship/contests/{id}/bots', 'post'>>(
      `/api/championship/contests/${contest.id}/bots`,
      { count: CHAMPIONSHIP_BOTS, strategy: 'mixed' },
    )
    state.steps.push(
      `championship ${contest.id} ${seated.bots.map((b) => `${b.username}:${b.strategy}`).join(',')}`,
    )
    return { contestId: contest.id, phaseId: phase.id, phaseName: phase.name, bots: seated.bots.length }
  } catch (error) {
    if (!isRefusal(error)) throw error
    state.note = `championship: ${error.reason}`
    return null
  }
}
