import { Button } from '../../components/Button'
import { useSignedIn } from '../../lib/use-session'
import type { PublicUser } from './api'
import { useFollow } from './follow'

/**
 * Follow / Following for one user. Each button has its own mutation, so one row's request
 * never disables another's. Nothing for signed-out visitors or for my own row.
 */
export function FollowButton({ user, mySlug }: { user: PublicUser; mySlug: string | null | undefined }) {
  const signedIn = useSignedIn()
  const follow = useFollow()
  if (!signedIn || user.slug === mySlug) return null
  const following = user.is_current_user_following
  return (
    <Button
      small
      variant={following ? 'ghost' : 'primary'}
      onClick={() => follow.mutate({ slug: user.slug, follow: !following })}
      disabled={follow.isPending}
      data-testid="follow-button"
      data-following={following}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  )
}
