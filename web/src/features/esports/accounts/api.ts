import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ESPORTS_GAMES, type EsportsGame } from '../../../../../server/domain/esports/rules'
import { data, http, type RequestBody, type Schema } from '../../../lib/client'
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

/** A new account's fields, as the form sends them. */
export type GameAccountFields = Omit<RequestBody<'/api/game_accounts'>, 'slug'>

/**
 * POST a new account or PUT an edit; both refresh my accounts and Me. The level goes as typed
 * (its digits, or the text the server answers 422 to).
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
        ? (
            await data(
              http.PUT('/api/game_accounts/{id}', { params: { path: { id: input.id } }, body: input.fields }),
            )
          ).game_account
        : (await data(http.POST('/api/game_accounts', { body: { slug: input.slug, ...input.fields } })))
            .game_account,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myGameAccountsQuery.queryKey })
      void client.invalidateQueries({ queryKey: meQuery.queryKey })
    },
  })
}
