import type { ContestFilter } from '../../../../server/areas/contests/filters'
import type { ContestJson, MemberJson } from '../../../../server/areas/contests/serialize'
import type { TeamJson } from '../../../../server/areas/teams/service'
import type { Match } from '../matches'

/** The contests feature's types, in their own module so that its api modules import them one way. */
export type Contest = ContestJson
export type Member = MemberJson
export type UserTeam = TeamJson & { joined?: boolean }
export type { ContestFilter }

export interface Prize {
  id: number
  rank_text: string
  from: number
  to: number
  amount: number
}
export interface Game {
  id: number
  slug: string
  name: string
  team_size: number
}
export interface Banner {
  id: number
  title: string
  text: string
  link: string
}
export interface Home {
  matches: Match[]
  live_matches: Match[]
  contests: Contest[]
  games: Game[]
  new_banners: Banner[]
  my_contests_count: number
}
export interface Meta {
  page: number
  per_page: number
  total: number
  total_pages: number
}

/** Spec §9 sort keys: 1 prize amount, 2 members limit (spots), 3 winner count, 4 entry fee. */
export type SortKey = 1 | 2 | 3 | 4
export type Direction = 1 | -1
export interface ListParams {
  sort: SortKey
  direction: Direction
  filterIds: number[]
}

/** What the join flow needs of a contest. */
export interface Target {
  id: number
  match_id: number
  name: string
}
