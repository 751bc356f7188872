import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ESPORTS_GAMES, type EsportsGame } from '../../../../../server/domain/esports/rules'
import { post, put } from '../../../lib/api'
import { type Body, data, http, type Schema } from '../../../lib/client'
import { meQuery } from '../../../lib/me'

/** Game accounts (docs/esports.md, "Game accounts"): mine, added and edited from settings. */
export type GameAccount = Schema<'GameAccount'>

export const GAMES = Object.values(ESPORTS_GAMES).map((g) => ({ slug: g.slug, name: g.name }))
export type { EsportsGame }

export const myGameAccountsQuery = queryOptions({
  queryKey: ['game_accounts', 'mine'],
  queryFn: async () => (await data(http.GET('/api/game_accounts'))).game_accounts,
  staleTime: 15_000,
})

export interface GameAccountFields {
  in_game_name: string
  character_id: string
  game_level: number | string
}

/**
 * POST a new account or PUT an edit; both refresh my accounts and Me. The level goes as typed
 * (the server coerces it), so through lib/api with the typed answers.
 */
export function useSaveGameAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (
      input:
        | { id: number; fields: Partial<GameAccountFields> }
        | { slug: EsportsGame; fields: GameAccountFields },
    ) =>
      'id' in input
        ? (await put<Body<'/api/game_accounts/{id}', 'put'>>(`/api/game_accounts/${input.id}`, input.fields))
            .game_account
        : (
            await post<Body<'/api/game_accounts', 'post'>>('/api/game_accounts', {
              slug: input.slug,
              ...input.fields,
            })
          ).game_account,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myGameAccountsQuery.queryKey })
      void client.invalidateQueries({ queryKey: meQuery.queryKey })
    },
  })
}
