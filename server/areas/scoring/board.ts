/**
 * The live scoreboard of one match: every team's total and every contest entry's rank,
 * in typed arrays so a ball in a match with a million teams costs a few milliseconds.
 *
 * Totals are kept ×2 (integers): a player counts 2×, the vice-captain 3× (1.5), the captain
 * 4× (2). A player's points change → the delta is added to every team holding the player,
 * through an inverted index (player → teams, weight). Ranks are standard competition ranks
 * (1, 2, 2, 4) per contest, by a counting pass over each contest's scores.
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
}

export interface EntryStanding {
  memberId: number
  teamId: number
  pointsX2: number
  rank: number
}

const SMALL_CONTEST = 48

export class Scoreboard {
  readonly size: number
  version = 0
  private readonly playerIndex = new Map<number, number>()
  private readonly points: Int32Array
  private readonly teamIds: Int32Array
  private readonly teamIndex = new Map<number, number>()
  private readonly teamScore: Int32Array
  // Inverted index, CSR: memberships of player p are [pStart[p], pStart[p+1]).
  private readonly pStart: Int32Array
  private readonly pTeam: Int32Array
  private readonly pWeight: Int8Array
  // Entries sorted by (contest, member): contest k owns [cStart[k], cStart[k+1]).
  private readonly contestIds: Int32Array
  private readonly contestIndex = new Map<number, number>()
  private readonly cStart: Int32Array
  private readonly entryMember: Int32Array
  private readonly entryTeam: Int32Array
  private readonly entryRank: Int32Array
  private scratch = new Int32Array(4096)

  constructor(playerIds: ArrayLike<number>, size: number, teams: BoardTeams, entries: BoardEntries) {
    this.size = size
    for (let i = 0; i < playerIds.length; i++) this.playerIndex.set(playerIds[i] as number, i)
    const P = playerIds.length
    const T = teams.ids.length
    this.points = new Int32Array(P)
    this.teamIds = teams.ids
    for (let t = 0; t < T; t++) this.teamIndex.set(teams.ids[t] as number, t)
    this.teamScore = new Int32Array(T)

    const count = new Int32Array(P + 1)
    for (let k = 0; k < T * size; k++) {
      const p = this.playerIndex.get(teams.players[k] as number)
      if (p === undefined)
        throw new Error(
          `team ${teams.ids[Math.floor(k / size)]} holds player ${teams.players[k]} outside the match`,
        )
      count[p + 1] = (count[p + 1] as number) + 1
    }
    for (let p = 0; p < P; p++) count[p + 1] = (count[p + 1] as number) + (count[p] as number)
    this.pStart = count.slice()
    this.pTeam = new Int32Array(T * size)
    this.pWeight = new Int8Array(T * size)
    const fill = count.slice(0, P)
    for (let t = 0; t < T; t++) {
      const captain = teams.captains[t]
      const vice = teams.vices[t]
      for (let s = 0; s < size; s++) {
        const id = teams.players[t * size + s] as number
        const p = this.playerIndex.get(id) as number
        const at = fill[p] as number
        fill[p] = at + 1
        this.pTeam[at] = t
        this.pWeight[at] = id === captain ? 4 : id === vice ? 3 : 2
      }
    }

    const E = entries.memberIds.length
    const order = Array.from({ length: E }, (_, i) => i)
    order.sort(
      (a, b) =>
        (entries.contestIds[a] as number) - (entries.contestIds[b] as number) ||
        (entries.memberIds[a] as number) - (entries.memberIds[b] as number),
    )
    this.entryMember = new Int32Array(E)
    this.entryTeam = new Int32Array(E)
    this.entryRank = new Int32Array(E).fill(1)
    const starts: number[] = []
    const contests: number[] = []
    for (let k = 0; k < E; k++) {
      const i = order[k] as number
      const contest = entries.contestIds[i] as number
      if (contests.length === 0 || contests[contests.length - 1] !== contest) {
        contests.push(contest)
        starts.push(k)
      }
      this.entryMember[k] = entries.memberIds[i] as number
      const team = this.teamIndex.get(entries.teamIds[i] as number)
      if (team === undefined)
        throw new Error(
          `entry ${entries.memberIds[i]} refers to team ${entries.teamIds[i]} outside the match`,
        )
      this.entryTeam[k] = team
    }
    starts.push(E)
    this.contestIds = Int32Array.from(contests)
    this.cStart = Int32Array.from(starts)
    for (let k = 0; k < contests.length; k++) this.contestIndex.set(contests[k] as number, k)
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
    return p === undefined ? 0 : (this.pStart[p + 1] as number) - (this.pStart[p] as number)
  }

  playerPoints(playerId: number): number {
    const p = this.playerIndex.get(playerId)
    return p === undefined ? 0 : (this.points[p] as number)
  }

  /** New totals for some players: their deltas flow into every team that holds them. */
  setPoints(changes: Iterable<readonly [playerId: number, points: number]>): void {
    const { points, pStart, pTeam, pWeight, teamScore } = this
    for (const [id, value] of changes) {
      const p = this.playerIndex.get(id)
      if (p === undefined) continue
      const delta = value - (points[p] as number)
      if (delta === 0) continue
      points[p] = value
      const end = pStart[p + 1] as number
      for (let k = pStart[p] as number; k < end; k++) {
        const t = pTeam[k] as number
        teamScore[t] = (teamScore[t] as number) + (pWeight[k] as number) * delta
      }
    }
    this.version++
  }

  /** Recomputes every total from scratch (after a correction replaced an event). */
  resetPoints(all: Iterable<readonly [playerId: number, points: number]>): void {
    this.points.fill(0)
    this.teamScore.fill(0)
    this.setPoints(all)
  }

  teamPointsX2(teamId: number): number {
    const t = this.teamIndex.get(teamId)
    return t === undefined ? 0 : (this.teamScore[t] as number)
  }

  /** Ranks every contest. */
  rankAll(): void {
    for (let k = 0; k < this.contestIds.length; k++) this.rankContest(k)
  }

  private rankContest(k: number): void {
    const start = this.cStart[k] as number
    const end = this.cStart[k + 1] as number
    const n = end - start
    const { entryTeam, entryRank, teamScore } = this
    if (n <= SMALL_CONTEST) {
      for (let i = start; i < end; i++) {
        const s = teamScore[entryTeam[i] as number] as number
        let above = 0
        for (let j = start; j < end; j++) if ((teamScore[entryTeam[j] as number] as number) > s) above++
        entryRank[i] = above + 1
      }
      return
    }
    let min = Number.MAX_SAFE_INTEGER
    let max = Number.MIN_SAFE_INTEGER
    for (let i = start; i < end; i++) {
      const s = teamScore[entryTeam[i] as number] as number
      if (s < min) min = s
      if (s > max) max = s
    }
    const range = max - min + 1
    if (range > this.scratch.length) this.scratch = new Int32Array(Math.max(range, this.scratch.length * 2))
    const counts = this.scratch
    counts.fill(0, 0, range)
    for (let i = start; i < end; i++) {
      const v = (teamScore[entryTeam[i] as number] as number) - min
      counts[v] = (counts[v] as number) + 1
    }
    // counts[v] becomes the number of entries scoring strictly more than min + v.
    let above = 0
    for (let v = range - 1; v >= 0; v--) {
      const c = counts[v] as number
      counts[v] = above
      above += c
    }
    for (let i = start; i < end; i++)
      entryRank[i] = (counts[(teamScore[entryTeam[i] as number] as number) - min] as number) + 1
  }

  hasContest(contestId: number): boolean {
    return this.contestIndex.has(contestId)
  }

  contestIdsList(): number[] {
    return Array.from(this.contestIds)
  }

  /** Every entry of a contest with its points and rank (as of the last `rankAll`). */
  standings(contestId: number): EntryStanding[] {
    const k = this.contestIndex.get(contestId)
    if (k === undefined) return []
    const out: EntryStanding[] = []
    for (let i = this.cStart[k] as number; i < (this.cStart[k + 1] as number); i++) out.push(this.entryAt(i))
    return out
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
    let lo = this.cStart[k] as number
    let hi = (this.cStart[k + 1] as number) - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const m = this.entryMember[mid] as number
      if (m === memberId) return this.entryAt(mid)
      if (m < memberId) lo = mid + 1
      else hi = mid - 1
    }
    return null
  }

  private entryAt(i: number): EntryStanding {
    const team = this.entryTeam[i] as number
    return {
      memberId: this.entryMember[i] as number,
      teamId: this.teamIds[team] as number,
      pointsX2: this.teamScore[team] as number,
      rank: this.entryRank[i] as number,
    }
  }
}
