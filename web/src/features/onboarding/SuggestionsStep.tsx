import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { serializePublicUser } from '../../../../server/areas/users/service'
import { Button, ButtonLink } from '../../components/Button'
import { Avatar, EmptyState, Loading } from '../../components/Common'
import { get, post } from '../../lib/api'
import { formatNumber, trimText } from '../../lib/format'
import { HOME_PATH } from '../../lib/paths'
import authStyles from '../auth/auth.module.css'
import styles from './onboarding.module.css'
import { Steps } from './Steps'

type PublicUser = Awaited<ReturnType<typeof serializePublicUser>>
const KEY = ['user-suggestions']

/**
 * Signup step 3: people to follow. The list stays as fetched while the user follows and
 * unfollows (the server leaves followed users out of a fresh list); each answer updates
 * that user in place, by slug.
 */
export function SuggestionsStep() {
  const client = useQueryClient()
  const suggestions = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (
        await get<{ users: PublicUser[] }>('/api/users/suggestions', {
          query: { order: 'followers', per_page: 12 },
        })
      ).users,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const toggle = useMutation({
    mutationFn: (user: PublicUser) =>
      post<{ user: PublicUser }>(
        `/api/users/${encodeURIComponent(user.slug)}/${user.is_current_user_following ? 'unfollow' : 'follow'}`,
      ),
    onSuccess: ({ user }) =>
      client.setQueryData<PublicUser[]>(KEY, (list) => list?.map((u) => (u.slug === user.slug ? user : u))),
  })

  return (
    <div className={authStyles.card}>
      <Steps current={3} />
      <h1 className={authStyles.title}>Follow some players</h1>
      <p className={authStyles.subtitle}>
        See their contests and results in your feed. You can change this later.
      </p>
      {suggestions.isPending ? <Loading /> : null}
      {suggestions.data?.length === 0 ? (
        <EmptyState title="No suggestions yet">You are one of the first players here.</EmptyState>
      ) : null}
      <div>
        {suggestions.data?.map((user) => (
          <div key={user.slug} className={styles.suggestion} data-testid="suggestion">
            <Avatar src={user.image} name={user.display_name} size={44} />
            <span className={styles.suggestionText}>
              <span className={styles.suggestionName}>{trimText(user.display_name, 22)}</span>
              <span className={styles.suggestionMeta}>
                @{user.username} · {formatNumber(user.follower_count)} followers · Level{' '}
                {user.cricket_level.level}
              </span>
            </span>
            <Button
              small
              variant={user.is_current_user_following ? 'ghost' : 'primary'}
              onClick={() => toggle.mutate(user)}
              disabled={toggle.isPending && toggle.variables?.slug === user.slug}
            >
              {user.is_current_user_following ? 'Following' : 'Follow'}
            </Button>
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        <ButtonLink to="/signup/select-avatar" variant="ghost">
          Back
        </ButtonLink>
        <ButtonLink to={HOME_PATH} data-testid="finish-signup">
          Finish
        </ButtonLink>
      </div>
    </div>
  )
}
