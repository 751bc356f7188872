import { type Around, DAY, MINUTE } from './calendar'
import type { SeedRandom } from './random'

// Group chats of the demo league (docs/groups.md, "Seeds"): a few groups with history, some
// one-to-ones (one with the demo player), read markers that leave some unread, one group the
// demo player muted. Planned from the seed's own `groups` stream, so adding draws here changes
// nothing else in the league.

export interface ChatMessagePlan {
  author: string
  text: string
  at: number
}

export interface GroupPlan {
  kind: 'group' | 'one_to_one'
  name: string
  description: string
  isPublic: boolean
  uuid: string
  inviteCode: string
  creator: string
  /** Creator first; everyone joined when the group was made. */
  members: string[]
  createdAt: number
  messages: ChatMessagePlan[]
  /** Per member: how many of the latest messages they have not read (their own never count). */
  unreadTail: Map<string, number>
  muted: Set<string>
}

const GROUPS = [
  { name: 'Sunday league', description: 'Our weekly contest crew. Captains locked by 10, no excuses.' },
  { name: 'Chai & cricket', description: 'Tea, toss, and too many opinions.' },
  { name: 'Office XI', description: '' },
  { name: 'Fantasy gurus', description: 'Tips, lineups and the occasional humble brag.' },
]

const LINES = [
  'Who is in tonight?',
  'In. Captain is a secret until the toss.',
  'Same side as last week, it worked.',
  'Pitch looks flat, backing the batters.',
  'Anyone seen the lineups yet?',
  'Lineups are out! Two changes.',
  'Going with a bowling-heavy side, fight me.',
  'That last over was unreal.',
  'Top 10 in the mega contest, small prize, big grin.',
  'Who picked the wicketkeeper as captain? Brave.',
  'Chai ready, toss in 10.',
  'Rain delay… again.',
  'New contest code in the group later, stay tuned.',
  'GG everyone, see you Sunday.',
  'Told you the spinners would do it 😄',
  'Joining the auction tonight, who else?',
]
const DM_LINES = [
  'Hey! Are you playing the evening match?',
  'Yes, already locked my team.',
  'Who is your captain?',
  'Not telling 😄',
  'Fair. Good luck!',
  'You too. Let’s beat the group this time.',
  'Sent you the contest code.',
  'Joined, thanks!',
]

/** The contest codes' alphabet (no 0/O/1/I/L), as the server draws group invite codes. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

type Rand = ReturnType<SeedRandom['stream']>

function uuidFrom(rand: Rand): string {
  const hex = Array.from({ length: 4 }, () => (rand.uint32() >>> 0).toString(16).padStart(8, '0')).join('')
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

function codeFrom(rand: Rand, taken: Set<string>): string {
  for (;;) {
    const code = Array.from({ length: 10 }, () => rand.pick([...CODE_ALPHABET])).join('')
    if (!taken.has(code)) {
      taken.add(code)
      return code
    }
  }
}

/** Whole minutes after `from`, in order, none later than `end`. */
function timeline(rand: Rand, from: number, end: number, count: number): number[] {
  const span = Math.max(0, end - from)
  return Array.from({ length: count }, () => from + Math.floor((rand.next() * span) / MINUTE) * MINUTE).sort(
    (a, b) => a - b,
  )
}

/**
 * `people[0]` is the demo player. With fewer than four players there is not enough of a league
 * to chat in: no groups.
 */
export function buildGroups(random: SeedRandom, a: Around, people: Array<{ username: string }>): GroupPlan[] {
  if (people.length < 4) return []
  const rand = random.stream('groups')
  const names = people.map((p) => p.username)
  const demo = names[0] as string
  const others = names.slice(1)
  const codes = new Set<string>()
  // Nothing in the last five minutes: no seeded player starts inside the sending limit's window.
  const end = a.now - 5 * MINUTE
  const plans: GroupPlan[] = []

  const ctx: Ctx = { rand, demo, others, codes, end }
  GROUPS.forEach((g, i) => {
    plans.push(groupPlan(ctx, g, i))
  })
  plans.push(...oneToOnePlans(ctx))
  return plans
}

interface Ctx {
  rand: Rand
  demo: string
  others: string[]
  codes: Set<string>
  /** Nothing after this: no seeded player starts inside the sending limit's window. */
  end: number
}

/** A group of four to nine, the demo player in the first three; its chat and read markers. */
function groupPlan(ctx: Ctx, g: (typeof GROUPS)[number], i: number): GroupPlan {
  const { rand, demo, others, codes, end } = ctx
  // The demo player is in the first three; the fourth is one they can find and join.
  const size = Math.min(others.length, rand.int(4, 9))
  const crowd = rand.shuffle(others).slice(0, size)
  const members = i < 3 ? (i === 1 ? [crowd[0] as string, demo, ...crowd.slice(1)] : [demo, ...crowd]) : crowd
  const createdAt = end - rand.int(6, 12) * DAY
  const times = timeline(rand, createdAt + 10 * MINUTE, end, rand.int(10, 24))
  const messages = times.map((at) => ({ author: rand.pick(members), text: rand.pick(LINES), at }))
  const unreadTail = new Map<string, number>()
  for (const m of members) unreadTail.set(m, rand.bool(0.5) ? 0 : rand.int(1, 5))
  // The demo player: all read in the first, a few unread in the second and the muted third.
  if (i === 0) unreadTail.set(demo, 0)
  if (i === 1 || i === 2) unreadTail.set(demo, 3)
  return {
    kind: 'group',
    name: g.name,
    description: g.description,
    isPublic: i === 3 || i === 1,
    uuid: uuidFrom(rand),
    inviteCode: codeFrom(rand, codes),
    creator: members[0] as string,
    members,
    createdAt,
    messages,
    unreadTail,
    muted: new Set(i === 2 ? [demo] : []),
  }
}

function oneToOnePlans(ctx: Ctx): GroupPlan[] {
  const { rand, demo, others, codes, end } = ctx
  // One-to-ones: the demo player with two people (one of them waiting on a reply), and two
  // between other players.
  const pairs: Array<[string, string]> = [
    [demo, others[0] as string],
    [others[1] as string, demo],
    [others[0] as string, others[1] as string],
    [others[2] as string, others[others.length - 1] as string],
  ]
  const plans: GroupPlan[] = []
  const seen = new Set<string>()
  for (const [x, y] of pairs) {
    const key = [x, y].sort().join(':')
    if (x === y || seen.has(key)) continue
    seen.add(key)
    const createdAt = end - rand.int(1, 5) * DAY
    let count = rand.int(3, DM_LINES.length)
    // When the demo player is the one answering, the last word is the other's: it waits unread.
    if (y === demo && count % 2 === 0) count--
    const times = timeline(rand, createdAt, end, count)
    const messages = times.map((at, n) => ({ author: n % 2 === 0 ? x : y, text: DM_LINES[n] as string, at }))
    const unreadTail = new Map([
      [x, 0],
      [y, rand.int(0, 2)],
    ])
    // The demo player has not read the latest of the conversation someone else started.
    if (y === demo) unreadTail.set(demo, 1)
    plans.push({
      kind: 'one_to_one',
      name: '',
      description: '',
      isPublic: false,
      uuid: uuidFrom(rand),
      inviteCode: codeFrom(rand, codes),
      creator: x,
      members: [x, y],
      createdAt,
      messages,
      unreadTail,
      muted: new Set(),
    })
  }
  return plans
}
