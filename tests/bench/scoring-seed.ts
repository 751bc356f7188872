import type BetterSqlite3 from 'better-sqlite3'
import { SYSTEM_ACCOUNTS, systemAccountId, userAccountCode } from '../../server/areas/ledger/service'
import type { Deps } from '../../server/core/deps'
import type { ContestKind } from '../../server/db/schema'
import { prizePool, tieredStructure } from '../../server/domain/prizes'
import type { RandomStream } from '../../server/domain/rng'
import { pickTeam } from '../../server/domain/team-picker'
import type { TeamPlayer } from '../../server/domain/team-rules'

/**
 * One tier of the contest spread: `count` contests of `spots` seats each. Sizes scale with
 * the number of teams, so `--teams 100000` keeps the shape of the million-team run.
 */
export interface Tier {
  name: string
  kind: ContestKind
  count: number
  spots: number
  feeRupees: number
  maxEntries: number
  winnersShare: number
}

/**
 * A big match's lobby (per 1M teams): one mega contest of 400k seats with 4 entries per user,
 * 4 grand leagues of 50k, 100 leagues of 2,000, 5,000 small leagues of 20, 4,000
 * winner-takes-all of 5, 50,000 head-to-heads and 1,000 free practice contests of 100.
 * 1.12M entries over 60,105 contests; every team sits in at least one.
 */
export function spread(teams: number): Tier[] {
  const k = teams / 1_000_000
  const n = (x: number) => Math.max(1, Math.round(x * k))
  // Fixed-size tiers never take more seats than a fifth of the teams: a 2,000-seat league needs
  // 2,000 distinct teams of users with at most two entries each, and a few thousand teams do not
  // have them (at 1,000 teams the seating loop turned away every team for ever).
  const seats = (x: number) => Math.min(x, Math.floor(teams / 5))
  return [
    {
      name: 'Mega Contest',
      kind: 'mega',
      count: 1,
      spots: n(400_000),
      feeRupees: 49,
      maxEntries: 4,
      winnersShare: 0.3,
    },
    {
      name: 'Grand League',
      kind: 'guaranteed',
      count: 4,
      spots: n(50_000),
      feeRupees: 25,
      maxEntries: 4,
      winnersShare: 0.25,
    },
    {
      name: 'League',
      kind: 'guaranteed',
      count: n(100),
      spots: seats(2_000),
      feeRupees: 19,
      maxEntries: 2,
      winnersShare: 0.25,
    },
    {
      name: 'Small League',
      kind: 'small',
      count: n(5_000),
      spots: seats(20),
      feeRupees: 10,
      maxEntries: 1,
      winnersShare: 0.3,
    },
    {
      name: 'Winner Takes All',
      kind: 'small',
      count: n(4_000),
      spots: 5,
      feeRupees: 50,
      maxEntries: 1,
      winnersShare: 0.2,
    },
    {
      name: 'Head to Head',
      kind: 'head_to_head',
      count: n(50_000),
      spots: 2,
      feeRupees: 25,
      maxEntries: 1,
      winnersShare: 0.5,
    },
    {
      name: 'Free Practice',
      kind: 'free',
      count: n(1_000),
      spots: seats(100),
      feeRupees: 0,
      maxEntries: 1,
      winnersShare: 0,
    },
  ]
}

/** Teams per user: most players fill all four slots, some build fewer (mean 2.95). */
const TEAMS_PER_USER = [0.2, 0.15, 0.15, 0.5]

export interface SeedResult {
  users: number
  teams: number
  entries: number
  contests: number
  distinctXis: number
}

/**
 * Writes users (+ their three ledger accounts), teams, full contests and their members for
 * one upcoming match with raw prepared statements in big transactions: seeding is setup, not
 * what the benchmark measures. Entry fees sit in each contest's pool account through one
 * house → pool posting per contest (instead of a posting per entry), so the ledger balances
 * and settlement pays from real pools.
 */
export async function seedBigMatch(
  deps: Deps,
  matchId: number,
  squad: TeamPlayer[],
  teamCount: number,
  rand: RandomStream,
): Promise<SeedResult> {
  const sqlite = deps.dbHandle.sqlite as BetterSqlite3.Database
  const now = deps.clock.now()
  const house = await systemAccountId(deps.db, SYSTEM_ACCOUNTS.house.code, 'INR', now)

  // A pool of distinct XIs from the real picker (it costs ~1 ms a team); every team takes one
  // and its own captain and vice-captain among the XI's best six, as players tend to.
  const distinct = Math.min(4000, Math.max(200, Math.round(teamCount / 250)))
  const xis: Array<{ ids: string; ranked: number[] }> = []
  const value = new Map(squad.map((p) => [p.id, p.value_tenths]))
  for (let i = 0; i < distinct; i++) {
    const t = pickTeam('cricket', squad, rand)
    if (!t) throw new Error('the picker found no valid team')
    const sorted = [...t.player_ids].sort((a, b) => a - b)
    const ranked = [...sorted].sort((a, b) => (value.get(b) ?? 0) - (value.get(a) ?? 0) || a - b)
    xis.push({ ids: sorted.join(','), ranked })
  }

  const insertUser = sqlite.prepare(
    `insert into users (slug, username, username_key, email, reference, role, status, created_at_ms, updated_at_ms)
     values (?, ?, ?, ?, ?, 'player', 'active', ?, ?)`,
  )
  const insertAccount = sqlite.prepare(
    'insert into ledger_accounts (code, user_id, kind, currency, created_at_ms) values (?, ?, ?, ?, ?)',
  )
  const insertTeam = sqlite.prepare(
    `insert into user_teams (user_id, match_id, team_no, player_ids, captain_id, vice_captain_id,
       budget_used_tenths, created_at_ms, updated_at_ms) values (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  )
  const teamUser = new Int32Array(teamCount)
  const teamIds = new Int32Array(teamCount)
  let users = 0
  sqlite.transaction(() => {
    for (let t = 0; t < teamCount; ) {
      users++
      const name = `bench${users}`
      const userId = Number(
        insertUser.run(name, name, name, `${name}@bench.test`, `B${users}`, now, now).lastInsertRowid,
      )
      insertAccount.run(userAccountCode(userId, 'unused'), userId, 'unused', 'INR', now)
      insertAccount.run(userAccountCode(userId, 'winnings'), userId, 'winnings', 'INR', now)
      insertAccount.run(userAccountCode(userId, 'coins'), userId, 'coins', 'COIN', now)
      const r = rand.next()
      const own = r < 0.2 ? 1 : r < 0.35 ? 2 : r < 0.5 ? 3 : TEAMS_PER_USER.length
      for (let no = 1; no <= own && t < teamCount; no++, t++) {
        const xi = xis[rand.int(0, xis.length - 1)] as (typeof xis)[number]
        const captain = xi.ranked[rand.int(0, 5)] as number
        let vice = captain
        while (vice === captain) vice = xi.ranked[rand.int(0, 5)] as number
        teamIds[t] = Number(
          insertTeam.run(userId, matchId, no, xi.ids, captain, vice, now, now).lastInsertRowid,
        )
        teamUser[t] = userId
      }
    }
  })()

  const insertContest = sqlite.prepare(
    `insert into contests (match_id, name, kind, entry_fee_paise, members_limit, max_entries, guaranteed,
       rake_bps, prize_pool_paise, prize_structure, winner_count, members_count, status, invite_code,
       sort, created_at_ms) values (?, ?, ?, ?, ?, ?, ?, 1500, ?, ?, ?, ?, 'open', ?, ?, ?)`,
  )
  const insertMember = sqlite.prepare(
    `insert into contest_members (contest_id, user_id, user_team_id, entry_fee_paise, joined_at_ms)
     values (?, ?, ?, ?, ?)`,
  )
  const insertPool = sqlite.prepare(
    `insert into ledger_accounts (code, kind, currency, balance, allow_negative, created_at_ms)
     values (?, 'contest', 'INR', ?, 1, ?)`,
  )
  const insertTx = sqlite.prepare(
    `insert into ledger_transactions (kind, idempotency_key, memo, meta, created_at_ms) values (?, ?, ?, ?, ?)`,
  )
  const insertEntry = sqlite.prepare(
    `insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at_ms)
     values (?, ?, ?, ?, ?)`,
  )
  const bumpHouse = sqlite.prepare('update ledger_accounts set balance = balance + ? where id = ?')
  let houseBalance = Number(
    (sqlite.prepare('select balance from ledger_accounts where id = ?').get(house) as { balance: number })
      .balance,
  )

  // Seats are filled from a shuffled deck of every team (dealt again when it runs out), so each
  // team plays at least once; a team never sits twice in a contest, nor a user beyond max entries.
  let deck = shuffled(teamCount, rand)
  let cursor = 0
  const deal = () => {
    if (cursor === deck.length) {
      deck = shuffled(teamCount, rand)
      cursor = 0
    }
    return deck[cursor++] as number
  }
  const pending: number[] = []
  let contests = 0
  let entries = 0
  let sort = 100
  sqlite.transaction(() => {
    for (const tier of spread(teamCount)) {
      const fee = tier.feeRupees * 100
      const pool = prizePool(fee, tier.spots)
      const winners = pool === 0 ? 0 : Math.max(1, Math.floor(tier.spots * tier.winnersShare))
      const structure = JSON.stringify(tieredStructure(pool, winners))
      for (let c = 0; c < tier.count; c++) {
        sort++
        const contestId = Number(
          insertContest.run(
            matchId,
            tier.name,
            tier.kind,
            fee,
            tier.spots,
            tier.maxEntries,
            tier.kind === 'small' || tier.kind === 'head_to_head' ? 0 : 1,
            pool,
            structure,
            winners,
            tier.spots,
            `BX${sort.toString(36).toUpperCase().padStart(6, '0')}`,
            sort,
            now,
          ).lastInsertRowid,
        )
        contests++
        const perUser = new Map<number, number>()
        const seated = new Set<number>()
        let retried = 0
        // Every team offered twice over and still a seat empty: the tier cannot be seated.
        const patience = pending.length + 2 * teamCount
        for (let seat = 0; seat < tier.spots; ) {
          if (retried > patience)
            throw new Error(`cannot seat ${tier.spots} entries of ${tier.name} from ${teamCount} teams`)
          // Teams turned away earlier are offered first, so none is left without a contest.
          const t = retried < pending.length ? (pending.shift() as number) : deal()
          const user = teamUser[t] as number
          if (seated.has(t) || (perUser.get(user) ?? 0) >= tier.maxEntries) {
            pending.push(t)
            retried++
            continue
          }
          seated.add(t)
          perUser.set(user, (perUser.get(user) ?? 0) + 1)
          insertMember.run(contestId, user, teamIds[t] as number, fee, now)
          seat++
          entries++
        }
        if (fee === 0) continue
        const collected = fee * tier.spots
        const poolId = Number(insertPool.run(`contest:${contestId}:pool`, collected, now).lastInsertRowid)
        const txId = Number(
          insertTx.run(
            'bench_entry_fees',
            `bench:contest:${contestId}:fees`,
            'Entry fees (bench seed)',
            '{}',
            now,
          ).lastInsertRowid,
        )
        houseBalance -= collected
        insertEntry.run(txId, house, -collected, houseBalance, now)
        insertEntry.run(txId, poolId, collected, collected, now)
        bumpHouse.run(-collected, house)
      }
    }
  })()
  return { users, teams: teamCount, entries, contests, distinctXis: xis.length }
}

function shuffled(n: number, rand: RandomStream): Int32Array {
  const a = new Int32Array(n)
  for (let i = 0; i < n; i++) a[i] = i
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand.next() * (i + 1))
    const x = a[i] as number
    a[i] = a[j] as number
    a[j] = x
  }
  return a
}
