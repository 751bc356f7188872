import { useQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../components/Button'
import { Avatar, EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber, trimText } from '../../lib/format'
import { useMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { HOME_PATH } from '../../lib/paths'
import { authStyles } from '../auth'
import { FollowButton, suggestionsQuery } from '../people'
import styles from './onboarding.module.css'
import { Steps } from './Steps'

/**
 * Signup step 3: people to follow, from the same suggestions API and cache as
 * `/users/suggestions`. The list stays as fetched while the user follows and unfollows (the
 * server leaves followed users out of a fresh list); `useFollow` updates each user by slug
 * in this list and every other cached copy.
 */
export function SuggestionsStep() {
  usePageTitle('Follow some players')
  const me = useMe()
  const suggestions = useQuery(suggestionsQuery())

  return (
    <div className={authStyles.card}>
      <Steps current={3} />
      <h1 className={authStyles.title}>Follow some players</h1>
      <p className={authStyles.subtitle}>
        See their contests and results in your feed. You can change this later.
      </p>
      {suggestions.isPending ? <Loading /> : null}
      {suggestions.isError ? <Alert>{suggestions.error.message}</Alert> : null}
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
            <FollowButton user={user} mySlug={me.data?.slug} />
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
