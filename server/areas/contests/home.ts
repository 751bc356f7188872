import type { Deps } from '../../core/deps'
import { listMatches, matchesJson, nextMatchStartMs } from '../matches'
import type { ContestViewer } from './list-pages'
import { queryContests } from './listing'
import { gamesInOrder, interestsOf, joinedContestsCount } from './queries'
import { contestsJson } from './service'

/** Promotional banners of the home screen: static, with links into the product. */
const BANNERS = [
  {
    id: 1,
    title: 'Mega contests on every match',
    text: 'Guaranteed prizes, up to four teams each.',
    link: '/contests',
  },
  {
    id: 2,
    title: 'Know the points',
    text: 'How every run, wicket, goal and kill scores.',
    link: '/point-system',
  },
  { id: 3, title: 'Head to head', text: 'One rival, winner takes the pool.', link: '/popular/contests' },
]

export function games(deps: Deps) {
  return gamesInOrder(deps.db)
}

/**
 * The home screen: upcoming and live matches, featured contests, games, banners. The sports a
 * player picked at sign-up come first: in the games, and in the lists unless one sport is asked
 * for. `untilMs`: it changes by the clock only at the next match start.
 */
export async function homeScreen(deps: Deps, me: ContestViewer | null, sport: string | undefined) {
  const now = deps.clock.now()
  const interests = me ? await interestsOf(deps.db, me.id) : []
  const prefer = sport ? [] : interests
  const upcoming = await listMatches(
    deps.db,
    { sport_slug: sport, status: ['upcoming'], from_ms: now, prefer_sports: prefer },
    { offset: 0, per_page: 12 },
  )
  const live = await listMatches(
    deps.db,
    { sport_slug: sport, status: ['live'] },
    { offset: 0, per_page: 12 },
  )
  const featured = await queryContests(
    deps,
    { type: 'upcoming', sport_slug: sport, sort: 1, direction: -1, prefer_sports: prefer },
    { offset: 0, per_page: 8 },
  )
  const sorted = (await gamesInOrder(deps.db)).sort(
    (a, b) => Number(!interests.includes(a.slug)) - Number(!interests.includes(b.slug)),
  )
  return {
    body: {
      matches: await matchesJson(deps, upcoming.rows, me?.id ?? null),
      live_matches: await matchesJson(deps, live.rows, me?.id ?? null),
      contests: await contestsJson(deps, featured.rows, me, 'home'),
      games: sorted,
      new_banners: BANNERS,
      my_contests_count: me ? await joinedContestsCount(deps.db, me.id) : 0,
    },
    untilMs: await nextMatchStartMs(deps.db, now),
  }
}
