import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { competitionRanks, type PrizeRange, rankText } from '../../domain/prizes'
import { notFound } from '../../http/errors'
import type { Page } from '../../http/paging'
import { ownerFields } from '../contests'
import { USER_CARD_FIELDS } from '../users'

/**
 * What the API shows of championship contests: the list of a series (GET
 * /api/series/{id}/contests?type=championship) and one contest with its members ranked on
 * their teams' phase totals (final ranks once settled; the current totals before).
 */
function contestBase(db: Executor) {
  return db
    .selectFrom('championship_contests as c')
    .innerJoin('series_phases as p', 'p.id', 'c.phase_id')
    .innerJoin('series as s', 's.id', 'p.series_id')
    .leftJoin('users as cu', 'cu.id', 'c.created_by_id')
    .selectAll('c')
    .select([
      'cu.slug as created_by_slug',
      'cu.username as created_by_username',
      'p.name as phase_name',
      'p.phase_no',
      'p.series_id',
      's.name as series_name',
      (eb) =>
        eb
          .selectFrom('matches as m')
          .select((e) => e.fn.min<number>('m.event_time_ms').as('t'))
          .whereRef('m.phase_id', '=', 'c.phase_id')
          .as('starts_at_ms'),
      (eb) =>
        eb
          .selectFrom('matches as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.phase_id', '=', 'c.phase_id')
          .where('m.status', '!=', 'upcoming')
          .as('started_count'),
    ])
}

export type ChampionshipContestRow = Awaited<
  ReturnType<ReturnType<typeof contestBase>['executeTakeFirstOrThrow']>
>

const SORT_COLUMN = {
  1: 'c.prize_pool_paise',
  2: 'c.members_limit',
  3: 'c.winner_count',
  4: 'c.entry_fee_paise',
} as const

export async function seriesChampionshipContests(
  deps: Deps,
  seriesId: number,
  q: { sort: number; direction: number; phase_id?: number },
  page: Page,
  viewerId: number | null,
) {
  let where = deps.db
    .selectFrom('championship_contests as c')
    .innerJoin('series_phases as p', 'p.id', 'c.phase_id')
    .where('p.series_id', '=', seriesId)
    // Private contests are in no public list (docs/contest-creation.md).
    .where('c.is_private', '=', 0)
  if (q.phase_id !== undefined) where = where.where('c.phase_id', '=', q.phase_id)
  const total = Number(
    (await where.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  )
  let sel = contestBase(deps.db).where('p.series_id', '=', seriesId).where('c.is_private', '=', 0)
  if (q.phase_id !== undefined) sel = sel.where('c.phase_id', '=', q.phase_id)
  const column = SORT_COLUMN[q.sort as keyof typeof SORT_COLUMN] ?? SORT_COLUMN[1]
  const rows = await sel
    .orderBy('p.phase_no')
    .orderBy(column, q.direction === 1 ? 'asc' : 'desc')
    .orderBy('c.id')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  const mine = await myEntries(
    deps.db,
    viewerId,
    rows.map((r) => r.id),
  )
  const now = deps.clock.now()
  return {
    total,
    contests: rows.map((r) => championshipContestJson(r, now, mine.get(r.id) ?? null, viewerId)),
  }
}

export async function championshipContestView(deps: Deps, id: number, page: Page, viewerId: number | null) {
  const row = await contestBase(deps.db).where('c.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('Contest')
  const members = await deps.db
    .selectFrom('championship_contest_members as m')
    .innerJoin('classic_teams as t', 't.id', 'm.classic_team_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
    .select([
      'm.id',
      'm.user_id',
      'm.classic_team_id',
      'm.score_x2',
      'm.rank',
      'm.prize_paise',
      'm.refunded',
      't.score_x2 as team_score_x2',
      ...USER_CARD_FIELDS,
    ])
    .where('m.contest_id', '=', id)
    .orderBy('m.id')
    .execute()
  // Settled: the stored final standing. Before: ranked on the teams' phase totals so far.
  const settled = row.status === 'completed'
  const scores = members.map((m) => Number(settled ? m.score_x2 : m.team_score_x2))
  const ranks = settled ? members.map((m) => m.rank) : competitionRanks(scores)
  const ranked = members
    .map((m, i) => ({
      id: m.id,
      rank: row.status === 'cancelled' ? null : (ranks[i] ?? null),
      score: (scores[i] as number) / 2,
      prize: paiseToRupees(Number(m.prize_paise)),
      refunded: m.refunded === 1,
      classic_team: { id: m.classic_team_id },
      user: {
        id: m.user_id,
        slug: m.slug,
        username: m.username,
        team_name: m.team_name,
        display_name: m.full_name || m.username,
        image: m.image_url ?? m.avatar_url,
      },
      is_current_user: viewerId !== null && m.user_id === viewerId,
    }))
    .sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.id - b.id)
  const mine = (await myEntries(deps.db, viewerId, [id])).get(id) ?? null
  return {
    contest: championshipContestJson(row, deps.clock.now(), mine, viewerId),
    members: ranked.slice(page.offset, page.offset + page.per_page),
    current_user_member: ranked.find((m) => m.is_current_user) ?? null,
    total: ranked.length,
  }
}

interface MyEntry {
  member_id: number
  classic_team_id: number
  rank: number | null
  score_x2: number
  prize_paise: number
  refunded: boolean
}

async function myEntries(db: Executor, viewerId: number | null, ids: number[]) {
  const out = new Map<number, MyEntry>()
  if (viewerId === null || ids.length === 0) return out
  const rows = await db
    .selectFrom('championship_contest_members as m')
    .innerJoin('classic_teams as t', 't.id', 'm.classic_team_id')
    .select([
      'm.id',
      'm.contest_id',
      'm.classic_team_id',
      'm.rank',
      'm.score_x2',
      'm.prize_paise',
      'm.refunded',
    ])
    .select('t.score_x2 as team_score_x2')
    .where('m.user_id', '=', viewerId)
    .where('m.contest_id', 'in', ids)
    .execute()
  for (const r of rows)
    out.set(r.contest_id, {
      member_id: r.id,
      classic_team_id: r.classic_team_id,
      rank: r.rank,
      score_x2: Number(r.rank === null ? r.team_score_x2 : r.score_x2),
      prize_paise: Number(r.prize_paise),
      refunded: r.refunded === 1,
    })
  return out
}

export function prizesOf(c: { prize_structure: string }) {
  return (JSON.parse(c.prize_structure) as PrizeRange[]).map((r, i) => ({
    id: i + 1,
    rank_text: rankText(r),
    from: r.from,
    to: r.to,
    amount: paiseToRupees(r.amount_paise),
  }))
}

export function championshipContestJson(
  c: ChampionshipContestRow,
  nowMs: number,
  mine: MyEntry | null,
  viewerId: number | null = null,
) {
  const startsAt = c.starts_at_ms === null ? null : Number(c.starts_at_ms)
  const locked = Number(c.started_count) > 0 || (startsAt !== null && startsAt <= nowMs)
  const structure = JSON.parse(c.prize_structure) as PrizeRange[]
  return {
    id: c.id,
    type: 'championship' as const,
    series_id: c.series_id,
    series_name: c.series_name,
    phase_id: c.phase_id,
    phase_name: c.phase_name,
    name: c.name,
    contest_status: c.status,
    joinable: c.status === 'open' && !locked && c.members_count < c.members_limit,
    entry_fee: paiseToRupees(Number(c.entry_fee_paise)),
    prize_amount: paiseToRupees(Number(c.prize_pool_paise)),
    members_limit: c.members_limit,
    members_count: c.members_count,
    spots_left: Math.max(0, c.members_limit - c.members_count),
    winner_count: c.winner_count,
    guaranteed: c.guaranteed === 1,
    first_prize: paiseToRupees(structure[0]?.amount_paise ?? 0),
    prizes: prizesOf(c),
    event_time_in_millis: startsAt,
    status_reason: c.status_reason,
    my_entry: mine && {
      member_id: mine.member_id,
      classic_team_id: mine.classic_team_id,
      rank: mine.rank,
      score: mine.score_x2 / 2,
      prize: paiseToRupees(mine.prize_paise),
      refunded: mine.refunded,
    },
    created_at_in_millis: Number(c.created_at_ms),
    ...ownerFields('championship_contest', { ...c, game_kind: 'championship' }, locked, {
      id: viewerId,
      member: mine !== null,
    }),
  }
}

export type ChampionshipContestJson = ReturnType<typeof championshipContestJson>
