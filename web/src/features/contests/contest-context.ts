import { useOutletContext } from 'react-router'
import type { Match } from '../matches'
import type { ContestLive } from './live'
import type { Contest } from './types'

/** What a daily contest's layout hands its tabs. */
export interface ContestContext {
  contest: Contest
  match: Match
  live: ContestLive
  join: (contest: Contest) => void
}

export const useContest = () => useOutletContext<ContestContext>()
