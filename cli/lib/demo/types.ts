/** What the demo has made and seen; the summary, the Ctrl-C report and the tests read it. */
export interface DemoContest {
  id: number
  name: string
  kind: string
  entryFee: number
  bots: number
  /** Prizes its members won, summed once the match is settled (rupees). */
  paid: number | null
}

export interface DemoFixture {
  matchId: number
  title: string
  startsAtMs: number
  status: string
  /** The score line while live, the result once completed. */
  score: string
  contests: DemoContest[]
  /** simulate was asked for (the demo starts its matches itself when the server does not). */
  kicked: boolean
}

export interface DemoAuction {
  id: number
  code: string
  name: string
  matchId: number
  startsAtMs: number
  status: string
  phase: string
  sold: number
  players: number
  /** Credits spent by all franchises so far. */
  spent: number
  onTheBlock: string | null
  /** People (not bots) who joined with the code: waiting for approval, and approved (usernames). */
  pending: string[]
  approved: string[]
}

export interface DemoChampionship {
  contestId: number
  phaseId: number
  phaseName: string
  bots: number
}

export interface Leader {
  rank: number | null
  name: string
  points: number
}

export interface DemoState {
  startedAtMs: number
  clock: { now_in_millis: number; speed: number; paused: boolean }
  fixtures: DemoFixture[]
  auctions: DemoAuction[]
  championship: DemoChampionship | null
  /** Every live match of the league (the seeded ones too), as "title score". */
  live: string[]
  leaders: { contest: string; rows: Leader[] } | null
  social: { posts: number; comments: number; likes: number; messages: number }
  /** Entry fees staked for bots (rupees), prizes paid out of the demo's contests. */
  money: { staked: number; paid: number }
  /** Step log: what the demo did, in order (the determinism test compares these). */
  steps: string[]
  /** Last refusal or failure the driver shrugged off, for the summary's footer. */
  note: string | null
}

export function emptyState(nowMs: number): DemoState {
  return {
    startedAtMs: nowMs,
    clock: { now_in_millis: nowMs, speed: 1, paused: false },
    fixtures: [],
    auctions: [],
    championship: null,
    live: [],
    leaders: null,
    social: { posts: 0, comments: 0, likes: 0, messages: 0 },
    money: { staked: 0, paid: 0 },
    steps: [],
    note: null,
  }
}
