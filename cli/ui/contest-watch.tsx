import type { Api } from '../lib/api'
import { type Contest, entrant, type MembersPage } from '../lib/contests'
import type { Io } from '../lib/io'
import {
  contestFinished,
  initialLeaderboard,
  type LeaderboardState,
  leaderboardReduce,
  withMembers,
} from '../lib/leaderboard-state'
import { rupees } from '../lib/table'
import { runWatch } from '../lib/watch'

const TOP_LINE = 5

/**
 * `contest leaderboard --watch`: the live leaderboard from ContestChannel. On a terminal an
 * Ink view (q to quit); otherwise a line per leaderboard update, then the settled result.
 */
export function watchContest(io: Io, server: string, api: Api, contest: Contest, page: MembersPage) {
  const refetch = () => api.get<MembersPage>(`/api/contests/${contest.id}/members?page=1&per_page=10`)
  return runWatch<LeaderboardState>(io, server, {
    initial: initialLeaderboard(contest, page),
    identifier: { channel: 'ContestChannel', contest_id: contest.id },
    reduce: leaderboardReduce,
    async onMessage(message, { store, print, finish }) {
      const state = store.get()
      if (message.type === 'leaderboard') {
        const top = state.rows
          .slice(0, TOP_LINE)
          .map((r) => `${r.rank}. ${entrant(r.username, r.team_no)} ${r.points}`)
          .join(' · ')
        print(`v${state.version}  ${top}`)
      } else if (message.type === 'my_ranks') {
        const mine = state.mine.map((m) => `#${m.rank} (${m.points})`).join(', ')
        if (mine) print(`you: ${mine}`)
      } else if (message.type === 'members') {
        print(`${state.membersCount}/${contest.members_limit} entries`)
      } else if (message.type === 'status' || message.type === 'snapshot') {
        print(
          `${contest.name} · ${contest.match_title}: ${state.status}, ${state.membersCount}/${contest.members_limit} entries`,
        )
        if (!contestFinished(state.status)) return
        // Settled (or cancelled): the final ranks, prizes and refunds come from the members page.
        const final = await refetch()
        store.set((s) => withMembers(s, final))
        for (const r of store.get().rows)
          print(
            `  ${String(r.rank ?? '-').padStart(3)}  ${entrant(r.username, r.team_no)}  ${r.points}${state.status === 'completed' ? `  ${rupees(r.prize ?? 0)}` : ''}`,
          )
        if (state.status === 'cancelled')
          print(`  cancelled${state.reason ? `: ${state.reason}` : ''}; every entry fee was refunded`)
        finish()
      }
    },
    async view(store) {
      const { LeaderboardWatch } = await import('./leaderboard')
      return <LeaderboardWatch store={store} />
    },
  })
}
