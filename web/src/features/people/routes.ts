import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'

const people = () => import('./pages')

/** People (docs/social.md): public profiles anyone may look at. */
export const peopleRoutes: RouteObject[] = [
  { path: 'users/:slug', ...page(people, 'UserProfilePage') },
  { path: 'users/:slug/followers', ...page(people, 'FollowersPage') },
  { path: 'users/:slug/followings', ...page(people, 'FollowingsPage') },
  { path: 'users/:slug/reviews', ...page(people, 'ReviewsPage') },
  { path: 'fanspole-partner-program', ...page(people, 'PartnerProgramPage') },
]
/**
 * Suggestions leave out whom I follow and myself, so they need a player; the slug-less
 * lists of spec §2 (`/users/{slug?}/followers` …) are my own.
 */
export const signedInPeopleRoutes: RouteObject[] = [
  { path: 'users/suggestions', ...page(people, 'SuggestionsPage') },
  { path: 'users/followers', ...page(people, 'MyFollowersPage') },
  { path: 'users/followings', ...page(people, 'MyFollowingsPage') },
  { path: 'users/reviews', ...page(people, 'MyReviewsPage') },
]
