import { hashString, randomStream } from '../../../server/domain/rng'
import type { Answer, Schema } from '../api-types'
import type { DemoClient } from './client'
import { isRefusal } from './client'
import type { DemoContest, DemoFixture, DemoState } from './types'

/** Game time between the starts of two demo matches: one plays while the next fills up. */
export const FIXTURE_GAP_MS = 90 * 60_000

/** The match fields the demo asks for (`?fields=`): the answer holds only those. */
type MatchJson = Pick<
  Schema<'Match'>,
  | 'id'
  | 'title'
  | 'match_status'
  | 'event_time_in_millis'
  | 'result_text'
  | 'score_summary'
  | 'team1'
  | 'team2'
>
/** The contest fields the demo asks for. */
type ContestJson = Pick<Schema<'Contest'>, 'id' | 'name' | 'members_limit' | 'members_count' | 'entry_fee'>

/**
 * How many bots sit in a fixture's contest: small leagues and head-to-heads are filled (a
 * contest not full at the start is cancelled), the guaranteed league gets a seeded handful
 * (it runs whatever its size); the mega contest and free practice are left to people — a
 * thousand-seat contest is never filled by a demo, and is cancelled and refunded at the start.
 */
export function botsFor(kind: string, free: number, seed: number, contestId: number): number {
  if (kind === 'guaranteed')
    return Math.min(free, randomStream(hashString(`${seed}:demo:seats:${contestId}`)).int(8, 14))
  if (kind === 'small' || kind === 'head_to_head') return free
  return 0
}

/** Creates the next T20 fixture (admin fixture endpoint) and seats bots in its contests. */
export async function addFixture(
  admin: DemoClient,
  state: DemoState,
  seed: number,
  startsAtMs: number,
  likeMatchId: number | undefined,
) {
  const minutes = Math.max(1, Math.ceil((startsAtMs - state.clock.now_in_millis) / 60_000))
  type Made = Answer<'/api/admin/matches', 'post'>
  const body = { sport_slug: 'cricket', format: 'T20', starts_in_minutes: minutes }
  let made: Made
  try {
    made = await admin.post<Made>('/api/admin/matches', { ...body, like_match_id: likeMatchId })
  } catch (error) {
    // That match has no squad to copy: the newest T20 with one will do.
    if (!isRefusal(error) || likeMatchId === undefined) throw error
    made = await admin.post<Made>('/api/admin/matches', body)
  }
  const fixture: DemoFixture = {
    matchId: made.match.id,
    title: made.match.title,
    startsAtMs: made.match.event_time_in_millis,
    status: made.match.match_status,
    score: '',
    contests: [],
    kicked: false,
  }
  state.fixtures.push(fixture)
  state.steps.push(`fixture ${fixture.matchId} ${fixture.title}`)
  for (const c of made.contests) {
    const { contest } = await admin.get<{ contest: ContestJson }>(
      `/api/contests/${c.id}?fields=id,name,members_limit,members_count,entry_fee`,
    )
    const count = botsFor(c.kind, contest.members_limit - contest.members_count, seed, c.id)
    const entry: DemoContest = {
      id: c.id,
      name: c.name,
      kind: c.kind,
      entryFee: contest.entry_fee,
      bots: 0,
      paid: null,
    }
    fixture.contests.push(entry)
    if (count === 0) continue
    const seated = await admin.post<Answer<'/api/contests/{id}/bots', 'post'>>(`/api/contests/${c.id}/bots`, {
      count,
      strategy: 'mixed',
    })
    entry.bots = seated.bots.length
    state.money.staked += entry.entryFee * entry.bots
    state.steps.push(`bots ${c.id} ${seated.bots.map((b) => `${b.username}:${b.strategy}`).join(',')}`)
  }
  return fixture
}

/** Starts a fixture whose time has come, unless the server's own lock job already did (409). */
export async function kick(admin: DemoClient, fixture: DemoFixture): Promise<void> {
  fixture.kicked = true
  try {
    await admin.post(`/api/admin/matches/${fixture.matchId}/simulate`, { mode: 'live' })
  } catch (error) {
    if (!isRefusal(error)) throw error
  }
}

/** Reads a fixture's status and score; once completed, what its contests paid out. */
export async function refreshFixture(
  admin: DemoClient,
  state: DemoState,
  fixture: DemoFixture,
): Promise<void> {
  const { match } = await admin.get<{ match: MatchJson }>(
    `/api/matches/${fixture.matchId}?fields=id,title,match_status,event_time_in_millis,result_text,score_summary,team1,team2`,
  )
  fixture.status = match.match_status
  fixture.score = match.result_text ?? scoreLine(match)
  if (match.match_status !== 'completed') return
  for (const contest of fixture.contests) {
    if (contest.paid !== null || contest.bots === 0) continue
    const { contest: now } = await admin.get<{ contest: Pick<Schema<'Contest'>, 'contest_status'> }>(
      `/api/contests/${contest.id}?fields=contest_status`,
    )
    // Settlement runs contest by contest after completion: counted once it is through.
    if (now.contest_status === 'locked') continue
    const { members } = await admin.get<Answer<'/api/contests/{id}/members'>>(
      `/api/contests/${contest.id}/members?per_page=200`,
    )
    contest.paid = members.reduce((sum, m) => sum + m.prize, 0)
    state.money.paid += contest.paid
  }
}

/** "JAI 145/3 (16.2) · HYD 20/0 (2.1)" from a cricket score summary; '' for other sports. */
export function scoreLine(match: Pick<MatchJson, 'score_summary' | 'team1' | 'team2'>): string {
  const summary = match.score_summary as {
    family?: string
    innings?: Array<{ team_id: number; runs: number; wickets: number; overs: string }>
  }
  if (summary.family !== 'cricket' || !summary.innings) return ''
  const side = (id: number) => [match.team1, match.team2].find((t) => t?.id === id)?.name_attr ?? `#${id}`
  return summary.innings.map((i) => `${side(i.team_id)} ${i.runs}/${i.wickets} (${i.overs})`).join(' · ')
}

/** Every bot contest of every completed fixture paid out (or refunded): nothing half-settled. */
export function allSettled(state: DemoState): boolean {
  return state.fixtures.every(
    (f) => f.status !== 'completed' || f.contests.every((c) => c.bots === 0 || c.paid !== null),
  )
}

/** The league's T20s with both sides, oldest first: demo fixtures copy them in turn, for variety. */
export async function t20Models(admin: DemoClient): Promise<number[]> {
  const { matches } = await admin.get<{
    matches: Array<Pick<Schema<'Match'>, 'id' | 'format' | 'team1' | 'team2'>>
  }>('/api/matches?sport_slug=cricket&per_page=100&fields=id,format,team1,team2')
  return matches
    .filter((m) => m.format === 'T20' && m.team1 && m.team2)
    .map((m) => m.id)
    .sort((a, b) => a - b)
}
