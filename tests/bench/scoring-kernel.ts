import type BetterSqlite3 from 'better-sqlite3'

const SMALL = 32

/**
 * The limit baseline: the same delta-and-rank work as the live scoreboard, on the same teams
 * and entries, with nothing but typed arrays — dense player indexes (no maps), a CSR
 * player → (entry, weight) index over the entries grouped by contest, and a counting rank per
 * contest. No database, no validation, no scorer, no publishing.
 */
export class RankKernel {
  readonly points: Int32Array
  readonly entryRank: Int32Array
  readonly entryMember: Int32Array
  private readonly pStart: Int32Array
  private readonly pEntry: Int32Array
  private readonly pWeight: Int8Array
  private readonly cStart: Int32Array
  private readonly entryScore: Int32Array
  private counts = new Int32Array(1 << 16)

  /** Reads the match's teams and live entries straight from SQLite. */
  constructor(sqlite: BetterSqlite3.Database, matchId: number, playerIds: number[]) {
    const dense = new Map(playerIds.map((id, i) => [id, i]))
    const P = playerIds.length
    const teams = sqlite
      .prepare('select id, player_ids, captain_id, vice_captain_id from user_teams where match_id = ?')
      .raw()
      .all(matchId) as Array<[number, string, number, number]>
    // Weight ×2 folded into the player's slot: C 4, VC 3, others 2.
    const members = new Map<number, number[]>()
    for (const [id, ids, c, v] of teams)
      members.set(
        id,
        ids.split(',').map((x) => {
          const pid = Number(x)
          return (dense.get(pid) as number) | ((pid === c ? 4 : pid === v ? 3 : 2) << 24)
        }),
      )

    const entries = sqlite
      .prepare(
        `select cm.contest_id, cm.id, cm.user_team_id from contest_members cm
         join contests c on c.id = cm.contest_id
         where c.match_id = ? and c.status != 'cancelled' order by cm.contest_id, cm.id`,
      )
      .raw()
      .all(matchId) as Array<[number, number, number]>
    const E = entries.length
    this.entryMember = new Int32Array(E)
    this.entryRank = new Int32Array(E)
    this.entryScore = new Int32Array(E)
    const starts: number[] = []
    const perPlayer = new Int32Array(P + 1)
    let last = -1
    entries.forEach(([contest, member, team], i) => {
      if (contest !== last) starts.push(i)
      last = contest
      this.entryMember[i] = member
      for (const packed of members.get(team) as number[]) {
        const p = packed & 0xffffff
        perPlayer[p + 1] = (perPlayer[p + 1] as number) + 1
      }
    })
    starts.push(E)
    this.cStart = Int32Array.from(starts)
    for (let p = 0; p < P; p++) perPlayer[p + 1] = (perPlayer[p + 1] as number) + (perPlayer[p] as number)
    this.pStart = perPlayer.slice()
    const fill = perPlayer.slice(0, P)
    const total = perPlayer[P] as number
    this.pEntry = new Int32Array(total)
    this.pWeight = new Int8Array(total)
    entries.forEach(([, , team], i) => {
      for (const packed of members.get(team) as number[]) {
        const p = packed & 0xffffff
        const at = fill[p] as number
        fill[p] = at + 1
        this.pEntry[at] = i
        this.pWeight[at] = packed >>> 24
      }
    })
    this.points = new Int32Array(P)
  }

  /** One ball: new points for the players at dense indexes `players`, then every contest ranked. */
  ball(players: ArrayLike<number>, values: ArrayLike<number>): void {
    const { points, pStart, pEntry, pWeight, entryScore } = this
    for (let i = 0; i < players.length; i++) {
      const p = players[i] as number
      const delta = (values[i] as number) - (points[p] as number)
      if (delta === 0) continue
      points[p] = values[i] as number
      const end = pStart[p + 1] as number
      for (let k = pStart[p] as number; k < end; k++) {
        const e = pEntry[k] as number
        entryScore[e] = (entryScore[e] as number) + (pWeight[k] as number) * delta
      }
    }
    this.rankAll()
  }

  /**
   * Every contest: small ones compare every pair without branches, larger ones find their
   * score range and count a histogram.
   */
  rankAll(): void {
    const { cStart, entryRank, entryScore } = this
    for (let k = 0; k + 1 < cStart.length; k++) {
      const start = cStart[k] as number
      const end = cStart[k + 1] as number
      if (end - start <= SMALL) {
        for (let i = start; i < end; i++) {
          const s = entryScore[i] as number
          let rank = 1
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
      const range = max - min + 1
      if (range > this.counts.length) this.counts = new Int32Array(range * 2)
      const counts = this.counts
      counts.fill(0, 0, range)
      for (let i = start; i < end; i++) {
        const v = (entryScore[i] as number) - min
        counts[v] = (counts[v] as number) + 1
      }
      let rank = 1
      for (let v = range - 1; v >= 0; v--) {
        const c = counts[v] as number
        counts[v] = rank
        rank += c
      }
      for (let i = start; i < end; i++) entryRank[i] = counts[(entryScore[i] as number) - min] as number
    }
  }
}
