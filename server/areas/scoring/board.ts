/**
 * The live scoreboard of one match: every entry's total and rank, in typed arrays so a ball
 * in a match with a million teams costs a few milliseconds.
 *
 * Totals are kept ×2 (integers): a player counts 2×, the vice-captain 3× (1.5), the captain
 * 4× (2). A player's points change → the delta is added to every contest entry whose team
 * holds the player, through an inverted index (player → entries, weight) over the entries in
 * (contest, member) order. Scores live per entry, not per team: each list ascends, so a delta
 * streams forward through the scores, and ranking reads each contest's scores in order — no
 * scattered reads into a million-team array (measured: those cost most of the time). Ranks
 * are standard competition ranks (1, 2, 2, 4) per contest.
 */
export interface BoardTeams {
  /** Team ids, one per team. */
  ids: Int32Array
  /** Player ids, `size` per team, team-major. */
  players: Int32Array
  captains: Int32Array
  vices: Int32Array
}

export interface BoardEntries {
  /** Member ids, contest ids and team ids, one per entry (any order). */
  memberIds: Int32Array
  contestIds: Int32Array
  teamIds: Int32Array
  /** Who owns each entry, if known (settlement pays them without a lookup per winner). */
  userIds?: Int32Array
}

export interface EntryStanding {
  memberId: number
  teamId: number
  pointsX2: number
  rank: number
}

/**
 * Up to this many entries a contest is ranked by comparing every pair (head-to-heads, small
 * leagues); above it by a histogram of its scores, which costs its score range as well.
 */
const SMALL_CONTEST = 32

export class Scoreboard {
  readonly size: number
  version = 0
  private readonly playerIndex = new Map<number, number>()
  private readonly points: Int32Array
  /** Team ids ascending: a team's index is found by binary search (no million-key Map). */
  private readonly teamIds: Int32Array
  /** Each team's players (dense indexes, `size` per team) and their weights ×2. */
  private readonly teamPlayers: Int32Array
  private readonly teamWeights: Int8Array
  /** How many teams picked each player. */
  private readonly picked: Int32Array
  // Inverted index, CSR: the entries holding player p are [pStart[p], pStart[p+1]).
  private readonly pStart: Int32Array
  private readonly pEntry: Int32Array
  private readonly pWeight: Int8Array
  // Entries sorted by (contest, member): contest k owns [cStart[k], cStart[k+1]).
  private readonly contestIds: Int32Array
  private readonly contestIndex = new Map<number, number>()
  private readonly cStart: Int32Array
  private readonly entryMember: Int32Array
  private readonly entryTeam: Int32Array
  private readonly entryRank: Int32Array
  private readonly entryUser: Int32Array | null
  /** Each entry's total ×2. */
  private readonly entryScore: Int32Array
  private scratch = new Int32Array(4096)
  /** Points moved since the last ranking: a ball that changes nothing ranks nothing. */
  private dirty = true

  constructor(playerIds: ArrayLike<number>, size: number, teams: BoardTeams, entries: BoardEntries) {
    this.size = size
    for (let i = 0; i < playerIds.length; i++) this.playerIndex.set(playerIds[i] as number, i)
    const P = playerIds.length
    const T = teams.ids.length
    const byId = ascendingOrder(teams.ids)
    this.points = new Int32Array(P)
    this.teamIds = Int32Array.from(byId, (i) => teams.ids[i] as number)
    this.teamPlayers = new Int32Array(T * size)
    this.teamWeights = new Int8Array(T * size)
    this.picked = new Int32Array(P)
    for (let t = 0; t < T; t++) {
      const from = (byId[t] as number) * size
      const captain = teams.captains[byId[t] as number]
      const vice = teams.vices[byId[t] as number]
      for (let s = 0; s < size; s++) {
        const id = teams.players[from + s] as number
        const p = this.playerIndex.get(id)
        if (p === undefined)
          throw new Error(`team ${teams.ids[byId[t] as number]} holds player ${id} outside the match`)
        this.teamPlayers[t * size + s] = p
        this.teamWeights[t * size + s] = id === captain ? 4 : id === vice ? 3 : 2
        this.picked[p] = (this.picked[p] as number) + 1
      }
    }

    // Entries by member id, then a stable counting sort by contest: (contest, member) order.
    const E = entries.memberIds.length
    const byMember = ascendingOrder(entries.memberIds)
    const contests = [...new Set(entries.contestIds)].sort((a, b) => a - b)
    for (let k = 0; k < contests.length; k++) this.contestIndex.set(contests[k] as number, k)
    const starts = new Int32Array(contests.length + 1)
    const entryContest = new Int32Array(E)
    for (let i = 0; i < E; i++) {
      const k = this.contestIndex.get(entries.contestIds[i] as number) as number
      entryContest[i] = k
      starts[k + 1] = (starts[k + 1] as number) + 1
    }
    for (let k = 0; k < contests.length; k++)
      starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number)
    this.contestIds = Int32Array.from(contests)
    this.cStart = starts.slice()
    this.entryMember = new Int32Array(E)
    this.entryTeam = new Int32Array(E)
    this.entryRank = new Int32Array(E).fill(1)
    this.entryScore = new Int32Array(E)
    this.entryUser = entries.userIds ? new Int32Array(E) : null
    for (const i of byMember) {
      const k = entryContest[i] as number
      const at = starts[k] as number
      starts[k] = at + 1
      this.entryMember[at] = entries.memberIds[i] as number
      if (this.entryUser) this.entryUser[at] = entries.userIds?.[i] as number
      const team = this.teamAt(entries.teamIds[i] as number)
      if (team < 0)
        throw new Error(
          `entry ${entries.memberIds[i]} refers to team ${entries.teamIds[i]} outside the match`,
        )
      this.entryTeam[at] = team
    }

    // The inverted index, filled in entry order so every player's list ascends.
    const count = new Int32Array(P + 1)
    for (let i = 0; i < E; i++) {
      const from = (this.entryTeam[i] as number) * size
      for (let s = 0; s < size; s++) {
        const p = this.teamPlayers[from + s] as number
        count[p + 1] = (count[p + 1] as number) + 1
      }
    }
    for (let p = 0; p < P; p++) count[p + 1] = (count[p + 1] as number) + (count[p] as number)
    this.pStart = count.slice()
    this.pEntry = new Int32Array(E * size)
    this.pWeight = new Int8Array(E * size)
    const fill = count.subarray(0, P)
    for (let i = 0; i < E; i++) {
      const from = (this.entryTeam[i] as number) * size
      for (let s = 0; s < size; s++) {
        const p = this.teamPlayers[from + s] as number
        const at = fill[p] as number
        fill[p] = at + 1
        this.pEntry[at] = i
        this.pWeight[at] = this.teamWeights[from + s] as number
      }
    }
  }

  get teamCount(): number {
    return this.teamIds.length
  }

  get entryCount(): number {
    return this.entryMember.length
  }

  /** How many teams picked the player. */
  selections(playerId: number): number {
    const p = this.playerIndex.get(playerId)
    return p === undefined ? 0 : (this.picked[p] as number)
  }

  playerPoints(playerId: number): number {
    const p = this.playerIndex.get(playerId)
    return p === undefined ? 0 : (this.points[p] as number)
  }

  /** New totals for some players: their deltas flow into every entry whose team holds them. */
  setPoints(changes: Iterable<readonly [playerId: number, points: number]>): void {
    const { points, pStart, pEntry, pWeight, entryScore } = this
    for (const [id, value] of changes) {
      const p = this.playerIndex.get(id)
      if (p === undefined) continue
      const delta = value - (points[p] as number)
      if (delta === 0) continue
      points[p] = value
      this.dirty = true
      const end = pStart[p + 1] as number
      for (let k = pStart[p] as number; k < end; k++) {
        const i = pEntry[k] as number
        entryScore[i] = (entryScore[i] as number) + (pWeight[k] as number) * delta
      }
    }
    this.version++
  }

  /** Recomputes every total from scratch (after a correction replaced an event). */
  resetPoints(all: Iterable<readonly [playerId: number, points: number]>): void {
    this.points.fill(0)
    this.entryScore.fill(0)
    this.dirty = true
    this.setPoints(all)
  }

  teamPointsX2(teamId: number): number {
    const t = this.teamAt(teamId)
    if (t < 0) return 0
    let total = 0
    for (let s = t * this.size; s < (t + 1) * this.size; s++)
      total += (this.teamWeights[s] as number) * (this.points[this.teamPlayers[s] as number] as number)
    return total
  }

  /** Ranks every contest (nothing to do if no points moved since the last time). */
  rankAll(): void {
    if (!this.dirty) return
    const { cStart, entryRank, entryScore } = this
    for (let k = 0; k + 1 < cStart.length; k++) {
      const start = cStart[k] as number
      const end = cStart[k + 1] as number
      if (end - start <= SMALL_CONTEST) {
        for (let i = start; i < end; i++) {
          const s = entryScore[i] as number
          let rank = 1
          // Branch-free: (s − other) is negative exactly when the other entry scores more.
          for (let j = start; j < end; j++) rank += (s - (entryScore[j] as number)) >>> 31
          entryRank[i] = rank
        }
        continue
      }
      let min = 2147483647
      let max = -2147483648
      for (let i = start; i < end; i++) {
        const s = entryScore[i] as number
        if (s < min) min = s
        if (s > max) max = s
      }
      this.rankByHistogram(start, end, min, max - min + 1)
    }
    this.dirty = false
  }

  private rankByHistogram(start: number, end: number, min: number, range: number): void {
    if (range > this.scratch.length) this.scratch = new Int32Array(Math.max(range, this.scratch.length * 2))
    const { entryRank, entryScore } = this
    const counts = this.scratch
    counts.fill(0, 0, range)
    for (let i = start; i < end; i++) {
      const v = (entryScore[i] as number) - min
      counts[v] = (counts[v] as number) + 1
    }
    // counts[v] becomes the rank of score min + v: one more than the entries scoring higher.
    let rank = 1
    for (let v = range - 1; v >= 0; v--) {
      const c = counts[v] as number
      counts[v] = rank
      rank += c
    }
    for (let i = start; i < end; i++) entryRank[i] = counts[(entryScore[i] as number) - min] as number
  }

  hasContest(contestId: number): boolean {
    return this.contestIndex.has(contestId)
  }

  /** How many entries a contest has (0 if it is not on the board). */
  entriesOf(contestId: number): number {
    const k = this.contestIndex.get(contestId)
    return k === undefined ? 0 : (this.cStart[k + 1] as number) - (this.cStart[k] as number)
  }

  contestIdsList(): number[] {
    return Array.from(this.contestIds)
  }

  /** Every entry of a contest with its points and rank (as of the last `rankAll`), by member id. */
  standings(contestId: number): EntryStanding[] {
    const k = this.contestIndex.get(contestId)
    if (k === undefined) return []
    const out: EntryStanding[] = []
    for (let i = this.cStart[k] as number; i < (this.cStart[k + 1] as number); i++) out.push(this.entryAt(i))
    return out
  }

  /** The owners of a contest's entries, in `standings` order (null if the board was built without them). */
  usersOf(contestId: number): Int32Array | null {
    const k = this.contestIndex.get(contestId)
    if (k === undefined || !this.entryUser) return null
    return this.entryUser.subarray(this.cStart[k] as number, this.cStart[k + 1] as number)
  }

  /** The best `n` entries (ties at the cut included), best first, then by member id. */
  top(contestId: number, n: number): EntryStanding[] {
    const k = this.contestIndex.get(contestId)
    if (k === undefined) return []
    const out: EntryStanding[] = []
    for (let i = this.cStart[k] as number; i < (this.cStart[k + 1] as number); i++)
      if ((this.entryRank[i] as number) <= n) out.push(this.entryAt(i))
    return out.sort((a, b) => a.rank - b.rank || a.memberId - b.memberId)
  }

  /** One entry's standing (binary search inside its contest). */
  standing(contestId: number, memberId: number): EntryStanding | null {
    const k = this.contestIndex.get(contestId)
    if (k === undefined) return null
    const i = search(this.entryMember, memberId, this.cStart[k] as number, (this.cStart[k + 1] as number) - 1)
    return i < 0 ? null : this.entryAt(i)
  }

  private teamAt(teamId: number): number {
    return search(this.teamIds, teamId, 0, this.teamIds.length - 1)
  }

  private entryAt(i: number): EntryStanding {
    const team = this.entryTeam[i] as number
    return {
      memberId: this.entryMember[i] as number,
      teamId: this.teamIds[team] as number,
      pointsX2: this.entryScore[i] as number,
      rank: this.entryRank[i] as number,
    }
  }
}

/** Index of `value` in the ascending slice [lo, hi] of `sorted`, or −1. */
function search(sorted: Int32Array, value: number, lo: number, hi: number): number {
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = sorted[mid] as number
    if (v === value) return mid
    if (v < value) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** The positions of `ids` in ascending id order (no sort when they already are, as loaded). */
function ascendingOrder(ids: Int32Array): Int32Array {
  const order = new Int32Array(ids.length)
  let sorted = true
  for (let i = 0; i < ids.length; i++) {
    order[i] = i
    if (i > 0 && (ids[i] as number) < (ids[i - 1] as number)) sorted = false
  }
  return sorted ? order : order.sort((a, b) => (ids[a] as number) - (ids[b] as number))
}
