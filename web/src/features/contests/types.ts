import type { Body, Schema } from '../../lib/client'

/** The contests feature's types (the server's schemas), in their own module so that its api modules import them one way. */
export type Contest = Schema<'Contest'>
export type Member = Schema<'ContestMember'>
export type UserTeam = Schema<'UserTeam'> & { joined?: boolean }
export type ContestFilter = Body<'/api/contest_filters'>['contest_filters'][number]

export type Prize = Schema<'Prize'>
export type Game = Schema<'Game'>
export type Home = Body<'/api/contests/home'>
export type Banner = Home['new_banners'][number]
export type Meta = Schema<'PageMeta'>

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
