import { paiseToRupees } from '../../domain/money'
import { type PrizeRange, rankText } from '../../domain/prizes'
import type { ContestRow, MemberRow, MyEntryRow } from './queries'

export interface ContestTags {
  /** The caller's entries in this contest, with their standing (live while the match is in play). */
  entries?: MyEntryRow[]
  liked?: boolean
  /** Spec §3: each contest fetched for a user is tagged with the user's slug and the filter value. */
  user_slug?: string | null
  filter?: string | null
  /** Who is looking: decides is_owner, can_edit/can_delete and whether the invite link shows. */
  viewer_id?: number | null
}

/** The shareable link of a contest (its join page); championship contests say so. */
export function inviteLink(type: 'contest' | 'championship_contest', id: number, code: string): string {
  return type === 'contest'
    ? `/contests/${id}/join?code=${code}`
    : `/contests/${id}/join?type=championship&code=${code}`
}

/**
 * The fields every contest JSON (daily and championship) carries about its owner and privacy
 * (docs/contest-creation.md): the owner may edit and delete until the start; the invite link
 * shows only to the owner and members.
 */
export function ownerFields(
  type: 'contest' | 'championship_contest',
  c: {
    id: number
    is_private: number
    description: string | null
    created_by_id: number | null
    invite_code: string | null
    status: string
    game_kind: string
    prize_percents: string | null
    created_by_slug: string | null
    created_by_username: string | null
  },
  locked: boolean,
  viewer: { id: number | null; member: boolean },
) {
  const owner = viewer.id !== null && c.created_by_id === viewer.id
  const open = c.status === 'open' && !locked
  return {
    is_private: c.is_private === 1,
    description: c.description,
    game_kind: c.game_kind,
    is_owner: owner,
    can_edit: owner && open,
    can_delete: owner && open,
    invite_link: (owner || viewer.member) && c.invite_code ? inviteLink(type, c.id, c.invite_code) : null,
    prize_percents:
      c.prize_percents === null
        ? null
        : (JSON.parse(c.prize_percents) as Array<{ from: number; to: number; percent_bps: number }>).map(
            (r) => ({ from: r.from, to: r.to, percent: r.percent_bps / 100 }),
          ),
    created_by:
      c.created_by_slug === null || c.created_by_username === null
        ? null
        : { slug: c.created_by_slug, username: c.created_by_username },
  }
}

export function prizeStructureOf(c: { prize_structure: string }): PrizeRange[] {
  return JSON.parse(c.prize_structure) as PrizeRange[]
}

export function prizesJson(c: { prize_structure: string }) {
  return prizeStructureOf(c).map((r, i) => ({
    id: i + 1,
    rank_text: rankText(r),
    from: r.from,
    to: r.to,
    amount: paiseToRupees(r.amount_paise),
  }))
}

export function contestJson(c: ContestRow, nowMs: number, tags: ContestTags = {}) {
  const locked = c.match_status !== 'upcoming' || Number(c.event_time_ms) <= nowMs
  const entries = tags.entries ?? []
  return {
    id: c.id,
    match_id: c.match_id,
    sport_slug: c.sport_slug,
    game_id: c.sport_id,
    match_title: c.match_title,
    name: c.name,
    kind: c.kind,
    contest_status: c.status,
    joinable: c.status === 'open' && !locked && c.members_count < c.members_limit,
    entry_fee: paiseToRupees(c.entry_fee_paise),
    prize_amount: paiseToRupees(c.prize_pool_paise),
    members_limit: c.members_limit,
    members_count: c.members_count,
    spots_left: Math.max(0, c.members_limit - c.members_count),
    winner_count: c.winner_count,
    max_entries: c.max_entries,
    multiple_entries: c.max_entries > 1,
    guaranteed: c.guaranteed === 1,
    invite_code: c.invite_code,
    first_prize: paiseToRupees(prizeStructureOf(c)[0]?.amount_paise ?? 0),
    event_time_in_millis: Number(c.event_time_ms),
    match_status: c.match_status,
    status_reason: c.status_reason,
    topic: { likes_count: Number(c.likes_count ?? 0) },
    is_liked_by_current_user: tags.liked ?? false,
    joined_count: entries.length,
    joined_team_ids: entries.map((e) => e.user_team_id),
    my_entries: entries.map((e) => ({
      member_id: e.member_id,
      user_team_id: e.user_team_id,
      rank: e.rank,
      points: e.points_x2 / 2,
      prize: paiseToRupees(e.prize_paise),
      refunded: e.refunded,
    })),
    user_slug: tags.user_slug ?? null,
    filter: tags.filter ?? null,
    created_at_in_millis: Number(c.created_at_ms),
    ...ownerFields('contest', c, locked, { id: tags.viewer_id ?? null, member: entries.length > 0 }),
  }
}

export type ContestJson = ReturnType<typeof contestJson>

export function memberJson(
  m: MemberRow,
  standing: { points_x2: number; rank: number | null },
  viewerId: number | null,
) {
  return {
    id: m.id,
    rank: standing.rank,
    points: standing.points_x2 / 2,
    prize: paiseToRupees(Number(m.prize_paise)),
    refunded: m.refunded === 1,
    user: {
      slug: m.slug,
      username: m.username,
      team_name: m.team_name,
      display_name: m.full_name || m.username,
      image: m.image_url ?? m.avatar_url,
    },
    user_team: { id: m.user_team_id, team_no: m.team_no },
    is_current_user: viewerId !== null && m.user_id === viewerId,
  }
}

export type MemberJson = ReturnType<typeof memberJson>
