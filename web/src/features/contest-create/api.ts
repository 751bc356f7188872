import { queryOptions } from '@tanstack/react-query'
import type { PrizeOptionKey } from '../../../../server/domain/contest-creation'
import type { GameKindSlug } from '../../../../server/domain/game-kinds'
import { type Body, data, http, type RequestBody, type Schema } from '../../lib/client'
import type { Invited } from '../contests'

/**
 * The contest-creation calls (docs/contest-creation.md): who may create what, the generated
 * prize options and the bill for a draft, saved prize tables, create/edit, and the invite
 * code lookup and join. Money is rupees, as everywhere in the API.
 */
export type { GameKindSlug, PrizeOptionKey }

export type Requirement = Schema<'ContestAccessRequirement'>
export type ContestAccess = Schema<'ContestAccess'>
export const accessQuery = (entryFee: number, isPrivate: boolean) =>
  queryOptions({
    queryKey: ['contest-access', entryFee, isPrivate],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/contests/access', {
            params: { query: { entry_fee: entryFee, is_private: isPrivate } },
          }),
        )
      ).contest_access,
    staleTime: 10_000,
  })

/** A prize row as the server computes it for a draft or an option. */
export type PrizeRow = Schema<'PrizeRow'>
export type PrizeOption = Schema<'PrizeOption'>
export const prizeOptionsQuery = (membersLimit: number, entryFee: number) =>
  queryOptions({
    queryKey: ['prize-options', membersLimit, entryFee],
    queryFn: async () =>
      (
        await data(
          http.GET('/api/contests/prize_structure', {
            params: { query: { members_limit: membersLimit, entry_fee: entryFee } },
          }),
        )
      ).prize_options,
    staleTime: 5 * 60_000,
  })

/** Saved prizes: a player's own prize tables, in percent of the pool. */
export type SavedPrize = Schema<'SavedPrize'>
export type PercentRow = SavedPrize['ranges'][number]
export const savedPrizesQuery = queryOptions({
  queryKey: ['saved-prizes'],
  queryFn: async () => (await data(http.GET('/api/prize_structures'))).prize_structures,
  staleTime: 30_000,
})
export const savedPrizeQuery = (id: number) =>
  queryOptions({
    queryKey: ['saved-prizes', id],
    queryFn: async () =>
      (await data(http.GET('/api/prize_structures/{id}', { params: { path: { id } } }))).prize_structure,
    staleTime: 30_000,
  })
export type SavedPrizeBody = RequestBody<'/api/prize_structures'>
export const createSavedPrize = async (body: SavedPrizeBody) =>
  (await data(http.POST('/api/prize_structures', { body }))).prize_structure
export const updateSavedPrize = async (id: number, body: SavedPrizeBody) =>
  (await data(http.PUT('/api/prize_structures/{id}', { params: { path: { id } }, body }))).prize_structure
export const deleteSavedPrize = (id: number) =>
  data(http.DELETE('/api/prize_structures/{id}', { params: { path: { id } } }))

/** A custom range as typed: a percent of the pool, or a rupee amount per rank. */
export type CustomRange =
  | { from: number; to: number; percent: number }
  | { from: number; to: number; amount: number }

/** The create/verify body of `POST /api/contests` (exactly one prize source). */
export type ContestDraft = RequestBody<'/api/contests/verify'>

export type Verified = Body<'/api/contests/verify', 'post'>
export type Bill = Verified['bill']
/** An existing contest an edit is verified against (daily or championship). */
export interface EditTarget {
  id: number
  championship: boolean
}
/** The bill and prize table for a draft; never writes. With `editing`, for an edit of that contest. */
export const verifyDraft = (draft: Partial<ContestDraft>, editing?: EditTarget) => {
  // The draft is complete enough (ready.ts); the 422 names the values the server refuses.
  if (!editing) return data(http.POST('/api/contests/verify', { body: draft as ContestDraft }))
  const params = { path: { id: editing.id } }
  return data(
    editing.championship
      ? http.POST('/api/championship/contests/{id}/verify', { params, body: draft })
      : http.POST('/api/contests/{id}/verify', { params, body: draft }),
  )
}

/** The created contest (daily or championship) and the creator's entry. */
export type CreateAnswer = Body<'/api/contests', 'post'>
export const createContest = (draft: ContestDraft) => data(http.POST('/api/contests', { body: draft }))

export const updateContest = async (id: number, changes: Partial<ContestDraft>, championship = false) => {
  const init = { params: { path: { id } }, body: changes }
  return championship
    ? data(http.PUT('/api/championship/contests/{id}', init))
    : data(http.PUT('/api/contests/{id}', init))
}

export const joinWithCode = async (invited: Invited, code: string, teamId: number | null) => {
  const params = { path: { id: invited.id } }
  if (invited.contest_type === 'championship_contest') {
    const body = { ...(teamId ? { classic_team_id: teamId } : {}), invite_code: code }
    return data(http.POST('/api/championship/contests/{id}/join', { params, body }))
  }
  // The join button waits for a picked team.
  return data(
    http.POST('/api/contests/{id}/join', { params, body: { team_id: teamId as number, invite_code: code } }),
  )
}

/** Where a contest's own page is: daily ones at `/contests/{id}`, championship ones on their stats page. */
export const contestPath = (type: Invited['contest_type'], id: number) =>
  type === 'championship_contest' ? `/contests/${id}/championship-stats` : `/contests/${id}`
