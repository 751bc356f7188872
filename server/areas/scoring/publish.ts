import type { Deps } from '../../core/deps'
import type { Stream } from '../../db/tx'
import { USER_CARD_FIELDS } from '../users'
import { type LiveMatch, sharedScoring } from './live'

export const LEADERBOARD_TOP = 10

/** One entry of a contest's live top: who, rank, points and the team it is. */
export type LiveEntry = {
  member_id: number
  rank: number
  points: number
  user: { slug: string; username: string; team_name: string | null; image: string | null } | null
  team_no: number | null
  user_team_id: number
}
/** One of the viewer's own entries in a live contest. */
export type MyRank = { member_id: number; user_team_id: number; rank: number; points: number }

/** ContestChannel's `leaderboard` (the top, ordered by `version`) and the viewer's `my_ranks`. */
export type LeaderboardMessage = {
  type: 'leaderboard'
  contest_id: number
  version: number
  top: LiveEntry[]
}
export type MyRanksMessage = { type: 'my_ranks'; contest_id: number; version: number; entries: MyRank[] }

/** The viewer's own stream of a contest: only `my_ranks`. */
export const contestUserStream = (contestId: number, userId: number) =>
  `contest:${contestId}:user:${userId}` as Stream<MyRanksMessage>

export interface MemberCard {
  member_id: number
  user_id: number
  slug: string
  username: string
  team_name: string | null
  image: string | null
  team_no: number
}

const cards = new WeakMap<LiveMatch, Map<number, MemberCard>>()
const queues = new WeakMap<LiveMatch, Promise<void>>()

/** Who is behind some entries (cached per live match: members never change after lock). */
export async function memberCards(
  deps: Deps,
  live: LiveMatch,
  memberIds: number[],
): Promise<Map<number, MemberCard>> {
  let cache = cards.get(live)
  if (!cache) {
    cache = new Map()
    cards.set(live, cache)
  }
  const missing = memberIds.filter((id) => !cache.has(id))
  if (missing.length > 0) {
    const rows = await deps.db
      .selectFrom('contest_members as cm')
      .innerJoin('users as u', 'u.id', 'cm.user_id')
      .innerJoin('user_teams as t', 't.id', 'cm.user_team_id')
      .leftJoin('avatars as a', 'a.id', 'u.avatar_id')
      .select(['cm.id', 'cm.user_id', ...USER_CARD_FIELDS, 't.team_no'])
      .where('cm.id', 'in', missing)
      .execute()
    for (const r of rows)
      cache.set(r.id, {
        member_id: r.id,
        user_id: r.user_id,
        slug: r.slug,
        username: r.username,
        team_name: r.team_name,
        image: r.image_url ?? r.avatar_url,
        team_no: r.team_no,
      })
  }
  return new Map(memberIds.flatMap((id) => (cache.has(id) ? [[id, cache.get(id) as MemberCard]] : [])))
}

/** The leaderboard message of a contest: the top entries, with a version to order updates. */
export async function leaderboardMessage(
  deps: Deps,
  live: LiveMatch,
  contestId: number,
): Promise<LeaderboardMessage> {
  const top = live.board.top(contestId, LEADERBOARD_TOP)
  const info = await memberCards(
    deps,
    live,
    top.map((e) => e.memberId),
  )
  return {
    type: 'leaderboard',
    contest_id: contestId,
    version: live.board.version,
    top: top.map((e) => {
      const card = info.get(e.memberId)
      return {
        member_id: e.memberId,
        rank: e.rank,
        points: e.pointsX2 / 2,
        user: card
          ? { slug: card.slug, username: card.username, team_name: card.team_name, image: card.image }
          : null,
        team_no: card?.team_no ?? null,
        user_team_id: e.teamId,
      }
    }),
  }
}

/** A user's own entries in a contest, with points and ranks. */
export async function myRanksMessage(
  deps: Deps,
  live: LiveMatch,
  contestId: number,
  userId: number,
): Promise<MyRanksMessage> {
  const mine = await deps.db
    .selectFrom('contest_members')
    .select('id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute()
  const entries = mine
    .map((m) => live.board.standing(contestId, m.id))
    .filter((s) => s !== null)
    .map((s) => ({ member_id: s.memberId, user_team_id: s.teamId, rank: s.rank, points: s.pointsX2 / 2 }))
  return { type: 'my_ranks', contest_id: contestId, version: live.board.version, entries }
}

/**
 * After a ball: the leaderboard of every contest somebody is watching, and the own ranks of
 * every watching user whose ranks changed. Nothing is built for contests nobody watches,
 * which is what keeps a ball cheap with a million teams. Messages go out in ball order.
 */
export function publishStandings(deps: Deps, live: LiveMatch): void {
  // Shared scoring: each process computes these for its own watchers (standings-relay.ts).
  const send = (stream: string, message: { type: string; [key: string]: unknown }) =>
    sharedScoring(deps) ? deps.bus.publishLocal(stream, message) : deps.bus.publish(stream, message)
  const previous = queues.get(live) ?? Promise.resolve()
  const next = previous.then(async () => {
    const watched = new Set<number>()
    for (const stream of deps.bus.activeStreams('contest:')) {
      const [, id] = stream.split(':')
      if (id) watched.add(Number(id))
    }
    for (const contestId of watched) {
      if (!live.board.hasContest(contestId)) continue
      if (deps.bus.subscriberCount(`contest:${contestId}`) > 0)
        send(`contest:${contestId}`, await leaderboardMessage(deps, live, contestId))
      for (const stream of deps.bus.activeStreams(`contest:${contestId}:user:`)) {
        const userId = Number(stream.split(':')[3])
        const message = await myRanksMessage(deps, live, contestId, userId)
        const key = `${contestId}:${userId}`
        const fingerprint = JSON.stringify(message.entries)
        if (live.sentRanks.get(key) === fingerprint) continue
        live.sentRanks.set(key, fingerprint)
        send(stream, message)
      }
    }
  })
  queues.set(
    live,
    next.catch((error) => deps.log.error('publishing standings failed', { error: String(error) })),
  )
}
