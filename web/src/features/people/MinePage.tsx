import { Navigate } from 'react-router'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { useMe } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { userPath } from './api'

type Tail = 'followers' | 'followings' | 'reviews'

/**
 * Spec §2 names `/users/{slug?}/followers`, `/followings` and `/reviews`: without a slug they
 * are the signed-in player's own, so they send on to the page with my slug.
 */
function Mine({ tail }: { tail: Tail }) {
  usePageTitle(tail === 'reviews' ? 'My reviews' : tail === 'followers' ? 'My followers' : 'Following')
  const me = useMe()
  if (me.isPending) return <Loading />
  if (me.isError) return <Alert>{me.error.message}</Alert>
  return <Navigate to={`${userPath(me.data.slug)}/${tail}`} replace />
}

export const MyFollowersPage = () => <Mine tail="followers" />
export const MyFollowingsPage = () => <Mine tail="followings" />
export const MyReviewsPage = () => <Mine tail="reviews" />
