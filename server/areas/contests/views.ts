import type { Deps } from '../../core/deps'
import { type Param, prepared } from '../../db/prepared'
import type { Executor } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { AppError, forbidden, notFound } from '../../http/errors'
import { findMatch, matchSquad, playerJson, pointsOf } from '../matches'
import { currentLive } from '../scoring'
import { findTeam, isMatchLocked, parsePlayerIds } from '../teams'
import { type ContestRow, type MemberRow, membersOf } from './queries'
import { memberJson } from './serialize'

/** Live points and ranks from the scoreboard while the match is being scored, else the stored ones. */
async function standingsOf(deps: Deps, contest: ContestRow) {
  if (contest.match_status !== 'live') return null
  const live = await currentLive(deps, contest.match_id)
  return live.board.hasContest(contest.id) ? live : null
}

/**
 * A page of the stored leaderboard: ranked members by rank, then the unranked (before
 * settlement: everyone) in joining order. The order is the expression that the index
 * `contest_members_board` holds (migration 2026-11-24-007), spelled the same way so both
 * databases read the page off it: a page costs the page, not the contest's size.
 */
export function boardPageQuery(db: Executor, p: { contestId: number; limit: number; offset: number }) {
  return membersOf(db, p.contestId)
    .orderBy((eb) => eb.fn.coalesce('cm.rank', eb.lit(1_000_000_000)))
    .orderBy('cm.id')
    .limit(p.limit)
    .offset(p.offset)
}

const boardPage = prepared((db, $: Param<{ contestId: number; limit: number; offset: number }>) =>
  boardPageQuery(db, { contestId: $('contestId'), limit: $('limit'), offset: $('offset') }),
)

/** The viewer's own entries in a contest, in joining order. */
const entriesOf = prepared((db, $: Param<{ contestId: number; userId: number }>) =>
  membersOf(db, $('contestId')).where('cm.user_id', '=', $('userId')).orderBy('cm.id'),
)

/** The leaderboard (or, before the start, the members in joining order), paged, and the viewer's own entries. */
export async function membersPage(
  deps: Deps,
  contest: ContestRow,
  viewerId: number | null,
  page: { offset: number; per_page: number },
) {
  const live = await standingsOf(deps, contest)
  let rows: MemberRow[]
  let version: number | null = null
  if (live) {
    const all = live.board.standings(contest.id).sort((a, b) => a.rank - b.rank || a.memberId - b.memberId)
    const pageIds = all.slice(page.offset, page.offset + page.per_page).map((e) => e.memberId)
    version = live.board.version
    const found = pageIds.length
      ? await membersOf(deps.db, contest.id).where('cm.id', 'in', pageIds).execute()
      : []
    const byId = new Map(found.map((r) => [r.id, r]))
    rows = pageIds.map((id) => byId.get(id)).filter((m) => m !== undefined)
  } else {
    rows = await boardPage(deps.db, { contestId: contest.id, limit: page.per_page, offset: page.offset })
  }
  const standing = (m: MemberRow) => {
    const s = live?.board.standing(contest.id, m.id)
    return s ? { points_x2: s.pointsX2, rank: s.rank } : { points_x2: m.points_x2, rank: m.rank }
  }
  const members = rows.map((m) => memberJson(m, standing(m), viewerId))
  const mine = viewerId
    ? (await entriesOf(deps.db, { contestId: contest.id, userId: viewerId })).map((m) =>
        memberJson(m, standing(m), viewerId),
      )
    : []
  return { members, current_user_members: mine, total: contest.members_count, version }
}

export function infoOf(contest: ContestRow) {
  const fee = paiseToRupees(contest.entry_fee_paise)
  const rules = [
    fee > 0 ? `Entry ₹${fee}, paid from your unused balance first, then winnings.` : 'Free to join.',
    `${contest.members_limit} spots; ${contest.max_entries > 1 ? `up to ${contest.max_entries} teams per player` : 'one team per player'}.`,
    contest.guaranteed
      ? contest.created_by_id === null
        ? 'Guaranteed: the contest runs and pays its prizes even if it does not fill.'
        : 'Guaranteed: if it has not filled at the start it runs with the players it has (at least 2); the prizes shrink to them and pay out what they paid in, less the platform fee.'
      : 'If the contest has not filled when the match starts, it is cancelled and every entry fee goes back to your unused balance.',
    ...(contest.created_by_id === null
      ? []
      : [
          'Its owner may delete it, or remove a member, before the match starts: the entry fees go back to unused balance.',
        ]),
    'Teams lock when the match starts; other players’ teams become visible then.',
    'Captain scores 2× points, vice-captain 1.5×.',
    'Tied teams share the prizes of the positions they occupy between them.',
    'Prizes are paid to winnings when the match is completed. If the match is abandoned every entry fee is refunded.',
  ]
  return {
    contest_id: contest.id,
    name: contest.name,
    kind: contest.kind,
    entry_fee: fee,
    prize_amount: paiseToRupees(contest.prize_pool_paise),
    rake_percent: contest.rake_bps / 100,
    members_limit: contest.members_limit,
    max_entries: contest.max_entries,
    guaranteed: contest.guaranteed === 1,
    winner_count: contest.winner_count,
    invite_code: contest.invite_code,
    is_private: contest.is_private === 1,
    description: contest.description,
    created_by:
      contest.created_by_slug === null || contest.created_by_username === null
        ? null
        : { slug: contest.created_by_slug, username: contest.created_by_username },
    rules,
  }
}

interface CompareSide {
  member_id: number
  user: { slug: string; username: string; team_name: string | null }
  team_no: number
  points: number | null
  rank: number | null
  players: Array<ReturnType<typeof playerJson> & { multiplier: number; team_points: number | null }>
}

/**
 * "Compare data" (spec §3): the viewer's entry against another member's, once the match has
 * started: common players (with each side's multiplier) and the players only one side has.
 */
export async function compare(
  deps: Deps,
  contest: ContestRow,
  viewerId: number,
  memberId: number,
  mineHint: number[],
) {
  const match = await findMatch(deps.db, contest.match_id)
  if (!match) throw notFound('Match')
  if (!isMatchLocked(match, deps.clock.now()))
    throw forbidden('Other players’ teams are visible once the match starts')
  const members = await membersOf(deps.db, contest.id).execute()
  const other = members.find((m) => m.id === memberId)
  if (!other) throw notFound('Member')
  const mine = members.filter((m) => m.user_id === viewerId)
  if (mine.length === 0) throw new AppError('FORBIDDEN', 'Join this contest to compare teams')
  const me = mine.find((m) => mineHint.includes(m.id)) ?? (mine[0] as MemberRow)
  const squad = await matchSquad(deps.db, match.id)
  const points = await pointsOf(deps, match.id)
  const live = await standingsOf(deps, contest)
  const side = async (m: MemberRow): Promise<CompareSide> => {
    const team = await findTeam(deps.db, m.user_team_id)
    if (!team) throw notFound('Team')
    const ids = new Set(parsePlayerIds(team.player_ids))
    const s = live?.board.standing(contest.id, m.id)
    return {
      member_id: m.id,
      user: { slug: m.slug, username: m.username, team_name: m.team_name },
      team_no: m.team_no,
      points: s ? s.pointsX2 / 2 : m.rank === null ? null : m.points_x2 / 2,
      rank: s ? s.rank : m.rank,
      players: squad
        .filter((p) => ids.has(p.id))
        .map((p) => {
          const multiplier = p.id === team.captain_id ? 2 : p.id === team.vice_captain_id ? 1.5 : 1
          const base = points.get(p.id) ?? null
          return {
            ...playerJson(p, { points: base }),
            multiplier,
            team_points: base === null ? null : base * multiplier,
          }
        }),
    }
  }
  const a = await side(me)
  const b = await side(other)
  const theirs = new Map(b.players.map((p) => [p.id, p]))
  const ours = new Set(a.players.map((p) => p.id))
  return {
    current_user_team: a,
    compare_team: b,
    common_players: a.players
      .filter((p) => theirs.has(p.id))
      .map((p) => ({
        player: p,
        current_user_multiplier: p.multiplier,
        compare_multiplier: theirs.get(p.id)?.multiplier ?? 1,
      })),
    diff_players: {
      current_user: a.players.filter((p) => !theirs.has(p.id)),
      compare: b.players.filter((p) => !ours.has(p.id)),
    },
    points_difference: a.points !== null && b.points !== null ? a.points - b.points : null,
    compare_members: members
      .filter((m) => m.user_id !== viewerId)
      .sort((x, y) => (x.rank ?? 1e9) - (y.rank ?? 1e9) || x.id - y.id)
      .slice(0, 100)
      .map((m) => ({ member_id: m.id, member_name: `${m.team_name ?? m.username} (T${m.team_no})` })),
  }
}
