import { type Around, DAY, MINUTE } from './calendar'
import type { FollowPlan } from './people'
import type { SeedRandom } from './random'

// The social side of the demo league (docs/social.md, "CLI, seeds and scenarios"): posts on
// walls and contests, comment threads with replies and mentions, likes, ratings and XP history.
// Planned in memory from the seed's own `social` stream, so adding draws here changes nothing
// else in the league.

export interface SocialPerson {
  username: string
  createdAt: number
  xp: number
}

export interface SocialContest {
  id: number
  name: string
  /** When it was made: nothing is said about it before. */
  createdAt: number
  /** Usernames of its members (who post about it first). */
  members: string[]
}

export interface LikePlan {
  user: string
  at: number
}

export interface CommentPlan {
  author: string
  /** Index (in the post's comments) of the top comment this one replies to. */
  replyTo: number | null
  content: string
  mentions: string[]
  at: number
  likes: LikePlan[]
}

export interface PostPlan {
  author: string
  contestId: number | null
  content: string
  mentions: string[]
  at: number
  likes: LikePlan[]
  comments: CommentPlan[]
}

export interface RatingPlan {
  rater: string
  user: string
  rating: number
  review: string | null
  at: number
}

export interface XpPlan {
  user: string
  reason: string
  source: string
  points: number
  at: number
}

export interface SocialPlan {
  posts: PostPlan[]
  contestLikes: Array<{ user: string; contestId: number; at: number }>
  ratings: RatingPlan[]
  xp: XpPlan[]
}

const WALL_POSTS = [
  'Anyone else up at 5 for the toss? Chai ready.',
  'New season, new rule: never captain the opener again.',
  'Three contests, three different captains. Hedging like a pro.',
  'That last over. I have no words.\nStill no words.',
  'Looking for a gang to join this series. Serious players only (and snacks).',
  'Finally cracked the top 10 in a big one. Small prize, big grin.',
  'Who do we back tonight, the spinners or the pacers?',
]
const CONTEST_POSTS = [
  'In. Team locked, captain picked, fingers crossed.',
  'Joined {contest}. Who else is in?',
  'Going with a bowling-heavy side here. Fight me.',
  '{contest}: last-minute swap at wicketkeeper. No regrets (yet).',
  'Prize pool looks juicy. Let’s go.',
]
const COMMENTS = [
  'Bold call.',
  'Same here!',
  'You will regret that captain pick 😄',
  'Good luck, see you on the leaderboard.',
  'Which gang? Mine has a spot.',
  'Chai and cricket, the only way.',
  'Respect.',
  'Not this again 😂',
]
const REPLIES = ['Ha, we will see.', 'Thanks!', 'Told you so.', 'DM me the code.', 'Fair enough.']
const REVIEWS = [
  'Plays fair and talks cricket all day.',
  'Great gang manager.',
  'Always first to post the lineups.',
  'Friendly rival.',
  null,
  null,
]
const STARS = [5, 5, 5, 4, 4, 4, 3, 2]

type Rand = ReturnType<SeedRandom['stream']>

/** A time in [from, to), whole minutes; `to` when the window is empty. */
const between = (rand: Rand, from: number, to: number) =>
  from >= to ? to : from + Math.floor((rand.next() * (to - from)) / MINUTE) * MINUTE

export function buildSocial(
  random: SeedRandom,
  a: Around,
  people: SocialPerson[],
  follows: FollowPlan[],
  contests: SocialContest[],
): SocialPlan {
  const rand = random.stream('social')
  const followers = new Map<string, string[]>()
  const followees = new Map<string, string[]>()
  for (const f of follows) {
    followers.set(f.followee, [...(followers.get(f.followee) ?? []), f.follower])
    followees.set(f.follower, [...(followees.get(f.follower) ?? []), f.followee])
  }
  const names = people.map((p) => p.username)
  const joined = new Map<string, SocialContest[]>()
  for (const c of contests) for (const m of c.members) joined.set(m, [...(joined.get(m) ?? []), c])
  const since = a.now - 14 * DAY
  // Seeded contests are all stamped with the seed's now as their creation, though in the
  // league's story they were open for days: posts about them spread over the fortnight like the
  // rest. Nothing is dated in the last five minutes, so no seeded player (the demo player
  // above all) starts the game inside their posting-rate window (docs/social.md, "Limits").
  const end = a.now - 5 * MINUTE

  const posts: PostPlan[] = []
  for (const person of people) {
    // The demo player always has something on their wall; six in ten of the others post.
    const count = person === people[0] ? 2 : rand.bool(0.6) ? rand.int(1, 3) : 0
    for (let n = 0; n < count; n++) {
      const mine = joined.get(person.username) ?? []
      const pool = mine.length > 0 ? mine : contests
      const contest = pool.length > 0 && rand.bool(0.5) ? rand.pick(pool) : null
      const at = between(rand, Math.max(since, person.createdAt), end)
      const friends = followees.get(person.username) ?? []
      const mention = friends.length > 0 && rand.bool(0.3) ? rand.pick(friends) : null
      let content = contest
        ? rand.pick(CONTEST_POSTS).replace('{contest}', contest.name)
        : rand.pick(WALL_POSTS)
      if (mention) content += ` @${mention}`
      const audience = [...(followers.get(person.username) ?? []), ...names]
      posts.push({
        author: person.username,
        contestId: contest?.id ?? null,
        content,
        mentions: mention ? [mention] : [],
        at,
        likes: likesFor(rand, audience, person.username, at, end, rand.int(0, 8)),
        comments: commentsFor(rand, audience, person.username, at, end),
      })
    }
  }
  posts.sort((x, y) => x.at - y.at || x.author.localeCompare(y.author))

  const contestLikes = contestLikesOf(rand, a, people, contests)
  const ratings = ratingsOf(rand, a, people, followees)

  return { posts, contestLikes, ratings, xp: xpHistory(rand, a, people) }
}

/** Each player likes up to three contests, after both the contest and the player existed. */
function contestLikesOf(rand: Rand, a: Around, people: SocialPerson[], contests: SocialContest[]) {
  const contestLikes: SocialPlan['contestLikes'] = []
  for (const person of people) {
    const pool = rand.shuffle(contests).slice(0, rand.int(0, 3))
    for (const c of pool)
      contestLikes.push({
        user: person.username,
        contestId: c.id,
        at: between(rand, Math.max(c.createdAt, person.createdAt), a.now),
      })
  }
  return contestLikes
}

/** Each player rates up to two of the people they follow. */
function ratingsOf(rand: Rand, a: Around, people: SocialPerson[], followees: Map<string, string[]>) {
  const ratings: RatingPlan[] = []
  for (const person of people) {
    const rated = rand.shuffle(followees.get(person.username) ?? []).slice(0, rand.int(0, 2))
    for (const user of rated)
      ratings.push({
        rater: person.username,
        user,
        rating: rand.pick(STARS),
        review: rand.pick(REVIEWS),
        at: between(rand, person.createdAt, a.now),
      })
  }
  return ratings
}

/** Up to `count` distinct likers (not the author), after `from`. */
function likesFor(rand: Rand, audience: string[], author: string, from: number, to: number, count: number) {
  const likers = [...new Set(rand.shuffle(audience))].filter((u) => u !== author).slice(0, count)
  return likers.map((user) => ({ user, at: between(rand, from, to) }))
}

/** 0–4 top comments, some with a reply (often the post's author), a few mentioning someone. */
function commentsFor(rand: Rand, audience: string[], author: string, from: number, to: number) {
  const comments: CommentPlan[] = []
  const tops = rand.int(0, 4)
  let at = from
  for (let n = 0; n < tops; n++) {
    const by = rand.pick(audience)
    at = between(rand, at, to)
    const mention = rand.bool(0.2) && by !== author ? author : null
    const top = comments.length
    comments.push({
      author: by,
      replyTo: null,
      content: `${mention ? `@${mention} ` : ''}${rand.pick(COMMENTS)}`,
      mentions: mention ? [mention] : [],
      at,
      likes: likesFor(rand, audience, by, at, to, rand.int(0, 3)),
    })
    if (rand.bool(0.4)) {
      const replier = rand.bool(0.6) ? author : rand.pick(audience)
      at = between(rand, at, to)
      comments.push({
        author: replier,
        replyTo: top,
        content: `@${by} ${rand.pick(REPLIES)}`,
        mentions: replier === by ? [] : [by],
        at,
        likes: likesFor(rand, audience, replier, at, to, rand.int(0, 2)),
      })
    }
  }
  return comments
}

/**
 * XP as award rows whose sum is each player's `xp_points` (the all-time board reads the total,
 * the weekly board the rows): a few joins (+10) and the odd win (+50) over the last ten days,
 * so this week's board has players on it, and the rest as one `seed`/`history` row from the day
 * they signed up (XP earned before this league's records begin).
 */
function xpHistory(rand: Rand, a: Around, people: SocialPerson[]): XpPlan[] {
  const rows: XpPlan[] = []
  for (const person of people) {
    if (person.xp <= 0) continue
    let left = person.xp
    const recent: XpPlan[] = []
    const days = rand.shuffle(Array.from({ length: 10 }, (_, d) => d)).slice(0, rand.int(0, 6))
    for (const d of days.sort((x, y) => x - y)) {
      const win = rand.bool(0.2)
      const points = win ? 50 : 10
      if (points > left) break
      left -= points
      const at = Math.max(person.createdAt, a.now - d * DAY - rand.int(1, 12 * 60) * MINUTE)
      recent.push({
        user: person.username,
        reason: win ? 'win' : 'join',
        source: `seed:day-${d}`,
        points,
        at,
      })
    }
    if (left > 0)
      rows.push({
        user: person.username,
        reason: 'seed',
        source: 'history',
        points: left,
        at: person.createdAt,
      })
    rows.push(...recent)
  }
  return rows
}
