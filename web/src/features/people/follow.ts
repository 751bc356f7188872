import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiError } from '../../lib/api'
import { data, http } from '../../lib/client'
import type { Me } from '../../lib/me'
import { PEOPLE_KEY, type PublicUser } from './api'

/**
 * Follow state in every cached copy (spec §4: "Follow … updates the user by slug on the
 * profile, or in the suggestion, follower and following lists"). Every people query lives
 * under `PEOPLE_KEY` and holds a user, a list of users or a page `{ users }`; one
 * `setQueriesData` walks them all and changes the user with that slug wherever it appears.
 */
type UserPatch = (user: PublicUser) => PublicUser

const isUser = (value: unknown): value is PublicUser =>
  typeof value === 'object' && value !== null && 'slug' in value && 'follower_count' in value

/** The same shape back, with every copy of `slug` patched (untouched data keeps its identity). */
export function patchUserIn<T>(data: T, slug: string, patch: UserPatch): T {
  if (Array.isArray(data)) {
    let changed = false
    const next = data.map((item) => {
      if (!isUser(item) || item.slug !== slug) return item
      changed = true
      return patch(item)
    })
    return (changed ? next : data) as T
  }
  if (isUser(data)) return (data.slug === slug ? patch(data) : data) as T
  if (typeof data === 'object' && data !== null && 'users' in data && Array.isArray(data.users)) {
    const users = patchUserIn(data.users, slug, patch)
    return (users === data.users ? data : { ...data, users }) as T
  }
  return data
}

export function patchUserEverywhere(client: QueryClient, slug: string, patch: UserPatch): void {
  client.setQueriesData({ queryKey: PEOPLE_KEY }, (data: unknown) => patchUserIn(data, slug, patch))
}

/** Counts pushed over ProfileChannel are absolute: they replace what every copy shows. */
export function applyCounts(
  client: QueryClient,
  counts: { user_slug: string; follower_count: number; following_count: number },
): void {
  patchUserEverywhere(client, counts.user_slug, (u) => ({
    ...u,
    follower_count: counts.follower_count,
    following_count: counts.following_count,
  }))
  client.setQueryData<Me>(['me'], (me) =>
    me && me.slug === counts.user_slug
      ? { ...me, follower_count: counts.follower_count, following_count: counts.following_count }
      : me,
  )
}

interface FollowVars {
  slug: string
  follow: boolean
}
interface FollowContext {
  delta: number
  mySlug: string | null
}

/** Moves the follow state of `slug` by `delta` (+1 follow, −1 unfollow) in every copy, mine too. */
function shift(client: QueryClient, slug: string, mySlug: string | null, delta: number): void {
  patchUserEverywhere(client, slug, (u) => ({
    ...u,
    is_current_user_following: delta > 0,
    follower_count: Math.max(0, u.follower_count + delta),
  }))
  if (mySlug)
    patchUserEverywhere(client, mySlug, (u) => ({
      ...u,
      following_count: Math.max(0, u.following_count + delta),
    }))
  client.setQueryData<Me>(['me'], (me) =>
    me ? { ...me, following_count: Math.max(0, me.following_count + delta) } : me,
  )
}

/**
 * Follow or unfollow by slug: optimistic in every cached copy, rolled back on error (only
 * this user's change, so another follow in flight keeps its own), then the server's user
 * replaces the guess. The lists whose membership changed are marked stale.
 */
export function useFollow() {
  const client = useQueryClient()
  return useMutation<{ user: PublicUser }, ApiError, FollowVars, FollowContext>({
    mutationFn: ({ slug, follow }) =>
      data(
        http.POST(follow ? '/api/users/{slug}/follow' : '/api/users/{slug}/unfollow', {
          params: { path: { slug } },
        }),
      ),
    onMutate: async ({ slug, follow }) => {
      // A refetch landing after the guess would overwrite it with the old state. Only
      // queries that already hold data: cancelling a first load would leave it empty.
      await client.cancelQueries({ queryKey: PEOPLE_KEY, predicate: (q) => q.state.data !== undefined })
      const mySlug = client.getQueryData<Me>(['me'])?.slug ?? null
      const current = findUser(client, slug)
      // Already in the wanted state: the server will change nothing (follow is idempotent).
      const delta = current && current.is_current_user_following === follow ? 0 : follow ? 1 : -1
      if (delta !== 0) shift(client, slug, mySlug, delta)
      return { delta, mySlug }
    },
    // The message goes to the snackbar through the query client's mutation cache.
    onError: (_error, { slug }, context) => {
      if (context && context.delta !== 0) shift(client, slug, context.mySlug, -context.delta)
    },
    onSuccess: ({ user }) => patchUserEverywhere(client, user.slug, () => user),
    onSettled: (_data, _error, { slug }, context) => {
      void client.invalidateQueries({ queryKey: [...PEOPLE_KEY, 'followers', slug], refetchType: 'none' })
      if (context?.mySlug)
        void client.invalidateQueries({
          queryKey: [...PEOPLE_KEY, 'followings', context.mySlug],
          refetchType: 'none',
        })
    },
  })
}

function findUser(client: QueryClient, slug: string): PublicUser | undefined {
  let found: PublicUser | undefined
  for (const [, data] of client.getQueriesData({ queryKey: PEOPLE_KEY })) {
    patchUserIn(data, slug, (u) => {
      found ??= u
      return u
    })
    if (found) return found
  }
  return found
}
